import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadingState } from '../../../components/ui/States';
import { usePageMeta } from '../../../lib/page-meta';
import { meQueryOptions, useToken } from '../../../lib/session';
import { confirmEmailChangeQueryOptions } from '../../../api/auth';

function Confirming({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const signedIn = useToken() !== null;
  const confirmation = useQuery(confirmEmailChangeQueryOptions(token));

  // A signed-in browser shows the new address at once.
  useEffect(() => {
    if (confirmation.isSuccess) void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
  }, [confirmation.isSuccess, queryClient]);

  if (confirmation.isPending) return <LoadingState label="Confirming your new email address…" />;
  if (confirmation.isError) {
    return (
      <div className="card" role="alert">
        <h2>This link cannot be used</h2>
        <p>{confirmation.error.message || 'This confirmation link is invalid, used or expired. Change your email again from your profile to get a new one.'}</p>
        <Link to={signedIn ? '/profile' : '/login'} className="button button--primary">
          {signedIn ? 'Back to your profile' : 'Sign in'}
        </Link>
      </div>
    );
  }
  return (
    <div className="card" role="status">
      <h2>Email address changed</h2>
      <p>{confirmation.data.message}</p>
      <Link to={signedIn ? '/profile' : '/login'} className="button button--primary">
        {signedIn ? 'Back to your profile' : 'Sign in'}
      </Link>
    </div>
  );
}

/** Where the link mailed to a new address lands: opening it switches the account to that address. */
export function ConfirmEmailChangePage() {
  usePageMeta('Confirm your new email', 'Confirm the new email address of your Crew Finder account.');
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <div className="page page--narrow auth-page">
      <h1>Confirm your new email</h1>
      {token ? (
        <Confirming token={token} />
      ) : (
        <div className="card">
          <h2>No confirmation token</h2>
          <p>Open the link from the email we sent to your new address.</p>
        </div>
      )}
    </div>
  );
}
