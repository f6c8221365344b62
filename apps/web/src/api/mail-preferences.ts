import { supportDeskPaths } from '@crew/contracts/paths';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQueryOptions, callApi } from './contract-client';

/** GET /api/users/me/mail-preferences: whether the signed-in member receives news and campaign mail. */
export const mailPreferencesQueryOptions = () => queryOptions(apiQueryOptions(supportDeskPaths.mailPreferences));

/** PUT /api/users/me/mail-preferences: campaign mail on or off; the answer is the saved choice. */
export const saveMailPreferences = (marketing: boolean) => callApi('PUT', supportDeskPaths.mailPreferences, { body: { marketing } });

export function useSaveMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMailPreferences,
    onSuccess: (saved) => queryClient.setQueryData(mailPreferencesQueryOptions().queryKey, saved),
  });
}
