import { TWO_FACTOR } from '@crew/rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { FieldMessage } from '../../../lib/forms/FieldMessage';
import { describedBy, messageAt, useContractForm } from '../../../lib/forms/use-contract-form';
import { useEnableTwoFactor, useReloadMe, useSetUpTwoFactor } from '../../../api/auth';

/** The secret in groups of four, as authenticator apps show them, so it is easier to type. */
const grouped = (secret: string): string => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Turning on two-step sign-in, which every administrator needs before the
 * administrator pages open: a secret to add to an authenticator app (typed in,
 * or opened through its otpauth link), a code from the app to confirm it, then
 * the recovery codes, shown this once.
 */
export function TwoFactorSetup() {
  const { t } = useLingui();
  const id = useId();
  const digits = TWO_FACTOR.codeDigits;
  const setup = useSetUpTwoFactor();
  const enable = useEnableTwoFactor();
  const reloadMe = useReloadMe();
  const [leaving, setLeaving] = useState(false);
  const form = useContractForm((contracts) => contracts.twoFactorCodeRequestSchema, { defaultValues: { code: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ code }) => enable.mutate(code));

  if (enable.isSuccess) {
    return (
      <section className="card two-factor" aria-labelledby={`${id}-done`}>
        <h1 id={`${id}-done`}>
          <Trans>Two-step sign-in is on</Trans>
        </h1>
        <p>{enable.data.message}</p>
        <h2>
          <Trans>Your recovery codes</Trans>
        </h2>
        <p>
          <Trans>Each code signs you in once if you lose your authenticator app. Print them or keep them in a password manager: they are not shown again.</Trans>
        </p>
        <ol className="two-factor__codes" aria-label={t`Recovery codes`}>
          {enable.data.recovery_codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="button button--primary"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void reloadMe();
          }}
        >
          <Trans>I have saved my recovery codes</Trans>
        </button>
      </section>
    );
  }

  return (
    <section className="card two-factor" aria-labelledby={`${id}-heading`}>
      <h1 id={`${id}-heading`}>
        <Trans>Turn on two-step sign-in</Trans>
      </h1>
      <p>
        <Trans>
          Administrators must turn on two-step sign-in before using the administrator pages. Each time you sign in you will give your password and a {digits}-digit code from an
          authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis).
        </Trans>
      </p>
      {!setup.data ? (
        <>
          {setup.isError && (
            <p className="form__error" role="alert">
              {setup.error.message || t`The set-up could not start. Please try again.`}
            </p>
          )}
          <button type="button" className="button button--primary" disabled={setup.isPending} onClick={() => setup.mutate()}>
            {setup.isPending ? t`Starting…` : t`Set up two-step sign-in`}
          </button>
        </>
      ) : (
        <>
          <h2>
            <Trans>1. Add Crew Finder to your authenticator app</Trans>
          </h2>
          <p>
            <Trans>In the app, add an account and type this secret key (a time-based key), or open the link on the phone that has the app.</Trans>
          </p>
          <dl className="two-factor__secret">
            <dt>
              <Trans>Secret key</Trans>
            </dt>
            <dd>
              <code data-testid="two-factor-secret">{grouped(setup.data.secret)}</code>
            </dd>
            <dt>
              <Trans>Link for the app</Trans>
            </dt>
            <dd>
              <a href={setup.data.otpauth_url} data-testid="two-factor-otpauth">
                <Trans>Open in an authenticator app</Trans>
              </a>
            </dd>
          </dl>
          <h2>
            <Trans>2. Enter the code the app shows</Trans>
          </h2>
          <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
            {enable.isError && (
              <p className="form__error" role="alert">
                {enable.error.message || t`That code is not valid.`}
              </p>
            )}
            <div className="field">
              <label htmlFor={`${id}-code`}>
                <Trans>Code from your authenticator app</Trans>
              </label>
              <input
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                spellCheck={false}
                {...form.register('code')}
                {...describedBy(`${id}-code`, messageAt(errors, 'code'))}
              />
              <FieldMessage id={`${id}-code`} message={messageAt(errors, 'code')} />
            </div>
            <button type="submit" className="button button--primary" disabled={enable.isPending}>
              {enable.isPending ? t`Checking…` : t`Turn on two-step sign-in`}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
