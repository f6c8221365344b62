import { Subscription, subscriptionStreamId } from '@crew/domain';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { createHttpApp } from '../src/http-app';
import { loadConfig } from '../src/platform/config/app-config';
import { createRuntime, type Runtime } from '../src/platform/runtime';
import { createTestDatabase, type TestDatabase } from './support/database';
import { waitUntil } from './support/smtp-server';

/**
 * Card payments over HTTP, never reaching the real provider: a local
 * stand-in answers the Stripe API calls the server makes, and webhook
 * deliveries are signed with the provider library's own test signer.
 */
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const WEBHOOK_SECRET = 'whsec_test_payments_spec';
const DAY = 86_400;
const signer = new Stripe('sk_test_signer').webhooks;

// ---------------------------------------------------------------------------------------------
// The stand-in Stripe API: records what it was asked and answers like the real one.
// ---------------------------------------------------------------------------------------------
interface ProviderCall {
  readonly method: string;
  readonly path: string;
  readonly form: URLSearchParams;
}
const calls: ProviderCall[] = [];
/** Paid periods of the subscriptions the stand-in knows, in unix seconds. */
const periods = new Map<string, { start: number; end: number }>();
let provider: Server;
let providerUrl: string;
let sessionCount = 0;

const startProvider = async (): Promise<void> => {
  provider = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      calls.push({ method: request.method ?? '', path: url.pathname, form: new URLSearchParams(body) });
      const send = (status: number, payload: object) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${calls.length}` });
        response.end(JSON.stringify(payload));
      };
      const subscription = /^\/v1\/subscriptions\/(\w+)$/.exec(url.pathname);
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = `cs_test_${++sessionCount}`;
        return send(200, { id, object: 'checkout.session', mode: 'subscription', status: 'open', payment_status: 'unpaid', url: `https://checkout.stripe.test/c/pay/${id}` });
      }
      if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        const form = new URLSearchParams(body);
        return send(200, { id: 'bps_test_1', object: 'billing_portal.session', customer: form.get('customer'), return_url: form.get('return_url'), url: 'https://billing.stripe.test/p/session/bps_test_1' });
      }
      if (request.method === 'DELETE' && subscription) {
        return send(200, { id: subscription[1], object: 'subscription', status: 'canceled', cancel_at_period_end: false, cancel_at: null });
      }
      if (request.method === 'GET' && subscription) {
        const period = periods.get(subscription[1]!);
        if (!period) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' } });
        return send(200, {
          id: subscription[1],
          object: 'subscription',
          status: 'active',
          cancel_at_period_end: false,
          cancel_at: null,
          items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', current_period_start: period.start, current_period_end: period.end }] },
        });
      }
      return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
};

// ---------------------------------------------------------------------------------------------
// Two servers on one database: one without payment keys, one with them.
// ---------------------------------------------------------------------------------------------
let database: TestDatabase;
let runtime: Runtime;
let app: NestFastifyApplication;
let unconfiguredRuntime: Runtime;
let unconfigured: NestFastifyApplication;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

const inject = (target: NestFastifyApplication, options: InjectOptions) => target.getHttpAdapter().getInstance().inject(options);
const post = async (target: NestFastifyApplication, url: string, actor?: string) => {
  const response = await inject(target, { method: 'POST', url, headers: actor ? { authorization: `Bearer ${tokens[actor]}` } : {} });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
};

let eventCount = 0;
const providerEvent = (type: string, object: object, id = `evt_test_${++eventCount}`): string =>
  JSON.stringify({ id, object: 'event', api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } });
const deliver = async (payload: string, signature = signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }), target = app) => {
  const response = await inject(target, { method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, payload });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
};

const now = () => Math.floor(Date.now() / 1000);
const checkoutCompleted = (actor: string, subscriptionId: string, customerId: string) => ({
  id: `cs_test_paid_${actor}`,
  object: 'checkout.session',
  mode: 'subscription',
  status: 'complete',
  payment_status: 'paid',
  amount_total: 3000,
  currency: 'gbp',
  customer: customerId,
  subscription: subscriptionId,
  invoice: `in_first_${actor}`,
  client_reference_id: ids[actor],
  metadata: { user_id: ids[actor] },
});

interface SubscriptionRow {
  state: string;
  end_date: Date;
  start_date: Date;
  cancel_at_period_end: boolean;
  stripe_customer_id: string | null;
}
const rowOf = async (actor: string): Promise<SubscriptionRow | undefined> =>
  (await runtime.dataSource.query<SubscriptionRow[]>(`SELECT state, start_date, end_date, cancel_at_period_end, stripe_customer_id FROM subscriptions WHERE user_id = $1`, [ids[actor]]))[0];
const streamLength = async (actor: string): Promise<number> => (await runtime.eventStore.readStream(subscriptionStreamId(ids[actor]!))).length;
const waitForState = (actor: string, state: string) => waitUntil(`${actor}'s subscription is ${state}`, async () => (await rowOf(actor))?.state === state);

async function addUser(actor: string, type: 'crew' | 'skipper' | 'both' | 'admin'): Promise<void> {
  const rows: { id: string }[] = await runtime.dataSource.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, user_type, is_admin, email_verified) VALUES ($1, 'x', 'Pay', 'Test', $2, $3, true) RETURNING id`,
    [`${actor}@payments.test`, type, type === 'admin'],
  );
  ids[actor] = rows[0]!.id;
  tokens[actor] = runtime.tokens.sign(rows[0]!.id, 0);
}

/** Activates a member's subscription through a signed checkout.session.completed, as the provider would. */
async function activate(actor: string, start = now(), end = now() + 365 * DAY): Promise<void> {
  periods.set(`sub_${actor}`, { start, end });
  const delivered = await deliver(providerEvent('checkout.session.completed', checkoutCompleted(actor, `sub_${actor}`, `cus_${actor}`)));
  expect(delivered).toEqual({ status: 200, body: { received: true } });
  await waitUntil(`${actor}'s subscription is projected`, async () => (await rowOf(actor))?.stripe_customer_id === `cus_${actor}`);
}

beforeAll(async () => {
  await startProvider();
  database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crew-payments-'));
  const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PUBLIC_URL: 'https://crew.example' } as const;
  runtime = await createRuntime(loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_payments_spec', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: providerUrl }), database.url, quiet);
  runtime.startProjectors();
  app = await createHttpApp(runtime, { logger: false });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  unconfiguredRuntime = await createRuntime(loadConfig(base), database.url, quiet);
  unconfigured = await createHttpApp(unconfiguredRuntime, { logger: false });
  await unconfigured.init();
  await unconfigured.getHttpAdapter().getInstance().ready();
  for (const [actor, type] of [
    ['crew', 'crew'],
    ['both', 'both'],
    ['renewer', 'crew'],
    ['failing', 'crew'],
    ['leaver', 'crew'],
    ['refunded', 'crew'],
    ['skipper', 'skipper'],
    ['admin', 'admin'],
  ] as const) {
    await addUser(actor, type);
  }
}, 60_000);

afterAll(async () => {
  await unconfigured?.close();
  await unconfiguredRuntime?.close();
  await app?.close();
  await runtime?.close();
  await database?.drop();
  await new Promise((resolve) => provider?.close(resolve));
});

describe('without provider keys', () => {
  it('says card payments are not configured, at checkout, portal and webhook', async () => {
    expect(unconfiguredRuntime.payments).toBeNull();
    expect(runtime.payments).not.toBeNull();
    expect(await post(unconfigured, '/api/subscription/checkout', 'crew')).toEqual({
      status: 503,
      body: { error: 'Card payments are not configured on this server', code: 'PAYMENTS_NOT_CONFIGURED' },
    });
    expect((await post(unconfigured, '/api/subscription/portal', 'crew')).status).toBe(503);
    const payload = providerEvent('checkout.session.completed', checkoutCompleted('crew', 'sub_crew', 'cus_crew'));
    expect(await deliver(payload, undefined, unconfigured)).toMatchObject({ status: 503, body: { code: 'PAYMENTS_NOT_CONFIGURED' } });
    expect(calls).toEqual([]);
  });
});

describe('checkout', () => {
  it('opens a GBP checkout at the configured price for the member, and records that it started', async () => {
    await runtime.dataSource.query(
      `INSERT INTO platform_config (key, value, description, updated_at) VALUES ('subscription_price_gbp', '24.5', 'price', now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    );
    const answered = await post(app, '/api/subscription/checkout', 'crew');
    expect(answered).toEqual({ status: 200, body: { checkout_url: 'https://checkout.stripe.test/c/pay/cs_test_1' } });
    const [call] = calls.filter((c) => c.path === '/v1/checkout/sessions');
    expect(call).toBeDefined();
    const form = call!.form;
    expect(Object.fromEntries(form)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][price_data][unit_amount]': '2450',
      'line_items[0][price_data][recurring][interval]': 'year',
      'line_items[0][quantity]': '1',
      client_reference_id: ids['crew'],
      'metadata[user_id]': ids['crew'],
      'subscription_data[metadata][user_id]': ids['crew'],
      success_url: 'https://crew.example/subscription?checkout=success',
      cancel_url: 'https://crew.example/subscription?checkout=cancelled',
    });
    expect(form.has('customer')).toBe(false);
    const events = await runtime.eventStore.readStream(subscriptionStreamId(ids['crew']!));
    expect(events.map((e) => [e.type, e.data])).toEqual([['SubscriptionCheckoutStarted', { checkoutSessionId: 'cs_test_1', priceGbp: 24.5, currency: 'GBP' }]]);
    // Nothing is active from the checkout alone.
    expect(await rowOf('crew')).toBeUndefined();
  });

  it('refuses skipper and administrator accounts, and guests', async () => {
    const before = calls.length;
    for (const actor of ['skipper', 'admin']) {
      expect(await post(app, '/api/subscription/checkout', actor)).toEqual({
        status: 403,
        body: { error: 'Skipper and administrator accounts never need a subscription', code: 'NOT_CREW' },
      });
    }
    expect((await post(app, '/api/subscription/checkout')).status).toBe(401);
    expect(calls.length).toBe(before);
  });
});

describe('the webhook', () => {
  it('activates on a signed checkout.session.completed, for a year from the paid period', async () => {
    const start = now();
    await activate('crew', start, start + 365 * DAY);
    const row = await rowOf('crew');
    expect(row).toMatchObject({ state: 'active', cancel_at_period_end: false, stripe_customer_id: 'cus_crew' });
    expect(row!.start_date.getTime()).toBe(start * 1000);
    expect(row!.end_date.getTime()).toBe((start + 365 * DAY) * 1000);
    const events = await runtime.eventStore.readStream(subscriptionStreamId(ids['crew']!));
    expect(events.at(-1)).toMatchObject({ type: 'SubscriptionActivated', data: { amountPaid: 3000, currency: 'GBP', providerSubscriptionId: 'sub_crew' } });
    expect(calls.some((c) => c.method === 'GET' && c.path === '/v1/subscriptions/sub_crew')).toBe(true);
  });

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    periods.set('sub_both', { start: now(), end: now() + 365 * DAY });
    const payload = providerEvent('checkout.session.completed', checkoutCompleted('both', 'sub_both', 'cus_both'));
    const forged = signer.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect(await deliver(payload, forged)).toEqual({ status: 400, body: { error: expect.any(String), code: 'INVALID_SIGNATURE' } });
    const unsigned = await inject(app, { method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json' }, payload });
    expect([unsigned.statusCode, unsigned.json().code]).toEqual([400, 'INVALID_SIGNATURE']);
    // The signed bytes changed (same JSON, other spacing): the signature no longer matches.
    const reformatted = await deliver(JSON.stringify(JSON.parse(payload), null, 2), signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
    expect(reformatted.status).toBe(400);
    expect(await streamLength('both')).toBe(0);
    expect(await rowOf('both')).toBeUndefined();
  });

  it('refuses a body larger than any event with 413', async () => {
    const payload = JSON.stringify({ id: 'evt_huge', padding: 'x'.repeat(1_100_000) });
    const response = await deliver(payload);
    expect(response).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('changes nothing when the same event is delivered again', async () => {
    await activate('both');
    const payload = providerEvent('checkout.session.completed', checkoutCompleted('both', 'sub_both', 'cus_both'));
    expect((await deliver(payload)).status).toBe(200);
    const length = await streamLength('both');
    const retrievals = calls.length;
    expect(await deliver(payload)).toEqual({ status: 200, body: { received: true } });
    expect(await deliver(payload)).toEqual({ status: 200, body: { received: true } });
    expect(await streamLength('both')).toBe(length);
    expect(calls.length).toBe(retrievals);
  });

  it('extends by a year on a paid renewal invoice, once even when announced twice', async () => {
    const start = now() - 300 * DAY;
    await activate('renewer', start, start + 365 * DAY);
    const invoice = {
      id: 'in_renewal_1',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      customer: 'cus_renewer',
      amount_paid: 3000,
      currency: 'gbp',
      status: 'paid',
      metadata: {},
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: 'sub_renewer', metadata: { user_id: ids['renewer'] } } },
      lines: { object: 'list', data: [{ id: 'il_1', object: 'line_item', period: { start: start + 365 * DAY, end: start + 730 * DAY } }] },
    };
    const before = await streamLength('renewer');
    expect((await deliver(providerEvent('invoice.paid', invoice))).status).toBe(200);
    expect((await deliver(providerEvent('invoice.payment_succeeded', invoice))).status).toBe(200);
    await waitUntil('the renewal is projected', async () => (await rowOf('renewer'))?.end_date.getTime() === (start + 730 * DAY) * 1000);
    expect(await streamLength('renewer')).toBe(before + 1);
    expect((await rowOf('renewer'))?.state).toBe('active');
    // The first invoice belongs to the checkout: not a renewal.
    const first = { ...invoice, id: 'in_first', billing_reason: 'subscription_create' };
    expect((await deliver(providerEvent('invoice.paid', first))).status).toBe(200);
    expect(await streamLength('renewer')).toBe(before + 1);
  });

  it('records a failed payment, and access ends when the paid year is over', async () => {
    const start = now() - 365 * DAY;
    // The paid year ends in a few seconds: the failed renewal leaves nothing after it.
    await activate('failing', start, now() + 2);
    const failed = { id: 'in_failed_1', object: 'invoice', billing_reason: 'subscription_cycle', customer: 'cus_failing', amount_paid: 0, currency: 'gbp', metadata: {}, parent: null, lines: { object: 'list', data: [] } };
    // No user id on this one: the member is found by their billing account.
    expect((await deliver(providerEvent('invoice.payment_failed', failed))).status).toBe(200);
    await waitForState('failing', 'payment_failed');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const expired = await runtime.repository.execute(
      Subscription,
      subscriptionStreamId(ids['failing']!),
      { type: 'ExpireIfDue' },
      { userId: null, correlationId: 'expiry-clock' },
    );
    expect(expired.appended).toBe(1);
    await waitForState('failing', 'expired');
  });

  it('marks a cancellation at the end of the paid year, and ends when the provider ends it', async () => {
    await activate('leaver');
    const end = now() + 365 * DAY;
    const subscription = (fields: object) => ({
      id: 'sub_leaver',
      object: 'subscription',
      customer: 'cus_leaver',
      status: 'active',
      metadata: { user_id: ids['leaver'] },
      cancel_at: null,
      cancel_at_period_end: false,
      items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', current_period_start: now(), current_period_end: end }] },
      ...fields,
    });
    expect((await deliver(providerEvent('customer.subscription.updated', subscription({ cancel_at_period_end: true })))).status).toBe(200);
    await waitForState('leaver', 'cancelling');
    expect((await rowOf('leaver'))?.cancel_at_period_end).toBe(true);
    expect((await deliver(providerEvent('customer.subscription.deleted', subscription({ status: 'canceled' })))).status).toBe(200);
    await waitForState('leaver', 'expired');
  });

  it('acknowledges events it does not act on, and events about nobody it knows', async () => {
    const lengths = await Promise.all(['crew', 'both'].map(streamLength));
    expect(await deliver(providerEvent('customer.created', { id: 'cus_new', object: 'customer' }))).toEqual({ status: 200, body: { received: true } });
    const stranger = { ...checkoutCompleted('crew', 'sub_stranger', 'cus_stranger'), client_reference_id: null, metadata: { user_id: '00000000-0000-4000-8000-000000000000' } };
    periods.set('sub_stranger', { start: now(), end: now() + 365 * DAY });
    expect(await deliver(providerEvent('checkout.session.completed', stranger))).toEqual({ status: 200, body: { received: true } });
    expect(await Promise.all(['crew', 'both'].map(streamLength))).toEqual(lengths);
  });

  it('refuses a signed event whose values are not what the provider promises', async () => {
    const broken = { ...checkoutCompleted('skipper', 'sub_broken', 'cus_broken'), amount_total: 12.5 };
    expect(await deliver(providerEvent('checkout.session.completed', broken))).toMatchObject({ status: 400, body: { code: 'INVALID_EVENT' } });
    periods.set('sub_badperiod', { start: now(), end: Number.NaN });
    const badPeriod = checkoutCompleted('skipper', 'sub_badperiod', 'cus_badperiod');
    expect(await deliver(providerEvent('checkout.session.completed', badPeriod))).toMatchObject({ status: 400, body: { code: 'INVALID_EVENT' } });
    expect(await streamLength('skipper')).toBe(0);
  });
});

describe('checkout once subscribed, and the billing portal', () => {
  it('refuses a second checkout while the subscription is active', async () => {
    const before = calls.length;
    expect(await post(app, '/api/subscription/checkout', 'crew')).toMatchObject({ status: 409, body: { code: 'ALREADY_SUBSCRIBED' } });
    expect(calls.length).toBe(before);
  });

  it('opens the portal for a member with a billing account, 404 without one', async () => {
    expect(await post(app, '/api/subscription/portal', 'crew')).toEqual({ status: 200, body: { portal_url: 'https://billing.stripe.test/p/session/bps_test_1' } });
    const call = calls.filter((c) => c.path === '/v1/billing_portal/sessions').at(-1);
    expect(Object.fromEntries(call!.form)).toEqual({ customer: 'cus_crew', return_url: 'https://crew.example/subscription' });
    expect(await post(app, '/api/subscription/portal', 'skipper')).toMatchObject({ status: 404, body: { code: 'NO_BILLING_ACCOUNT' } });
  });

  it('reuses the billing account when a lapsed member subscribes again', async () => {
    const answered = await post(app, '/api/subscription/checkout', 'failing');
    expect(answered.status).toBe(200);
    const call = calls.filter((c) => c.path === '/v1/checkout/sessions').at(-1);
    expect(call!.form.get('customer')).toBe('cus_failing');
  });

  it("stops the card subscription at the provider when an administrator revokes a paid one", async () => {
    periods.set('sub_refunded', { start: now(), end: now() + 365 * 86_400 });
    expect((await deliver(providerEvent('checkout.session.completed', checkoutCompleted('refunded', 'sub_refunded', 'cus_refunded')))).status).toBe(200);
    await waitForState('refunded', 'active');
    const revoke = await inject(app, {
      method: 'POST',
      url: `/api/admin/users/${ids['refunded']}/subscription`,
      headers: { authorization: `Bearer ${tokens['admin']}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ action: 'revoke', reason: 'Refunded on request' }),
    });
    expect(revoke.statusCode).toBe(200);
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/v1/subscriptions/sub_refunded')).toBe(true);
    await waitForState('refunded', 'revoked');
    // The provider's own notice of the end that follows changes nothing more.
    expect((await deliver(providerEvent('customer.subscription.deleted', { id: 'sub_refunded', object: 'subscription', status: 'canceled', customer: 'cus_refunded', metadata: { user_id: ids['refunded'] } }))).status).toBe(200);
    await waitForState('refunded', 'revoked');
  });
});
