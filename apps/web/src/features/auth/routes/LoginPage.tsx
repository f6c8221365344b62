import { TOO_MANY_SIGN_IN_ATTEMPTS_CODE } from '@crew/contracts/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { landingPath } from '../../../lib/guard-rules';
import { FieldMessage } from '../../../lib/forms/FieldMessage';
import { describedBy, messageAt, useContractForm } from '../../../lib/forms/use-contract-form';
import { usePageMeta } from '../../../lib/page-meta';
import { isTwoFactorStep, useLogin, useRequestSignInLink } from '../../../api/auth';
import { PasswordToggle } from '../../../components/ui/PasswordToggle';
import { LoadingState } from '../../../components/ui/States';
import { lazyComponent } from '../../../lib/lazy-component';
import type { TwoFactorCodeStepProps } from '../components/TwoFactorCodeStep';

// The code step shows only after a right password on an account with two-step sign-in: its code and texts load then.
const TwoFactorCodeStep = lazyComponent<TwoFactorCodeStepProps>(() => import('../components/TwoFactorCodeStep'), 'TwoFactorCodeStep');

export function LoginPage() {
  const { t } = useLingui();
  usePageMeta(t`Sign in`, t`Sign in to Crew Finder to manage your voyages and applications.`);
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const form = useContractForm((contracts) => contracts.loginRequestSchema, { defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  const email = form.watch('email');
  const signInLink = useRequestSignInLink();
  const throttled = login.error instanceof ApiError && login.error.code === TOO_MANY_SIGN_IN_ATTEMPTS_CODE;
  // Set when the password was right and the account has two-step sign-in on: the code step follows.
  const [challenge, setChallenge] = useState<string | null>(null);

  const from = (location.state as { from?: string } | null)?.from;

  const onSubmit = form.handleSubmit((credentials) => {
    // An account with two-step sign-in answers with the code step: its code is fetched meanwhile.
    void TwoFactorCodeStep.preload();
    signInLink.reset();
    login.mutate(credentials, {
      onSuccess: (result) => (isTwoFactorStep(result) ? setChallenge(result.challenge) : navigate(landingPath(result.user, from), { replace: true })),
    });
  });

  if (challenge) {
    return (
      <div className="page page--narrow auth-page">
        <h1>
          <Trans>Sign in</Trans>
        </h1>
        <Suspense fallback={<LoadingState />}>
          <TwoFactorCodeStep
            challenge={challenge}
            onSignedIn={(user) => navigate(landingPath(user, from), { replace: true })}
            onRestart={() => {
              setChallenge(null);
              login.reset();
            }}
          />
        </Suspense>
      </div>
    );
  }

  return (
    <div className="page page--narrow auth-page">
      <h1>
        <Trans>Sign in</Trans>
      </h1>
      <p className="auth-page__lead">
        <Trans>Welcome back. Sign in to manage your voyages and applications.</Trans>
      </p>
      <form className="form card" onSubmit={(event) => void onSubmit(event)} noValidate>
        {login.isError && (
          <p className="form__error" role="alert">
            {login.error.message || t`Login failed`}
            {login.error instanceof ApiError && login.error.code === 'EMAIL_NOT_VERIFIED' && (
              <>
                {' '}
                <Link to={`/email-verification-pending?email=${encodeURIComponent(email)}`}>
                  <Trans>Send a new link</Trans>
                </Link>
              </>
            )}
          </p>
        )}
        {throttled && (
          <div className="form__aside" aria-live="polite">
            {signInLink.isSuccess ? (
              <p role="status">{signInLink.data.message}</p>
            ) : (
              <>
                <p>
                  <Trans>You can still get in: we can email you a link that signs you in once, without your password.</Trans>
                </p>
                <button type="button" className="button button--secondary" disabled={signInLink.isPending} onClick={() => signInLink.mutate({ email, next: from })}>
                  {signInLink.isPending ? t`Sending…` : t`Email me a sign-in link`}
                </button>
                {signInLink.isError && (
                  <p className="form__error" role="alert">
                    {signInLink.error.message || t`Failed to send the link. Please try again.`}
                  </p>
                )}
              </>
            )}
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-email`}>
            <Trans>Email</Trans>
          </label>
          <input type="email" autoComplete="email" {...form.register('email')} {...describedBy(`${id}-email`, messageAt(errors, 'email'))} />
          <FieldMessage id={`${id}-email`} message={messageAt(errors, 'email')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>
            <Trans>Password</Trans>
          </label>
          <PasswordToggle>
            {(shown) => (
              <input
                type={shown ? 'text' : 'password'}
                autoComplete="current-password"
                {...form.register('password')}
                {...describedBy(`${id}-password`, messageAt(errors, 'password'))}
              />
            )}
          </PasswordToggle>
          <FieldMessage id={`${id}-password`} message={messageAt(errors, 'password')} />
        </div>
        <p className="form__aside">
          <Link to="/forgot-password">
            <Trans>Forgot password?</Trans>
          </Link>
        </p>
        <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
          {login.isPending ? t`Signing in...` : t`Sign In`}
        </button>
      </form>
      <p className="auth-page__switch">
        <Trans>
          New to Crew Finder? <Link to="/register">Create an account</Link>
        </Trans>
      </p>
    </div>
  );
}
