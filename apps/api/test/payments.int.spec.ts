import { PAYMENT_GATEWAY, type PaymentGateway } from '../src/modules/subscriptions/payments/payment-gateway';
import { Subscription, subscriptionStreamId } from '@crew/domain';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { Application } from '../src/application';
import type { TestDatabase } from './support/database';
import { waitUntil } from './support/smtp-server';
import { addUser, startTestApp, tempDataDir, type TestApp } from './support/harness';

/**
 * Card payments over HTTP, never reaching the real provider: a local
 * stand-in answers the Stripe API calls the server makes, and webhook
 * deliveries are signed with the provider library's own test signer.
 */
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
  readonly query: URLSearchParams;
  readonly idempotencyKey: string | undefined;
}
const calls: ProviderCall[] = [];
/** Paid periods of the subscriptions the stand-in knows, in unix seconds. */
const periods = new Map<string, { start: number; end: number }>();
/** The checkout sessions the stand-in opened: whose, and where each stands. */
const sessions = new Map<string, { userId: string | null; status: 'open' | 'complete' | 'expired' }>();
let provider: Server;
let providerUrl: string;
let sessionCount = 0;
let refundCount = 0;

const startProvider = async (): Promise<void> => {
  provider = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const key = request.headers['idempotency-key'];
      calls.push({
        method: request.method ?? '',
        path: url.pathname,
        form: new URLSearchParams(body),
        query: url.searchParams,
        idempotencyKey: typeof key === 'string' ? key : undefined,
      });
      const send = (status: number, payload: object) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${calls.length}` });
        response.end(JSON.stringify(payload));
      };
      const subscription = /^\/v1\/subscriptions\/(\w+)$/.exec(url.pathname);
      const session = /^\/v1\/checkout\/sessions\/(\w+)(\/expire)?$/.exec(url.pathname);
      const sessionObject = (id: string) => ({
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: sessions.get(id)?.status ?? 'open',
        payment_status: sessions.get(id)?.status === 'complete' ? 'paid' : 'unpaid',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        // Stripe's default: a day after it opened.
        expires_at: Math.floor(Date.now() / 1000) + 86_400,
      });
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = `cs_test_${++sessionCount}`;
        sessions.set(id, { userId: new URLSearchParams(body).get('client_reference_id'), status: 'open' });
        return send(200, sessionObject(id));
      }
      if (session && sessions.has(session[1]!)) {
        const known = sessions.get(session[1]!)!;
        if (request.method === 'GET' && !session[2]) return send(200, sessionObject(session[1]!));
        if (request.method === 'POST' && session[2]) {
          if (known.status !== 'open') {
            return send(400, { error: { type: 'invalid_request_error', message: 'Only Checkout Sessions with a status in ["open"] can be expired.' } });
          }
          known.status = 'expired';
          return send(200, sessionObject(session[1]!));
        }
      }
      if (request.method === 'GET' && url.pathname === '/v1/invoice_payments') {
        const invoice = url.searchParams.get('invoice');
        const data = [
          {
            id: `inpay_${invoice}`,
            object: 'invoice_payment',
            amount_paid: 3000,
            amount_requested: 3000,
            currency: 'gbp',
            invoice,
            is_default: true,
            status: 'paid',
            payment: { type: 'payment_intent', payment_intent: `pi_${invoice}` },
          },
        ];
        return send(200, { object: 'list', data, has_more: false, url: '/v1/invoice_payments' });
      }
      if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        const form = new URLSearchParams(body);
        return send(200, {
          id: `re_test_${++refundCount}`,
          object: 'refund',
          amount: Number(form.get('amount') ?? 3000),
          currency: 'gbp',
          payment_intent: form.get('payment_intent'),
          reason: form.get('reason'),
          status: 'succeeded',
        });
      }
      if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        const form = new URLSearchParams(body);
        return send(200, {
          id: 'bps_test_1',
          object: 'billing_portal.session',
          customer: form.get('customer'),
          return_url: form.get('return_url'),
          url: 'https://billing.stripe.test/p/session/bps_test_1',
        });
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
let configuredApp: TestApp | undefined;
let unconfiguredApp: TestApp | undefined;
let runtime: Application;
let app: NestFastifyApplication;
let unconfiguredRuntime: Application;
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
  JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
const deliver = async (payload: string, signature = signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }), target = app) => {
  const response = await inject(target, {
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
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
  (
    await runtime.dataSource.query<SubscriptionRow[]>(`SELECT state, start_date, end_date, cancel_at_period_end, stripe_customer_id FROM subscriptions WHERE user_id = $1`, [
      ids[actor],
    ])
  )[0];
const streamLength = async (actor: string): Promise<number> => (await runtime.eventStore.readStream(subscriptionStreamId(ids[actor]!))).length;
const waitForState = (actor: string, state: string) => waitUntil(`${actor}'s subscription is ${state}`, async () => (await rowOf(actor))?.state === state);

async function addActor(actor: string, type: 'crew' | 'skipper' | 'both' | 'admin'): Promise<void> {
  ({ id: ids[actor], token: tokens[actor] } = await addUser(runtime, { email: `${actor}@payments.test`, firstName: 'Pay', lastName: 'Test', type }));
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
  const base = { DATA_DIR: tempDataDir('crew-payments-'), PUBLIC_URL: 'https://crew.example' };
  configuredApp = await startTestApp({ env: { ...base, STRIPE_SECRET_KEY: 'sk_test_payments_spec', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: providerUrl } });
  ({ database, runtime, app } = configuredApp);
  unconfiguredApp = await startTestApp({ database, env: base, projectors: false });
  ({ runtime: unconfiguredRuntime, app: unconfigured } = unconfiguredApp);
  for (const [actor, type] of [
    ['crew', 'crew'],
    ['both', 'both'],
    ['renewer', 'crew'],
    ['failing', 'crew'],
    ['leaver', 'crew'],
    ['refunded', 'crew'],
    ['twotabs', 'crew'],
    ['racer', 'crew'],
    ['repriced', 'crew'],
    ['doubled', 'crew'],
    ['together', 'crew'],
    ['redelivered', 'crew'],
    ['paying', 'crew'],
    ['skipper', 'skipper'],
    ['admin', 'admin'],
  ] as const) {
    await addActor(actor, type);
  }
}, 60_000);

afterAll(async () => {
  await unconfiguredApp?.close();
  await configuredApp?.close();
  await new Promise((resolve) => provider?.close(resolve));
});

describe('without provider keys', () => {
  it('says card payments are not configured, at checkout, portal and webhook', async () => {
    expect(unconfiguredRuntime.get<PaymentGateway | null>(PAYMENT_GATEWAY)).toBeNull();
    expect(runtime.get<PaymentGateway | null>(PAYMENT_GATEWAY)).not.toBeNull();
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
    expect(events.map((e) => [e.type, e.data])).toEqual([
      [
        'SubscriptionCheckoutStarted',
        { checkoutSessionId: 'cs_test_1', priceGbp: 24.5, currency: 'GBP', checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_test_1', expiresAt: expect.any(String) },
      ],
    ]);
    // The provider's expiry (a day) is kept, so that a second checkout meanwhile answers this one.
    expect(Date.parse(String(events[0]!.data['expiresAt'])) - Date.now()).toBeGreaterThan(23 * 3_600_000);
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
    const failed = {
      id: 'in_failed_1',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      customer: 'cus_failing',
      amount_paid: 0,
      currency: 'gbp',
      metadata: {},
      parent: null,
      lines: { object: 'list', data: [] },
    };
    // No user id on this one: the member is found by their billing account.
    expect((await deliver(providerEvent('invoice.payment_failed', failed))).status).toBe(200);
    await waitForState('failing', 'payment_failed');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const expired = await runtime.repository.execute(Subscription, subscriptionStreamId(ids['failing']!), { type: 'ExpireIfDue' }, { userId: null, correlationId: 'expiry-clock' });
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

  it('stops the card subscription at the provider when an administrator revokes a paid one', async () => {
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
    expect(
      (
        await deliver(
          providerEvent('customer.subscription.deleted', {
            id: 'sub_refunded',
            object: 'subscription',
            status: 'canceled',
            customer: 'cus_refunded',
            metadata: { user_id: ids['refunded'] },
          }),
        )
      ).status,
    ).toBe(200);
    await waitForState('refunded', 'revoked');
  });
});

// ---------------------------------------------------------------------------------------------
// Two tabs, two checkouts: one provider session, one activation, never two charges kept.
// ---------------------------------------------------------------------------------------------
const sessionsCreatedFor = (actor: string) => [...sessions.values()].filter((session) => session.userId === ids[actor]);
const typesOf = async (actor: string) => (await runtime.eventStore.readStream(subscriptionStreamId(ids[actor]!))).map((e) => e.type);
/** The provider's checkout.session.completed for one session of the member, which made its own subscription. */
const completedSession = (actor: string, sessionId: string, subscriptionId: string) => {
  periods.set(subscriptionId, { start: now(), end: now() + 365 * DAY });
  return { ...checkoutCompleted(actor, subscriptionId, `cus_${actor}`), id: sessionId, invoice: `in_${sessionId}` };
};

describe('two checkouts for one member', () => {
  it('answers a second checkout with the open one: the same page, one provider session', async () => {
    const first = await post(app, '/api/subscription/checkout', 'twotabs');
    const second = await post(app, '/api/subscription/checkout', 'twotabs');
    expect(first.status).toBe(200);
    expect(second).toEqual(first);
    expect(sessionsCreatedFor('twotabs')).toHaveLength(1);
    expect(await typesOf('twotabs')).toEqual(['SubscriptionCheckoutStarted']);
  });

  it('leaves one session to pay when two checkouts are asked for at the same moment', async () => {
    const [first, second] = await Promise.all([post(app, '/api/subscription/checkout', 'racer'), post(app, '/api/subscription/checkout', 'racer')]);
    expect(first!.status).toBe(200);
    expect(second).toEqual(first);
    // The loser's session, if the provider opened one, is expired there: it can never be paid.
    expect(sessionsCreatedFor('racer').filter((session) => session.status === 'open')).toHaveLength(1);
    expect(await typesOf('racer')).toEqual(['SubscriptionCheckoutStarted']);
  });

  it('replaces an open checkout at an old price, expiring it at the provider first', async () => {
    const [{ value }] = await runtime.dataSource.query<{ value: unknown }[]>(`SELECT value FROM platform_config WHERE key = 'subscription_price_gbp'`);
    const first = await post(app, '/api/subscription/checkout', 'repriced');
    await runtime.dataSource.query(`UPDATE platform_config SET value = '26' WHERE key = 'subscription_price_gbp'`);
    try {
      const second = await post(app, '/api/subscription/checkout', 'repriced');
      expect(second.status).toBe(200);
      expect(second.body['checkout_url']).not.toBe(first.body['checkout_url']);
      expect(sessionsCreatedFor('repriced').map((session) => session.status)).toEqual(['expired', 'open']);
    } finally {
      await runtime.dataSource.query(`UPDATE platform_config SET value = $1 WHERE key = 'subscription_price_gbp'`, [JSON.stringify(value)]);
    }
  });

  it('says the payment is being confirmed when the open checkout it would replace was paid meanwhile', async () => {
    const [{ value }] = await runtime.dataSource.query<{ value: unknown }[]>(`SELECT value FROM platform_config WHERE key = 'subscription_price_gbp'`);
    expect((await post(app, '/api/subscription/checkout', 'paying')).status).toBe(200);
    const [paid] = [...sessions.values()].filter((session) => session.userId === ids['paying']);
    // Paid at the provider, its webhook not here yet; then the price changes.
    paid!.status = 'complete';
    await runtime.dataSource.query(`UPDATE platform_config SET value = '26' WHERE key = 'subscription_price_gbp'`);
    try {
      expect(await post(app, '/api/subscription/checkout', 'paying')).toEqual({
        status: 409,
        body: { error: 'Your payment is being confirmed: your subscription starts as soon as the payment provider confirms it', code: 'CHECKOUT_COMPLETED' },
      });
      expect(sessionsCreatedFor('paying')).toHaveLength(1);
    } finally {
      await runtime.dataSource.query(`UPDATE platform_config SET value = $1 WHERE key = 'subscription_price_gbp'`, [JSON.stringify(value)]);
    }
  });

  it('records one activation for two paid checkouts; the extra subscription is cancelled and refunded at the provider, and recorded', async () => {
    const before = calls.length;
    expect((await deliver(providerEvent('checkout.session.completed', completedSession('doubled', 'cs_doubled_a', 'sub_doubled_a')))).status).toBe(200);
    expect((await deliver(providerEvent('checkout.session.completed', completedSession('doubled', 'cs_doubled_b', 'sub_doubled_b')))).status).toBe(200);
    const events = await runtime.eventStore.readStream(subscriptionStreamId(ids['doubled']!));
    expect(events.map((e) => e.type)).toEqual(['SubscriptionActivated', 'SubscriptionDuplicateRefunded']);
    expect(events[1]!.data).toEqual({
      providerEventId: expect.any(String),
      checkoutSessionId: 'cs_doubled_b',
      invoiceId: 'in_cs_doubled_b',
      providerSubscriptionId: 'sub_doubled_b',
      keptSubscriptionId: 'sub_doubled_a',
      amountPaid: 3000,
      amountRefunded: 3000,
      currency: 'GBP',
      refundId: expect.stringMatching(/^re_test_/),
    });
    const made = calls.slice(before);
    // The extra subscription never renews, and its payment goes back as a duplicate; the first is untouched.
    expect(made.some((c) => c.method === 'DELETE' && c.path === '/v1/subscriptions/sub_doubled_b')).toBe(true);
    expect(made.some((c) => c.method === 'DELETE' && c.path === '/v1/subscriptions/sub_doubled_a')).toBe(false);
    const refunds = made.filter((c) => c.method === 'POST' && c.path === '/v1/refunds');
    expect(refunds.map((c) => [c.form.get('payment_intent'), c.form.get('amount'), c.form.get('reason'), c.idempotencyKey])).toEqual([
      ['pi_in_cs_doubled_b', '3000', 'duplicate', 'duplicate-refund-in_cs_doubled_b'],
    ]);
    await waitForState('doubled', 'active');
    expect(
      (await runtime.dataSource.query<{ provider_subscription_id: string }[]>(`SELECT provider_subscription_id FROM subscriptions WHERE user_id = $1`, [ids['doubled']]))[0],
    ).toEqual({
      provider_subscription_id: 'sub_doubled_a',
    });
    // The provider's own notice that the extra one ended leaves the kept one running.
    const ended = { id: 'sub_doubled_b', object: 'subscription', status: 'canceled', customer: 'cus_doubled', metadata: { user_id: ids['doubled'] } };
    expect((await deliver(providerEvent('customer.subscription.deleted', ended))).status).toBe(200);
    expect(await typesOf('doubled')).toEqual(['SubscriptionActivated', 'SubscriptionDuplicateRefunded']);
    // Delivered again under another event id: nothing more is refunded or recorded.
    const refundsSoFar = calls.filter((c) => c.path === '/v1/refunds').length;
    expect((await deliver(providerEvent('checkout.session.completed', completedSession('doubled', 'cs_doubled_b', 'sub_doubled_b')))).status).toBe(200);
    expect(calls.filter((c) => c.path === '/v1/refunds').length).toBe(refundsSoFar);
    expect(await typesOf('doubled')).toHaveLength(2);
  });

  it('records one activation when both paid checkouts are announced at the same moment', async () => {
    const deliveries = await Promise.all([
      deliver(providerEvent('checkout.session.completed', completedSession('together', 'cs_together_a', 'sub_together_a'))),
      deliver(providerEvent('checkout.session.completed', completedSession('together', 'cs_together_b', 'sub_together_b'))),
    ]);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200]);
    const types = await typesOf('together');
    expect(types.filter((type) => type === 'SubscriptionActivated')).toHaveLength(1);
    expect(types.filter((type) => type === 'SubscriptionDuplicateRefunded')).toHaveLength(1);
    const cancelled = calls.filter((c) => c.method === 'DELETE' && /sub_together_/.test(c.path));
    expect(cancelled).toHaveLength(1);
  });

  it('records one activation for the same checkout completed under two event ids', async () => {
    const session = completedSession('redelivered', 'cs_redelivered', 'sub_redelivered');
    expect((await deliver(providerEvent('checkout.session.completed', session))).status).toBe(200);
    expect((await deliver(providerEvent('checkout.session.completed', session))).status).toBe(200);
    expect(await typesOf('redelivered')).toEqual(['SubscriptionActivated']);
    expect(calls.some((c) => c.path === '/v1/refunds' && c.form.get('payment_intent') === 'pi_in_cs_redelivered')).toBe(false);
  });
});
