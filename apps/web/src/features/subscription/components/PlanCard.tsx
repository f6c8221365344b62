import type { SubscriptionStatusResponse } from '@crew/contracts';
import { formatPrice, subscribeOffer } from '../lib/status-text';

interface PlanCardProps {
  readonly status: SubscriptionStatusResponse;
  readonly pending: boolean;
  readonly error: Error | null;
  readonly onSubscribe: () => void;
}

/** "Crew subscription": the price, what it gives (and what stays free), and the way to subscribe when there is one. */
export function PlanCard({ status, pending, error, onSubscribe }: PlanCardProps) {
  const offer = subscribeOffer(status);
  return (
    <section className="card subscription-card" aria-labelledby="subscription-plan-heading">
      <h2 id="subscription-plan-heading">Crew subscription</h2>
      <p className="subscription-plan__price">
        <strong>{formatPrice(status.price_gbp)}</strong> per year
      </p>
      <p>An annual subscription that renews automatically each year until you cancel it.</p>
      <h3>What it gives you</h3>
      <ul className="subscription-plan__list">
        <li>Applying to join voyages, whole or leg by leg.</li>
      </ul>
      <p className="muted">Browsing voyages, messaging skippers and your profile stay free, with or without a subscription.</p>
      {offer.kind === 'subscribed' && <p>You are subscribed.</p>}
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
              {pending ? 'Opening checkout…' : 'Subscribe'}
            </button>
          </div>
          <p className="field__hint">You pay by card on our payment provider&apos;s secure page.</p>
        </>
      )}
    </section>
  );
}
