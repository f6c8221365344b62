import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { inject, insertUser, startTestApp, type TestApp } from './support/harness';

/**
 * What the API answers with, besides its errors, follows the member's
 * language too: an answer's `message` ("If an account exists with this
 * email, …") is said in the language Accept-Language names best among ours,
 * English otherwise, and the answer varies by Accept-Language; the phone
 * verification text message is sent in the member's saved language (as their
 * mail is), whatever language the request that asked for it named.
 */
let testApp: TestApp;
let app: NestFastifyApplication;
const PASSWORD = 'pass-1234';

const send = async (method: 'GET' | 'POST' | 'PUT', url: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
  const response = await inject(app, method, url, options);
  return { status: response.statusCode, body: response.json() as Record<string, unknown>, vary: String(response.headers['vary'] ?? '').toLowerCase() };
};

const signIn = async (email: string): Promise<string> => {
  const answer = await send('POST', '/api/auth/login', { body: { email, password: PASSWORD } });
  expect(answer.status).toBe(200);
  return String(answer.body['access_token']);
};

/** A member with a phone number to verify, in a saved language. */
const memberWithPhone = async (email: string, phone: string, locale: string): Promise<{ id: string; token: string }> => {
  const id = await insertUser(testApp.runtime.dataSource, { email, password: PASSWORD, firstName: 'Pat', lastName: 'Phone', columns: { phone_number: phone, locale } });
  return { id, token: await signIn(email) };
};

const textsTo = async (userId: string): Promise<string[]> =>
  (await testApp.runtime.dataSource.query<{ body: string }[]>('SELECT body FROM dev_sms_messages WHERE user_id = $1 ORDER BY created_at, id', [userId])).map((row) => row.body);

beforeAll(async () => {
  testApp = await startTestApp({ dataDirPrefix: 'crew-answer-languages-', projectors: false });
  app = testApp.app;
}, 60_000);

afterAll(async () => {
  await testApp.close();
});

describe('an answer’s message in the language of Accept-Language', () => {
  const forgotPassword = (email: string, headers?: Record<string, string>) => send('POST', '/api/auth/forgot-password', { body: { email }, headers });

  it('the forgot-password answer: French with Accept-Language fr, English without, the same shape, varying by Accept-Language', async () => {
    const french = await forgotPassword('someone@answers.test', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' });
    expect(french.status).toBe(200);
    expect(french.body).toEqual({ message: 'Si un compte existe avec cette adresse e-mail, un lien de réinitialisation du mot de passe a été envoyé.' });
    expect(french.vary).toContain('accept-language');

    const english = await forgotPassword('someone-else@answers.test');
    expect(english.status).toBe(200);
    expect(english.body).toEqual({ message: 'If an account exists with this email, a password reset link has been sent.' });
    expect(english.vary).toContain('accept-language');

    // A language we do not have is English.
    expect((await forgotPassword('a-third@answers.test', { 'accept-language': 'ja' })).body).toEqual(english.body);
  });

  it('a message with values (the masked number, the code’s length and life): in the request’s language with its values', async () => {
    const { token } = await memberWithPhone('answer-fr@answers.test', '+33 6 12 34 56 78', 'en');
    const sent = await send('POST', '/api/profile/phone/verification', { token, headers: { 'accept-language': 'fr' } });
    expect(sent.status).toBe(200);
    expect(sent.body['message']).toBe('Nous avons envoyé un code à 6 chiffres au +••••••••678. Il est valable 10 minutes.');
    expect(sent.body['sent_to']).toBe('+••••••••678');
    expect(sent.vary).toContain('accept-language');
  });
});

describe('the phone verification text message in the member’s saved language', () => {
  it('a German member gets it in German (whatever the request’s language), an English member in English', async () => {
    const german = await memberWithPhone('sms-de@answers.test', '+49 151 2345 6789', 'de');
    const asked = await send('POST', '/api/profile/phone/verification', { token: german.token, headers: { 'accept-language': 'en' } });
    expect(asked.status).toBe(200);
    const [text] = await textsTo(german.id);
    expect(text).toMatch(/^Ihr Crew-Finder-Bestätigungscode lautet \d{6}\. Er läuft in 10 Minuten ab\. Geben Sie ihn niemals weiter\.$/);

    const english = await memberWithPhone('sms-en@answers.test', '+44 7700 900123', 'en');
    expect((await send('POST', '/api/profile/phone/verification', { token: english.token, headers: { 'accept-language': 'de' } })).status).toBe(200);
    const [englishText] = await textsTo(english.id);
    expect(englishText).toMatch(/^Your Crew Finder verification code is \d{6}\. It expires in 10 minutes\. Never share it\.$/);

    // The code the German text carries is the one that verifies the phone.
    const code = /\d{6}/.exec(text ?? '')?.[0];
    const confirmed = await send('POST', '/api/profile/phone/verification/confirm', { token: german.token, body: { code }, headers: { 'accept-language': 'de' } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ phone_verified: true, message: 'Ihre Telefonnummer ist verifiziert' });
  });
});
