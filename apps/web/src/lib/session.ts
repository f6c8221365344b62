import type { UserResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { apiRequest } from './api-client';
import { tokenStore } from './token-store';

/** The signed-in user; the key is shared by every screen that needs it. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'] as const,
    queryFn: ({ signal }) => apiRequest<UserResponse>(apiPaths.me, { signal }),
    staleTime: 5 * 60_000,
  });

export const useToken = (): string | null => useSyncExternalStore(tokenStore.subscribe, tokenStore.get, () => null);

export interface Session {
  readonly token: string | null;
  readonly user: UserResponse | undefined;
  readonly isLoading: boolean;
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
  return { token, user: token ? me.data : undefined, isLoading: token !== null && me.isPending, signOut };
}

/** Role helpers, exactly as the spec's guards and shell read user_type. */
export const isSkipperLike = (user: Pick<UserResponse, 'user_type'>): boolean => ['skipper', 'both'].includes(user.user_type.toLowerCase());
export const isCrewLike = (user: Pick<UserResponse, 'user_type'>): boolean => ['crew', 'both'].includes(user.user_type.toLowerCase());
export const roleBadge = (user: Pick<UserResponse, 'user_type' | 'is_admin'>): 'Admin' | 'Skipper' | 'Crew' =>
  user.is_admin || user.user_type === 'admin' ? 'Admin' : isSkipperLike(user) ? 'Skipper' : 'Crew';
