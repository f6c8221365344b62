import type { UserResponse } from '@crew/contracts';
import { TWO_FACTOR_CODES } from '@crew/rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { ApiError } from '../../../lib/api-client';
import { FieldMessage } from '../../../lib/forms/FieldMessage';
import { describedBy, messageAt, useContractForm } from '../../../lib/forms/use-contract-form';
import { useVerifyTwoFactor } from '../../../api/auth';

/**
 * The code step of a sign-in with two-step sign-in on: the current code of the
 * authenticator app, or one of the recovery codes. The session starts when
 * the code is right; an expired challenge sends the member back to sign in.
 */
export interface TwoFactorCodeStepProps {
  readonly challenge: string;
  readonly onSignedIn: (user: UserResponse) => void;
  readonly onRestart: () => void;
}

export function TwoFactorCodeStep({ challenge, onSignedIn, onRestart }: TwoFactorCodeStepProps) {
  const { t } = useLingui();
  const id = useId();
  const verify = useVerifyTwoFactor();
  const form = useContractForm((contracts) => contracts.twoFactorCodeRequestSchema, { defaultValues: { code: '' } });
  const { errors } = form.formState;
  const expired = verify.error instanceof ApiError && verify.error.code === TWO_FACTOR_CODES.challengeExpired;

  const onSubmit = form.handleSubmit(({ code }) => {
    verify.mutate({ challenge, code }, { onSuccess: (session) => onSignedIn(session.user) });
  });

  return (
    <form className="form card" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Two-step sign-in</Trans>
      </h2>
      <p>
        <Trans>Enter the 6-digit code your authenticator app shows for Crew Finder. Lost your phone? Enter one of your recovery codes instead.</Trans>
      </p>
      {verify.isError && (
        <p className="form__error" role="alert">
          {verify.error.message || t`That code is not valid.`}
          {expired && (
            <>
              {' '}
              <button type="button" className="button button--secondary button--small" onClick={onRestart}>
                <Trans>Sign in again</Trans>
              </button>
            </>
          )}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-code`}>
          <Trans>Authentication code</Trans>
        </label>
        <input
          type="text"
          inputMode="text"
          autoComplete="one-time-code"
          autoFocus
          spellCheck={false}
          {...form.register('code')}
          {...describedBy(`${id}-code`, messageAt(errors, 'code'))}
        />
        <FieldMessage id={`${id}-code`} message={messageAt(errors, 'code')} />
      </div>
      <button type="submit" className="button button--primary button--block" disabled={verify.isPending}>
        {verify.isPending ? t`Checking…` : t`Verify and sign in`}
      </button>
    </form>
  );
}
