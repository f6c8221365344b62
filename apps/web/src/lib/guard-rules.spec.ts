import type { UserResponse } from '@crew/contracts';
import { describe, expect, it } from '@jest/globals';
import { decideGuard, landingPath } from './guard-rules';

const user = (userType: string, isAdmin = false): UserResponse =>
  ({
    id: 'u1',
    email: 'a@b.test',
    first_name: 'Ann',
    last_name: 'Bonny',
    user_type: userType,
    is_admin: isAdmin,
    email_verified: true,
    created_at: '2026-01-01T00:00:00Z',
  }) as UserResponse;

describe('decideGuard', () => {
  it('sends guests to /login from every guarded route', () => {
    for (const kind of ['auth', 'admin', 'skipper'] as const) expect(decideGuard(kind, null, undefined)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('loads the user first when there is a token but no user record', () => {
    expect(decideGuard('admin', 'token', undefined)).toEqual({ kind: 'load-user' });
  });

  it('sends non-admins from admin routes to /dashboard and admits admins', () => {
    expect(decideGuard('admin', 'token', user('skipper'))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decideGuard('admin', 'token', user('admin', true))).toEqual({ kind: 'allow' });
    // The is_admin flag decides, not the user_type label.
    expect(decideGuard('admin', 'token', user('crew', true))).toEqual({ kind: 'allow' });
    expect(decideGuard('admin', 'token', user('admin', false))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('admits skipper or both, in any case, to skipper routes and sends others to /voyages', () => {
    expect(decideGuard('skipper', 'token', user('skipper'))).toEqual({ kind: 'allow' });
    expect(decideGuard('skipper', 'token', user('BOTH'))).toEqual({ kind: 'allow' });
    expect(decideGuard('skipper', 'token', user('Skipper'))).toEqual({ kind: 'allow' });
    expect(decideGuard('skipper', 'token', user('crew'))).toEqual({ kind: 'redirect', to: '/voyages' });
    expect(decideGuard('skipper', 'token', user('admin', true))).toEqual({ kind: 'redirect', to: '/voyages' });
  });

  it('admits any signed-in user to plain auth routes', () => {
    expect(decideGuard('auth', 'token', user('crew'))).toEqual({ kind: 'allow' });
  });
});

describe('landingPath', () => {
  it('sends an administrator to /admin and everyone else to /dashboard, unless a guard sent them to sign in from a page', () => {
    expect(landingPath(user('admin', true), undefined)).toBe('/admin');
    expect(landingPath(user('skipper', true), undefined)).toBe('/admin');
    expect(landingPath(user('both'), undefined)).toBe('/dashboard');
    expect(landingPath(user('crew'), '/login')).toBe('/dashboard');
    expect(landingPath(user('admin', true), '/profile')).toBe('/profile');
  });
});
