import type { NotificationKind, NotificationPreferences } from '@crew/contracts';
import { notificationPaths } from '@crew/contracts/paths';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQueryOptions, callApi, type ApiBody } from './contract-client';

/** GET /api/users/me/notifications: the signed-in member's switch per kind of mail, and the kinds always sent. */
export const notificationPreferencesQueryOptions = () => queryOptions(apiQueryOptions(notificationPaths.notificationPreferences));

/** PUT /api/users/me/notifications: some switches on or off (the rest keep their state); the answer is every switch. */
export const saveNotificationPreferences = (body: ApiBody<'PUT', typeof notificationPaths.notificationPreferences>) =>
  callApi('PUT', notificationPaths.notificationPreferences, { body });

/** One switch turned on or off. */
export interface SwitchChange {
  readonly kind: NotificationKind;
  readonly on: boolean;
}

/**
 * Saves one switch. The cache takes the saved value of that switch only, so
 * two switches saved at once each keep their own answer, whichever arrives last.
 */
export function useSaveNotificationSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, on }: SwitchChange) => saveNotificationPreferences({ [kind]: on }),
    onSuccess: (saved, { kind }) =>
      queryClient.setQueryData(notificationPreferencesQueryOptions().queryKey, (cached: NotificationPreferences | undefined) =>
        cached ? { ...cached, switches: { ...cached.switches, [kind]: saved.switches[kind] } } : saved,
      ),
  });
}
