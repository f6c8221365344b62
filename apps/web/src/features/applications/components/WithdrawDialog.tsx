import type { ApplicationResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t`Withdraw application?`}
      confirmLabel={t`Withdraw`}
      pendingLabel={t`Withdrawing…`}
      cancelLabel={t`Keep application`}
      tone="danger"
      pending={pending}
      error={error}
      onConfirm={onConfirm}
    >
      <p>
        <Trans>Are you sure you want to withdraw your application for the voyage?</Trans>
      </p>
      <p className="applications-dialog__voyage">{application.voyage.title}</p>
    </ConfirmDialog>
  );
}
