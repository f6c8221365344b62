import type { ApplicationActionResponse, ApplyRequest, SubscriptionRequired, VoyageResponse } from '@crew/contracts';
import { activityPaths, apiPaths } from '@crew/contracts/paths';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, lazySchema } from '../../../lib/api-client';
import { voyageDetailKey, voyageQueryOptions } from '../../../api/voyages';
import { apiKey } from '../../../api/contract-client';

/** POST /api/applications/: the whole voyage (no segment_orders) or some of its legs (1-based orders). */
export const applyToVoyage = (body: ApplyRequest): Promise<ApplicationActionResponse> =>
  apiRequest<ApplicationActionResponse>(apiPaths.apply, { method: 'POST', body, schema: lazySchema((contracts) => contracts.applicationActionResponseSchema) });

/** Spec section 8: a failure whose text says "already applied" means the viewer has applied. */
export const isAlreadyApplied = (error: unknown): boolean => error instanceof ApiError && /already applied/i.test(error.message);

/** Typed against the contract, yet a plain string: this chunk does not load the schemas. */
const SUBSCRIPTION_REQUIRED: SubscriptionRequired['code'] = 'SUBSCRIPTION_REQUIRED';

/** The 402 of PRODUCT.md (Monetization): applying needs a crew subscription, which the dialog then offers. */
export const isSubscriptionRequired = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 402 && error.code === SUBSCRIPTION_REQUIRED;

/** Asks the server again for the voyage as the viewer sees it (`my_application`), the browse lists and the viewer's applications. */
export const refreshAfterApplying = (queryClient: QueryClient, voyageId: string): void => {
  void queryClient.invalidateQueries({ queryKey: voyageDetailKey(voyageId) });
  void queryClient.invalidateQueries({ queryKey: ['voyages', 'list'] });
  // The viewer's own applications (dashboard and My Applications share one key) and crew stats.
  for (const queryKey of [apiKey(apiPaths.myApplications), apiKey(activityPaths.myCrewStats)]) void queryClient.invalidateQueries({ queryKey });
};

/**
 * Apply to one voyage as `viewerId`. On success the voyage shows the new
 * application at once, then everything is fetched again; when the server says
 * the viewer already applied, the voyage is fetched again to show that application.
 */
export function useApplyToVoyage(voyageId: string, viewerId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ApplyRequest, 'voyage_id'>) => applyToVoyage({ ...body, voyage_id: voyageId }),
    onSuccess: ({ application }) => {
      queryClient.setQueryData(voyageQueryOptions(voyageId, viewerId).queryKey, (voyage: VoyageResponse | undefined) =>
        voyage ? { ...voyage, my_application: { id: application.id, status: application.status } } : voyage,
      );
      refreshAfterApplying(queryClient, voyageId);
    },
    onError: (error) => {
      if (isAlreadyApplied(error)) refreshAfterApplying(queryClient, voyageId);
    },
  });
}
