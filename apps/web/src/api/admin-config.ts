import type { ConfigHistoryKey } from '@crew/contracts';
import { adminConfigPaths, apiPaths } from '@crew/contracts/paths';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiQueryOptions, callApi, type ApiBody, type ApiResponse } from './contract-client';

/**
 * Every admin read (each lives under its /api/admin/ path): a change to the
 * configuration or the access lists refreshes them all, as the overview's
 * figures, the history and the members' subscriptions follow from them.
 */
export const refreshAdminReads = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/admin/') });

/** GET /api/admin/config: each setting with its description and who changed it last. */
export const platformConfigQueryOptions = () => queryOptions(apiQueryOptions(apiPaths.getConfig));

export interface ConfigHistoryParams {
  readonly key: ConfigHistoryKey | null;
  readonly limit: number;
  readonly offset: number;
}

/** GET /api/admin/config/history?key=&limit=&offset= (newest first; the page on screen stays while the next loads). */
export const configHistoryQueryOptions = ({ key, limit, offset }: ConfigHistoryParams) =>
  queryOptions({
    ...apiQueryOptions(apiPaths.getConfigHistory, { query: { key: key ?? undefined, limit, offset } }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/config/as-of?at=…: the configuration as it stood then. */
export const configAsOfQueryOptions = (at: string) => queryOptions(apiQueryOptions(apiPaths.getConfigAsOf, { query: { at } }));

/** A monetization setting not saved yet: each one left out stays as it is. */
export interface MonetizationChange {
  readonly enabled?: boolean;
  readonly rollout?: number;
  readonly trialDays?: number;
}

/**
 * GET /api/admin/monetization/impact: who a change would make need a
 * subscription, counted by the server with the policy applying enforces
 * (the last count stays on screen while the next one comes).
 */
export const monetizationImpactQueryOptions = (change: MonetizationChange) =>
  queryOptions({
    ...apiQueryOptions(adminConfigPaths.monetizationImpact, { query: { enabled: change.enabled, rollout: change.rollout, trial_days: change.trialDays } }),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/users/grandfathered: grandfathered users and beta testers, with their names. */
export const accessListsQueryOptions = () => queryOptions(apiQueryOptions(apiPaths.getAccessLists));

export const toggleMonetization = (enabled: boolean) => callApi('POST', apiPaths.toggleMonetization, { body: { enabled } });
export const setRollout = (percentage: number) => callApi('PUT', apiPaths.setRollout, { body: { percentage } });
export type ConfigValueKey = 'free_trial_period_days' | 'subscription_price_gbp';
export const setConfigValue = (key: ConfigValueKey, body: ApiBody<'PUT', typeof apiPaths.setConfigValue>) => callApi('PUT', apiPaths.setConfigValue, { params: { key }, body });
export const changeAccessList = (body: ApiBody<'POST', typeof apiPaths.changeAccessList>) => callApi('POST', apiPaths.changeAccessList, { body });

/**
 * The answer is the new configuration; every admin read is refreshed after,
 * also after a failure: a 503 means the change was saved but not yet shown.
 */
function useConfigChange<TVariables>(run: (variables: TVariables) => Promise<ApiResponse<'GET', typeof apiPaths.getConfig>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (config) => queryClient.setQueryData(platformConfigQueryOptions().queryKey, config),
    onSettled: () => refreshAdminReads(queryClient),
  });
}

/** POST /api/admin/monetization/toggle */
export const useToggleMonetization = () => useConfigChange(toggleMonetization);
/** PUT /api/admin/rollout/percentage */
export const useSetRollout = () => useConfigChange(setRollout);
/** PUT /api/admin/config/{key}: the free trial or the price, with an optional note the history keeps. */
export const useSetConfigValue = (key: ConfigValueKey) => useConfigChange((body: ApiBody<'PUT', typeof apiPaths.setConfigValue>) => setConfigValue(key, body));

/** POST /api/admin/users/grandfathered {action, user_id, list_type}: the answer is the new lists. */
export function useChangeAccessList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAccessList,
    onSuccess: (lists) => queryClient.setQueryData(accessListsQueryOptions().queryKey, lists),
    onSettled: () => refreshAdminReads(queryClient),
  });
}
