import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { ErrorState, LoadingState } from '../components/ui/States';
import { decideGuard, type GuardKind } from '../lib/guard-rules';
import { useSession } from '../lib/session';

export function Guard({ kind, children }: { kind: GuardKind; children: ReactNode }) {
  const { t } = useLingui();
  const { token, user, error, retry } = useSession();
  const location = useLocation();
  const decision = decideGuard(kind, token, user);
  // A failure other than 401 (which signs out): say so and offer to try again, never an endless spinner.
  if (decision.kind === 'load-user' && error) {
    const reason = error.message || t`Please try again.`;
    return <ErrorState message={t`We could not load your account. ${reason}`} onRetry={retry} />;
  }
  if (decision.kind === 'load-user') return <LoadingState label={t`Loading your account…`} />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace state={{ from: `${location.pathname}${location.search}` }} />;
  return children;
}
