import type { VoyageResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';

interface CancelVoyageDialogProps {
  readonly voyage: VoyageResponse;
  readonly pending: boolean;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}

/** Cancelling asks first, and says what it does and that it cannot be undone. */
export function CancelVoyageDialog({ voyage, pending, onConfirm, onClose }: CancelVoyageDialogProps) {
  const { t } = useLingui();
  const title = voyage.title;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t`Cancel “${title}”?`}
      confirmLabel={t`Cancel Voyage`}
      pendingLabel={t`Cancelling…`}
      cancelLabel={t`Keep voyage`}
      tone="danger"
      pending={pending}
      error={null}
      onConfirm={onConfirm}
    >
      <p>
        <Trans>This will:</Trans>
      </p>
      <ul>
        <li>
          <Trans>cancel the voyage, so nobody can apply any more;</Trans>
        </li>
        <li>
          <Trans>notify your crew and everyone who applied, by email;</Trans>
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
