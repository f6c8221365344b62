import type { UserResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useSwitchToBoth } from '../../api/account-type';

interface SwitchToBothAccountProps {
  /** The account as it is now: a Skipper or a Crew account. */
  readonly from: 'skipper' | 'crew';
  /** The account is now Skipper & Crew. */
  readonly onSwitched?: (user: UserResponse) => void;
  /** The button that starts it; "Switch to Skipper & Crew" unless the page says more. */
  readonly startLabel?: string;
}

/** What a Skipper or a Crew account gains by becoming Skipper & Crew, and what stays as it is. */
function Consequences({ from }: { from: SwitchToBothAccountProps['from'] }) {
  return from === 'skipper' ? (
    <Trans>
      You can then apply to join other skippers’ voyages as crew, with the same email and password. Everything you have stays: voyages, boats, applications and reviews. Applying to
      voyages follows the crew rules, including the crew subscription when it applies. This cannot be undone.
    </Trans>
  ) : (
    <Trans>
      You can then publish your own voyages and add your boats as a skipper, with the same email and password. Everything you have stays: voyages, boats, applications and reviews.
      Applying to voyages follows the crew rules, including the crew subscription when it applies. This cannot be undone.
    </Trans>
  );
}

/**
 * The one change of account type: a Skipper or a Crew account becomes
 * Skipper & Crew, after the member confirms what it means. Nothing is lost;
 * it is not undone afterwards.
 */
export function SwitchToBothAccount({ from, onSwitched, startLabel }: SwitchToBothAccountProps) {
  const { t } = useLingui();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const switchType = useSwitchToBoth();

  if (!confirming) {
    return (
      <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
        {startLabel ?? t`Switch to Skipper & Crew`}
      </button>
    );
  }
  return (
    <div className="switch-account" role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`}>
        <strong>
          <Trans>Switch your account to Skipper & Crew?</Trans>
        </strong>
      </p>
      <p>
        <Consequences from={from} />
      </p>
      {switchType.isError && (
        <p className="form__error" role="alert">
          {switchType.error.message || t`Failed to switch your account. Please try again.`}
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          className="button button--primary"
          disabled={switchType.isPending}
          onClick={() => switchType.mutate(undefined, { onSuccess: (user) => onSwitched?.(user) })}
        >
          {switchType.isPending ? t`Switching…` : t`Yes, switch my account`}
        </button>
        <button type="button" className="button button--secondary" disabled={switchType.isPending} onClick={() => setConfirming(false)}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </div>
  );
}
