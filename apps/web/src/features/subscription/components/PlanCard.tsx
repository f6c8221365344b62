import type { SubscriptionStatusResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatPrice, subscribeOffer } from '../lib/status-text';

interface PlanCardProps {
  readonly status: SubscriptionStatusResponse;
  readonly pending: boolean;
  readonly error: Error | null;
  readonly onSubscribe: () => void;
}

/** "Crew subscription": the price, what it gives (and what stays free), and the way to subscribe when there is one. */
export function PlanCard({ status, pending, error, onSubscribe }: PlanCardProps) {
  const { t } = useLingui();
  const offer = subscribeOffer(status);
  const price = formatPrice(status.price_gbp);
  return (
    <section className="card subscription-card" aria-labelledby="subscription-plan-heading">
      <h2 id="subscription-plan-heading">
        <Trans>Crew subscription</Trans>
      </h2>
      <p className="subscription-plan__price">
        <Trans>
          <strong>{price}</strong> per year
        </Trans>
      </p>
      <p>
        <Trans>An annual subscription that renews automatically each year until you cancel it.</Trans>
      </p>
      <h3>
        <Trans>What it gives you</Trans>
      </h3>
      <ul className="subscription-plan__list">
        <li>
          <Trans>Applying to join voyages, whole or leg by leg.</Trans>
        </li>
      </ul>
      <p className="muted">
        <Trans>Browsing voyages, messaging skippers and your profile stay free, with or without a subscription.</Trans>
      </p>
      {offer.kind === 'subscribed' && (
        <p>
          <Trans>You are subscribed.</Trans>
        </p>
      )}
      {offer.kind === 'unavailable' && <p className="subscription-card__note">{offer.text}</p>}
      {offer.kind === 'subscribe' && (
        <>
          {offer.note && <p>{offer.note}</p>}
          {error && (
            <p className="form__error" role="alert">
              {error.message}
            </p>
          )}
          <div className="actions">
            <button type="button" className="button button--primary" disabled={pending} onClick={onSubscribe}>
              {pending ? t`Opening checkout…` : t`Subscribe`}
            </button>
          </div>
          <p className="field__hint">{t`You pay by card on our payment provider's secure page.`}</p>
        </>
      )}
    </section>
  );
}
