import type { ApplicationResponse } from '@crew/contracts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';

interface WithdrawDialogProps {
  readonly application: ApplicationResponse;
  readonly pending: boolean;
  readonly error: string | null;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}

/** Withdrawing asks first. */
export function WithdrawDialog({ application, pending, error, onConfirm, onClose }: WithdrawDialogProps) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Withdraw application?"
      confirmLabel="Withdraw"
      pendingLabel="Withdrawing…"
      cancelLabel="Keep application"
      tone="danger"
      pending={pending}
      error={error}
      onConfirm={onConfirm}
    >
      <p>Are you sure you want to withdraw your application for the voyage?</p>
      <p className="applications-dialog__voyage">{application.voyage.title}</p>
    </ConfirmDialog>
  );
}
