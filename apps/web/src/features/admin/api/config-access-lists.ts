import { accessListsResponseSchema, routes, type AccessListChangeRequest, type AccessListsResponse } from '@crew/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_KEY } from './get-platform-config';

export const accessListsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'access-lists'] as const,
    queryFn: ({ signal }) => apiRequest<AccessListsResponse>(routes.getAccessLists.path, { schema: accessListsResponseSchema, signal }),
  });

/** GET /api/admin/users/grandfathered: grandfathered users and beta testers. */
export const useAccessLists = () => useQuery(accessListsQueryOptions());

/** POST /api/admin/users/grandfathered {action, user_id, list_type} */
export function useChangeAccessList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccessListChangeRequest) =>
      apiRequest<AccessListsResponse>(routes.changeAccessList.path, { method: 'POST', body, schema: accessListsResponseSchema }),
    onSuccess: (lists) => {
      queryClient.setQueryData(accessListsQueryOptions().queryKey, lists);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    },
  });
}
