import { SubscriptionClock } from '../src/modules/subscriptions/subscription-clock';
import { randomUUID } from 'node:crypto';
import type { SubscriptionStatusResponse } from '@crew/contracts';
import { subscriptionStreamId, type SubscriptionEvent } from '@crew/domain';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Application } from '../src/application';
import { startSmtpServer, waitUntil, type TestSmtpServer } from './support/smtp-server';
import { addUser, callAs, startHttpApp, startTestRuntime, type TestRuntime } from './support/harness';

/**
 * The time-driven side of subscriptions, over real SMTP: a year that has run
 * out (here after a failed renewal) is expired by the clock and the member is
 * mailed once; a trial ending within three days is reminded once; a grant
 * mails the member; payments mail a receipt.
 */
let testRuntime: TestRuntime;
let inbox: TestSmtpServer;
let runtime: Application;
let app: NestFastifyApplication;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const DAY = 86_400_000;

const call = callAs(() => app);
const unfolded = (raw: string): string => raw.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ');
const mailsTo = (actor: string, pattern: RegExp) => inbox.messages.filter((m) => m.rcptTo.includes(`${actor}@lifecycle.test`) && pattern.test(unfolded(m.raw)));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function addActor(actor: string, type: 'crew' | 'admin', createdDaysAgo: number): Promise<void> {
  ({ id: ids[actor], token: tokens[actor] } = await addUser(runtime, { email: `${actor}@lifecycle.test`, firstName: actor, lastName: 'Sailor', type, createdDaysAgo }));
}

/** What the webhook records after a provider event, written straight to the member's stream. */
const recordProviderEvents = async (actor: string, events: SubscriptionEvent[]) => {
  const metadata = { userId: null, correlationId: randomUUID(), causationId: null, timestamp: new Date().toISOString() };
  const written = await runtime.eventStore.appendToStream(
    subscriptionStreamId(ids[actor]!),
    events.map((event) => ({ id: randomUUID(), ...event, metadata })),
    'any',
  );
  await runtime.progress.waitFor(written.position, ['subscriptions', 'reactor:subscription-notices'], 10_000);
};
const status = async (actor: string) => (await call('GET', '/api/subscription', tokens[actor])).body as unknown as SubscriptionStatusResponse;

beforeAll(async () => {
  inbox = await startSmtpServer('answer');
  testRuntime = await startTestRuntime({ env: { SMTP_URL: inbox.url }, dataDirPrefix: 'crew-lifecycle-' });
  ({ runtime } = testRuntime);
  await runtime.jobQueue.startWorker(runtime.roles.jobHandlers);
  app = await startHttpApp(runtime);
  await addActor('admin', 'admin', 400);
  await addActor('lapsed', 'crew', 400);
  await addActor('nearly', 'crew', 28);
  await addActor('fresh', 'crew', 1);
  await addActor('gifted', 'crew', 200);
  await addActor('twice', 'crew', 200);
  expect((await call('POST', '/api/admin/monetization/toggle', tokens['admin'], { enabled: true })).status).toBe(200);
  expect((await call('PUT', '/api/admin/rollout/percentage', tokens['admin'], { percentage: 100 })).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await app.close();
  await testRuntime.close();
  await inbox.close();
});

describe('subscription lifecycle', () => {
  it('mails a receipt for a payment, and after a failed renewal the clock expires the year on time and mails once', async () => {
    const start = new Date(Date.now() - 365 * DAY - 60_000);
    const end = new Date(Date.now() - 60_000);
    await recordProviderEvents('lapsed', [
      {
        type: 'SubscriptionActivated',
        data: {
          providerEventId: 'evt_a',
          providerCustomerId: 'cus_a',
          providerSubscriptionId: 'sub_a',
          amountPaid: 3000,
          currency: 'GBP',
          periodStart: start.toISOString(),
          periodEnd: end.toISOString(),
        },
      },
      { type: 'SubscriptionRenewalFailed', data: { providerEventId: 'evt_b', invoiceId: 'in_b' } },
    ]);
    await waitUntil('the receipt is mailed', () => mailsTo('lapsed', /Receipt: (£|=C2=A3)30\.00 paid for/).length === 1);
    await waitUntil('the failed renewal is mailed', () => mailsTo('lapsed', /did not go through/).length === 1);
    // The year is over: the page already says so, before the clock has run.
    expect(await status('lapsed')).toMatchObject({ can_apply: false, subscription: { state: 'expired', has_billing_account: true } });

    expect(await runtime.get(SubscriptionClock).tick()).toMatchObject({ expired: 1 });
    expect(await runtime.get(SubscriptionClock).tick()).toMatchObject({ expired: 0 });
    await waitUntil('the end is mailed', () => mailsTo('lapsed', /Your crew subscription has ended/).length > 0);
    await sleep(300);
    expect(mailsTo('lapsed', /Your crew subscription has ended/)).toHaveLength(1);
    const [row] = await runtime.dataSource.query<{ state: string }[]>('SELECT state FROM subscriptions WHERE user_id = $1', [ids['lapsed']]);
    expect(row?.state).toBe('expired');
  });

  it('reminds a member once when their trial ends within three days, and nobody else', async () => {
    expect((await runtime.get(SubscriptionClock).tick()).trialNotices).toBe(1);
    await runtime.get(SubscriptionClock).tick();
    await waitUntil('the reminder is mailed', () => mailsTo('nearly', /Your free trial ends on/).length > 0);
    await sleep(300);
    expect(mailsTo('nearly', /Your free trial ends on/)).toHaveLength(1);
    expect(mailsTo('fresh', /free trial/)).toEqual([]);
    expect(await status('nearly')).toMatchObject({ can_apply: true, reason: 'trial', trial_days_left: 2 });
  });

  it('tells a member who paid two checkouts that the extra subscription was cancelled and refunded', async () => {
    const start = new Date();
    const end = new Date(start.getTime() + 365 * DAY);
    await recordProviderEvents('twice', [
      {
        type: 'SubscriptionActivated',
        data: {
          providerEventId: 'evt_t1',
          checkoutSessionId: 'cs_t1',
          invoiceId: 'in_t1',
          providerCustomerId: 'cus_t',
          providerSubscriptionId: 'sub_t1',
          amountPaid: 3000,
          currency: 'GBP',
          periodStart: start.toISOString(),
          periodEnd: end.toISOString(),
        },
      },
      {
        type: 'SubscriptionDuplicateRefunded',
        data: {
          providerEventId: 'evt_t2',
          checkoutSessionId: 'cs_t2',
          invoiceId: 'in_t2',
          providerSubscriptionId: 'sub_t2',
          keptSubscriptionId: 'sub_t1',
          amountPaid: 3000,
          amountRefunded: 3000,
          currency: 'GBP',
          refundId: 're_t2',
        },
      },
    ]);
    await waitUntil('the refund is mailed', () => mailsTo('twice', /Refund: (£|=C2=A3)30\.00 of the (£|=C2=A3)30\.00/).length === 1);
    expect(mailsTo('twice', /Your extra crew subscription was cancelled and refunded/)).toHaveLength(1);
    // One receipt: the refunded payment is not confirmed as a subscription.
    expect(mailsTo('twice', /Receipt:/)).toHaveLength(1);
    expect(await status('twice')).toMatchObject({ subscription: { state: 'active', current_period_end: end.toISOString() } });
  });

  it('mails a member an administrator gives premium to, and when it is taken away', async () => {
    expect((await call('POST', `/api/admin/users/${ids['gifted']}/subscription`, tokens['admin'], { action: 'grant', reason: 'Race volunteer' })).status).toBe(200);
    await waitUntil('the grant is mailed', () => mailsTo('gifted', /given you premium access until/).length === 1);
    expect((await call('POST', `/api/admin/users/${ids['gifted']}/subscription`, tokens['admin'], { action: 'revoke', reason: 'Season over' })).status).toBe(200);
    await waitUntil('the revocation is mailed', () => mailsTo('gifted', /ended your premium access/).length === 1);
  });
});
