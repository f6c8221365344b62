import { TWO_FACTOR } from '@crew/rules';
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
  const id = useId();
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
        <h1 id={`${id}-done`}>Two-step sign-in is on</h1>
        <p>{enable.data.message}</p>
        <h2>Your recovery codes</h2>
        <p>Each code signs you in once if you lose your authenticator app. Print them or keep them in a password manager: they are not shown again.</p>
        <ol className="two-factor__codes" aria-label="Recovery codes">
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
          I have saved my recovery codes
        </button>
      </section>
    );
  }

  return (
    <section className="card two-factor" aria-labelledby={`${id}-heading`}>
      <h1 id={`${id}-heading`}>Turn on two-step sign-in</h1>
      <p>
        Administrators must turn on two-step sign-in before using the administrator pages. Each time you sign in you will give your password and a {TWO_FACTOR.codeDigits}
        -digit code from an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis).
      </p>
      {!setup.data ? (
        <>
          {setup.isError && (
            <p className="form__error" role="alert">
              {setup.error.message || 'The set-up could not start. Please try again.'}
            </p>
          )}
          <button type="button" className="button button--primary" disabled={setup.isPending} onClick={() => setup.mutate()}>
            {setup.isPending ? 'Starting…' : 'Set up two-step sign-in'}
          </button>
        </>
      ) : (
        <>
          <h2>1. Add Crew Finder to your authenticator app</h2>
          <p>In the app, add an account and type this secret key (a time-based key), or open the link on the phone that has the app.</p>
          <dl className="two-factor__secret">
            <dt>Secret key</dt>
            <dd>
              <code data-testid="two-factor-secret">{grouped(setup.data.secret)}</code>
            </dd>
            <dt>Link for the app</dt>
            <dd>
              <a href={setup.data.otpauth_url} data-testid="two-factor-otpauth">
                Open in an authenticator app
              </a>
            </dd>
          </dl>
          <h2>2. Enter the code the app shows</h2>
          <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
            {enable.isError && (
              <p className="form__error" role="alert">
                {enable.error.message || 'That code is not valid.'}
              </p>
            )}
            <div className="field">
              <label htmlFor={`${id}-code`}>Code from your authenticator app</label>
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
              {enable.isPending ? 'Checking…' : 'Turn on two-step sign-in'}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
