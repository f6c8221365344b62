import type { SubscriptionStatusResponse } from '@crew/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { subscriptionStatusQueryOptions } from '../../../api/subscription';

/** The display status (admins and skippers free, premium, trial, free) in words. */
const DISPLAY_LABELS: Readonly<Record<SubscriptionStatusResponse['display'], MessageDescriptor>> = {
  free: msg`Free`,
  trial: msg`Trial`,
  premium: msg`Premium`,
};

/**
 * The account's subscription status as the server's access policy gives it
 * (free, trial, premium, or subscription needed), with the way to the subscription page.
 * For crew and "both" accounts only: skippers never need one.
 */
export function SubscriptionSummary() {
  const { t, i18n } = useLingui();
  const query = useQuery(subscriptionStatusQueryOptions());
  const status = query.data;
  let text = t`loading…`;
  if (status) {
    const label = i18n._(DISPLAY_LABELS[status.display]);
    const days = status.trial_days_left;
    // The subscription page's one status: a member who needs a subscription to apply is told so, not "Free".
    if (status.reason === 'subscription_required') text = t`Subscription needed`;
    else if (status.display === 'trial' && days !== null) text = t`${label} (${plural(days, { one: '# day left', other: '# days left' })})`;
    else text = label;
  } else if (query.isError) {
    text = t`could not be loaded`;
  }
  return (
    <p className="field__hint profile-subscription">
      <Trans>
        Subscription: <span className="profile-subscription__status">{text}</span>. <Link to="/subscription">Manage subscription</Link>
      </Trans>
    </p>
  );
}
