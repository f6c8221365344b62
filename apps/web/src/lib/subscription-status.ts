import type { SubscriptionStatusResponse } from '@crew/contracts';

/** The spec's display status (section 4) in words. */
export const SUBSCRIPTION_DISPLAY_LABELS: Readonly<Record<SubscriptionStatusResponse['display'], string>> = {
  free: 'Free',
  trial: 'Trial',
  premium: 'Premium',
};
