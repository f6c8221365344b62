import type { UserResponse } from '@crew/contracts';
import { isSkipperLike } from './session';

export type GuardKind = 'auth' | 'admin' | 'skipper';
export type GuardDecision = { readonly kind: 'allow' } | { readonly kind: 'load-user' } | { readonly kind: 'redirect'; readonly to: string };

/**
 * The spec's route guard: with a token but no user record yet, fetch it first;
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
