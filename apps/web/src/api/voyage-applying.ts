import type { SubscriptionRequired } from '@crew/contracts';
import { activityPaths, apiPaths } from '@crew/contracts/paths';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { apiKey, callApi, type ApiBody, type ApiResponse } from './contract-client';
import { voyageDetailKey, voyageQueryOptions } from './voyages';

type Voyage = ApiResponse<'GET', typeof apiPaths.getVoyage>;
export type ApplyBody = ApiBody<'POST', typeof apiPaths.apply>;

/** POST /api/applications/: the whole voyage (no segment_orders) or some of its legs (1-based orders). */
export const applyToVoyage = (body: ApplyBody) => callApi('POST', apiPaths.apply, { body });

/** A failure whose text says "already applied" means the viewer has applied. */
export const isAlreadyApplied = (error: unknown): boolean => error instanceof ApiError && /already applied/i.test(error.message);

/** Typed against the contract, yet a plain string: this chunk does not load the schemas. */
const SUBSCRIPTION_REQUIRED: SubscriptionRequired['code'] = 'SUBSCRIPTION_REQUIRED';

/** The 402 of monetization (docs/features/admin-console.md): applying needs a crew subscription, which the dialog then offers. */
export const isSubscriptionRequired = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 402 && error.code === SUBSCRIPTION_REQUIRED;

/** Asks the server again for the voyage as the viewer sees it (`my_application`), the browse lists and the viewer's applications and crew stats. */
export const refreshAfterApplying = (queryClient: QueryClient, voyageId: string): void => {
  for (const queryKey of [voyageDetailKey(voyageId), apiKey(apiPaths.listVoyages), apiKey(apiPaths.myApplications), apiKey(activityPaths.myCrewStats)]) {
    void queryClient.invalidateQueries({ queryKey });
  }
};

/**
 * Apply to one voyage as `viewerId`. On success the voyage shows the new
 * application at once, then everything is fetched again; when the server says
 * the viewer already applied, the voyage is fetched again to show that application.
 */
export function useApplyToVoyage(voyageId: string, viewerId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ApplyBody, 'voyage_id'>) => applyToVoyage({ ...body, voyage_id: voyageId }),
    onSuccess: ({ application }) => {
      queryClient.setQueryData(voyageQueryOptions(voyageId, viewerId).queryKey, (voyage: Voyage | undefined) =>
        voyage ? { ...voyage, my_application: { id: application.id, status: application.status } } : voyage,
      );
      refreshAfterApplying(queryClient, voyageId);
    },
    onError: (error) => {
      if (isAlreadyApplied(error)) refreshAfterApplying(queryClient, voyageId);
    },
  });
}
