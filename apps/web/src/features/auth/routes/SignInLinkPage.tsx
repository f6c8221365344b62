import { isSafeNextPath } from '@crew/contracts/constants';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
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
        <h2>
          <Trans>This link cannot be used</Trans>
        </h2>
        <p>{signIn.error.message || t`This sign-in link is invalid, used or expired. Please ask for a new one.`}</p>
        <Link to="/login" className="button button--primary">
          <Trans>Back to sign in</Trans>
        </Link>
      </div>
    );
  }
  return <LoadingState label={t`Signing you in…`} />;
}

/** Where an emailed sign-in link lands: it signs the user in once and goes back to the page they were going to, else their start page. */
export function SignInLinkPage() {
  const { t } = useLingui();
  usePageMeta(t`Sign in with a link`, t`Sign in to Crew Finder with the link we emailed you.`);
  const [params] = useSearchParams();
  const token = params.get('token');
  // Only a path of this site is followed: anything else lands on the start page (no open redirect).
  const next = params.get('next');
  const safeNext = isSafeNextPath(next) ? next : undefined;
  return (
    <div className="page page--narrow auth-page">
      <h1>
        <Trans>Sign in with a link</Trans>
      </h1>
      {token ? (
        <SigningIn token={token} next={safeNext} />
      ) : (
        <div className="card">
          <h2>
            <Trans>No sign-in token</Trans>
          </h2>
          <p>
            <Trans>
              Open the link from your email, or <Link to="/login">sign in with your password</Link>.
            </Trans>
          </p>
        </div>
      )}
    </div>
  );
}
