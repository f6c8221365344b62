import type { AdminHistoryResponse, AdminUserActionResponse, PublicProfile, VerificationStatus } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Application } from '../src/application';
import { addUser, callAs, startTestApp, type TestApp } from './support/harness';

/**
 * Identity checks by the team: an administrator marks a member's identity as
 * checked with a note of how, or revokes it; identity_verified, the trust
 * level and points follow everywhere, and the member's audit trail shows who
 * did it, when, and the note.
 */

let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const call = callAs(() => app, tokens);
const path = (who: string) => `/api/admin/users/${ids[who]}/identity-verification`;

beforeAll(async () => {
  testApp = await startTestApp({ dataDirPrefix: 'crew-identity-' });
  ({ runtime, app } = testApp);
  for (const [name, type, first] of [
    ['admin', 'admin', 'Ada'],
    ['member', 'crew', 'Mary'],
    ['other', 'skipper', 'Otto'],
  ] as const) {
    const user = await addUser(runtime, { email: `${name}@identity.test`, type, firstName: first, lastName: 'Tester' });
    ids[name] = user.id;
    tokens[name] = user.token;
  }
  // An administrator who has not turned on two-step sign-in yet.
  const pending = await addUser(runtime, { email: 'pending@identity.test', type: 'admin', twoFactor: false });
  tokens['pendingAdmin'] = pending.token;
});

afterAll(() => testApp.close());

describe('identity verification by an administrator', () => {
  it('marks the identity as checked: the member shows as Verified with the identity point, and the trail has the admin, the time and the note', async () => {
    const before = await call<VerificationStatus>('GET', '/api/profile/verification-status', 'member');
    const granted = await call<AdminUserActionResponse>('POST', path('member'), 'admin', { note: '  Passport seen on a video call  ' });
    expect(granted.status).toBe(200);
    expect(granted.body.message).toMatch(/Verified/);
    expect(granted.body.user).toMatchObject({ id: ids['member'], identity_verified: true });

    const status = await call<VerificationStatus>('GET', '/api/profile/verification-status', 'member');
    expect(status.body.verification_points).toBe(before.body.verification_points + 1);
    expect(status.body.checks.find((check) => check.key === 'identity_verified')).toEqual({ key: 'identity_verified', label: 'Identity checked by our team', done: true });
    const profile = await call<PublicProfile>('GET', `/api/users/${ids['member']}/public`);
    expect(profile.body.trust).toMatchObject({ level: 'verified', label: 'Verified' });
    expect((await call('GET', '/api/auth/me', 'member')).body).toMatchObject({ identity_verified: true });

    const history = await call<AdminHistoryResponse>('GET', `/api/admin/users/${ids['member']}/history`, 'admin');
    expect(history.body.history[0]).toMatchObject({
      action: 'user.identity_verified',
      subject_type: 'user',
      subject_id: ids['member'],
      reason: 'Passport seen on a video call',
      actor_id: ids['admin'],
      actor_name: 'Ada Tester',
    });
    expect(Date.now() - new Date(history.body.history[0]!.occurred_at).getTime()).toBeLessThan(60_000);
  });

  it('refuses marking twice, a missing note and an unknown member', async () => {
    const twice = await call('POST', path('member'), 'admin', { note: 'Again' });
    expect([twice.status, twice.body.code]).toEqual([409, 'IDENTITY_ALREADY_VERIFIED']);
    const blank = await call('POST', path('other'), 'admin', { note: '   ' });
    expect([blank.status, blank.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const unknown = await call('POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/identity-verification', 'admin', { note: 'Seen' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'USER_NOT_FOUND']);
  });

  it('revokes it: the level and points fall back and the trail records the revocation', async () => {
    const revoked = await call<AdminUserActionResponse>('DELETE', path('member'), 'admin');
    expect(revoked.status).toBe(200);
    expect(revoked.body.user).toMatchObject({ identity_verified: false });
    const profile = await call<PublicProfile>('GET', `/api/users/${ids['member']}/public`);
    expect(profile.body.trust.level).not.toBe('verified');
    const history = await call<AdminHistoryResponse>('GET', `/api/admin/users/${ids['member']}/history`, 'admin');
    expect(history.body.history.map((entry) => entry.action).slice(0, 2)).toEqual(['user.identity_verification_revoked', 'user.identity_verified']);
    expect(history.body.history[0]).toMatchObject({ actor_id: ids['admin'] });
    const again = await call('DELETE', path('member'), 'admin');
    expect([again.status, again.body.code]).toEqual([409, 'IDENTITY_NOT_VERIFIED']);
  });

  it('is for administrators with two-step sign-in only', async () => {
    expect((await call('POST', path('other'), 'member', { note: 'Me' })).status).toBe(403);
    expect((await call('POST', path('other'), undefined, { note: 'Me' })).status).toBe(401);
    const pending = await call('POST', path('other'), 'pendingAdmin', { note: 'Seen' });
    expect([pending.status, pending.body.code]).toEqual([403, 'TWO_FACTOR_SETUP_REQUIRED']);
    expect((await call('GET', '/api/auth/me', 'other')).body).toMatchObject({ identity_verified: false });
  });
});
