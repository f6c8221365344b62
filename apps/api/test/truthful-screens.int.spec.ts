import type { AdminOverviewResponse, AdminUserListResponse } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { addUser, call, startTestApp, type TestApp } from './support/harness';

/**
 * Screens that say only what is true: the account types registration offers,
 * and the admin's "Trial" label, which follows the configured free trial.
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
