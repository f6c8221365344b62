import { isSafeNextPath } from '@crew/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingState } from '../../../components/ui/States';
import { landingPath } from '../../../lib/guard-rules';
import { usePageMeta } from '../../../lib/page-meta';
import { isTwoFactorStep, signInLinkQueryOptions, useStartSession } from '../../../api/auth';
import { TwoFactorCodeStep } from '../components/TwoFactorCodeStep';

/** Signs in with the link's token, then goes where the member was going (`next`, a path of this site) or to their start page. */
function SigningIn({ token, next }: { token: string; next: string | undefined }) {
  const navigate = useNavigate();
  const startSession = useStartSession();
  const signIn = useQuery(signInLinkQueryOptions(token));
  const started = useRef(false);

  useEffect(() => {
    if (!signIn.data || started.current || isTwoFactorStep(signIn.data)) return;
    started.current = true;
    startSession(signIn.data);
    navigate(landingPath(signIn.data.user, next), { replace: true });
  }, [signIn.data, startSession, navigate, next]);

  // The link proves the mailbox; an account with two-step sign-in still gives its code.
  if (signIn.data && isTwoFactorStep(signIn.data)) {
    return (
      <TwoFactorCodeStep
        challenge={signIn.data.challenge}
        onSignedIn={(user) => navigate(landingPath(user, next), { replace: true })}
        onRestart={() => navigate('/login', { replace: true })}
      />
    );
  }
  if (signIn.isError) {
    return (
      <div className="card" role="alert">
        <h2>This link cannot be used</h2>
        <p>{signIn.error.message || 'This sign-in link is invalid, used or expired. Please ask for a new one.'}</p>
        <Link to="/login" className="button button--primary">
          Back to sign in
        </Link>
      </div>
    );
  }
  return <LoadingState label="Signing you in…" />;
}

/** Where an emailed sign-in link lands: it signs the user in once and goes back to the page they were going to, else their start page. */
export function SignInLinkPage() {
  usePageMeta('Sign in with a link', 'Sign in to Crew Finder with the link we emailed you.');
  const [params] = useSearchParams();
  const token = params.get('token');
  // Only a path of this site is followed: anything else lands on the start page (no open redirect).
  const next = params.get('next');
  const safeNext = isSafeNextPath(next) ? next : undefined;
  return (
    <div className="page page--narrow auth-page">
      <h1>Sign in with a link</h1>
      {token ? (
        <SigningIn token={token} next={safeNext} />
      ) : (
        <div className="card">
          <h2>No sign-in token</h2>
          <p>
            Open the link from your email, or <Link to="/login">sign in with your password</Link>.
          </p>
        </div>
      )}
    </div>
  );
}
