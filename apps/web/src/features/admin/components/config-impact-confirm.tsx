import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { monetizationImpactQueryOptions, type MonetizationChange } from '../../../api/admin-config';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { impactSentences, reasonOf } from './config-format';

/**
 * The confirmation before a change to who may apply (the monetization switch,
 * the rollout, the trial length) is saved: the effect counted by the server,
 * then Confirm. Confirm waits for the count: nobody saves without seeing it.
 */
export function ImpactConfirmDialog({
  change,
  title,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  /** The change to preview; null keeps the dialog closed. */
  change: MonetizationChange | null;
  title: string;
  confirmLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const impact = useQuery({ ...monetizationImpactQueryOptions(change ?? {}), enabled: change !== null });
  const counted = impact.data && !impact.isPlaceholderData ? impactSentences(impact.data) : null;
  const reason = impact.isError ? reasonOf(impact.error) : '';
  return (
    <ConfirmDialog
      open={change !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={title}
      confirmLabel={confirmLabel}
      pendingLabel={pending ? t`Saving…` : t`Counting…`}
      pending={pending || !counted}
      error={error ?? (impact.isError ? t`Could not count who this affects: ${reason}` : null)}
      onConfirm={onConfirm}
    >
      {counted ? (
        <div className="impact" data-testid="impact">
          <p className="impact__headline">
            <strong>{counted.headline}</strong>
          </p>
          <p className="config-note">{counted.detail}</p>
        </div>
      ) : (
        <p role="status">
          <Trans>Counting who this affects…</Trans>
        </p>
      )}
    </ConfirmDialog>
  );
}
