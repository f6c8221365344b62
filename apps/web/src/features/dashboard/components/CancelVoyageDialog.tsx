import type { VoyageResponse } from '@crew/contracts';
import { AlertDialog } from 'radix-ui';

interface CancelVoyageDialogProps {
  readonly voyage: VoyageResponse;
  readonly pending: boolean;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}

/** Spec section 5: cancelling asks first, and says what it does and that it cannot be undone. */
export function CancelVoyageDialog({ voyage, pending, onConfirm, onClose }: CancelVoyageDialogProps) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog__overlay" />
        <AlertDialog.Content className="dialog dialog--narrow">
          <AlertDialog.Title>Cancel “{voyage.title}”?</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div>
              <p>This will:</p>
              <ul>
                <li>cancel the voyage, so nobody can apply any more;</li>
                <li>notify your crew and everyone who applied, by email;</li>
                <li>update their applications (pending ones are declined).</li>
              </ul>
              <p>
                <strong>This cannot be undone.</strong>
              </p>
            </div>
          </AlertDialog.Description>
          <div className="actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button button--secondary">
                Keep voyage
              </button>
            </AlertDialog.Cancel>
            <button type="button" className="button button--danger" onClick={onConfirm} disabled={pending}>
              {pending ? 'Cancelling...' : 'Cancel voyage'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
