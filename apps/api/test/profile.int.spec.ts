import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { issueToken } from '../src/modules/accounts/auth-tokens';
import { hashPassword } from '../src/modules/accounts/password-hasher';
import { User } from '../src/modules/accounts/user.entity';
import type { Application } from '../src/application';
import { inject, insertUser, signInWithPassword, startTestApp, type TestApp } from './support/harness';

let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

const request = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, body?: unknown) => inject(app, method, url, { token, body });

const experience = {
  years_sailing: 12,
  sailing_areas: ['Offshore', 'Channel/North Sea'],
  experience_types: ['overnight'],
  certifications: ['RYA Day Skipper'],
  informal_description: 'Two Fastnets.',
};
const contact = { name: 'Ann Bonny', relationship: 'sister', phone: '+44 7700 900123', email: '' };
const skills = { navigation: ['chart_plotting'], sailing: ['reefing'], technical: [], safety: ['first_aid'], galley: [], experience: ['night_watches'] };
const expectations = { watch_system: { night_watches: { level: 'essential', details: '3 on, 3 off' } }, maintenance: {}, galley: {}, experience: {}, financial: {}, personal: {} };

beforeAll(async () => {
  testApp = await startTestApp({ env: { DATA_DIR: '/tmp/crew-profile-test' }, projectors: false });
  ({ runtime, app } = testApp);
  const password = await hashPassword('pass-1234');
  for (const [name, type, admin] of [
    ['crew', 'crew', false],
    ['skipper', 'skipper', false],
    ['both', 'both', false],
    ['admin', 'admin', true],
  ] as const) {
    ids[name] = await insertUser(runtime.dataSource, { email: `${name}@crew.test`, passwordHash: password, firstName: name, lastName: 'Tester', type, admin });
    tokens[name] = (await signInWithPassword(app, runtime.dataSource, `${name}@crew.test`, 'pass-1234')).access_token;
  }
});

afterAll(() => testApp.close());

describe('who may call each profile route', () => {
  // Every profile route × four actors. A route added to the controller without a row here is a gap in this table.
  const matrix: { route: string; method: 'GET' | 'PUT'; url: () => string; body?: unknown; expect: Record<'guest' | 'crew' | 'skipper' | 'admin', number> }[] = [
    {
      route: 'PUT /api/users/me',
      method: 'PUT',
      url: () => '/api/users/me',
      body: { first_name: 'A', last_name: 'B', email: 'x@crew.test', current_password: 'pass-1234' },
      expect: { guest: 401, crew: 200, skipper: 200, admin: 200 },
    },
    { route: 'GET verification-status', method: 'GET', url: () => '/api/profile/verification-status', expect: { guest: 401, crew: 200, skipper: 200, admin: 200 } },
    { route: 'PUT update-experience', method: 'PUT', url: () => '/api/profile/update-experience', body: experience, expect: { guest: 401, crew: 200, skipper: 200, admin: 200 } },
    {
      route: 'PUT update-emergency-contact',
      method: 'PUT',
      url: () => '/api/profile/update-emergency-contact',
      body: contact,
      expect: { guest: 401, crew: 200, skipper: 200, admin: 200 },
    },
    { route: 'PUT update-crew-skills', method: 'PUT', url: () => '/api/profile/update-crew-skills', body: skills, expect: { guest: 401, crew: 200, skipper: 403, admin: 403 } },
    {
      route: 'PUT update-crew-expectations',
      method: 'PUT',
      url: () => '/api/profile/update-crew-expectations',
      body: expectations,
      expect: { guest: 401, crew: 403, skipper: 200, admin: 403 },
    },
    { route: 'GET /api/users/{crew}/public', method: 'GET', url: () => `/api/users/${ids['crew']}/public`, expect: { guest: 200, crew: 200, skipper: 200, admin: 200 } },
  ];
  for (const row of matrix) {
    it(row.route, async () => {
      for (const actor of ['guest', 'crew', 'skipper', 'admin'] as const) {
        const body = row.body && row.route === 'PUT /api/users/me' ? { ...(row.body as object), email: `${actor}-me@crew.test` } : row.body;
        const response = await request(row.method, row.url(), actor === 'guest' ? undefined : tokens[actor], body);
        expect({ actor, status: response.statusCode }).toEqual({ actor, status: row.expect[actor] });
      }
    });
  }
});

describe('profile data', () => {
  it('saves each part and returns it from /api/auth/me', async () => {
    await request('PUT', '/api/profile/update-experience', tokens['both'], experience);
    await request('PUT', '/api/profile/update-emergency-contact', tokens['both'], contact);
    await request('PUT', '/api/profile/update-crew-skills', tokens['both'], skills);
    await request('PUT', '/api/profile/update-crew-expectations', tokens['both'], expectations);
    const me = (await request('GET', '/api/auth/me', tokens['both'])).json();
    expect(me.sailing_experience).toEqual(experience);
    expect(me.emergency_contact).toEqual(contact);
    expect(me.crew_skills).toEqual(skills);
    expect(me.crew_expectations.watch_system).toEqual({ night_watches: { level: 'essential', details: '3 on, 3 off' } });
  });

  it('enforces the spec bounds with its messages', async () => {
    const years = await request('PUT', '/api/profile/update-experience', tokens['crew'], { ...experience, years_sailing: 81 });
    expect(years.statusCode).toBe(400);
    expect(years.json().details[0].message).toBe('Years sailing must be between 0 and 80');
    const noPhone = await request('PUT', '/api/profile/update-emergency-contact', tokens['crew'], { name: 'Ann', phone: '' });
    expect(noPhone.json().details[0].message).toBe('Phone number is required');
    const badSkill = await request('PUT', '/api/profile/update-crew-skills', tokens['crew'], { ...skills, sailing: ['levitation'] });
    expect(badSkill.statusCode).toBe(400);
  });

  it("never changes the account type through PUT /api/users/me, nor an administrator's at all", async () => {
    const response = await request('PUT', '/api/users/me', tokens['crew'], { first_name: 'C', last_name: 'T', email: 'crew-me@crew.test', user_type: 'skipper' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The account type is not changed here: an account can only be switched to Skipper & Crew, on its own', code: 'ACCOUNT_TYPE_FIXED' });
    const admin = await request('POST', '/api/users/me/account-type', tokens['admin'], { user_type: 'both' });
    expect(admin.statusCode).toBe(409);
    expect(admin.json()).toEqual({ error: 'An administrator account does not change its type', code: 'ACCOUNT_TYPE_FIXED' });
    expect((await request('GET', '/api/auth/me', tokens['admin'])).json()).toMatchObject({ user_type: 'admin' });
  });

  it('computes trust points out of 6 from what is filled in: one point per tick, "Verified" only after an identity check', async () => {
    await runtime.dataSource.query('UPDATE users SET email_verified = true, emergency_contact = NULL, sailing_experience = NULL, profile_photo_url = NULL WHERE id = $1', [
      ids['skipper'],
    ]);
    const before = (await request('GET', '/api/profile/verification-status', tokens['skipper'])).json();
    expect(before).toMatchObject({ verification_points: 1, verification_level: 'email_confirmed', verification_label: 'Email confirmed' });
    await request('PUT', '/api/profile/update-emergency-contact', tokens['skipper'], contact);
    await request('PUT', '/api/profile/update-experience', tokens['skipper'], experience);
    const after = (await request('GET', '/api/profile/verification-status', tokens['skipper'])).json();
    expect(after).toEqual({
      verification_level: 'email_confirmed',
      verification_label: 'Email confirmed',
      verification_points: 3,
      max_points: 6,
      checks: [
        { key: 'email_verified', label: 'Email address confirmed', done: true },
        { key: 'phone_verified', label: 'Phone number verified', done: false },
        { key: 'profile_photo', label: 'Profile photo added', done: false },
        { key: 'emergency_contact', label: 'Emergency contact added', done: true },
        { key: 'sailing_experience', label: 'Sailing experience filled in or logged', done: true },
        { key: 'identity_verified', label: 'Identity checked by our team', done: false },
      ],
      verifications: {
        email_verified: true,
        profile_photo: false,
        emergency_contact: true,
        sailing_experience: true,
        phone_verified: false,
        identity_verified: false,
        sailing_log_verified: false,
      },
      phone_verification: { available: true, has_phone_number: false },
    });
    // Four points without an identity check: established, never "Verified".
    await runtime.dataSource.query(`UPDATE users SET profile_photo_url = '/uploads/skipper.jpg' WHERE id = $1`, [ids['skipper']]);
    const established = (await request('GET', '/api/profile/verification-status', tokens['skipper'])).json();
    expect(established).toMatchObject({ verification_points: 4, verification_level: 'established', verification_label: 'Established' });
    expect(established.checks.filter((check: { done: boolean }) => check.done)).toHaveLength(4);
    await runtime.dataSource.query('UPDATE users SET identity_verified = true WHERE id = $1', [ids['skipper']]);
    const verified = (await request('GET', '/api/profile/verification-status', tokens['skipper'])).json();
    expect(verified).toMatchObject({ verification_points: 5, verification_level: 'verified', verification_label: 'Verified' });
    // The public profile shows the same level and points, from the same rule.
    const open = (await request('GET', `/api/users/${ids['skipper']}/public`)).json();
    expect(open).toMatchObject({ verification_level: 'verified', verification_points: 5, trust: { level: 'verified', label: 'Verified', points: 5, max_points: 6 } });
  });

  it('shows only public fields on the public profile, and 404 for an unknown member', async () => {
    const profile = (await request('GET', `/api/users/${ids['both']}/public`)).json();
    expect(Object.keys(profile).sort()).toEqual(
      [
        'first_name',
        'id',
        'last_name',
        'median_response_hours',
        'member_since',
        'profile_photo_url',
        'response_rate',
        'sailing_experience',
        'trust',
        'user_type',
        'verification_level',
        'verification_points',
      ].sort(),
    );
    expect(JSON.stringify(profile)).not.toContain('@crew.test');
    expect(JSON.stringify(profile)).not.toContain('7700');
    expect((await request('GET', '/api/users/00000000-0000-0000-0000-000000000000/public')).statusCode).toBe(404);
    expect((await request('GET', '/api/users/not-a-uuid/public')).statusCode).toBe(404);
  });
});

describe('saves that race a password reset', () => {
  it('write only the columns they change, so a reset landing between the read and the write stands', async () => {
    const user = { id: await insertUser(runtime.dataSource, { email: 'racer@crew.test', password: 'pass-1234', firstName: 'Race', lastName: 'Tester', type: 'crew' }) };
    const token = (await request('POST', '/api/auth/login', undefined, { email: 'racer@crew.test', password: 'pass-1234' })).json().access_token as string;
    const { token: resetToken } = await runtime.dataSource.transaction((manager) => issueToken(manager, user!.id, 'reset_password', new Date()));

    // The reset lands after the request loaded the user and before its write: whatever the save path
    // does next (repository update, save, or a raw query) runs after the reset has committed.
    const users = runtime.dataSource.getRepository(User);
    let resetDone = false;
    const raceIn = async (): Promise<void> => {
      if (resetDone) return;
      resetDone = true;
      const reset = await request('POST', '/api/auth/reset-password', undefined, { token: resetToken, password: 'new-pass-5678' });
      expect(reset.statusCode).toBe(200);
    };
    const spies = (['update', 'save'] as const).map((method) => {
      const original = users[method].bind(users) as (...args: unknown[]) => Promise<unknown>;
      return jest.spyOn(users, method).mockImplementation((async (...args: unknown[]) => {
        await raceIn();
        return original(...args);
      }) as never);
    });
    try {
      const saved = await request('PUT', '/api/profile/update-experience', token, experience);
      expect(saved.statusCode).toBe(200);
      expect(resetDone).toBe(true);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }

    // The profile change and the reset both stand: the new password works, the old one and the old token do not.
    const [row] = await runtime.dataSource.query<{ token_version: number; sailing_experience: unknown }[]>('SELECT token_version, sailing_experience FROM users WHERE id = $1', [
      user!.id,
    ]);
    expect(row).toMatchObject({ token_version: 1, sailing_experience: { years_sailing: 12 } });
    expect((await request('POST', '/api/auth/login', undefined, { email: 'racer@crew.test', password: 'new-pass-5678' })).statusCode).toBe(200);
    expect((await request('POST', '/api/auth/login', undefined, { email: 'racer@crew.test', password: 'pass-1234' })).statusCode).toBe(401);
    expect((await request('GET', '/api/auth/me', token)).statusCode).toBe(401);
  });
});
