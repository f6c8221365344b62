import type { ChangeAccountTypeRequest, UserResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../lib/api-client';
import { meQueryOptions } from '../lib/session';

/**
 * POST /api/users/me/account-type: the one change of account type, a Skipper
 * or Crew account to Skipper & Crew. The answer is the user, which replaces the
 * cached one, so every screen that reads the account type follows at once.
 */
export function useSwitchToBoth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<UserResponse>(apiPaths.changeAccountType, {
        method: 'POST',
        body: { user_type: 'both' } satisfies ChangeAccountTypeRequest,
        schema: lazySchema((contracts) => contracts.userSchema),
      }),
    onSuccess: (user) => queryClient.setQueryData(meQueryOptions().queryKey, user),
  });
}
