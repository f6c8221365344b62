import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export function LoadingState({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label ?? t`Loading…`}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state--empty">
      <p className="state__title">{title}</p>
      {children}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="state state--error" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          <Trans>Retry</Trans>
        </button>
      )}
    </div>
  );
}
