import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { subscriptionStatusQueryOptions, useOpenBillingPortal, useStartCheckout } from '../../../api/subscription';
import { BillingCard } from '../components/BillingCard';
import { PlanCard } from '../components/PlanCard';
import { StatusCard } from '../components/StatusCard';
import { neverNeedsSubscription } from '../lib/status-text';
import '../subscription.css';

/** Checkout and the billing portal are the payment provider's pages: the browser leaves the app for them. */
const leaveForPaymentProvider = (url: string): void => {
  window.location.href = url;
};

/**
 * After paying, the provider sends the user back before its webhook has
 * necessarily arrived: ask again every 2 s, for up to 30 s, until the
 * subscription is active.
 */
export const CONFIRM_POLLING = { everyMs: 2_000, forMs: 30_000 } as const;

export interface SubscriptionPageProps {
  /** Where the browser goes for checkout and billing; tests pass their own. */
  readonly leaveTo?: (url: string) => void;
  /** How often and how long to ask while a payment is confirmed; tests shorten it. */
  readonly confirmPolling?: { readonly everyMs: number; readonly forMs: number };
}

/**
 * /subscription: the crew subscription (monetization, docs/features/admin-console.md). Where the
 * user stands and why they may or may not apply, the price and what it gives,
 * Subscribe (card checkout) and Manage billing (card, invoices, cancelling).
 * The provider sends the user back with ?checkout=success or ?checkout=cancelled.
 */
export function SubscriptionPage({ leaveTo = leaveForPaymentProvider, confirmPolling = CONFIRM_POLLING }: SubscriptionPageProps) {
  const { t } = useLingui();
  usePageMeta(t`Subscription`, t`Your crew subscription: whether you can apply to voyages, the annual price, and billing.`);
  const [params] = useSearchParams();
  const outcome = params.get('checkout');
  const confirming = outcome === 'success';
  const [timedOut, setTimedOut] = useState(false);
  const [round, setRound] = useState(0);
  const query = useQuery({
    ...subscriptionStatusQueryOptions(),
    // Fresh on arrival: the page is where a change made elsewhere (a payment, an administrator) shows.
    refetchOnMount: 'always',
    refetchInterval: (current) => (confirming && !timedOut && current.state.data?.subscription.state !== 'active' ? confirmPolling.everyMs : false),
  });
  const checkout = useStartCheckout();
  const portal = useOpenBillingPortal();
  // Set once the provider's address is known, so the button stays disabled while the browser leaves.
  const [leaving, setLeaving] = useState<'checkout' | 'portal' | null>(null);

  useEffect(() => {
    if (!confirming) return undefined;
    const timer = setTimeout(() => setTimedOut(true), confirmPolling.forMs);
    return () => clearTimeout(timer);
  }, [confirming, confirmPolling.forMs, round]);

  // Coming back with the browser's Back button can show this page as it was left: make its buttons usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const subscribe = () => {
    portal.reset();
    checkout.mutate(undefined, {
      onSuccess: ({ checkout_url: url }) => {
        setLeaving('checkout');
        leaveTo(url);
      },
    });
  };
  const manageBilling = () => {
    checkout.reset();
    portal.mutate(undefined, {
      onSuccess: ({ portal_url: url }) => {
        setLeaving('portal');
        leaveTo(url);
      },
    });
  };
  const checkAgain = () => {
    setTimedOut(false);
    setRound((n) => n + 1);
    void query.refetch();
  };

  const status = query.data;
  const active = status?.subscription.state === 'active';
  let notice: string | null = null;
  if (outcome === 'cancelled') notice = t`Checkout was cancelled. Nothing was charged.`;
  else if (confirming && active) notice = t`Payment confirmed: your subscription is active.`;
  else if (confirming && timedOut) notice = t`Your payment has not been confirmed yet. This can take a few minutes; check again shortly.`;
  else if (confirming) notice = t`Thank you. Your payment is being confirmed…`;

  return (
    <div className="page subscription-page">
      <PageHeader title={t`Subscription`} lead={t`Crew membership: applying to voyages, the annual price and your billing.`} />
      {/* One live region for the checkout outcome, present from the start so each change is announced. */}
      <div role="status" aria-live="polite" className="subscription-page__notice">
        {notice && <p className={confirming && active ? 'form__success' : 'subscription-page__info'}>{notice}</p>}
      </div>
      {confirming && timedOut && !active && (
        <div className="actions">
          <button type="button" className="button button--secondary" onClick={checkAgain}>
            <Trans>Check again</Trans>
          </button>
        </div>
      )}
      {status ? (
        <div className="subscription-page__cards">
          <StatusCard status={status} confirming={confirming && !timedOut} />
          {status.subscription.has_billing_account && (
            <BillingCard state={status.subscription.state} pending={portal.isPending || leaving === 'portal'} error={portal.error} onManage={manageBilling} />
          )}
          {!neverNeedsSubscription(status) && <PlanCard status={status} pending={checkout.isPending || leaving === 'checkout'} error={checkout.error} onSubscribe={subscribe} />}
        </div>
      ) : query.isError ? (
        // When the answer is not one the page can read, its own words; the server's error text otherwise.
        <ErrorState message={query.error instanceof ApiError ? query.error.message : t`Failed to load your subscription. Please try again.`} onRetry={() => void query.refetch()} />
      ) : (
        <LoadingState label={t`Loading your subscription…`} />
      )}
    </div>
  );
}
