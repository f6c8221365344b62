import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SubscriptionStatusResponse } from '@crew/contracts';

/** The display status (admins and skippers free, premium, trial, free) in words. */
export const SUBSCRIPTION_DISPLAY_LABELS: Readonly<Record<SubscriptionStatusResponse['display'], MessageDescriptor>> = {
  free: msg`Free`,
  trial: msg`Trial`,
  premium: msg`Premium`,
};
