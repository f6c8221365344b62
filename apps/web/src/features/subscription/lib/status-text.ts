import type { SubscriptionStatusResponse } from '@crew/contracts';
import { plural, t } from '@lingui/core/macro';
import { formatDate, formatNumber } from '../../../lib/format';

export type StatusTone = 'free' | 'trial' | 'premium' | 'warning' | 'ended';

/** Where the user stands, in plain words: a short label and a sentence or two. */
export interface StatusSummary {
  readonly label: string;
  readonly detail: string;
  readonly tone: StatusTone;
}

/** "£30" or "£29.50" ("30 £" in French): whole pounds without pence, as the terms and the admin page write the price. */
export const formatPrice = (pounds: number): string => {
  const amount = formatNumber(pounds, Number.isInteger(pounds) ? 0 : 2);
  return t`£${amount}`;
};

/** Skippers and admins are always free: nothing on the page asks them to pay. */
export const neverNeedsSubscription = (status: Pick<SubscriptionStatusResponse, 'reason'>): boolean => status.reason === 'skipper' || status.reason === 'admin';

/** A subscription that is still running, paid or granted: no new checkout is offered. */
export const hasLiveSubscription = (status: Pick<SubscriptionStatusResponse, 'subscription'>): boolean =>
  status.subscription.state === 'active' || status.subscription.state === 'cancelling' || status.subscription.state === 'payment_failed';

function trialDetail(status: SubscriptionStatusResponse): string {
  const ends = status.trial_ends_at ? formatDate(status.trial_ends_at) : null;
  const days = status.trial_days_left;
  if (days === 0) return ends ? t`Your free trial ends today (${ends}).` : t`Your free trial ends today.`;
  if (days !== null && ends) {
    return t`${plural(days, { one: `# day left: your free trial ends on ${ends}.`, other: `# days left: your free trial ends on ${ends}.` })}`;
  }
  if (ends) return t`Your free trial ends on ${ends}.`;
  return days !== null ? t`${plural(days, { one: '# day left in your free trial.', other: '# days left in your free trial.' })}` : t`You are in your free trial.`;
}

/**
 * The status in words, from the subscription's own state first (it says more
 * than the display status: cancelling, a failed payment, ended), then the
 * display status for everyone without one.
 */
export function describeStatus(status: SubscriptionStatusResponse): StatusSummary {
  if (status.reason === 'skipper') return { label: t`Free`, detail: t`Skipper accounts are always free: you never need a subscription.`, tone: 'free' };
  if (status.reason === 'admin') return { label: t`Free`, detail: t`Administrator accounts never need a subscription.`, tone: 'free' };

  const { subscription } = status;
  const periodEnd = subscription.current_period_end ? formatDate(subscription.current_period_end) : null;
  switch (subscription.state) {
    case 'payment_failed':
      return {
        label: t`Payment failed`,
        detail: periodEnd
          ? t`Your last payment did not go through (your subscription was paid until ${periodEnd}). Update your card to keep your subscription.`
          : t`Your last payment did not go through. Update your card to keep your subscription.`,
        tone: 'warning',
      };
    case 'cancelling':
      return { label: t`Premium`, detail: periodEnd ? t`Your subscription ends on ${periodEnd} and will not renew.` : t`Your subscription will not renew.`, tone: 'premium' };
    case 'active': {
      if (subscription.cancel_at_period_end) {
        return { label: t`Premium`, detail: periodEnd ? t`Your subscription ends on ${periodEnd} and will not renew.` : t`Your subscription will not renew.`, tone: 'premium' };
      }
      // A grant from an administrator has no card behind it: it lasts until its end and does not renew.
      if (subscription.source === 'admin') {
        return { label: t`Premium`, detail: periodEnd ? t`Given to you by an administrator until ${periodEnd}.` : t`Given to you by an administrator.`, tone: 'premium' };
      }
      const price = formatPrice(status.price_gbp);
      return {
        label: t`Premium`,
        detail: periodEnd ? t`Your subscription renews on ${periodEnd} for ${price}.` : t`Your subscription renews every year.`,
        tone: 'premium',
      };
    }
    case 'revoked':
      return { label: t`Ended`, detail: t`An administrator ended your subscription.`, tone: 'ended' };
    case 'expired':
      return { label: t`Ended`, detail: periodEnd ? t`Your subscription ended on ${periodEnd}.` : t`Your subscription has ended.`, tone: 'ended' };
    case 'none':
    case 'checkout_pending':
      break;
  }
  // The access policy's own answer: a trial only while the trial gives access, so the badge never contradicts the message.
  if (status.reason === 'trial') return { label: t`Free trial`, detail: trialDetail(status), tone: 'trial' };
  if (status.reason === 'subscription_required') return { label: t`Subscription needed`, detail: t`You do not have a subscription.`, tone: 'warning' };
  return { label: t`Free`, detail: t`You do not have a subscription.`, tone: 'free' };
}

export type SubscribeOffer =
  /** The Subscribe button, with a word for someone who can already apply without it. */
  | { readonly kind: 'subscribe'; readonly note: string | null }
  | { readonly kind: 'subscribed' }
  /** No button, and the sentence that says why. */
  | { readonly kind: 'unavailable'; readonly text: string };

/** Whether the page offers a checkout, and if not, why. */
export function subscribeOffer(status: SubscriptionStatusResponse): SubscribeOffer {
  if (hasLiveSubscription(status)) return { kind: 'subscribed' };
  if (neverNeedsSubscription(status)) return { kind: 'unavailable', text: t`Your account never needs a subscription.` };
  if (status.reason === 'grandfathered') return { kind: 'unavailable', text: t`You have permanent free access, so you never need to subscribe.` };
  // Nothing is charged for while monetization is off: a subscription then would buy nothing.
  if (!status.monetization_enabled) return { kind: 'unavailable', text: t`Applying to voyages is free at the moment, so there is nothing to pay for yet.` };
  // The status card's next step (contact support) says what to do instead.
  if (!status.payments_configured) return { kind: 'unavailable', text: t`Card payments are not open yet, so you cannot subscribe here.` };
  if (status.reason === 'trial') return { kind: 'subscribe', note: t`You can apply during your free trial. Subscribe to keep applying once it ends.` };
  if (status.can_apply) return { kind: 'subscribe', note: t`You can apply without a subscription at the moment. Subscribing keeps your access if that changes.` };
  return { kind: 'subscribe', note: null };
}
