import type { SubscriptionStatusResponse } from '@crew/contracts';

/** The display status (admins and skippers free, premium, trial, free) in words. */
export const SUBSCRIPTION_DISPLAY_LABELS: Readonly<Record<SubscriptionStatusResponse['display'], string>> = {
  free: 'Free',
  trial: 'Trial',
  premium: 'Premium',
};
