import type { SubscriptionStatusResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';

interface BillingCardProps {
  readonly state: SubscriptionStatusResponse['subscription']['state'];
  readonly pending: boolean;
  readonly error: Error | null;
  readonly onManage: () => void;
}

/**
 * "Billing": the payment provider's own page, where the card is changed and
 * the subscription cancelled. Cancelling there is the only way, so the card says so.
 */
export function BillingCard({ state, pending, error, onManage }: BillingCardProps) {
  const { t } = useLingui();
  return (
    <section className="card subscription-card" aria-labelledby="subscription-billing-heading">
      <h2 id="subscription-billing-heading">
        <Trans>Billing</Trans>
      </h2>
      {state === 'payment_failed' && (
        <p className="subscription-card__warning">
          <Trans>Your card was declined. Open Manage billing to update it.</Trans>
        </p>
      )}
      <p>
        {t`Manage billing opens our payment provider's page, where you can update your card, see your invoices, or cancel. If you cancel, your subscription stays active until the end of the year you have paid for, then does not renew.`}
      </p>
      {error && (
        <p className="form__error" role="alert">
          {error.message}
        </p>
      )}
      <div className="actions">
        <button type="button" className="button button--secondary" disabled={pending} onClick={onManage}>
          {pending ? t`Opening billing…` : t`Manage billing`}
        </button>
      </div>
    </section>
  );
}
