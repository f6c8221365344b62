import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { EmailTemplateList, EmailTemplateSaved, UserResponse } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Application } from '../src/application';
import { createHttpApp } from '../src/http-app';
import { parsePo } from '../src/platform/mail/mail-i18n';
import { addUser, builtWebClient, call, type CallResult, type Method, startTestApp, type TestApp } from './support/harness';
import { startSmtpServer, waitUntil, type ReceivedMail, type TestSmtpServer } from './support/smtp-server';

/**
 * Mail in the member's language, over HTTP, a real worker and a real SMTP
 * server: a member who registers in French (Accept-Language) gets the
 * verification mail in French, subject included; once they choose German,
 * the next mails (a password reset, a notice from the administrators) are
 * German; an editable template's German version is what a German member
 * gets, and a language without a version of its own gets the English one;
 * registration and PUT /api/users/me refuse a language the product does not have.
 * The links in a mail open the site's pages in the mail's language
 * (`/fr/verify-email?token=…`), English ones unprefixed as they always were.
 */

let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;
let inbox: TestSmtpServer;
let adminToken: string;

const PASSWORD = 'Sea-legs-2024';

beforeAll(async () => {
  inbox = await startSmtpServer('answer');
  testApp = await startTestApp({ env: { SMTP_URL: inbox.url, PUBLIC_URL: 'http://crew.test' }, dataDirPrefix: 'crew-mail-languages-', worker: true });
  ({ runtime, app } = testApp);
  adminToken = (await addUser(runtime, { email: 'admiral@languages.test', firstName: 'Ada', lastName: 'Admiral', type: 'admin', admin: true })).token;
}, 60_000);

afterAll(async () => {
  await testApp.close();
  await inbox.close();
});

const request = <T = Record<string, unknown>>(
  method: Method,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<CallResult<T>> => call<T>(app, method, url, options);

// ---------------------------------------------------------------------------------------------
// Reading a received mail: its subject (RFC 2047 words decoded) and its text part (quoted-printable or base64)
// ---------------------------------------------------------------------------------------------

const quotedPrintable = (text: string): string =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const headerBlock = (raw: string): string => raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');

const subjectOf = (mail: ReceivedMail): string => {
  const header = /^Subject: (.*)$/im.exec(headerBlock(mail.raw))?.[1] ?? '';
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_all, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : quotedPrintable(text.replace(/_/g, ' ')),
    );
};

/** The decoded text/plain part of a mail. */
const textOf = (mail: ReceivedMail): string => {
  for (const part of mail.raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = part.search(/\r?\n\r?\n/);
    const headers = headerBlock(part);
    if (!/Content-Type:\s*text\/plain/i.test(headers)) continue;
    const body = part.slice(split).trim();
    const encoding = /Content-Transfer-Encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8').replace(/\r\n/g, '\n');
    if (encoding === 'quoted-printable') return quotedPrintable(body).replace(/\r\n/g, '\n');
    return body.replace(/\r\n/g, '\n');
  }
  throw new Error('the mail has no text part');
};

/** The HTML part's language, as its <html lang> says. */
const htmlLangOf = (mail: ReceivedMail): string | undefined =>
  /<html lang=3D"(\w+)"|<html lang="(\w+)"/
    .exec(mail.raw.replace(/=\r?\n/g, ''))
    ?.slice(1)
    .find(Boolean);

/**
 * Every English sentence the API's mail catalogue holds, as fragments of at
 * least three words between its placeholders: a mail in another language
 * quotes none of them.
 */
const ENGLISH_FRAGMENTS = parsePo(readFileSync(path.resolve(__dirname, '../src/locales/en.po'), 'utf8'))
  .flatMap((entry) => entry.msgid.split(/\{[^}]*\}|[“”"():;,.!?]/))
  .map((fragment) => fragment.trim())
  .filter((fragment) => fragment.split(/\s+/).length >= 3);

const englishIn = (text: string): string[] => ENGLISH_FRAGMENTS.filter((fragment) => text.includes(fragment));

const mailTo = async (address: string, after: number, what: string): Promise<ReceivedMail> => {
  let found: ReceivedMail | undefined;
  await waitUntil(what, () => (found = inbox.messages.slice(after).find((m) => m.rcptTo.includes(address))) !== undefined);
  return found!;
};

const register = (email: string, firstName: string, extra: { body?: Record<string, unknown>; acceptLanguage?: string } = {}) =>
  request<{ email_verification_required: boolean }>('POST', '/api/auth/register', {
    body: { first_name: firstName, last_name: 'Marin', email, password: PASSWORD, user_type: 'crew', acceptTerms: true, ...extra.body },
    headers: extra.acceptLanguage ? { 'accept-language': extra.acceptLanguage } : {},
  });

/** Registers, waits for the verification mail, opens its link and answers the signed-in member's token, that mail and its link. */
const registerAndVerify = async (email: string, firstName: string, extra: { body?: Record<string, unknown>; acceptLanguage?: string } = {}) => {
  const before = inbox.messages.length;
  const registered = await register(email, firstName, extra);
  expect(registered).toMatchObject({ status: 201, body: { email_verification_required: true } });
  const mail = await mailTo(email, before, `the verification mail to ${email}`);
  const link = /http:\/\/crew\.test\/(?:[a-z]{2}\/)?verify-email\?token=[^\s]+/.exec(textOf(mail))?.[0];
  expect(link).toBeDefined();
  // The page reads the token from its address and asks the API to check it.
  const verified = await request<{ access_token: string }>('GET', `/api/auth/verify-email?token=${encodeURIComponent(new URL(link!).searchParams.get('token')!)}`);
  expect(verified.status).toBe(200);
  return { token: verified.body.access_token, mail, link: link! };
};

const forgotPassword = async (email: string): Promise<ReceivedMail> => {
  const before = inbox.messages.length;
  expect((await request('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(200);
  return mailTo(email, before, `the reset mail to ${email}`);
};

describe('a member registering in French', () => {
  let token: string;
  let link: string;

  it('gets the verification mail in French, subject and body, with no English sentence', async () => {
    const registered = await registerAndVerify('amelie@languages.test', 'Amélie', { acceptLanguage: 'fr-CH, fr;q=0.9, en;q=0.8' });
    ({ token, link } = registered);
    const { mail } = registered;
    expect(subjectOf(mail)).toBe('Confirmez votre adresse e-mail');
    const text = textOf(mail);
    expect(text).toContain('Bienvenue à bord, Amélie\u00a0!');
    expect(text).toContain('Merci de confirmer que cette adresse e-mail est bien la vôtre');
    expect(text).toContain('Confirmer mon adresse e-mail: http://crew.test/fr/verify-email?token=');
    expect(link).toMatch(/^http:\/\/crew\.test\/fr\/verify-email\?token=[^&\s]+$/);
    expect(mail.raw.replace(/=\r?\n/g, '')).toMatch(/href=(3D)?"http:\/\/crew\.test\/fr\/verify-email\?token=/);
    expect(englishIn(`${subjectOf(mail)}\n${text}`)).toEqual([]);
    expect(htmlLangOf(mail)).toBe('fr');
  });

  it("opens the verification link's page in French: the same page as the English address, whose token the API checked", async () => {
    // A built web client of one page, served as the site serves it.
    const webDist = builtWebClient('crew-mail-web-');
    const site = await createHttpApp(runtime, { logger: false, webDist });
    await site.init();
    const fastify = site.getHttpAdapter().getInstance();
    await fastify.ready();
    try {
      const { pathname, search } = new URL(link);
      const french = await fastify.inject({ method: 'GET', url: `${pathname}${search}` });
      expect(french.statusCode).toBe(200);
      expect(french.headers['content-language']).toBe('fr');
      expect(french.body).toContain('<html lang="fr">');
      const english = await fastify.inject({ method: 'GET', url: `/verify-email${search}`, headers: { 'accept-language': 'en' } });
      expect(english.statusCode).toBe(200);
      expect(french.body.replace('<html lang="fr">', '')).toBe(english.body.replace(/<html lang="[^"]*">/, ''));
    } finally {
      await site.close();
    }
  });

  it('has French saved on the account, as GET /api/users/me says', async () => {
    const me = await request<UserResponse>('GET', '/api/users/me', { token });
    expect(me).toMatchObject({ status: 200, body: { email: 'amelie@languages.test', locale: 'fr' } });
  });

  it('changes to German: the next mails (a password reset, a notice from the administrators) are German', async () => {
    const changed = await request<UserResponse>('PUT', '/api/users/me', { token, body: { locale: 'de' } });
    expect(changed).toMatchObject({ status: 200, body: { locale: 'de', first_name: 'Amélie' } });
    expect((await request<UserResponse>('GET', '/api/users/me', { token })).body.locale).toBe('de');

    const reset = await forgotPassword('amelie@languages.test');
    expect(subjectOf(reset)).toBe('Setzen Sie Ihr Crew-Finder-Passwort zurück');
    expect(textOf(reset)).toContain('Hallo Amélie,');
    expect(textOf(reset)).toMatch(/: http:\/\/crew\.test\/de\/reset-password\?token=\S+/);
    expect(englishIn(`${subjectOf(reset)}\n${textOf(reset)}`)).toEqual([]);

    // A reactor's notice: the administrators suspend the account, then reinstate it.
    const [{ id }] = await runtime.dataSource.query<{ id: string }[]>(`SELECT id FROM users WHERE email = 'amelie@languages.test'`);
    let before = inbox.messages.length;
    expect((await request('POST', `/api/admin/users/${id}/suspend`, { token: adminToken, body: { reason: 'Spam reports under review' } })).status).toBe(200);
    const suspended = await mailTo('amelie@languages.test', before, 'the suspension notice');
    expect(subjectOf(suspended)).toBe('Ihr Crew-Finder-Konto wurde gesperrt');
    expect(textOf(suspended)).toContain('Grund: Spam reports under review');
    expect(englishIn(textOf(suspended).replace('Spam reports under review', ''))).toEqual([]);
    before = inbox.messages.length;
    expect((await request('POST', `/api/admin/users/${id}/reinstate`, { token: adminToken, body: {} })).status).toBe(200);
    const reinstated = await mailTo('amelie@languages.test', before, 'the reinstatement notice');
    expect(subjectOf(reinstated)).toBe('Ihr Crew-Finder-Konto ist wieder aktiv');
    expect(textOf(reinstated)).toContain('Anmelden: http://crew.test/de/login');
  });

  it('a language in the registration body wins over Accept-Language', async () => {
    const before = inbox.messages.length;
    expect((await register('lucia@languages.test', 'Lucía', { body: { locale: 'es' }, acceptLanguage: 'fr' })).status).toBe(201);
    const mail = await mailTo('lucia@languages.test', before, 'the Spanish verification mail');
    expect(subjectOf(mail)).toBe('Verifica tu dirección de correo');
    expect(textOf(mail)).toContain('¡Te damos la bienvenida a bordo, Lucía!');
    expect(textOf(mail)).toMatch(/: http:\/\/crew\.test\/es\/verify-email\?token=\S+/);
  });

  it('a browser in none of the languages registers in English, with the English mail as it always was', async () => {
    const { mail, token: englishToken, link: englishLink } = await registerAndVerify('joao@languages.test', 'João', { acceptLanguage: 'pt-BR, pt;q=0.9' });
    expect(subjectOf(mail)).toBe('Verify your email address');
    expect(englishLink).toMatch(/^http:\/\/crew\.test\/verify-email\?token=/);
    expect(textOf(mail)).toContain('Welcome aboard, João!\n\nPlease confirm that this is your email address so skippers and crew know they can reach you. The link works once.');
    expect((await request<UserResponse>('GET', '/api/users/me', { token: englishToken })).body.locale).toBe('en');
  });
});

describe('an unknown language', () => {
  it('is refused at registration, with the field named, and no account is made', async () => {
    const refused = await register('nobody@languages.test', 'Nobody', { body: { locale: 'pt' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'locale', message: 'Unknown language: choose en, fr, de, es or it' }] });
    expect(await runtime.dataSource.query(`SELECT 1 FROM users WHERE email = 'nobody@languages.test'`)).toEqual([]);
  });

  it('is refused by PUT /api/users/me, alone or with the account form, and nothing changes', async () => {
    const { token } = await addUser(runtime, { email: 'steady@languages.test', firstName: 'Steady', lastName: 'Hand' });
    for (const body of [{ locale: 'xx' }, { locale: 'EN' }, { first_name: 'Steady', last_name: 'Hand', email: 'steady@languages.test', locale: 'klingon' }]) {
      const refused = await request('PUT', '/api/users/me', { token, body });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'locale', message: 'Unknown language: choose en, fr, de, es or it' }] });
    }
    expect((await request('PUT', '/api/users/me', { token, body: { locale: 'it', first_name: 'Steady' } })).status).toBe(400);
    expect((await request<UserResponse>('GET', '/api/users/me', { token })).body.locale).toBe('en');
    // The account form saves the language with the rest.
    const saved = await request<UserResponse>('PUT', '/api/users/me', { token, body: { first_name: 'Steady', last_name: 'Hand', email: 'steady@languages.test', locale: 'it' } });
    expect(saved).toMatchObject({ status: 200, body: { locale: 'it', first_name: 'Steady' } });
  });
});

describe('editable templates per language', () => {
  const templates = (locale: string) => request<EmailTemplateList>('GET', `/api/admin/support/email-templates?locale=${locale}`, { token: adminToken });
  const resetTemplate = async (locale: string) => (await templates(locale)).body.templates.find((t) => t.id === 'reset-password')!;

  it('lists each language with the text it ships with', async () => {
    expect(await resetTemplate('de')).toMatchObject({ locale: 'de', fallback: false, customized: false, subject: 'Setzen Sie Ihr Crew-Finder-Passwort zurück' });
    expect(await resetTemplate('en')).toMatchObject({ locale: 'en', fallback: false, customized: false, subject: 'Reset your Crew Finder password' });
    expect((await request('GET', '/api/admin/support/email-templates?locale=pt', { token: adminToken })).status).toBe(400);
  });

  it('sends a German member the German version an administrator wrote, and others theirs', async () => {
    await addUser(runtime, { email: 'hans@languages.test', firstName: 'Hans', lastName: 'Segler', columns: { locale: 'de' } });
    await addUser(runtime, { email: 'emma@languages.test', firstName: 'Emma', lastName: 'Sailor' });
    const saved = await request<EmailTemplateSaved>('PUT', '/api/admin/support/email-templates/reset-password?locale=de', {
      token: adminToken,
      body: {
        subject: 'Neues Passwort für {{firstName}}',
        body: 'Moin {{firstName}}!\n\nMit dem Link unten wählen Sie ein neues Passwort.',
        action_label: 'Passwort wählen',
        action_url: '{{link}}',
      },
    });
    expect(saved).toMatchObject({ status: 200, body: { template: { locale: 'de', customized: true, subject: 'Neues Passwort für {{firstName}}' } } });
    expect(await resetTemplate('en')).toMatchObject({ customized: false });

    const german = await forgotPassword('hans@languages.test');
    expect(subjectOf(german)).toBe('Neues Passwort für Hans');
    expect(textOf(german)).toContain('Moin Hans!\n\nMit dem Link unten wählen Sie ein neues Passwort.\n\nPasswort wählen: http://crew.test/de/reset-password?token=');

    const english = await forgotPassword('emma@languages.test');
    expect(subjectOf(english)).toBe('Reset your Crew Finder password');
    expect(textOf(english)).toContain('Hello Emma,');
    expect(textOf(english)).toContain('Choose a new password: http://crew.test/reset-password?token=');
  });

  it('sends the English version to a language with none of its own (the English one as edited)', async () => {
    await addUser(runtime, { email: 'giulia@languages.test', firstName: 'Giulia', lastName: 'Vela', columns: { locale: 'it' } });
    // A language without a version: as for a template the product has no translation of yet.
    await runtime.dataSource.query(`DELETE FROM email_templates WHERE name = 'reset-password' AND locale = 'it'`);
    runtime.templates.invalidate();
    expect(await resetTemplate('it')).toMatchObject({ locale: 'it', fallback: true, subject: 'Reset your Crew Finder password' });
    const shipped = await forgotPassword('giulia@languages.test');
    expect(subjectOf(shipped)).toBe('Reset your Crew Finder password');
    expect(textOf(shipped)).toContain('Hello Giulia,');

    expect(
      (
        await request('PUT', '/api/admin/support/email-templates/reset-password', {
          token: adminToken,
          body: {
            subject: 'Your password link, {{firstName}}',
            body: 'Ahoy {{firstName}}!\n\nUse the link below within the hour.',
            action_label: 'Set a new password',
            action_url: '{{link}}',
          },
        })
      ).status,
    ).toBe(200);
    const edited = await forgotPassword('giulia@languages.test');
    expect(subjectOf(edited)).toBe('Your password link, Giulia');
  });

  it('restores a language to the text it ships with', async () => {
    const restored = await request<EmailTemplateSaved>('DELETE', '/api/admin/support/email-templates/reset-password?locale=de', { token: adminToken });
    expect(restored).toMatchObject({ status: 200, body: { template: { locale: 'de', customized: false, subject: 'Setzen Sie Ihr Crew-Finder-Passwort zurück' } } });
    const italian = await request<EmailTemplateSaved>('DELETE', '/api/admin/support/email-templates/reset-password?locale=it', { token: adminToken });
    expect(italian.body.template).toMatchObject({ locale: 'it', fallback: false, customized: false, subject: 'Reimposta la tua password di Crew Finder' });
    expect((await request<EmailTemplateSaved>('DELETE', '/api/admin/support/email-templates/reset-password', { token: adminToken })).body.template).toMatchObject({
      locale: 'en',
      customized: false,
      subject: 'Reset your Crew Finder password',
    });
    const german = await forgotPassword('hans@languages.test');
    expect(subjectOf(german)).toBe('Setzen Sie Ihr Crew-Finder-Passwort zurück');
  });
});
