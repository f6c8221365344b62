import {
  adminHistoryResponseSchema,
  adminSendEmailResponseSchema,
  adminUserActionResponseSchema,
  adminUserListResponseSchema,
  adminUserPaths,
  deleteUserResponseSchema,
  type AdminHistoryResponse,
  type AdminSendEmailRequest,
  type AdminSendEmailResponse,
  type AdminUserActionResponse,
  type AdminUserListQuery,
  type AdminUserListResponse,
  type DeleteUserResponse,
} from '@crew/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const withId = (path: string, id: string): string => path.replace('{id}', encodeURIComponent(id));

export interface UsersFilters {
  readonly search: string;
  readonly userType: NonNullable<AdminUserListQuery['user_type']> | '';
  readonly subscription: NonNullable<AdminUserListQuery['subscription']> | '';
  readonly page: number;
}

const queryString = (filters: UsersFilters): string => {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.userType) params.set('user_type', filters.userType);
  if (filters.subscription) params.set('subscription', filters.subscription);
  params.set('page', String(filters.page));
  return params.toString();
};

export const usersQueryOptions = (filters: UsersFilters) =>
  queryOptions({
    queryKey: ['admin', 'users', filters] as const,
    queryFn: ({ signal }) => apiRequest<AdminUserListResponse>(`${adminUserPaths.list}?${queryString(filters)}`, { schema: adminUserListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useUsers = (filters: UsersFilters) => useQuery(usersQueryOptions(filters));

export const userHistoryQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['admin', 'users', 'history', userId] as const,
    queryFn: ({ signal }) => apiRequest<AdminHistoryResponse>(withId(adminUserPaths.history, userId), { schema: adminHistoryResponseSchema, signal }),
  });

export const useUserHistory = (userId: string) => useQuery(userHistoryQueryOptions(userId));

/** Every user action refreshes the list (stat cards included) and that user's history. */
const useUserMutation = <TVariables, TResult>(run: (variables: TVariables) => Promise<TResult>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
};

export const useChangeSubscription = () =>
  useUserMutation(({ userId, action }: { userId: string; action: 'grant' | 'revoke' }) =>
    apiRequest<AdminUserActionResponse>(withId(adminUserPaths.subscription, userId), { method: 'POST', body: { action }, schema: adminUserActionResponseSchema }),
  );

export const useSetProfileStatus = () =>
  useUserMutation(({ userId, complete }: { userId: string; complete: boolean }) =>
    apiRequest<AdminUserActionResponse>(withId(adminUserPaths.profileStatus, userId), { method: 'PUT', body: { profile_complete: complete }, schema: adminUserActionResponseSchema }),
  );

export const useSendUserEmail = () =>
  useUserMutation(({ userId, request }: { userId: string; request: AdminSendEmailRequest }) =>
    apiRequest<AdminSendEmailResponse>(withId(adminUserPaths.sendEmail, userId), { method: 'POST', body: request, schema: adminSendEmailResponseSchema }),
  );

export const useDeleteUser = () =>
  useUserMutation(({ userId }: { userId: string }) =>
    apiRequest<DeleteUserResponse>(withId(adminUserPaths.remove, userId), { method: 'DELETE', schema: deleteUserResponseSchema }),
  );

/** Suspend (reason required) or reinstate (an optional note) a member; refreshes the list and their history. */
export const useSuspension = () =>
  useUserMutation(({ userId, action, reason }: { userId: string; action: 'suspend' | 'reinstate'; reason: string }) =>
    apiRequest<AdminUserActionResponse>(withId(action === 'suspend' ? adminUserPaths.suspend : adminUserPaths.reinstate, userId), {
      method: 'POST',
      body: action === 'suspend' || reason ? { reason } : {},
      schema: adminUserActionResponseSchema,
    }),
  );

/** Members found by name, email or id, for pickers (the list's first page). */
export const userSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['admin', 'users', 'search', search] as const,
    queryFn: ({ signal }) =>
      apiRequest<AdminUserListResponse>(`${adminUserPaths.list}?${new URLSearchParams({ search, page: '1' })}`, { schema: adminUserListResponseSchema, signal }),
    staleTime: 30_000,
  });

export const useUserSearch = (search: string) => useQuery({ ...userSearchQueryOptions(search), enabled: search.trim().length >= 2, placeholderData: keepPreviousData });
