/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import Stripe from 'stripe';
import { startApp, type RunningApp } from './support/app-server';
import { launchBrowser, screenshot } from './support/browser';
import { adminSession, apiCall, registerVerified, visitor, type NewUser } from './support/journey';

/*
 * A crew member inside the rollout and past the trial is refused on apply,
 * goes to /subscription, pays through the card provider and can then apply.
 * The provider is a stand-in in this process: it answers the API calls the
 * server makes, and its "hosted checkout page" sends the signed webhook and
 * redirects to the success URL, as the real one does after a payment.
 */

jest.setTimeout(180_000);

const WEBHOOK_SECRET = 'whsec_e2e_stand_in_secret';
const DAY_S = 86_400;

interface StandIn {
  readonly url: string;
  readonly sessions: Map<string, { success_url: string; cancel_url: string; user: string; amount: string }>;
  close(): Promise<void>;
}

/** Reads a form-encoded body (the stripe library sends its parameters so). */
const formOf = (request: http.IncomingMessage): Promise<URLSearchParams> =>
  new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(new URLSearchParams(body)));
  });

function startStandIn(appUrl: () => string): Promise<StandIn> {
  const sessions: StandIn['sessions'] = new Map();
  const now = Math.floor(Date.now() / 1000);
  const subscription = (id: string, user: string) => ({
    id,
    object: 'subscription',
    customer: 'cus_e2e',
    status: 'active',
    cancel_at_period_end: false,
    current_period_start: now,
    current_period_end: now + 365 * DAY_S,
    metadata: { user_id: user },
    items: { object: 'list', data: [{ id: 'si_e2e', object: 'subscription_item', current_period_start: now, current_period_end: now + 365 * DAY_S }] },
  });
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    void (async () => {
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = await formOf(request);
        const id = `cs_e2e_${sessions.size + 1}`;
        const user = form.get('client_reference_id') ?? form.get('metadata[user_id]') ?? '';
        sessions.set(id, {
          success_url: form.get('success_url') ?? '',
          cancel_url: form.get('cancel_url') ?? '',
          user,
          amount: form.get('line_items[0][price_data][unit_amount]') ?? '',
        });
        // Stripe's default: a session stays open for 24 hours.
        return json(200, { id, object: 'checkout.session', url: `${standIn.url}/hosted/${id}`, status: 'open', expires_at: Math.floor(Date.now() / 1000) + DAY_S });
      }
      if (request.method === 'GET' && url.pathname.startsWith('/v1/checkout/sessions/')) {
        const id = url.pathname.split('/').pop() ?? '';
        if (!sessions.has(id)) return json(404, { error: { message: 'No such session' } });
        return json(200, { id, object: 'checkout.session', url: `${standIn.url}/hosted/${id}`, status: 'open', expires_at: Math.floor(Date.now() / 1000) + DAY_S });
      }
      if (request.method === 'POST' && /^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(url.pathname)) {
        const id = url.pathname.split('/')[4] ?? '';
        return json(200, { id, object: 'checkout.session', status: 'expired', expires_at: Math.floor(Date.now() / 1000) });
      }
      if (request.method === 'GET' && url.pathname.startsWith('/v1/subscriptions/')) {
        const id = url.pathname.split('/').pop() ?? '';
        const session = [...sessions.values()][0];
        return json(200, subscription(id, session?.user ?? ''));
      }
      if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        return json(200, { id: 'bps_e2e', object: 'billing_portal.session', url: `${standIn.url}/portal` });
      }
      if (request.method === 'GET' && url.pathname.startsWith('/hosted/')) {
        // The member "pays": the provider tells the server (signed), then sends the browser back.
        const id = url.pathname.split('/').pop() ?? '';
        const session = sessions.get(id);
        if (!session) return json(404, { error: { message: 'No such session' } });
        const event = {
          id: `evt_e2e_${id}`,
          object: 'event',
          type: 'checkout.session.completed',
          created: Math.floor(Date.now() / 1000),
          data: {
            object: {
              id,
              object: 'checkout.session',
              mode: 'subscription',
              status: 'complete',
              payment_status: 'paid',
              client_reference_id: session.user,
              metadata: { user_id: session.user },
              customer: 'cus_e2e',
              subscription: 'sub_e2e',
              amount_total: Number(session.amount),
              currency: 'gbp',
            },
          },
        };
        const payload = JSON.stringify(event);
        const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
        const delivered = await fetch(`${appUrl()}/api/payments/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        });
        if (!delivered.ok) return json(500, { error: { message: `webhook answered ${delivered.status}` } });
        response.writeHead(302, { location: session.success_url });
        return response.end();
      }
      json(404, { error: { message: `stand-in has no ${request.method} ${url.pathname}` } });
    })();
  });
  const standIn: StandIn = {
    url: '',
    sessions,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      (standIn as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve(standIn);
    }),
  );
}

let app: RunningApp;
let browser: Browser;
let standIn: StandIn;
let adminToken = '';
const crew: NewUser = { first_name: 'Dee', last_name: 'Caffari', email: 'dee@subscribe-e2e.test', password: 'aviva-round-1', user_type: 'crew' };
const skipper: NewUser = { first_name: 'Chay', last_name: 'Blyth', email: 'chay@subscribe-e2e.test', password: 'british-steel-1', user_type: 'skipper' };
let crewToken = '';
let voyageId = '';
const TITLE = 'Solent to Cherbourg';

beforeAll(async () => {
  standIn = await startStandIn(() => app.url);
  [app, browser] = await Promise.all([
    startApp((port) => ({
      STRIPE_SECRET_KEY: 'sk_test_e2e_stand_in',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.url,
      // The provider sends the browser back to the address the app knows itself by: the one the browser uses.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    })),
    launchBrowser(),
  ]);
  const session = await adminSession(app);
  adminToken = session.access_token;
  crewToken = await registerVerified(app, crew);
  const skipperToken = await registerVerified(app, skipper);
  const boat = await apiCall<{ id: string }>(app, skipperToken, 'POST', '/api/profile/boats', { name: 'British Steel', boat_type: 'monohull', length_feet: 59, capacity: 6 }, 201);
  const start = new Date(Date.now() + 30 * DAY_S * 1000).toISOString().slice(0, 10);
  const end = new Date(Date.now() + 32 * DAY_S * 1000).toISOString().slice(0, 10);
  const voyage = await apiCall<{ id: string }>(
    app,
    skipperToken,
    'POST',
    '/api/voyages/',
    {
      title: TITLE,
      estimated_start_date: start,
      estimated_end_date: end,
      boat_id: boat.id,
      is_custom_voyage: true,
      requirements: { crew_needed: 3, min_experience: 'beginner', skills: [] },
      segments: [{ departure_custom_location: 'Cowes', arrival_custom_location: 'Cherbourg', distance_nm: 70 }],
    },
    201,
  );
  voyageId = voyage.id;
  // Subscriptions enforced for everyone, and no trial: the new member is past it.
  await apiCall(app, adminToken, 'POST', '/api/admin/monetization/toggle', { enabled: true }, 200);
  await apiCall(app, adminToken, 'PUT', '/api/admin/rollout/percentage', { percentage: 100 }, 200);
  await apiCall(app, adminToken, 'PUT', '/api/admin/config/free_trial_period_days', { value: 0 }, 200);
}, 150_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await standIn?.close();
});

describe('crew subscription', () => {
  it('refuses applying without a subscription, takes the payment and then lets the member apply', async () => {
    const { context, page } = await visitor(browser, app, crewToken);
    // The provider's hosted checkout page is the one place outside the app this journey goes.
    const provider = new URL(standIn.url).origin;
    await context.route(
      (url) => url.origin === provider,
      (route) => route.continue(),
    );
    await page.goto(`/voyages/${voyageId}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    const area = page.getByRole('region', { name: 'Join this voyage' });
    await area.getByRole('button', { name: 'Apply to Join' }).click();
    const dialog = page.getByRole('dialog', { name: `Apply to join ${TITLE}` });
    await dialog.getByLabel('Message to the skipper').fill('Three Fastnets and a season in the Solent.');
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await dialog.getByText(/crew subscription \(£30 a year\) is needed to apply/).waitFor();
    await screenshot(page, 'apply-needs-subscription-desktop');
    await dialog.getByRole('link', { name: 'Subscribe' }).click();
    await page.waitForURL('**/subscription');
    await page
      .getByText(/£30(\.00)? per year/)
      .first()
      .waitFor();
    await screenshot(page, 'subscription-free-desktop');

    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL('**/subscription?checkout=success');
    await page.getByText('Payment confirmed: your subscription is active.').waitFor({ timeout: 30_000 });
    await screenshot(page, 'subscription-active-desktop');
    expect([...standIn.sessions.values()][0]).toMatchObject({ amount: '3000' });

    await page.goto(`/voyages/${voyageId}`);
    await page.getByRole('region', { name: 'Join this voyage' }).getByRole('button', { name: 'Apply to Join' }).click();
    await dialog.getByLabel('Message to the skipper').fill('Three Fastnets and a season in the Solent.');
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Join this voyage' }).getByText('Applied - Pending Review').waitFor();
    await context.close();

    const status = await apiCall<{ reason: string; subscription: { state: string; source: string } }>(app, crewToken, 'GET', '/api/subscription', undefined, 200);
    expect(status).toMatchObject({ reason: 'premium', subscription: { state: 'active', source: 'payment' } });
  });
});
