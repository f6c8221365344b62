import type { SubscriptionStatusResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { describeStatus, neverNeedsSubscription } from '../lib/status-text';
import { ContactSupportStep } from '../../../components/support/ContactSupportStep';

/**
 * "Your status": where the subscription stands, whether (and why) the user may
 * apply to voyages now, in the server's one message, and the next step it
 * names: browse voyages, subscribe (the plan card's button), or contact support.
 */
export function StatusCard({ status, confirming }: { status: SubscriptionStatusResponse; confirming: boolean }) {
  const { t } = useLingui();
  const summary = describeStatus(status);
  const crew = !neverNeedsSubscription(status);
  return (
    <section className="card subscription-card" aria-labelledby="subscription-status-heading">
      <h2 id="subscription-status-heading">
        <Trans>Your status</Trans>
      </h2>
      <p className="subscription-card__status">
        <span className={`subscription-badge subscription-badge--${summary.tone}`}>{summary.label}</span> {summary.detail}
      </p>
      {/* Said once by the checkout notice while a payment is being confirmed. */}
      {status.subscription.state === 'checkout_pending' && !confirming && (
        <p className="muted">
          <Trans>A checkout was started but the payment has not been confirmed. If you paid, confirmation can take a few minutes; otherwise you can subscribe again.</Trans>
        </p>
      )}
      <h3>
        <Trans>Applying to voyages</Trans>
      </h3>
      <p>
        {crew && (
          <>
            <strong>{status.can_apply ? t`You can apply to voyages.` : t`You cannot apply to voyages at the moment.`}</strong>{' '}
          </>
        )}
        {status.explanation}
      </p>
      {status.next_step === 'apply' && (
        <p>
          <Link to="/voyages">
            <Trans>Browse voyages</Trans>
          </Link>
        </p>
      )}
      {status.next_step === 'contact_support' && <ContactSupportStep />}
    </section>
  );
}
