import { billingPortalResponseSchema, subscriptionPaths, type BillingPortalResponse } from '@crew/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/subscription/portal: a one-time link to the provider's billing page (card, invoices, cancelling). */
export const openBillingPortal = (): Promise<BillingPortalResponse> =>
  apiRequest<BillingPortalResponse>(subscriptionPaths.portal, { method: 'POST', schema: billingPortalResponseSchema });

export const useOpenBillingPortal = () => useMutation({ mutationFn: openBillingPortal });
