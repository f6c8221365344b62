import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingState } from '../components/ui/States';
import { decideGuard, type GuardKind } from '../lib/guard-rules';
import { useSession } from '../lib/session';

export function Guard({ kind, children }: { kind: GuardKind; children: ReactNode }) {
  const { token, user } = useSession();
  const location = useLocation();
  const decision = decideGuard(kind, token, user);
  if (decision.kind === 'load-user') return <LoadingState label="Loading your account…" />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace state={{ from: `${location.pathname}${location.search}` }} />;
  return children;
}
