import { Dialog } from 'radix-ui';
import { ApiError } from '../../../../lib/api-client';
import { useCancelVoyage } from '../../api/cancel-voyage';

export const CANCEL_FAILED = 'Failed to cancel voyage. Please try again.';

/** The server's own `error` text when it sent one; our fallback for network trouble and bare failures. */
const cancelFailure = (error: unknown): string =>
  error instanceof ApiError && error.status > 0 && error.code !== 'HTTP_ERROR' && error.message ? error.message : CANCEL_FAILED;

export const cancelledMessage = (notified: number): string =>
  `The voyage has been cancelled. ${notified === 1 ? '1 crew member was' : `${notified} crew members were`} notified.`;

interface CancelVoyageDialogProps {
  readonly voyageId: string;
  readonly title: string;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly onCancelled: (message: string) => void;
}

export function CancelVoyageDialog({ voyageId, title, open, onOpenChange, onCancelled }: CancelVoyageDialogProps) {
  const cancel = useCancelVoyage(voyageId);
  const change = (next: boolean) => {
    if (!next) cancel.reset();
    onOpenChange(next);
  };
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog dialog--narrow">
          <Dialog.Title>Cancel this voyage?</Dialog.Title>
          <Dialog.Description asChild>
            <div>
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
            </div>
          </Dialog.Description>
          {cancel.isError && (
            <p className="form__error" role="alert">
              {cancelFailure(cancel.error)}
            </p>
          )}
          <div className="actions actions--end">
            <Dialog.Close asChild>
              <button type="button" className="button button--secondary">
                Keep voyage
              </button>
            </Dialog.Close>
            <button
              type="button"
              className="button button--danger"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: (result) => {
                    onOpenChange(false);
                    onCancelled(cancelledMessage(result.notifications_sent));
                  },
                })
              }
            >
              {cancel.isPending ? 'Cancelling…' : 'Cancel Voyage'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
