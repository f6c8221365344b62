import { randomUUID } from 'node:crypto';
import {
  CAMPAIGN_REPEAT_WINDOW_SECONDS,
  type EmailTemplateList,
  type HealthResponse,
  type HelpArticleDetail,
  type HelpArticleList,
  type KbArticleSaved,
  type KbCategoryList,
  type SendCampaignResponse,
  type SystemHealth,
} from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Application } from '../src/application';
import { startSmtpServer, waitUntil, type TestSmtpServer } from './support/smtp-server';
import { addUser, callAs, insertUser, startTestApp, type TestApp } from './support/harness';

/**
 * The support desk over HTTP: its admin routes are refused to guests (401)
 * and members (403); an edited email template is what the next mail says;
 * an article an administrator writes is found by the public Help search; the
 * health checks are real and kept, and 5xx answers land in the error log; a
 * retried campaign request is one campaign; campaign mail carries RFC 8058
 * one-click unsubscribe headers.
 */

let testApp: TestApp;
let inbox: TestSmtpServer;
let runtime: Application;
let app: NestFastifyApplication;
const tokens: Record<string, string> = {};

const call = callAs(() => app, tokens);

beforeAll(async () => {
  inbox = await startSmtpServer('answer');
  testApp = await startTestApp({ env: { SMTP_URL: inbox.url }, dataDirPrefix: 'crew-support-desk-', worker: true });
  ({ runtime, app } = testApp);
  for (const [actor, admin] of [
    ['admin', true],
    ['member', false],
  ] as const) {
    tokens[actor] = (
      await addUser(runtime, { email: `${actor}@desk.test`, firstName: actor === 'admin' ? 'Ada' : 'Morgan', lastName: 'Sailor', type: admin ? 'admin' : 'crew', admin })
    ).token;
  }
}, 60_000);

afterAll(async () => {
  await testApp.close();
  await inbox.close();
});

describe('authorization', () => {
  it.each([
    ['GET', '/api/admin/support/email-templates'],
    ['GET', '/api/admin/support/communications/recent'],
    ['POST', '/api/admin/support/send-campaign'],
    ['GET', '/api/admin/support/knowledge-base/categories'],
    ['GET', '/api/admin/support/knowledge-base/articles'],
    ['POST', '/api/admin/support/knowledge-base/articles'],
    ['GET', '/api/admin/support/system-health'],
    ['POST', '/api/admin/support/system-health/refresh'],
    ['POST', '/api/admin/support/projections/voyage-summaries/rebuild'],
    ['PUT', '/api/admin/support/email-templates/campaign'],
  ] as const)('%s %s: 401 for a guest, 403 for a member', async (method, url) => {
    const body = method === 'GET' ? undefined : {};
    expect((await call(method, url, undefined, body)).status).toBe(401);
    expect((await call(method, url, 'member', body)).status).toBe(403);
  });

  it('mail preferences need a signed-in user', async () => {
    expect((await call('GET', '/api/users/me/mail-preferences')).status).toBe(401);
    expect((await call('GET', '/api/users/me/mail-preferences', 'member')).body).toEqual({ marketing: true });
    expect((await call('PUT', '/api/users/me/mail-preferences', 'member', { marketing: false })).body).toEqual({ marketing: false });
    expect((await call('GET', '/api/users/me/mail-preferences', 'member')).body).toEqual({ marketing: false });
  });
});

describe('email templates', () => {
  it('lists the templates the product sends with their variables', async () => {
    const { status, body } = await call<EmailTemplateList>('GET', '/api/admin/support/email-templates', 'admin');
    expect(status).toBe(200);
    const ids = body.templates.map((t) => t.id);
    expect(ids).toEqual(expect.arrayContaining(['verify-email', 'reset-password', 'application-received', 'admin_contact', 'campaign']));
    const reset = body.templates.find((t) => t.id === 'reset-password')!;
    expect(reset).toMatchObject({ customized: false, category: 'transactional' });
    expect(reset.variables.map((v) => v.name)).toEqual(['firstName', 'link']);
  });

  it('refuses a variable the template does not accept, and previews a draft', async () => {
    const refused = await call('PUT', '/api/admin/support/email-templates/reset-password', 'admin', { subject: 'Hi {{voyageTitle}}', body: 'x' });
    expect(refused).toMatchObject({ status: 422, body: { code: 'UNKNOWN_VARIABLE' } });
    const preview = await call<{ subject: string; text: string }>('POST', '/api/admin/support/email-templates/reset-password/preview', 'admin', {
      subject: 'Reset for {{firstName}}',
      body: 'Hello {{firstName}}.',
      action_label: 'Go',
      action_url: '{{link}}',
    });
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toBe('Reset for Alex');
    expect(preview.body.text).toContain('Go: https://crewfinder.app/verify-email?token=sample');
  });

  it('sends the edited text from then on, and counts its use', async () => {
    const saved = await call('PUT', '/api/admin/support/email-templates/reset-password', 'admin', {
      subject: 'Your new password link, {{firstName}}',
      body: 'Ahoy {{firstName}}!\n\nUse the link below within the hour.',
      action_label: 'Set a new password',
      action_url: '{{link}}',
    });
    expect(saved.status).toBe(200);
    const before = inbox.messages.length;
    expect((await call('POST', '/api/auth/forgot-password', undefined, { email: 'member@desk.test' })).status).toBe(200);
    await waitUntil('the reset mail arrived', () => inbox.messages.length > before);
    const mail = inbox.messages.at(-1)!;
    expect(mail.subject).toBe('Your new password link, Morgan');
    expect(mail.raw).toContain('Ahoy Morgan!');
    expect(mail.raw).toContain('Set a new password');
    await waitUntil('the send is recorded', async () => {
      const list = await call<EmailTemplateList>('GET', '/api/admin/support/email-templates', 'admin');
      const reset = list.body.templates.find((t) => t.id === 'reset-password')!;
      return reset.usage_count === 1 && reset.last_used !== null && reset.customized;
    });
    // Restoring the shipped text.
    const restored = await call<{ template: { customized: boolean; subject: string } }>('DELETE', '/api/admin/support/email-templates/reset-password', 'admin');
    expect(restored.body.template).toMatchObject({ customized: false, subject: 'Reset your Crew Finder password' });
  });
});

describe('knowledge base and the public Help centre', () => {
  it('starts with the Help centre questions as published articles', async () => {
    const categories = await call<KbCategoryList>('GET', '/api/help/categories');
    expect(categories.body.categories.map((c) => c.name)).toEqual(['Account', 'Voyages', 'Applications', 'Safety', 'Technical', 'Payment']);
    const all = await call<HelpArticleList>('GET', '/api/help/articles');
    expect(all.body.total).toBeGreaterThan(30);
    const found = await call<HelpArticleList>('GET', '/api/help/articles?q=minimum%20age');
    expect(found.body.articles[0]?.slug).toBe('minimum-age');
  });

  it('publishes an article an administrator writes to the Help search, counts views and votes', async () => {
    const categories = await call<KbCategoryList>('GET', '/api/admin/support/knowledge-base/categories', 'admin');
    const safety = categories.body.categories.find((c) => c.name === 'Safety')!;
    const created = await call<KbArticleSaved>('POST', '/api/admin/support/knowledge-base/articles', 'admin', {
      title: 'Storing lifejackets between voyages',
      summary: 'Keep them dry and check the gas cylinder.',
      body: 'Rinse in **fresh water**, dry them away from the sun.\n\n- Check the CO2 cylinder\n- Replace the auto-inflate cap every season\n\n<script>alert(1)</script>',
      category_id: safety.id,
    });
    expect(created.status).toBe(201);
    const article = created.body.article;
    expect(article).toMatchObject({ slug: 'storing-lifejackets-between-voyages', published: true, view_count: 0 });

    const search = await call<HelpArticleList>('GET', '/api/help/articles?q=lifejackets%20cylinder&category=safety');
    expect(search.body.articles.map((a) => a.slug)).toEqual(['storing-lifejackets-between-voyages']);

    const read = await call<HelpArticleDetail>('GET', `/api/help/articles/${article.slug}`);
    expect(read.status).toBe(200);
    expect(read.body.body).toContain('**fresh water**');
    const voter = '8b0f2c3e-2a51-4f6e-9a0c-7d1e2f3a4b5c';
    await call('POST', `/api/help/articles/${article.slug}/vote`, undefined, { helpful: false, voter });
    const vote = await call('POST', `/api/help/articles/${article.slug}/vote`, undefined, { helpful: true, voter });
    expect(vote.body).toMatchObject({ helpful_count: 1, total_votes: 1 });
    await call('POST', `/api/help/articles/${article.slug}/vote`, undefined, { helpful: false, voter: '1b0f2c3e-2a51-4f6e-9a0c-7d1e2f3a4b5c' });

    const admin = await call<{ articles: { slug: string; view_count: number; helpful_count: number; total_votes: number }[] }>(
      'GET',
      `/api/admin/support/knowledge-base/articles?category=${safety.id}`,
      'admin',
    );
    expect(admin.body.articles.find((a) => a.slug === article.slug)).toMatchObject({ view_count: 1, helpful_count: 1, total_votes: 2 });

    // Unpublished: gone from the Help centre, still listed for administrators.
    const edited = await call('PUT', `/api/admin/support/knowledge-base/articles/${article.id}`, 'admin', {
      title: article.title,
      summary: article.summary,
      body: article.body,
      category_id: safety.id,
      published: false,
    });
    expect(edited.status).toBe(200);
    expect((await call<HelpArticleList>('GET', '/api/help/articles?q=lifejackets%20cylinder')).body.total).toBe(0);
    expect((await call('GET', `/api/help/articles/${article.slug}`)).status).toBe(404);
    expect((await call('POST', '/api/admin/support/knowledge-base/articles', 'admin', { title: 'Orphan', body: 'x', category_id: article.id })).status).toBe(422);
  });
});

describe('system health', () => {
  it('checks every service for real, keeps the checks, and shows 5xx answers in the error log', async () => {
    const refreshed = await call<SystemHealth>('POST', '/api/admin/support/system-health/refresh', 'admin');
    expect(refreshed.status).toBe(200);
    const byName = new Map(refreshed.body.services.map((s) => [s.name, s]));
    expect(byName.get('database')).toMatchObject({ status: 'healthy', uptime: 100 });
    expect(byName.get('database')!.response_time).toEqual(expect.any(Number));
    expect(byName.get('event store')?.status).toBe('healthy');
    expect(byName.get('smtp')?.status).toBe('healthy');
    expect(byName.get('redis')?.status).toBe('disabled');
    expect(byName.get('job workers')?.status).toBe('healthy');
    expect([...byName.keys()].some((name) => name === 'projection: voyage-summaries')).toBe(true);
    expect(refreshed.body.projections.map((p) => p.name)).toContain('voyage-summaries');

    // Checks of the past are kept: a service down once in four checks shows 75 % uptime.
    await runtime.dataSource.query(`DELETE FROM health_checks WHERE service = 'database'`);
    await runtime.dataSource.query(
      `INSERT INTO health_checks (service, status, checked_at) VALUES ('database', 'healthy', now()), ('database', 'down', now() - interval '1 hour'), ('database', 'healthy', now() - interval '2 hours'), ('database', 'healthy', now() - interval '3 hours')`,
    );
    const health = await call<SystemHealth>('GET', '/api/admin/support/system-health', 'admin');
    expect(health.body.services.find((s) => s.name === 'database')?.uptime).toBe(75);

    runtime.errorLog.record({ level: 'error', message: 'projection x failed', source: 'runtime', requestId: null });
    await runtime.errorLog.drain();
    const logs = (await call<SystemHealth>('GET', '/api/admin/support/system-health', 'admin')).body.error_logs;
    expect(logs[0]).toMatchObject({ level: 'error', message: 'projection x failed', source: 'runtime' });

    const plain = await call<HealthResponse>('GET', '/api/health');
    expect(plain.body.checks['database']?.status).toBe('up');
  });

  it('rebuilds a projection from the panel while the API keeps serving', async () => {
    const started = await call('POST', '/api/admin/support/projections/voyage-summaries/rebuild', 'admin');
    expect(started.status).toBe(201);
    expect((await call('GET', '/api/voyages/')).status).toBe(200);
    await waitUntil('the rebuild is done', async () => {
      const health = await call<SystemHealth>('GET', '/api/admin/support/system-health', 'admin');
      return health.body.projections.find((p) => p.name === 'voyage-summaries')?.rebuild?.state === 'done';
    });
    expect((await call('POST', '/api/admin/support/projections/nope/rebuild', 'admin')).status).toBe(404);
  });
});

describe('campaigns', () => {
  let reader: { id: string; email: string };
  const send = async (body: Record<string, unknown>, idempotencyKey?: string) => {
    const response = await app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method: 'POST',
        url: '/api/admin/support/send-campaign',
        headers: { authorization: `Bearer ${tokens['admin']}`, 'content-type': 'application/json', ...(idempotencyKey !== undefined ? { 'idempotency-key': idempotencyKey } : {}) },
        payload: JSON.stringify(body),
      });
    return { status: response.statusCode, body: response.json() as SendCampaignResponse & { code?: string }, replayed: response.headers['idempotent-replayed'] };
  };
  const campaignsWithSubject = async (subject: string): Promise<number> =>
    (await runtime.dataSource.query<{ n: number }[]>('SELECT count(*)::int AS n FROM email_campaigns WHERE subject = $1', [subject]))[0]!.n;

  beforeAll(async () => {
    const email = 'reader@desk.test';
    reader = { id: await insertUser(runtime.dataSource, { email, firstName: 'Robin', lastName: 'Sailor', type: 'crew' }), email };
  });

  it('answers a retried request with the first campaign: by Idempotency-Key, or by its content for a few minutes', async () => {
    const body = { audience: 'all_users', subject: 'Retried campaign', template: 'campaign', message: 'Sent once however often the request is retried.' };
    const key = randomUUID();
    // The first request and its retries, two of them at the same moment.
    const first = await send(body, key);
    expect(first.status).toBe(201);
    expect(first.replayed).toBeUndefined();
    const [again, together] = await Promise.all([send(body, key), send(body, key)]);
    for (const repeat of [again, together]) {
      expect(repeat.status).toBe(201);
      expect(repeat.replayed).toBe('true');
      expect(repeat.body.campaign.id).toBe(first.body.campaign.id);
    }
    expect(await campaignsWithSubject(body.subject)).toBe(1);

    // The same key for other content is a mistake, not a retry.
    const reused = await send({ ...body, message: 'Something else entirely, under an old key.' }, key);
    expect(reused).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    // A new submission (a new key) is a new campaign, even with the same content.
    const resent = await send(body, randomUUID());
    expect(resent.status).toBe(201);
    expect(resent.body.campaign.id).not.toBe(first.body.campaign.id);
    expect(await campaignsWithSubject(body.subject)).toBe(2);

    // Without a key, the same content from the same administrator within the window is the same campaign.
    const keyless = { ...body, subject: 'Retried without a key' };
    const [one, two] = await Promise.all([send(keyless), send(keyless)]);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(one.body.campaign.id).toBe(two.body.campaign.id);
    expect([one.replayed, two.replayed].sort()).toEqual(['true', undefined]);
    expect(await campaignsWithSubject(keyless.subject)).toBe(1);
    // ... and a new campaign once the window has passed.
    await runtime.dataSource.query(`UPDATE email_campaigns SET created_at = created_at - make_interval(secs => $2) WHERE subject = $1`, [
      keyless.subject,
      CAMPAIGN_REPEAT_WINDOW_SECONDS + 1,
    ]);
    expect((await send(keyless)).replayed).toBeUndefined();
    expect(await campaignsWithSubject(keyless.subject)).toBe(2);

    for (const bad of ['', 'has space', 'x'.repeat(201)]) {
      expect(await send(body, bad)).toMatchObject({ status: 400, body: { code: 'INVALID_IDEMPOTENCY_KEY' } });
    }
    // Each distinct campaign mailed the reader once; the repeats mailed nobody.
    await waitUntil('every campaign mail arrived', () => inbox.messages.filter((m) => m.rcptTo.includes(reader.email)).length >= 4);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const subjects = inbox.messages.filter((m) => m.rcptTo.includes(reader.email)).map((m) => m.subject);
    expect(subjects.sort()).toEqual(['Retried campaign', 'Retried campaign', 'Retried without a key', 'Retried without a key']);
  });

  it('carries List-Unsubscribe with a one-click URL that works without a session (RFC 8058)', async () => {
    const subject = 'One-click unsubscribe';
    expect((await send({ audience: 'crew', subject, template: 'campaign', message: 'A campaign with list headers.' }, randomUUID())).status).toBe(201);
    await waitUntil('the campaign mail arrived', () => inbox.messages.some((m) => m.subject === subject && m.rcptTo.includes(reader.email)));
    const mail = inbox.messages.find((m) => m.subject === subject && m.rcptTo.includes(reader.email))!;
    const headers = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const url = /^List-Unsubscribe: <([^>]+)>$/m.exec(headers)?.[1];
    expect(url).toBe(`${runtime.baseUrl}/api/mail/unsubscribe/one-click?user=${reader.id}&token=${runtime.mailLinks.unsubscribeToken(reader.id)}`);
    const path = url!.slice(runtime.baseUrl.length);

    const oneClick = (target: string, contentType: string, payload: string) =>
      app
        .getHttpAdapter()
        .getInstance()
        .inject({ method: 'POST', url: target, headers: { 'content-type': contentType }, payload });
    // A forged token changes nothing.
    const forged = await oneClick(path.replace(/token=[^&]+/, 'token=forged'), 'application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click');
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'INVALID_UNSUBSCRIBE_LINK' });
    // A link cut short (no valid member id) says so in one plain sentence, never the schema's field text.
    const message = 'This unsubscribe link is not valid. Sign in and turn news mail off in your profile instead.';
    const cut = await app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'POST', url: '/api/mail/unsubscribe', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ user: 'abc', token: 'x' }) });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual({ error: message, code: 'INVALID_UNSUBSCRIBE_LINK' });
    expect((await oneClick(path.replace(/user=[^&]+/, 'user=abc'), 'application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click')).json()).toEqual({
      error: message,
      code: 'INVALID_UNSUBSCRIBE_LINK',
    });
    // Following the URL (a link scanner) does not unsubscribe.
    expect((await app.getHttpAdapter().getInstance().inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const [before] = await runtime.dataSource.query<{ marketing: boolean }[]>('SELECT marketing FROM mail_preferences WHERE user_id = $1', [reader.id]);
    expect(before?.marketing ?? true).toBe(true);

    // The mail client's POST, as RFC 8058 writes it, without any session.
    const done = await oneClick(path, 'application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click');
    expect(done.statusCode).toBe(200);
    const [after] = await runtime.dataSource.query<{ marketing: boolean }[]>('SELECT marketing FROM mail_preferences WHERE user_id = $1', [reader.id]);
    expect(after?.marketing).toBe(false);
    // Multipart, the other encoding the RFC allows, works too.
    const boundary = 'x1';
    const multipart = await oneClick(
      path,
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    );
    expect(multipart.statusCode).toBe(200);
  });

  it('keeps list headers off transactional mail', async () => {
    const before = inbox.messages.length;
    expect((await call('POST', '/api/auth/forgot-password', undefined, { email: reader.email })).status).toBe(200);
    await waitUntil('the reset mail arrived', () => inbox.messages.length > before);
    expect(inbox.messages.at(-1)!.raw).not.toMatch(/^List-Unsubscribe/m);
  });
});
