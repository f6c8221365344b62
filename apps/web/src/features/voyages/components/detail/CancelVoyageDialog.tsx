import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { ApiError } from '../../../../lib/api-client';
import { useCancelVoyageById } from '../../../../api/voyage-changes';

/** The server's own `error` text when it sent one; our fallback for network trouble and bare failures. */
const cancelFailure = (error: unknown): string =>
  error instanceof ApiError && error.status > 0 && error.code !== 'HTTP_ERROR' && error.message ? error.message : t`Failed to cancel voyage. Please try again.`;

export const cancelledMessage = (notified: number): string =>
  plural(notified, {
    one: 'The voyage has been cancelled. # crew member was notified.',
    other: 'The voyage has been cancelled. # crew members were notified.',
  });

interface CancelVoyageDialogProps {
  readonly voyageId: string;
  readonly title: string;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly onCancelled: (message: string) => void;
}

export function CancelVoyageDialog({ voyageId, title, open, onOpenChange, onCancelled }: CancelVoyageDialogProps) {
  const { t: translate } = useLingui();
  const cancel = useCancelVoyageById(voyageId);
  const change = (next: boolean) => {
    if (!next) cancel.reset();
    onOpenChange(next);
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={change}
      title={translate`Cancel this voyage?`}
      confirmLabel={translate`Cancel Voyage`}
      pendingLabel={translate`Cancelling…`}
      cancelLabel={translate`Keep voyage`}
      tone="danger"
      pending={cancel.isPending}
      error={cancel.isError ? cancelFailure(cancel.error) : null}
      onConfirm={() =>
        cancel.mutate(undefined, {
          onSuccess: (result) => {
            onOpenChange(false);
            onCancelled(cancelledMessage(result.notifications_sent));
          },
        })
      }
    >
      <p>
        <Trans>
          Cancelling <strong>{title}</strong> will:
        </Trans>
      </p>
      <ul>
        <li>
          <Trans>cancel the voyage, so nobody can apply any more;</Trans>
        </li>
        <li>
          <Trans>notify every crew member who applied;</Trans>
        </li>
        <li>
          <Trans>update their applications (pending ones are declined).</Trans>
        </li>
      </ul>
      <p>
        <strong>
          <Trans>This cannot be undone.</Trans>
        </strong>
      </p>
    </ConfirmDialog>
  );
}
