import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { ApiError } from '../../../../lib/api-client';
import { useCancelVoyageById } from '../../../../api/voyage-changes';

export const CANCEL_FAILED = 'Failed to cancel voyage. Please try again.';

/** The server's own `error` text when it sent one; our fallback for network trouble and bare failures. */
const cancelFailure = (error: unknown): string => (error instanceof ApiError && error.status > 0 && error.code !== 'HTTP_ERROR' && error.message ? error.message : CANCEL_FAILED);

export const cancelledMessage = (notified: number): string => `The voyage has been cancelled. ${notified === 1 ? '1 crew member was' : `${notified} crew members were`} notified.`;

interface CancelVoyageDialogProps {
  readonly voyageId: string;
  readonly title: string;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly onCancelled: (message: string) => void;
}

export function CancelVoyageDialog({ voyageId, title, open, onOpenChange, onCancelled }: CancelVoyageDialogProps) {
  const cancel = useCancelVoyageById(voyageId);
  const change = (next: boolean) => {
    if (!next) cancel.reset();
    onOpenChange(next);
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={change}
      title="Cancel this voyage?"
      confirmLabel="Cancel Voyage"
      pendingLabel="Cancelling…"
      cancelLabel="Keep voyage"
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
        Cancelling <strong>{title}</strong> will:
      </p>
      <ul>
        <li>cancel the voyage, so nobody can apply any more;</li>
        <li>notify every crew member who applied;</li>
        <li>update their applications (pending ones are declined).</li>
      </ul>
      <p>
        <strong>This cannot be undone.</strong>
      </p>
    </ConfirmDialog>
  );
}
