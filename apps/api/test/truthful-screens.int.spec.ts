import type { AdminHistoryResponse, AdminOverviewResponse, AdminUserListResponse, AdminVoyageListResponse, VoyageListResponse, VoyageResponse } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { addUser, call, startTestApp, type TestApp } from './support/harness';

/**
 * Screens that say only what is true: the account types registration offers,
 * the admin's "Trial" label, which follows the configured free trial, "Includes
 * food" as the skipper said it, and the moderation queue of flagged voyages.
 */
let testApp: TestApp;
let app: NestFastifyApplication;
let admin = '';

beforeAll(async () => {
  testApp = await startTestApp({ dataDirPrefix: 'crew-truthful-' });
  app = testApp.app;
  admin = (await addUser(testApp.runtime, { email: 'admin@truthful.test', type: 'admin' })).token;
});
afterAll(() => testApp.close());

describe('registration', () => {
  it('creates a Skipper & Crew account ("both") as the register screen offers', async () => {
    const registered = await call<{ user?: { user_type: string } }>(app, 'POST', '/api/auth/register', {
      body: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@truthful.test', password: 'kingfisher-sail', user_type: 'both', acceptTerms: true },
    });
    expect(registered.status).toBe(201);
    const [row] = await testApp.runtime.dataSource.query<{ user_type: string }[]>(`SELECT user_type FROM users WHERE email = 'grace@truthful.test'`);
    expect(row?.user_type).toBe('both');
  });
});

describe('the admin "Trial" label', () => {
  it('follows the configured free trial, not a fixed 30 days: list, filter and overview', async () => {
    const { id } = await addUser(testApp.runtime, { email: 'tenday@truthful.test', type: 'crew', createdDaysAgo: 10 });
    const shown = async () => {
      const list = await call<AdminUserListResponse>(app, 'GET', '/api/admin/users?search=tenday', { token: admin });
      expect(list.status).toBe(200);
      return list.body.users.find((user) => user.id === id)?.subscription;
    };
    const inTrialFilter = async () => (await call<AdminUserListResponse>(app, 'GET', '/api/admin/users?subscription=trial', { token: admin })).body.users.some((u) => u.id === id);
    const trialUsers = async () => (await call<AdminOverviewResponse>(app, 'GET', '/api/admin/analytics/overview', { token: admin })).body.subscription_stats;
    // The default trial is 30 days: ten days in, on trial.
    expect(await shown()).toBe('trial');
    expect(await inTrialFilter()).toBe(true);
    const before = await trialUsers();
    // A 7-day trial: ten days in, the trial is over.
    expect((await call(app, 'PUT', '/api/admin/config/free_trial_period_days', { token: admin, body: { value: 7 } })).status).toBe(200);
    expect(await shown()).toBe('free');
    expect(await inTrialFilter()).toBe(false);
    expect((await call<AdminUserListResponse>(app, 'GET', '/api/admin/users?subscription=free&search=tenday', { token: admin })).body.users.map((u) => u.id)).toEqual([id]);
    expect(await trialUsers()).not.toEqual(before);
    // A 14-day trial: on trial again.
    expect((await call(app, 'PUT', '/api/admin/config/free_trial_period_days', { token: admin, body: { value: 14 } })).status).toBe(200);
    expect(await shown()).toBe('trial');
  });
});

describe('"Includes food"', () => {
  let skipper = '';
  let boatId = '';
  const year = new Date().getUTCFullYear() + 1;
  const voyage = (title: string, extra: Record<string, unknown> = {}) => ({
    title,
    estimated_start_date: `${year}-07-01`,
    estimated_end_date: `${year}-07-09`,
    boat_id: boatId,
    is_custom_voyage: true,
    segments: [{ departure_custom_location: 'Falmouth', arrival_custom_location: 'Horta', distance_nm: 1200 }],
    ...extra,
  });
  beforeAll(async () => {
    skipper = (await addUser(testApp.runtime, { email: 'cook@truthful.test', type: 'skipper' })).token;
    boatId = (
      await call<{ id: string }>(app, 'POST', '/api/profile/boats', { token: skipper, body: { name: 'Galley Slave', boat_type: 'monohull', length_feet: 38, capacity: 6 } })
    ).body.id;
  });

  it('is the checkbox the skipper ticked: on the voyage, in browse and in Voyage Oversight, never guessed from the text', async () => {
    const fed = await call<VoyageResponse>(app, 'POST', '/api/voyages/', { token: skipper, body: voyage('Azores with meals', { includes_food: true }) });
    expect(fed.status).toBe(201);
    expect(fed.body.includes_food).toBe(true);
    // "Food" in the contribution details is not a tick in the box.
    const unticked = await call<VoyageResponse>(app, 'POST', '/api/voyages/', {
      token: skipper,
      body: voyage('Azores, bring snacks', { contribution_type: 'shared_costs', contribution_amount: 200, contribution_details: 'Food, meals and provisions shared' }),
    });
    expect(unticked.body.includes_food).toBe(false);

    expect((await call<VoyageResponse>(app, 'GET', `/api/voyages/${fed.body.id}`)).body.includes_food).toBe(true);
    const listed = (await call<VoyageListResponse>(app, 'GET', '/api/voyages/?search=Azores')).body.voyages;
    expect(Object.fromEntries(listed.map((v) => [v.id, v.includes_food]))).toEqual({ [fed.body.id]: true, [unticked.body.id]: false });
    const oversight = (await call<AdminVoyageListResponse>(app, 'GET', '/api/admin/voyages?search=Azores', { token: admin })).body.voyages;
    expect(Object.fromEntries(oversight.map((v) => [v.id, v.includes_food]))).toEqual({ [fed.body.id]: true, [unticked.body.id]: false });

    // The full edit changes it, and an edit that does not send it means not included.
    const edited = await call<VoyageResponse>(app, 'PUT', `/api/voyages/${fed.body.id}`, { token: skipper, body: voyage('Azores with meals', { includes_food: false }) });
    expect(edited.status).toBe(200);
    expect(edited.body.includes_food).toBe(false);
    const again = await call<VoyageResponse>(app, 'PUT', `/api/voyages/${unticked.body.id}`, { token: skipper, body: voyage('Azores, bring snacks', { includes_food: true }) });
    expect(again.body.includes_food).toBe(true);
  });
});

describe('the moderation queue', () => {
  let voyageId = '';
  let skipper = '';
  beforeAll(async () => {
    skipper = (await addUser(testApp.runtime, { email: 'flagged@truthful.test', type: 'skipper' })).token;
    const boat = (await call<{ id: string }>(app, 'POST', '/api/profile/boats', { token: skipper, body: { name: 'Suspect', boat_type: 'monohull', length_feet: 30, capacity: 4 } }))
      .body.id;
    const year = new Date().getUTCFullYear() + 1;
    voyageId = (
      await call<VoyageResponse>(app, 'POST', '/api/voyages/', {
        token: skipper,
        body: {
          title: 'Too good to be true',
          estimated_start_date: `${year}-08-01`,
          estimated_end_date: `${year}-08-05`,
          boat_id: boat,
          is_custom_voyage: true,
          segments: [{ departure_custom_location: 'Brixham', arrival_custom_location: 'Fowey', distance_nm: 60 }],
        },
      })
    ).body.id;
  });
  const queue = async () => (await call<AdminVoyageListResponse>(app, 'GET', '/api/admin/voyages?flagged=true', { token: admin })).body;

  it('holds a flagged voyage until an administrator clears the flag; the history records both', async () => {
    expect((await queue()).voyages.map((v) => v.id)).not.toContain(voyageId);
    expect((await call(app, 'POST', `/api/admin/voyages/${voyageId}/moderate`, { token: admin, body: { action: 'review', notes: 'Price looks wrong' } })).status).toBe(200);
    const flagged = await queue();
    expect(flagged.voyages.find((v) => v.id === voyageId)).toMatchObject({ flagged_for_review: true, flag_notes: 'Price looks wrong' });
    expect(flagged.total).toBe(flagged.voyages.length);
    // Only administrators clear a flag.
    expect((await call(app, 'POST', `/api/admin/voyages/${voyageId}/clear-flag`, { token: skipper, body: {} })).status).toBe(403);
    const cleared = await call(app, 'POST', `/api/admin/voyages/${voyageId}/clear-flag`, { token: admin, body: { notes: 'Skipper confirmed the price' } });
    expect(cleared).toEqual({ status: 200, body: { message: 'Review flag cleared: the voyage has left the moderation queue' } });
    expect((await queue()).voyages.map((v) => v.id)).not.toContain(voyageId);
    const all = (await call<AdminVoyageListResponse>(app, 'GET', '/api/admin/voyages?search=Too%20good', { token: admin })).body.voyages;
    expect(all.find((v) => v.id === voyageId)).toMatchObject({ flagged_for_review: false, flag_notes: '' });
    const again = await call(app, 'POST', `/api/admin/voyages/${voyageId}/clear-flag`, { token: admin, body: {} });
    expect(again).toMatchObject({ status: 409, body: { code: 'VOYAGE_NOT_FLAGGED', error: 'This voyage is not flagged for review' } });
    const history = (await call<AdminHistoryResponse>(app, 'GET', `/api/admin/voyages/${voyageId}/history`, { token: admin })).body.history;
    expect(history.slice(0, 2).map((entry) => [entry.action, entry.reason])).toEqual([
      ['voyage.flag_cleared', 'Skipper confirmed the price'],
      ['voyage.flagged_for_review', 'Price looks wrong'],
    ]);
    expect((await call(app, 'GET', '/api/admin/voyages?flagged=yes', { token: admin })).status).toBe(400);
  });
});

describe('the terms and the Help centre about paying', () => {
  it('state the configured price and whether a subscription is required, never "free during the beta" while it is enforced', async () => {
    expect((await call(app, 'GET', '/api/subscription/terms')).body).toEqual({
      price_gbp: 30,
      subscription_required: false,
      rollout_percentage: 0,
      free_trial_days: 14,
      payments_configured: false,
    });
    const answer = async () => (await call<{ body: string }>(app, 'GET', '/api/help/articles/is-it-free')).body.body;
    expect(await answer()).toContain('Yes, at the moment. Applying to voyages is free for every crew member');
    expect(await answer()).not.toMatch(/beta/i);

    expect((await call(app, 'PUT', '/api/admin/config/subscription_price_gbp', { token: admin, body: { value: 45 } })).status).toBe(200);
    expect((await call(app, 'PUT', '/api/admin/rollout/percentage', { token: admin, body: { percentage: 100 } })).status).toBe(200);
    expect((await call(app, 'POST', '/api/admin/monetization/toggle', { token: admin, body: { enabled: true } })).status).toBe(200);
    expect((await call(app, 'GET', '/api/subscription/terms')).body).toMatchObject({ price_gbp: 45, subscription_required: true, rollout_percentage: 100 });
    const enforced = await answer();
    expect(enforced).toContain('Crew members need a crew subscription of £45 a year to apply to voyages');
    expect(enforced).not.toContain('Yes, at the moment');
    expect((await call(app, 'POST', '/api/admin/monetization/toggle', { token: admin, body: { enabled: false } })).status).toBe(200);
  });
});
