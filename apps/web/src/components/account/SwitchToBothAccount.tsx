import type { UserResponse } from '@crew/contracts';
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

/** What a Skipper or a Crew account gains by becoming Skipper & Crew. */
const GAINS = {
  skipper: 'You can then apply to join other skippers’ voyages as crew',
  crew: 'You can then publish your own voyages and add your boats as a skipper',
} as const;

/**
 * The one change of account type: a Skipper or a Crew account becomes
 * Skipper & Crew, after the member confirms what it means. Nothing is lost;
 * it is not undone afterwards.
 */
export function SwitchToBothAccount({ from, onSwitched, startLabel = 'Switch to Skipper & Crew' }: SwitchToBothAccountProps) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const switchType = useSwitchToBoth();

  if (!confirming) {
    return (
      <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
        {startLabel}
      </button>
    );
  }
  return (
    <div className="switch-account" role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`}>
        <strong>Switch your account to Skipper &amp; Crew?</strong>
      </p>
      <p>
        {GAINS[from]}, with the same email and password. Everything you have stays: voyages, boats, applications and reviews. Applying to voyages follows the crew rules, including
        the crew subscription when it applies. This cannot be undone.
      </p>
      {switchType.isError && (
        <p className="form__error" role="alert">
          {switchType.error.message || 'Failed to switch your account. Please try again.'}
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          className="button button--primary"
          disabled={switchType.isPending}
          onClick={() => switchType.mutate(undefined, { onSuccess: (user) => onSwitched?.(user) })}
        >
          {switchType.isPending ? 'Switching…' : 'Yes, switch my account'}
        </button>
        <button type="button" className="button button--secondary" disabled={switchType.isPending} onClick={() => setConfirming(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
