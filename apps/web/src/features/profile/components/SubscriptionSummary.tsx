import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { plural } from '../../../lib/format';
import { subscriptionStatusQueryOptions } from '../../../api/subscription';
import { SUBSCRIPTION_DISPLAY_LABELS } from '../../../lib/subscription-status';

/**
 * The account's subscription status as the server's access policy gives it
 * (free, trial, premium, or subscription needed), with the way to the subscription page.
 * For crew and "both" accounts only: skippers never need one.
 */
export function SubscriptionSummary() {
  const query = useQuery(subscriptionStatusQueryOptions());
  const status = query.data;
  let text = 'loading…';
  if (status) {
    const daysLeft = status.display === 'trial' && status.trial_days_left !== null ? ` (${plural(status.trial_days_left, 'day')} left)` : '';
    // The subscription page's one status: a member who needs a subscription to apply is told so, not "Free".
    text = status.reason === 'subscription_required' ? 'Subscription needed' : `${SUBSCRIPTION_DISPLAY_LABELS[status.display]}${daysLeft}`;
  } else if (query.isError) {
    text = 'could not be loaded';
  }
  return (
    <p className="field__hint profile-subscription">
      Subscription: <span className="profile-subscription__status">{text}</span>. <Link to="/subscription">Manage subscription</Link>
    </p>
  );
}
