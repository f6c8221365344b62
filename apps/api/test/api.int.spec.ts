import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import sharp from 'sharp';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestDatabase } from './support/database';
import { createHttpApp } from '../src/http-app';
import { CommandBus } from '@nestjs/cqrs';
import { EnsureFirstAdmin } from '../src/modules/accounts/commands/ensure-first-admin.command';
import { ConfigError, loadConfig } from '../src/platform/config/app-config';
import { startApplication, type Application } from '../src/application';
import { contractProblems } from './support/response-contract';
import { inject, insertUser, quietLogger, signInWithPassword, startTestApp, type TestApp } from './support/harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: TestDatabase;
let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;
let adminToken: string;
let crewToken: string;

const request = (options: { method: 'GET' | 'POST' | 'PUT'; url: string; token?: string; body?: unknown; headers?: Record<string, string>; payload?: string }) =>
  inject(app, options.method, options.url, { token: options.token, body: options.body, headers: options.headers, raw: options.payload });

const login = async (email: string, password: string): Promise<string> => (await signInWithPassword(app, runtime.dataSource, email, password)).access_token;

beforeAll(async () => {
  testApp = await startTestApp({ env: { DATA_DIR: '/tmp/crew-api-test', PUBLIC_URL: 'http://crew.test' }, worker: true });
  ({ runtime, app, database } = testApp);
  await runtime.get(CommandBus).execute(new EnsureFirstAdmin('admin@crew.test', 'sailing-admin-1'));
  await insertUser(runtime.dataSource, { email: 'crew@crew.test', password: 'crew-pass-1', firstName: 'Cora', lastName: 'Crew', type: 'crew' });
  adminToken = await login('admin@crew.test', 'sailing-admin-1');
  crewToken = await login('crew@crew.test', 'crew-pass-1');
});

afterAll(() => testApp.close());

describe('health', () => {
  it('reports every dependency and each projection lag, 200 when healthy', async () => {
    const response = await request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(body.checks.database.status).toBe('up');
    expect(body.checks.event_store.status).toBe('up');
    expect(body.checks.redis.status).toBe('disabled');
    expect(body.checks.smtp.status).toBe('disabled');
    expect(body.projections.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['platform-config', 'config-history', 'reactor:monetization-notice']));
    expect(body.projections[0]).toEqual(expect.objectContaining({ lag_events: expect.any(Number), lag_ms: expect.any(Number) }));
  });

  it('answers 503 when a dependency is down', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SMTP_URL: 'smtp://127.0.0.1:1' });
    const broken = await startApplication(config, database.url, quietLogger);
    const brokenApp = await createHttpApp(broken, { logger: false });
    await brokenApp.init();
    try {
      const response = await brokenApp.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json().checks.smtp.status).toBe('down');
      expect(response.json().status).toBe('degraded');
    } finally {
      await brokenApp.close();
      await broken.close();
    }
  });
});

describe('errors have one shape and a 4xx status', () => {
  it('malformed JSON is 400 INVALID_JSON', async () => {
    const response = await request({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Request body is not valid JSON', code: 'INVALID_JSON' });
  });

  it('an oversize body is 413', async () => {
    const response = await request({ method: 'POST', url: '/api/auth/login', body: { email: 'a@b.co', password: 'x'.repeat(1_100_000) } });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a schema violation is 400 VALIDATION_FAILED with the spec message per field', async () => {
    const response = await request({ method: 'POST', url: '/api/auth/login', body: { email: 'not-an-email', password: '' } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'password', message: 'Password is required' },
      ]),
    );
  });

  it('an unsupported content type is 415', async () => {
    const response = await request({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/csv' }, payload: 'a,b' });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('an unknown API route is a JSON 404', async () => {
    const response = await request({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'No route for GET /api/no-such-thing', code: 'NOT_FOUND' });
  });

  it('wrong credentials, missing and forged tokens are 401; a non-admin is 403', async () => {
    expect((await request({ method: 'POST', url: '/api/auth/login', body: { email: 'admin@crew.test', password: 'nope' } })).json()).toEqual({
      error: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
    });
    expect((await request({ method: 'GET', url: '/api/admin/config' })).statusCode).toBe(401);
    expect((await request({ method: 'GET', url: '/api/admin/config', token: `${crewToken}x` })).statusCode).toBe(401);
    const forbidden = await request({ method: 'GET', url: '/api/admin/config', token: crewToken });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: 'Administrator access required', code: 'FORBIDDEN' });
  });

  it('a domain rule refusal names the rule', async () => {
    const response = await request({ method: 'PUT', url: '/api/admin/config/subscription_price_gbp', token: adminToken, body: { value: 24.25 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Subscription price must be at least £1 and a multiple of £0.50', code: 'INVALID_SUBSCRIPTION_PRICE' });
    const badKey = await request({ method: 'PUT', url: '/api/admin/config/monetization_enabled', token: adminToken, body: { value: 1 } });
    expect(badKey.statusCode).toBe(400);
  });

  it('echoes the request id for log correlation', async () => {
    const response = await request({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers['x-request-id']).toBe('trace-123');
  });
});

describe('platform configuration (event-sourced, read your writes)', () => {
  it('starts from the defaults', async () => {
    const body = (await request({ method: 'GET', url: '/api/admin/config', token: adminToken })).json();
    expect(body.monetization_enabled.value).toBe(false);
    expect(body.free_trial_period_days.value).toBe(30);
    expect(body.subscription_price_gbp.value).toBe(30);
  });

  it('shows a change in the very response and in the history right after', async () => {
    const toggled = await request({ method: 'POST', url: '/api/admin/monetization/toggle', token: adminToken, body: { enabled: true } });
    expect(toggled.statusCode).toBe(200);
    expect(toggled.json().monetization_enabled).toEqual(expect.objectContaining({ value: true, updated_by: expect.any(String) }));
    const price = await request({ method: 'PUT', url: '/api/admin/config/subscription_price_gbp', token: adminToken, body: { value: 24.5, description: 'Launch offer' } });
    expect(price.json().subscription_price_gbp).toEqual(expect.objectContaining({ value: 24.5, description: 'Launch offer' }));
    const history = (await request({ method: 'GET', url: '/api/admin/config/history', token: adminToken })).json().history;
    expect(history.slice(0, 2).map((h: { key: string; new_value: unknown }) => [h.key, h.new_value])).toEqual([
      ['subscription_price_gbp', 24.5],
      ['monetization_enabled', true],
    ]);
  });

  it('emails every admin about the monetization switch, through the local mailbox', async () => {
    const deadline = Date.now() + 10_000;
    let messages: { to: string; subject: string; links: string[] }[] = [];
    while (Date.now() < deadline) {
      messages = (await request({ method: 'GET', url: '/dev/mailbox.json' })).json().messages;
      if (messages.length > 0) break;
      await sleep(50);
    }
    expect(messages).toEqual([expect.objectContaining({ to: 'admin@crew.test', subject: 'Monetization enabled', links: ['http://crew.test/admin/config'] })]);
    const page = await request({ method: 'GET', url: '/dev/mailbox' });
    expect(page.body).toContain('Monetization enabled');
  });

  it('keeps every concurrent change (optimistic concurrency with retries)', async () => {
    // Only existing accounts can be put on a list.
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      ids.push(await insertUser(runtime.dataSource, { email: `grandfathered-${randomUUID()}@crew.test`, firstName: 'Gran', lastName: 'Father', type: 'skipper', verified: false }));
    }
    const responses = await Promise.all(
      ids.map((id) => request({ method: 'POST', url: '/api/admin/users/grandfathered', token: adminToken, body: { action: 'add', user_id: id, list_type: 'grandfathered' } })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const lists = (await request({ method: 'GET', url: '/api/admin/users/grandfathered', token: adminToken })).json();
    expect(new Set(lists.grandfathered_users)).toEqual(new Set(ids));
    expect(lists.beta_testers).toEqual([]);
  });
});

describe('public stats', () => {
  it('counts real crew accounts (crew and both, not skippers or admins) and no sample figures', async () => {
    const before = (await request({ method: 'GET', url: '/api/stats/public' })).json();
    await insertUser(runtime.dataSource, { email: 'both@crew.test', firstName: 'Bo', lastName: 'Th', type: 'both', verified: false });
    await insertUser(runtime.dataSource, { email: 'skip@crew.test', firstName: 'Sk', lastName: 'Ip', type: 'skipper', verified: false });
    const response = await request({ method: 'GET', url: '/api/stats/public' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.json()).toEqual({ nautical_miles: 0, active_voyages: 0, crew_members: before.crew_members + 1 });
    expect(before.crew_members).toBe(1);
  });
});

describe('security headers and surfaces', () => {
  let site: NestFastifyApplication;
  let uploadUrl: string;
  const siteRequest = (method: 'GET' | 'HEAD', url: string, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    site
      .getHttpAdapter()
      .getInstance()
      .inject({ method, url, ...extra });

  beforeAll(async () => {
    // A built web client of one page and one asset, so pages, assets, uploads and the API are all served.
    const webDist = mkdtempSync(path.join(os.tmpdir(), 'crew-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(webDist, 'assets', 'index-abc.js'), 'console.log("crew")');
    mkdirSync(path.join(webDist, '.vite'));
    const manifest = {
      'index.html': { file: 'assets/index-abc.js', isEntry: true },
      'src/features/voyages/routes/VoyagesPage.tsx': { file: 'assets/VoyagesPage-abc.js', imports: ['index.html'], css: ['assets/voyages-abc.css'] },
    };
    writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    site = await createHttpApp(runtime, { logger: false, webDist });
    await site.init();
    await site.getHttpAdapter().getInstance().ready();
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0e6ba8' } })
      .png()
      .toBuffer();
    uploadUrl = (await runtime.photos.save(photo)).photo_url;
  });
  afterAll(async () => {
    await site.close();
  });

  it('sends a strict Content-Security-Policy, nosniff, a Referrer-Policy and no framing on pages, the API, assets and uploads', async () => {
    for (const url of ['/', '/voyages', '/api/voyages/', '/assets/index-abc.js', uploadUrl, '/api/no-such-route', '/api/docs']) {
      const response = await siteRequest('GET', url);
      const csp = String(response.headers['content-security-policy']);
      expect([url, csp]).toEqual([url, expect.stringContaining("default-src 'self'")]);
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain('https://tile.openstreetmap.org');
      expect(csp).toContain('https://server.arcgisonline.com');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['strict-transport-security']).toBeUndefined(); // plain HTTP
    }
    const headers = (url: string) =>
      siteRequest('GET', url).then((r) =>
        Object.entries(r.headers)
          .filter(([name]) => !['date', 'x-request-id', 'etag', 'last-modified', 'content-length'].includes(name))
          .map(([name, value]) => `${name}: ${String(value)}`)
          .join('\n'),
      );
    process.stdout.write(
      `[headers] GET /\n${await headers('/')}\n[headers] GET /api/voyages/\n${await headers('/api/voyages/')}\n[headers] GET ${uploadUrl}\n${await headers(uploadUrl)}\n`,
    );
  });

  it('serves the API docs without inline script', async () => {
    const page = (await siteRequest('GET', '/api/docs')).body;
    expect(page).not.toMatch(/<script>/);
    expect(page).toContain('<script src="/api/docs/docs.js"></script>');
    expect((await siteRequest('GET', '/api/docs/docs.js')).body).toContain("SwaggerUIBundle({ url: '/api/openapi.json'");
  });

  it('sends HSTS only over HTTPS, and believes X-Forwarded-Proto only from a proxy TRUST_PROXY names', async () => {
    const forwarded = { remoteAddress: '10.0.0.5', headers: { 'x-forwarded-proto': 'https' } };
    expect((await siteRequest('GET', '/', forwarded)).headers['strict-transport-security']).toBeUndefined();
    // The same runtime (no second connection pool), configured to trust a proxy on 10.0.0.0/8.
    const proxied: Application = { ...runtime, config: { ...runtime.config, trustProxy: ['10.0.0.0/8'] } };
    const behindProxy = await createHttpApp(proxied, { logger: false });
    await behindProxy.init();
    try {
      const response = await behindProxy
        .getHttpAdapter()
        .getInstance()
        .inject({ method: 'GET', url: '/api/health/live', ...forwarded });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const stranger = await behindProxy
        .getHttpAdapter()
        .getInstance()
        .inject({ method: 'GET', url: '/api/health/live', remoteAddress: '203.0.113.1', headers: { 'x-forwarded-proto': 'https' } });
      expect(stranger.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });

  it('answers HEAD on client-side pages like GET', async () => {
    for (const url of ['/', '/voyages', '/voyages/0b7a0c1e-0000-4000-8000-000000000000', '/login']) {
      const [get, head] = await Promise.all([siteRequest('GET', url), siteRequest('HEAD', url)]);
      expect([url, head.statusCode]).toEqual([url, get.statusCode]);
      expect(get.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.body).toBe('');
    }
  });

  it("names a first screen's code in its page, compressed as the browser accepts, and answers 304 to a current copy", async () => {
    const voyages = await siteRequest('GET', '/voyages?view=list');
    expect(voyages.body).toContain('<link rel="modulepreload" crossorigin href="/assets/VoyagesPage-abc.js">');
    expect(voyages.body).toContain('<link rel="stylesheet" crossorigin href="/assets/voyages-abc.css">');
    expect(voyages.headers['cache-control']).toBe('no-cache');
    const home = await siteRequest('GET', '/');
    expect(home.body).toContain('<div id="root"></div>');
    expect(home.body).not.toContain('VoyagesPage');
    const compressed = await siteRequest('GET', '/voyages', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(voyages.body);
    const again = await siteRequest('GET', '/voyages', { headers: { 'if-none-match': String(voyages.headers['etag']) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('shows the local mailbox only to requests from this machine', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox.json']) {
      expect((await siteRequest('GET', url, { remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      expect((await siteRequest('GET', url, { remoteAddress: '::1' })).statusCode).toBe(200);
      const outsider = await siteRequest('GET', url, { remoteAddress: '192.168.1.20' });
      expect(outsider.statusCode).toBe(404);
      expect(outsider.body).not.toContain('mailbox');
      // A forged X-Forwarded-For does not make a stranger local.
      expect((await siteRequest('GET', url, { remoteAddress: '192.168.1.20', headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(404);
    }
  });
});

describe('API description', () => {
  it('publishes an OpenAPI document generated from the request schemas, and a viewer', async () => {
    const document = (await request({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.openapi).toBe('3.1.0');
    const toggle = document.paths['/api/admin/monetization/toggle'].post;
    const ref: string = toggle.requestBody.content['application/json'].schema.$ref;
    const schema = document.components.schemas[ref.replace('#/components/schemas/', '')];
    expect(schema.properties.enabled.type).toBe('boolean');
    expect(schema.required).toEqual(['enabled']);
    expect(document.components.schemas.LoginResponse.properties.user.$ref).toBe('#/components/schemas/User');
    expect(Object.keys(document.paths['/api/auth/login'].post.responses)).toEqual(['200', '400', '401', '403', '413', '415', '429']);
    // Creates answer 201; id routes list 404; authenticated routes list 401.
    expect(Object.keys(document.paths['/api/voyages/'].post.responses)).toEqual(expect.arrayContaining(['201', '401', '403', '415']));
    expect(document.paths['/api/voyages/'].post.responses['200']).toBeUndefined();
    const updateVoyage = document.paths['/api/voyages/{id}'].put;
    expect(Object.keys(updateVoyage.responses)).toEqual(['200', '400', '401', '403', '404', '409', '412', '413', '414', '415', '422', '503']);
    // Edits are conditional: If-Match in, the voyage's ETag out, 412 on a stale copy, 503 when the read model cannot show the change.
    expect(updateVoyage.parameters.find((p: { in: string }) => p.in === 'header')).toMatchObject({ name: 'If-Match', required: false });
    expect(updateVoyage.responses['200'].headers.ETag.schema.pattern).toBeDefined();
    expect(document.paths['/api/voyages/{id}'].get.responses['200'].headers.ETag).toBeDefined();
    expect(updateVoyage.responses['412'].content['application/json'].schema.$ref).toBe('#/components/schemas/PreconditionFailedResponse');
    expect(updateVoyage.responses['503'].content['application/json'].schema.$ref).toBe('#/components/schemas/ProjectionUnavailableResponse');
    expect(updateVoyage.responses['400'].description).toContain('INVALID_IF_MATCH');
    expect(Object.keys(document.paths['/api/applications/'].post.responses)).toContain('503');
    expect(document.paths['/api/health'].get.responses['503'].content['application/json'].schema.$ref).toBe('#/components/schemas/Health');
    expect(document.paths['/api/voyages/'].get.parameters.map((p: { name: string }) => p.name)).toContain('departure_from');
    const viewer = await request({ method: 'GET', url: '/api/docs' });
    expect(viewer.headers['content-type']).toContain('text/html');
    expect((await request({ method: 'GET', url: '/api/docs/assets/swagger-ui.css' })).statusCode).toBe(200);
  });

  it('checks the headers the document gives a status, and the 503 a change answers while its read model cannot show it', () => {
    const answer = (statusCode: number, headers: Record<string, string>, body: unknown) =>
      ({ statusCode, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(body) }) as unknown as Parameters<typeof contractProblems>[2];
    const url = `/api/voyages/${randomUUID()}/cancel`;
    const lagging = { error: 'Your change was saved, but it is taking longer than usual to show.', code: 'PROJECTION_LAGGING' };
    expect(contractProblems('POST', url, answer(503, {}, lagging))).toEqual([]);
    expect(contractProblems('POST', url, answer(503, {}, { ...lagging, code: 'SOMETHING_ELSE' }))).toHaveLength(1);
    expect(contractProblems('GET', '/api/voyages/', answer(503, {}, lagging))).toHaveLength(1);
    const voyageUrl = `/api/voyages/${randomUUID()}`;
    expect(contractProblems('PUT', voyageUrl, answer(412, {}, { error: 'Someone else changed this.', code: 'PRECONDITION_FAILED' }))).toEqual([]);
    expect(contractProblems('GET', voyageUrl, answer(404, { etag: 'W/abc' }, { error: 'Voyage not found', code: 'VOYAGE_NOT_FOUND' }))).toEqual([]);
    expect(contractProblems('GET', voyageUrl, answer(200, { etag: 'W/abc' }, {}))[0]).toMatch(/getVoyage answered 200 with header etag breaking its schema/);
  });
});

describe('configuration at boot', () => {
  it('names each bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', REDIS_URL: 'http://x', API_ROLES: 'http,cook' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', REDIS_URL: 'http://x', API_ROLES: 'http,cook' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('REDIS_URL must be a URL starting with redis:// or rediss://');
      expect(message).toContain('API_ROLES');
    }
  });
});
