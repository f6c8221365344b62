import { Trans } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';

/**
 * A password input with a Show/Hide button beside it: `children` draws the
 * input, as text while shown (`shown`), as a password otherwise.
 */
export function PasswordToggle({ children }: { children: (shown: boolean) => ReactNode }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="password-input">
      {children(shown)}
      <button type="button" className="password-input__toggle" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
        {shown ? (
          <Trans>
            Hide<span className="visually-hidden"> password</span>
          </Trans>
        ) : (
          <Trans>
            Show<span className="visually-hidden"> password</span>
          </Trans>
        )}
      </button>
    </div>
  );
}
