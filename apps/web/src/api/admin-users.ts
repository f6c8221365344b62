import { adminUserPaths } from '@crew/contracts/paths';
import type { AdminUserListQuery } from '@crew/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKey, apiQueryOptions, callApi, type ApiBody } from './contract-client';

export interface UsersFilters {
  readonly search: string;
  readonly userType: NonNullable<AdminUserListQuery['user_type']> | '';
  readonly subscription: NonNullable<AdminUserListQuery['subscription']> | '';
  readonly page: number;
}

/** GET /api/admin/users?search=&user_type=&subscription=&page= (the page on screen stays while the next loads). */
export const adminUsersQueryOptions = (filters: UsersFilters) =>
  queryOptions({
    ...apiQueryOptions(adminUserPaths.list, {
      query: { search: filters.search.trim() || undefined, user_type: filters.userType || undefined, subscription: filters.subscription || undefined, page: filters.page },
    }),
    placeholderData: keepPreviousData,
  });

/** Members found by name, email or id, for pickers: the list's first page (enable it from 2 characters). */
export const userSearchQueryOptions = (search: string) =>
  queryOptions({ ...apiQueryOptions(adminUserPaths.list, { query: { search, page: 1 } }), staleTime: 30_000, placeholderData: keepPreviousData });

/** GET /api/admin/users/{id}/history: a user's administrator history, newest first. */
export const userHistoryQueryOptions = (userId: string) => queryOptions(apiQueryOptions(adminUserPaths.history, { params: { id: userId } }));

export const changeSubscription = ({ userId, action }: { userId: string; action: 'grant' | 'revoke' }) =>
  callApi('POST', adminUserPaths.subscription, { params: { id: userId }, body: { action } });
export const setProfileStatus = ({ userId, complete }: { userId: string; complete: boolean }) =>
  callApi('PUT', adminUserPaths.profileStatus, { params: { id: userId }, body: { profile_complete: complete } });
export const sendUserEmail = ({ userId, request }: { userId: string; request: ApiBody<'POST', typeof adminUserPaths.sendEmail> }) =>
  callApi('POST', adminUserPaths.sendEmail, { params: { id: userId }, body: request });
export const deleteUser = ({ userId }: { userId: string }) => callApi('DELETE', adminUserPaths.remove, { params: { id: userId } });
/** Suspend: a reason is required. */
export const suspendUser = ({ userId, reason }: { userId: string; reason: string }) => callApi('POST', adminUserPaths.suspend, { params: { id: userId }, body: { reason } });
/** Reinstate: an optional note (left out when blank). */
export const reinstateUser = ({ userId, reason }: { userId: string; reason?: string }) =>
  callApi('POST', adminUserPaths.reinstate, { params: { id: userId }, body: reason ? { reason } : {} });

/** Identity checked by the team: a note of how is required. */
export const verifyIdentity = ({ userId, note }: { userId: string; note: string }) =>
  callApi('POST', adminUserPaths.identityVerification, { params: { id: userId }, body: { note } });
/** Revoke an identity check. */
export const revokeIdentity = ({ userId }: { userId: string }) => callApi('DELETE', adminUserPaths.identityVerification, { params: { id: userId } });

/** Every user action refreshes the lists (stat cards and pickers included) and the users' histories. */
function useUserMutation<TVariables, TResult>(run: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: apiKey(adminUserPaths.list) }), queryClient.invalidateQueries({ queryKey: apiKey(adminUserPaths.history) })]);
    },
  });
}

/** POST /api/admin/users/{id}/subscription {action: grant|revoke} */
export const useChangeSubscription = () => useUserMutation(changeSubscription);
/** PUT /api/admin/users/{id}/profile-status {profile_complete} */
export const useSetProfileStatus = () => useUserMutation(setProfileStatus);
/** POST /api/admin/users/{id}/send-email */
export const useSendUserEmail = () => useUserMutation(sendUserEmail);
/** DELETE /api/admin/users/{id} */
export const useDeleteUser = () => useUserMutation(deleteUser);
/** POST /api/admin/users/{id}/suspend {reason} */
export const useSuspendUser = () => useUserMutation(suspendUser);
/** POST /api/admin/users/{id}/reinstate {reason?} */
export const useReinstateUser = () => useUserMutation(reinstateUser);
/** POST /api/admin/users/{id}/identity-verification {note} */
export const useVerifyIdentity = () => useUserMutation(verifyIdentity);
/** DELETE /api/admin/users/{id}/identity-verification */
export const useRevokeIdentity = () => useUserMutation(revokeIdentity);
