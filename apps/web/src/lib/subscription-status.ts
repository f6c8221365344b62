import { subscriptionPaths, subscriptionStatusResponseSchema, type SubscriptionStatusResponse } from '@crew/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * GET /api/subscription: the signed-in user's access to applying and their
 * own subscription. Shared by the subscription page and the profile's account
 * details, so both read (and refresh) one answer. Only signed-in screens use it,
 * which load the contracts' schemas anyway.
 */
export const subscriptionStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['subscription', 'status'] as const,
    queryFn: ({ signal }) => apiRequest<SubscriptionStatusResponse>(subscriptionPaths.status, { schema: subscriptionStatusResponseSchema, signal }),
  });

/** The spec's display status (section 4) in words. */
export const SUBSCRIPTION_DISPLAY_LABELS: Readonly<Record<SubscriptionStatusResponse['display'], string>> = {
  free: 'Free',
  trial: 'Trial',
  premium: 'Premium',
};
