import type { VoyageApplication } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import type { Decision } from '../../../api/applications';

interface DecisionDialogProps {
  readonly application: VoyageApplication;
  readonly decision: Decision;
  readonly voyageTitle: string;
  readonly pending: boolean;
  readonly error: string | null;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}

/** Accepting and rejecting each ask first. Neither can be taken back. */
export function DecisionDialog({ application, decision, voyageTitle, pending, error, onConfirm, onClose }: DecisionDialogProps) {
  const { t } = useLingui();
  const { first_name: first, last_name: last } = application.crew_member;
  const accepting = decision === 'accept';
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={accepting ? t`Accept ${first}?` : t`Reject ${first}?`}
      confirmLabel={accepting ? t`Accept` : t`Reject`}
      pendingLabel={accepting ? t`Accepting…` : t`Rejecting…`}
      tone={accepting ? 'primary' : 'danger'}
      pending={pending}
      error={error}
      onConfirm={onConfirm}
    >
      <p>{accepting ? t`${first} ${last} will join the crew of “${voyageTitle}”.` : t`${first} ${last}'s application to join “${voyageTitle}” will be declined.`}</p>
      <p>
        <Trans>This cannot be undone.</Trans>
      </p>
    </ConfirmDialog>
  );
}
