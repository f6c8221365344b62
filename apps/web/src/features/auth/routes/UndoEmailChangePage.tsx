import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadingState } from '../../../components/ui/States';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { meQueryOptions } from '../../../lib/session';
import { tokenStore } from '../../../lib/token-store';
import { undoEmailChangeQueryOptions } from '../../../api/auth';

function Undoing({ token }: { token: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const undo = useQuery(undoEmailChangeQueryOptions(token));
  const signedOut = useRef(false);

  // Every session of the account has ended (also when the old address could not come back: 409), this browser's too.
  const sessionsEnded = undo.isSuccess || (undo.error instanceof ApiError && undo.error.status === 409);
  useEffect(() => {
    if (signedOut.current || !sessionsEnded) return;
    signedOut.current = true;
    tokenStore.clear();
    queryClient.removeQueries({ queryKey: meQueryOptions().queryKey });
  }, [sessionsEnded, queryClient]);

  if (undo.isPending) return <LoadingState label={t`Undoing the email change…`} />;
  if (undo.isError) {
    return (
      <div className="card" role="alert">
        <h2>
          <Trans>This link cannot be used</Trans>
        </h2>
        <p>{undo.error.message || t`This link is invalid, used or expired. If your account was taken over, ask for a password reset or contact support.`}</p>
        <Link to="/forgot-password" className="button button--primary">
          <Trans>Reset my password</Trans>
        </Link>
      </div>
    );
  }
  return (
    <div className="card" role="status">
      <h2>
        <Trans>Email change undone</Trans>
      </h2>
      <p>{undo.data.message}</p>
      <Link to={`/reset-password?token=${encodeURIComponent(undo.data.reset_token)}`} className="button button--primary">
        <Trans>Choose a new password</Trans>
      </Link>
    </div>
  );
}

/**
 * Where the undo link mailed to the old address lands: the change is undone
 * (the old address comes back), every session ends, and the owner goes on to
 * choose a new password.
 */
export function UndoEmailChangePage() {
  const { t } = useLingui();
  usePageMeta(t`Undo an email change`, t`Keep the email address of your Crew Finder account and secure it.`);
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <div className="page page--narrow auth-page">
      <h1>
        <Trans>Undo the email change</Trans>
      </h1>
      {token ? (
        <Undoing token={token} />
      ) : (
        <div className="card">
          <h2>
            <Trans>No token</Trans>
          </h2>
          <p>
            <Trans>
              Open the link from the email about the change, or <Link to="/forgot-password">reset your password</Link>.
            </Trans>
          </p>
        </div>
      )}
    </div>
  );
}
