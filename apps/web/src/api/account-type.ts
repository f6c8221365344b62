import { apiPaths } from '@crew/contracts/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../lib/session';
import { callApi } from './contract-client';

/**
 * POST /api/users/me/account-type: the one change of account type, a Skipper
 * or Crew account to Skipper & Crew. The answer is the user, which replaces the
 * cached one, so every screen that reads the account type follows at once.
 */
export const switchToBoth = () => callApi('POST', apiPaths.changeAccountType, { body: { user_type: 'both' } });

export function useSwitchToBoth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchToBoth,
    onSuccess: (user) => queryClient.setQueryData(meQueryOptions().queryKey, user),
  });
}
