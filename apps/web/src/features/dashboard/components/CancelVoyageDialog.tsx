import type { VoyageResponse } from '@crew/contracts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';

interface CancelVoyageDialogProps {
  readonly voyage: VoyageResponse;
  readonly pending: boolean;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}

/** Cancelling asks first, and says what it does and that it cannot be undone. */
export function CancelVoyageDialog({ voyage, pending, onConfirm, onClose }: CancelVoyageDialogProps) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Cancel “${voyage.title}”?`}
      confirmLabel="Cancel Voyage"
      pendingLabel="Cancelling…"
      cancelLabel="Keep voyage"
      tone="danger"
      pending={pending}
      error={null}
      onConfirm={onConfirm}
    >
      <p>This will:</p>
      <ul>
        <li>cancel the voyage, so nobody can apply any more;</li>
        <li>notify your crew and everyone who applied, by email;</li>
        <li>update their applications (pending ones are declined).</li>
      </ul>
      <p>
        <strong>This cannot be undone.</strong>
      </p>
    </ConfirmDialog>
  );
}
