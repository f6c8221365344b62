import type { EMAIL_ALREADY_VERIFIED } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingState } from '../../../components/ui/States';
import { ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';
import { usePageMeta } from '../../../lib/page-meta';
import { useStartSession, verifyEmailQueryOptions } from '../../../api/auth';

/** The server's code for a link opened again after the address was verified (contracts: EMAIL_ALREADY_VERIFIED). */
const ALREADY_VERIFIED: (typeof EMAIL_ALREADY_VERIFIED)['code'] = 'EMAIL_ALREADY_VERIFIED';

/** After verifying, a 5 second countdown to the dashboard. */
const COUNTDOWN_S = 5;

function Verifying({ token }: { token: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const verification = useQuery(verifyEmailQueryOptions(token));
  const signedIn = useToken() !== null;
  const [seconds, setSeconds] = useState(COUNTDOWN_S);
  const started = useRef(false);

  useEffect(() => {
    if (!verification.data || started.current) return;
    started.current = true;
    startSession(verification.data);
  }, [verification.data, startSession]);

  useEffect(() => {
    if (!verification.isSuccess) return;
    if (seconds <= 0) {
      navigate('/dashboard', { replace: true });
      return;
    }
    const timer = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [verification.isSuccess, seconds, navigate]);

  if (verification.isPending) return <LoadingState label={t`Verifying your email address…`} />;
  if (verification.isError && verification.error instanceof ApiError && verification.error.code === ALREADY_VERIFIED) {
    // A second click on the link: nothing failed, the address was verified the first time.
    return (
      <div className="card" role="status">
        <h2>
          <Trans>Email already verified</Trans>
        </h2>
        <p>{verification.error.message}</p>
        <Link to={signedIn ? '/dashboard' : '/login'} className="button button--primary">
          {signedIn ? t`Go to dashboard` : t`Sign in`}
        </Link>
      </div>
    );
  }
  if (verification.isError) {
    return (
      <div className="card" role="alert">
        <h2>
          <Trans>Verification failed</Trans>
        </h2>
        <p>{verification.error.message || t`Verification failed. The link may be invalid or expired.`}</p>
        <p>
          <Link to="/email-verification-pending">
            <Trans>Send a new verification link</Trans>
          </Link>
        </p>
      </div>
    );
  }
  const firstName = verification.data.user.first_name;
  return (
    <div className="card" role="status">
      <h2>
        <Trans>Email verified</Trans>
      </h2>
      <p>
        <Trans>
          Welcome aboard, {firstName}! Taking you to your dashboard in {seconds} s.
        </Trans>
      </p>
      <Link to="/dashboard" className="button button--primary">
        <Trans>Go to dashboard now</Trans>
      </Link>
    </div>
  );
}

export function VerifyEmailPage() {
  const { t } = useLingui();
  usePageMeta(t`Verify your email`, t`Confirm the email address of your Crew Finder account.`);
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <div className="page page--narrow auth-page">
      <h1>
        <Trans>Verify your email</Trans>
      </h1>
      {token ? (
        <Verifying token={token} />
      ) : (
        <div className="card">
          <h2>
            <Trans>No verification token</Trans>
          </h2>
          <p>
            <Trans>
              Open the link from your verification email, or <Link to="/email-verification-pending">ask for a new one</Link>.
            </Trans>
          </p>
        </div>
      )}
    </div>
  );
}
