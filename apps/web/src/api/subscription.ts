import { subscriptionPaths } from '@crew/contracts/paths';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiQueryOptions, callApi } from './contract-client';

/**
 * GET /api/subscription: the signed-in user's access to applying and their
 * own subscription. The subscription page and the profile's account details
 * read (and refresh) this one answer.
 */
export const subscriptionStatusQueryOptions = () => queryOptions(apiQueryOptions(subscriptionPaths.status));

/** GET /api/subscription/terms (public): the price and whether a subscription is required now, for the Terms of Service. */
export const subscriptionTermsQueryOptions = () => queryOptions(apiQueryOptions(subscriptionPaths.terms, { check: false }));

/**
 * POST /api/subscription/checkout: a card checkout at the payment provider for
 * the annual price. Paying there does not subscribe by itself: the provider's
 * signed webhook does, which is why the page confirms by asking again.
 */
export const startCheckout = () => callApi('POST', subscriptionPaths.checkout);
export const useStartCheckout = () => useMutation({ mutationFn: startCheckout });

/** POST /api/subscription/portal: a one-time link to the provider's billing page (card, invoices, cancelling). */
export const openBillingPortal = () => callApi('POST', subscriptionPaths.portal);
export const useOpenBillingPortal = () => useMutation({ mutationFn: openBillingPortal });
