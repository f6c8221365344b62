import type { UserResponse } from '@crew/contracts';
import { isSkipperLike } from './session';

/**
 * Where a user lands after signing in: the page a guard sent them from, else
 * their own start page (an administrator's is /admin: the dashboard has nothing for them).
 */
export function landingPath(user: Pick<UserResponse, 'user_type' | 'is_admin'>, from: string | undefined): string {
  if (from && from !== '/login') return from;
  return user.is_admin || user.user_type === 'admin' ? '/admin' : '/dashboard';
}

export type GuardKind = 'auth' | 'admin' | 'skipper';
export type GuardDecision = { readonly kind: 'allow' } | { readonly kind: 'load-user' } | { readonly kind: 'redirect'; readonly to: string };

/**
 * The route guard: with a token but no user record yet, fetch it first;
 * guests go to /login; non-admins on admin routes to /dashboard; skipper
 * routes admit skipper or both (any case), others go to /voyages.
 */
export function decideGuard(kind: GuardKind, token: string | null, user: UserResponse | undefined): GuardDecision {
  if (!token) return { kind: 'redirect', to: '/login' };
  if (!user) return { kind: 'load-user' };
  if (kind === 'admin' && !user.is_admin) return { kind: 'redirect', to: '/dashboard' };
  if (kind === 'skipper' && !isSkipperLike(user)) return { kind: 'redirect', to: '/voyages' };
  return { kind: 'allow' };
}
