import { platformConfigResponseSchema, routes, type PlatformConfigResponse } from '@crew/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_KEY, platformConfigQueryOptions } from './get-platform-config';

/** One configuration change, as the spec's calls send it. */
export type ConfigChange =
  | { readonly kind: 'monetization'; readonly enabled: boolean }
  | { readonly kind: 'rollout'; readonly percentage: number }
  | { readonly kind: 'free_trial_period_days' | 'subscription_price_gbp'; readonly value: number; readonly description: string | null };

export const changeConfig = (change: ConfigChange): Promise<PlatformConfigResponse> => {
  const schema = platformConfigResponseSchema;
  switch (change.kind) {
    case 'monetization':
      return apiRequest(routes.toggleMonetization.path, { method: 'POST', body: { enabled: change.enabled }, schema });
    case 'rollout':
      return apiRequest(routes.setRollout.path, { method: 'PUT', body: { percentage: change.percentage }, schema });
    default:
      return apiRequest(routes.setConfigValue.path.replace('{key}', change.kind), {
        method: 'PUT',
        body: { value: change.value, ...(change.description ? { description: change.description } : {}) },
        schema,
      });
  }
};

/**
 * POST /api/admin/monetization/toggle, PUT /api/admin/rollout/percentage,
 * PUT /api/admin/config/{key}: the answer is the new configuration; every
 * admin query (overview, history) is refreshed after.
 */
export function useChangeConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeConfig,
    onSuccess: (config) => {
      queryClient.setQueryData(platformConfigQueryOptions().queryKey, config);
    },
    // Also after a failure: a 503 means the change was saved but not yet shown.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    },
  });
}
