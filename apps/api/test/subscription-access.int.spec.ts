import type { SubscriptionStatusResponse } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Application } from '../src/application';
import { addUser, callAs, startTestApp, type TestApp } from './support/harness';

/**
 * The crew access policy enforced on apply (402 SUBSCRIPTION_REQUIRED, with
 * the reason) and reported by GET /api/subscription: every free path applies,
 * an administrator's grant and revoke change access at once.
 */
let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

const call = callAs(() => app);

async function addActor(actor: string, type: 'crew' | 'skipper' | 'both' | 'admin', createdDaysAgo: number): Promise<void> {
  ({ id: ids[actor], token: tokens[actor] } = await addUser(runtime, { email: `${actor}@access.test`, firstName: 'Test', lastName: actor, type, createdDaysAgo }));
}

let voyageId = '';
let voyageCount = 0;
const year = new Date().getUTCFullYear() + 1;
/** A fresh voyage, so that each apply is a first application. */
const newVoyage = async (): Promise<string> => {
  voyageCount++;
  const response = await call('POST', '/api/voyages/', tokens['skipper'], {
    title: `Access check passage ${voyageCount}`,
    estimated_start_date: `${year}-06-01`,
    estimated_end_date: `${year}-06-09`,
    boat_id: ids['boat'],
    is_custom_voyage: true,
    requirements: { crew_needed: 20, min_experience: 'beginner', skills: [] },
    segments: [{ departure_custom_location: 'Plymouth', arrival_custom_location: 'Roscoff', distance_nm: 100 }],
  });
  expect(response.status).toBe(201);
  return response.body['id'] as string;
};
const apply = (actor: string, voyage = voyageId) => call('POST', '/api/applications/', tokens[actor], { voyage_id: voyage, message: 'Five seasons of Channel crossings.' });
const status = async (actor: string) => (await call('GET', '/api/subscription', tokens[actor])).body as unknown as SubscriptionStatusResponse;
const admin = {
  monetization: (enabled: boolean) => call('POST', '/api/admin/monetization/toggle', tokens['admin'], { enabled }),
  rollout: (percentage: number) => call('PUT', '/api/admin/rollout/percentage', tokens['admin'], { percentage }),
  trial: (value: number) => call('PUT', '/api/admin/config/free_trial_period_days', tokens['admin'], { value }),
  list: (action: 'add' | 'remove', listType: 'grandfathered' | 'beta', actor: string) =>
    call('POST', '/api/admin/users/grandfathered', tokens['admin'], { action, list_type: listType, user_id: ids[actor] }),
  premium: (action: 'grant' | 'revoke', actor: string) => call('POST', `/api/admin/users/${ids[actor]}/subscription`, tokens['admin'], { action, reason: 'Access test' }),
};

beforeAll(async () => {
  testApp = await startTestApp({ dataDirPrefix: 'crew-access-' });
  ({ runtime, app } = testApp);
  await addActor('admin', 'admin', 400);
  await addActor('skipper', 'skipper', 400);
  await addActor('veteran', 'crew', 90);
  await addActor('sailor', 'both', 90);
  await addActor('newcomer', 'crew', 3);
  const boat = await call('POST', '/api/profile/boats', tokens['skipper'], { name: 'Access', boat_type: 'monohull', length_feet: 36, capacity: 6 });
  ids['boat'] = boat.body['id'] as string;
  voyageId = await newVoyage();
}, 60_000);

afterAll(() => testApp.close());

describe('crew access to applying', () => {
  it('is free for everyone while monetization is off (the default)', async () => {
    expect(await status('veteran')).toMatchObject({
      can_apply: true,
      reason: 'monetization_off',
      display: 'free',
      monetization_enabled: false,
      price_gbp: 30,
      payments_configured: false,
      next_step: 'apply',
    });
    expect((await apply('veteran')).status).toBe(201);
  });

  it("writes the Help centre's answer about paying from the configuration, never a beta promise", async () => {
    const answer = async () => {
      const article = await call('GET', '/api/help/articles/is-it-free');
      expect(article.status).toBe(200);
      return String(article.body['body']);
    };
    const listed = async () => {
      const list = (await call('GET', '/api/help/articles')).body as { articles: { slug: string; body: string }[] };
      return list.articles.find((article) => article.slug === 'is-it-free')?.body;
    };
    const off = await answer();
    expect(off).toMatch(/^Yes, at the moment\. Applying to voyages is free for every crew member/);
    expect(off).not.toMatch(/beta|\{\{/i);
    expect(await listed()).toBe(off);
    expect((await admin.monetization(true)).status).toBe(200);
    const on = await answer();
    expect(on).toMatch(/Crew members need a crew subscription of £30 a year to apply/);
    // No card payments on this server: the answer sends members to support, never to a checkout.
    expect(on).toMatch(/Card payments are not open yet/);
    expect(on).not.toMatch(/beta|free for every crew member/i);
    const how = String((await call('GET', '/api/help/articles/subscription')).body['body']);
    expect(how).toMatch(/^The crew subscription costs £30 a year/);
    expect((await admin.monetization(false)).status).toBe(200);
  });

  it('is refused with 402 and the reason inside the rollout, past the trial, without a subscription; free outside it', async () => {
    expect((await admin.monetization(true)).status).toBe(200);
    // The rollout starts at 0 %: nobody is inside it yet.
    expect(await status('sailor')).toMatchObject({ can_apply: true, reason: 'outside_rollout' });
    expect((await apply('sailor')).status).toBe(201);
    expect((await admin.rollout(100)).status).toBe(200);
    voyageId = await newVoyage();
    const refused = await apply('veteran');
    expect(refused).toEqual({
      status: 402,
      body: { error: expect.stringContaining('contact our support team'), code: 'SUBSCRIPTION_REQUIRED', reason: 'subscription_required', next_step: 'contact_support' },
    });
    // The page says the same as the refusal, once, with the same next step: card payments are not configured here.
    const page = await status('veteran');
    expect(page).toMatchObject({ can_apply: false, reason: 'subscription_required', display: 'free', next_step: 'contact_support', subscription: { state: 'none' } });
    expect(page.explanation).toBe(refused.body['error']);
    expect(page.explanation).not.toMatch(/Subscribe to apply/);
    // Nothing was written for the refused application.
    const [{ n }] = await runtime.dataSource.query<{ n: number }[]>('SELECT count(*)::int AS n FROM application_messages WHERE crew_id = $1 AND voyage_id = $2', [
      ids['veteran'],
      voyageId,
    ]);
    expect(n).toBe(0);
  });

  it('lets a member in the trial apply, with the days left, and follows a shorter trial at once', async () => {
    expect(await status('newcomer')).toMatchObject({ can_apply: true, reason: 'trial', display: 'trial', trial_days_left: 27 });
    expect((await apply('newcomer')).status).toBe(201);
    expect((await admin.trial(2)).status).toBe(200);
    expect((await apply('newcomer', await newVoyage())).status).toBe(402);
    // The trial is over by the configured days, so the page no longer calls it a trial.
    expect(await status('newcomer')).toMatchObject({ can_apply: false, reason: 'subscription_required', display: 'free', trial_ends_at: null, next_step: 'contact_support' });
    expect((await admin.trial(30)).status).toBe(200);
  });

  it('lets grandfathered members and beta testers apply', async () => {
    expect((await admin.list('add', 'grandfathered', 'veteran')).status).toBe(200);
    expect(await status('veteran')).toMatchObject({ can_apply: true, reason: 'grandfathered' });
    expect((await apply('veteran')).status).toBe(201);
    expect((await admin.list('remove', 'grandfathered', 'veteran')).status).toBe(200);
    expect((await admin.list('add', 'beta', 'sailor')).status).toBe(200);
    expect((await apply('sailor', await newVoyage())).status).toBe(201);
    expect((await admin.list('remove', 'beta', 'sailor')).status).toBe(200);
    expect((await apply('sailor', await newVoyage())).status).toBe(402);
  });

  it('opens at once when an administrator grants premium and closes at once when they revoke it', async () => {
    voyageId = await newVoyage();
    expect((await apply('veteran')).status).toBe(402);
    expect((await admin.premium('grant', 'veteran')).status).toBe(200);
    const granted = await status('veteran');
    expect(granted).toMatchObject({ can_apply: true, reason: 'premium', display: 'premium', subscription: { state: 'active', source: 'admin', has_billing_account: false } });
    expect(Date.parse(granted.subscription.current_period_end!) - Date.now()).toBeGreaterThan(364 * 86_400_000);
    expect((await apply('veteran')).status).toBe(201);
    expect((await admin.premium('revoke', 'veteran')).status).toBe(200);
    expect(await status('veteran')).toMatchObject({ can_apply: false, reason: 'subscription_required', subscription: { state: 'revoked' } });
    expect((await apply('veteran', await newVoyage())).status).toBe(402);
  });

  it('never asks skippers or administrators, and refuses premium for a skipper account', async () => {
    expect(await status('skipper')).toMatchObject({ can_apply: true, reason: 'skipper', display: 'free' });
    expect(await status('admin')).toMatchObject({ can_apply: true, reason: 'admin', display: 'free' });
    expect((await admin.premium('grant', 'skipper')).body).toMatchObject({ code: 'NOT_CREW' });
    expect((await call('GET', '/api/subscription')).status).toBe(401);
  });
});
