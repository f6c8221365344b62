import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadingState } from '../../../components/ui/States';
import { usePageMeta } from '../../../lib/page-meta';
import { meQueryOptions, useToken } from '../../../lib/session';
import { confirmEmailChangeQueryOptions } from '../../../api/auth';

function Confirming({ token }: { token: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const signedIn = useToken() !== null;
  const confirmation = useQuery(confirmEmailChangeQueryOptions(token));

  // A signed-in browser shows the new address at once.
  useEffect(() => {
    if (confirmation.isSuccess) void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
  }, [confirmation.isSuccess, queryClient]);

  if (confirmation.isPending) return <LoadingState label={t`Confirming your new email address…`} />;
  if (confirmation.isError) {
    return (
      <div className="card" role="alert">
        <h2>
          <Trans>This link cannot be used</Trans>
        </h2>
        <p>{confirmation.error.message || t`This confirmation link is invalid, used or expired. Change your email again from your profile to get a new one.`}</p>
        <Link to={signedIn ? '/profile' : '/login'} className="button button--primary">
          {signedIn ? t`Back to your profile` : t`Sign in`}
        </Link>
      </div>
    );
  }
  return (
    <div className="card" role="status">
      <h2>
        <Trans>Email address changed</Trans>
      </h2>
      <p>{confirmation.data.message}</p>
      <Link to={signedIn ? '/profile' : '/login'} className="button button--primary">
        {signedIn ? t`Back to your profile` : t`Sign in`}
      </Link>
    </div>
  );
}

/** Where the link mailed to a new address lands: opening it switches the account to that address. */
export function ConfirmEmailChangePage() {
  const { t } = useLingui();
  usePageMeta(t`Confirm your new email`, t`Confirm the new email address of your Crew Finder account.`);
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <div className="page page--narrow auth-page">
      <h1>
        <Trans>Confirm your new email</Trans>
      </h1>
      {token ? (
        <Confirming token={token} />
      ) : (
        <div className="card">
          <h2>
            <Trans>No confirmation token</Trans>
          </h2>
          <p>
            <Trans>Open the link from the email we sent to your new address.</Trans>
          </p>
        </div>
      )}
    </div>
  );
}
