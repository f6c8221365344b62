import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n/i18n';
import type { UserResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { apiQueryOptions } from '../api/contract-client';
import { tokenStore } from './token-store';

/** GET /api/auth/me: the signed-in user, one cache entry every screen shares (signing in and profile saves replace it). */
export const meQueryOptions = () => queryOptions({ ...apiQueryOptions(apiPaths.me, { check: false }), staleTime: 5 * 60_000 });

export const useToken = (): string | null => useSyncExternalStore(tokenStore.subscribe, tokenStore.get, () => null);

export interface Session {
  readonly token: string | null;
  readonly user: UserResponse | undefined;
  readonly isLoading: boolean;
  /** Why the signed-in user could not be loaded (a 401 signs out instead): the screen offers `retry`. */
  readonly error: Error | null;
  readonly retry: () => void;
  readonly signOut: () => void;
}

export function useSession(): Session {
  const token = useToken();
  const queryClient = useQueryClient();
  const me = useQuery({ ...meQueryOptions(), enabled: token !== null });
  const signOut = useCallback(() => {
    tokenStore.clear();
    queryClient.clear();
  }, [queryClient]);
  const { refetch } = me;
  const retry = useCallback(() => void refetch(), [refetch]);
  return { token, user: token ? me.data : undefined, isLoading: token !== null && me.isPending, error: token !== null && me.data === undefined ? me.error : null, retry, signOut };
}

/** Role helpers, exactly as the route guards and the shell read user_type. */
export const isSkipperLike = (user: Pick<UserResponse, 'user_type'>): boolean => ['skipper', 'both'].includes(user.user_type.toLowerCase());
export const isCrewLike = (user: Pick<UserResponse, 'user_type'>): boolean => ['crew', 'both'].includes(user.user_type.toLowerCase());
type RoleUser = Pick<UserResponse, 'user_type' | 'is_admin'>;
/** The account's kind, for its badge: a "both" account is skipper and crew. */
export const roleKind = (user: RoleUser): 'admin' | 'both' | 'skipper' | 'crew' =>
  user.is_admin || user.user_type === 'admin' ? 'admin' : user.user_type.toLowerCase() === 'both' ? 'both' : isSkipperLike(user) ? 'skipper' : 'crew';
const ROLE_BADGES = { admin: msg`Admin`, both: msg`Skipper & Crew`, skipper: msg`Skipper`, crew: msg`Crew` } as const;
export const roleBadge = (user: RoleUser): string => i18n._(ROLE_BADGES[roleKind(user)]);
/** The badge's class names: its look follows the account's kind. */
export const roleBadgeClass = (user: RoleUser): string => ['role-badge', `role-badge--${roleKind(user)}`].join(' ');
