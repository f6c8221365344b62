import { TOO_MANY_SIGN_IN_ATTEMPTS_CODE } from '@crew/contracts/constants';
import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { landingPath } from '../../../lib/guard-rules';
import { FieldMessage } from '../../../lib/forms/FieldMessage';
import { describedBy, messageAt, useContractForm } from '../../../lib/forms/use-contract-form';
import { usePageMeta } from '../../../lib/page-meta';
import { isTwoFactorStep, useLogin, useRequestSignInLink } from '../../../api/auth';
import { TwoFactorCodeStep } from '../components/TwoFactorCodeStep';

export function LoginPage() {
  usePageMeta('Sign in', 'Sign in to Crew Finder to manage your voyages and applications.');
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const form = useContractForm((contracts) => contracts.loginRequestSchema, { defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  const email = form.watch('email');
  const [showPassword, setShowPassword] = useState(false);
  const signInLink = useRequestSignInLink();
  const throttled = login.error instanceof ApiError && login.error.code === TOO_MANY_SIGN_IN_ATTEMPTS_CODE;
  // Set when the password was right and the account has two-step sign-in on: the code step follows.
  const [challenge, setChallenge] = useState<string | null>(null);

  const from = (location.state as { from?: string } | null)?.from;

  const onSubmit = form.handleSubmit((credentials) => {
    signInLink.reset();
    login.mutate(credentials, {
      onSuccess: (result) => (isTwoFactorStep(result) ? setChallenge(result.challenge) : navigate(landingPath(result.user, from), { replace: true })),
    });
  });

  if (challenge) {
    return (
      <div className="page page--narrow auth-page">
        <h1>Sign in</h1>
        <TwoFactorCodeStep
          challenge={challenge}
          onSignedIn={(user) => navigate(landingPath(user, from), { replace: true })}
          onRestart={() => {
            setChallenge(null);
            login.reset();
          }}
        />
      </div>
    );
  }

  return (
    <div className="page page--narrow auth-page">
      <h1>Sign in</h1>
      <p className="auth-page__lead">Welcome back. Sign in to manage your voyages and applications.</p>
      <form className="form card" onSubmit={(event) => void onSubmit(event)} noValidate>
        {login.isError && (
          <p className="form__error" role="alert">
            {login.error.message || 'Login failed'}
            {login.error instanceof ApiError && login.error.code === 'EMAIL_NOT_VERIFIED' && (
              <>
                {' '}
                <Link to={`/email-verification-pending?email=${encodeURIComponent(email)}`}>Send a new link</Link>
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
                <p>You can still get in: we can email you a link that signs you in once, without your password.</p>
                <button type="button" className="button button--secondary" disabled={signInLink.isPending} onClick={() => signInLink.mutate({ email, next: from })}>
                  {signInLink.isPending ? 'Sending…' : 'Email me a sign-in link'}
                </button>
                {signInLink.isError && (
                  <p className="form__error" role="alert">
                    {signInLink.error.message || 'Failed to send the link. Please try again.'}
                  </p>
                )}
              </>
            )}
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input type="email" autoComplete="email" {...form.register('email')} {...describedBy(`${id}-email`, messageAt(errors, 'email'))} />
          <FieldMessage id={`${id}-email`} message={messageAt(errors, 'email')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>Password</label>
          <div className="password-input">
            <input
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              {...form.register('password')}
              {...describedBy(`${id}-password`, messageAt(errors, 'password'))}
            />
            <button type="button" className="password-input__toggle" aria-pressed={showPassword} onClick={() => setShowPassword((shown) => !shown)}>
              {showPassword ? 'Hide' : 'Show'}
              <span className="visually-hidden"> password</span>
            </button>
          </div>
          <FieldMessage id={`${id}-password`} message={messageAt(errors, 'password')} />
        </div>
        <p className="form__aside">
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
        <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      <p className="auth-page__switch">
        New to Crew Finder? <Link to="/register">Create an account</Link>
      </p>
    </div>
  );
}
