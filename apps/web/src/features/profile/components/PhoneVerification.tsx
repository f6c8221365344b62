import type { VerificationStatus } from '@crew/contracts';
import { PHONE_VERIFICATION, PHONE_VERIFICATION_MESSAGES } from '@crew/rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { useConfirmPhoneCode, useSendPhoneCode } from '../../../api/phone-verification';
import { sharedMessage } from '../../../lib/form-errors';

const errorText = (error: unknown): string | null => (error instanceof Error ? error.message : null);

/**
 * The phone check of the trust indicator: a code by text message to the
 * profile's phone number, typed in here. Where the site sends no text
 * messages it says so instead of offering it.
 */
export function PhoneVerification({ status }: { readonly status: VerificationStatus }) {
  const { t } = useLingui();
  const send = useSendPhoneCode();
  const confirm = useConfirmPhoneCode();
  const [code, setCode] = useState('');

  if (status.verifications.phone_verified) {
    return (
      <p className="phone-verification">
        <span className="phone-verification__badge" data-testid="phone-badge">
          <Trans>✓ Phone verified</Trans>
        </span>
      </p>
    );
  }
  if (!status.phone_verification.available) {
    // The rules' words (the API refuses with the same), in the page's language.
    return <p className="phone-verification muted">{sharedMessage(PHONE_VERIFICATION_MESSAGES.unavailable)}.</p>;
  }
  if (!status.phone_verification.has_phone_number) {
    return (
      <p className="phone-verification muted">
        <Trans>Add a phone number under Basic Info to verify it with a code by text message.</Trans>
      </p>
    );
  }

  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code.trim());
  };
  const sent = send.data;
  const problem = errorText(confirm.error) ?? errorText(send.error);

  return (
    <div className="phone-verification">
      {!sent ? (
        <button type="button" className="button button--secondary" onClick={() => send.mutate()} disabled={send.isPending}>
          {send.isPending ? t`Sending code…` : t`Verify phone`}
        </button>
      ) : (
        <form onSubmit={onConfirm} aria-label={t`Confirm phone number`} noValidate>
          <p role="status">{sent.message}</p>
          <label htmlFor="phone-code">
            <Trans>Verification code</Trans>
          </label>
          <input
            id="phone-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={PHONE_VERIFICATION.codeLength}
            pattern={`\\d{${PHONE_VERIFICATION.codeLength}}`}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <div className="phone-verification__actions">
            <button type="submit" className="button button--primary" disabled={confirm.isPending || code.trim().length !== PHONE_VERIFICATION.codeLength}>
              {confirm.isPending ? t`Checking…` : t`Confirm code`}
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => {
                confirm.reset();
                setCode('');
                send.mutate();
              }}
              disabled={send.isPending}
            >
              <Trans>Send a new code</Trans>
            </button>
          </div>
        </form>
      )}
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
