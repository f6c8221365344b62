import { checkoutResponseSchema, subscriptionPaths, type CheckoutResponse } from '@crew/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/subscription/checkout: a card checkout at the payment provider for
 * the annual price. Paying there does not subscribe by itself: the provider's
 * signed webhook does, which is why the page confirms by asking again.
 */
export const startCheckout = (): Promise<CheckoutResponse> =>
  apiRequest<CheckoutResponse>(subscriptionPaths.checkout, { method: 'POST', schema: checkoutResponseSchema });

export const useStartCheckout = () => useMutation({ mutationFn: startCheckout });
