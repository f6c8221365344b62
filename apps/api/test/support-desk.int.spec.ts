import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EmailTemplateList, HealthResponse, HelpArticleDetail, HelpArticleList, KbArticleSaved, KbCategoryList, SystemHealth } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHttpApp } from '../src/http-app';
import { loadConfig } from '../src/platform/config/app-config';
import { createRuntime, type Runtime } from '../src/platform/runtime';
import { createTestDatabase, type TestDatabase } from './support/database';
import { startSmtpServer, waitUntil, type TestSmtpServer } from './support/smtp-server';

/**
 * The support desk over HTTP: its admin routes are refused to guests (401)
 * and members (403); an edited email template is what the next mail says;
 * an article an administrator writes is found by the public Help search; the
 * health checks are real and kept, and 5xx answers land in the error log.
 */

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
let database: TestDatabase;
let inbox: TestSmtpServer;
let runtime: Runtime;
let app: NestFastifyApplication;
const tokens: Record<string, string> = {};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async <T = Record<string, unknown>>(method: Method, url: string, actor?: string, body?: unknown) => {
  const response = await app
    .getHttpAdapter()
    .getInstance()
    .inject({
      method,
      url,
      headers: { ...(actor ? { authorization: `Bearer ${tokens[actor]}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      payload: body !== undefined ? JSON.stringify(body) : undefined,
    });
  return { status: response.statusCode, body: response.json() as T };
};

beforeAll(async () => {
  database = await createTestDatabase();
  inbox = await startSmtpServer('answer');
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SMTP_URL: inbox.url, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'crew-support-desk-')) });
  runtime = await createRuntime(config, database.url, quiet);
  runtime.startProjectors();
  await runtime.startWorker();
  app = await createHttpApp(runtime, { logger: false });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  for (const [actor, admin] of [
    ['admin', true],
    ['member', false],
  ] as const) {
    const [row] = await runtime.dataSource.query<{ id: string }[]>(
      `INSERT INTO users (email, password_hash, first_name, last_name, user_type, is_admin, email_verified) VALUES ($1, 'x', $2, 'Sailor', $3, $4, true) RETURNING id`,
      [`${actor}@desk.test`, actor === 'admin' ? 'Ada' : 'Morgan', admin ? 'admin' : 'crew', admin],
    );
    tokens[actor] = runtime.tokens.sign(row!.id, 0);
  }
}, 60_000);

afterAll(async () => {
  await app.close();
  await runtime.close();
  await inbox.close();
  await database.drop();
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
    await runtime.dataSource.query(`INSERT INTO health_checks (service, status, checked_at) VALUES ('database', 'healthy', now()), ('database', 'down', now() - interval '1 hour'), ('database', 'healthy', now() - interval '2 hours'), ('database', 'healthy', now() - interval '3 hours')`);
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
