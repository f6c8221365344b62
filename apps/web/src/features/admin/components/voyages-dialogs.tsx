import type { AdminVoyage } from '@crew/contracts';
import { ADMIN_EMAIL } from '@crew/contracts/constants';
import { ADMIN_REASON_MAX } from '@crew/rules';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDuration } from '../../../lib/format';
import { useClearVoyageFlag, useDeleteVoyage, useModerateVoyage, useReinstateVoyage, useSuspendVoyage, voyageHistoryQueryOptions } from '../../../api/admin-voyages';
import { AdminEmailDialog } from './email-dialog';
import { ReasonDialog, type ReasonField } from './reason-dialog';
import { AdminHistory } from './users-history';

export type VoyageDialogKind = 'details' | 'moderate' | 'clear_flag' | 'suspend' | 'reinstate' | 'delete' | 'contact';
type Done = (message: string, ok: boolean) => void;
export type VoyageActionKind = 'moderate' | 'clear_flag' | 'suspend' | 'reinstate' | 'delete';

export const formatCost = (voyage: AdminVoyage): string =>
  voyage.contribution_amount === null || voyage.contribution_type === 'free'
    ? voyage.contribution_type === 'free'
      ? 'Free'
      : 'TBD'
    : `${new Intl.NumberFormat('en-GB', { style: 'currency', currency: voyage.contribution_currency }).format(voyage.contribution_amount)}`;

export const crewLabel = (voyage: AdminVoyage): string => `${voyage.current_crew} / ${voyage.max_crew ?? voyage.crew_needed}`;

/** The failure texts of each voyage action. */
export function voyageActionFailure(action: VoyageActionKind, error: unknown): string {
  if (action === 'delete') {
    if (error instanceof ApiError && typeof error.body['accepted_applications'] === 'number') {
      return `Cannot delete voyage: There are ${error.body['accepted_applications']} accepted crew members on this voyage. Please cancel the voyage instead.`;
    }
    return error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : 'Failed to delete voyage';
  }
  if (action === 'moderate') return 'Failed to moderate voyage';
  if (action === 'clear_flag') return error instanceof ApiError && error.status === 409 ? error.message : 'Failed to clear the review flag';
  if (action === 'suspend') return 'Failed to suspend voyage';
  return 'Failed to reinstate voyage';
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      <dl className="users-details">{children}</dl>
    </section>
  );
}

/** The detail modal's sections: Voyage Information, Route & Timing, Crew & Cost, Skipper Information; then the voyage's admin history. */
export function VoyageDetailDialog({ voyage, onClose, onAction }: { voyage: AdminVoyage; onClose: () => void; onAction: (kind: VoyageDialogKind) => void }) {
  const history = useQuery(voyageHistoryQueryOptions(voyage.id));
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog voyages-detail" aria-describedby={undefined}>
          <Dialog.Title>{voyage.title}</Dialog.Title>
          <Section title="Voyage Information">
            <dt>Id</dt>
            <dd>{voyage.id}</dd>
            <dt>Status</dt>
            <dd>
              {voyage.status}
              {voyage.suspended ? ' (suspended)' : ''}
            </dd>
            <dt>Description</dt>
            <dd>{voyage.description || '—'}</dd>
            <dt>Created</dt>
            <dd>{formatDate(voyage.created_at)}</dd>
          </Section>
          <Section title="Route & Timing">
            <dt>Route</dt>
            <dd>
              {voyage.departure_port ?? '?'} → {voyage.arrival_port ?? '?'}
              {voyage.segments.length > 1 ? ` (${voyage.segments.length} segments)` : ''}
            </dd>
            <dt>Departure</dt>
            <dd>{formatDate(voyage.departure_date)}</dd>
            <dt>Return</dt>
            <dd>{formatDate(voyage.return_date)}</dd>
            <dt>Duration</dt>
            <dd>{formatDuration(voyage.duration_days)}</dd>
          </Section>
          <Section title="Crew & Cost">
            <dt>Crew</dt>
            <dd>{crewLabel(voyage)}</dd>
            <dt>Applications</dt>
            <dd>
              {voyage.application_count} ({voyage.pending_count} pending)
            </dd>
            <dt>Cost</dt>
            <dd>
              {formatCost(voyage)}
              {voyage.includes_food ? ' · Includes food' : ''}
            </dd>
          </Section>
          <Section title="Skipper Information">
            {voyage.skipper ? (
              <>
                <dt>Name</dt>
                <dd>
                  {voyage.skipper.first_name} {voyage.skipper.last_name}
                </dd>
                <dt>Email</dt>
                <dd>{voyage.skipper.email}</dd>
                <dt>Profile complete</dt>
                <dd>{voyage.skipper.profile_complete ? 'Yes' : 'No'}</dd>
                <dt>Identity verified</dt>
                <dd>{voyage.skipper.identity_verified ? 'Yes' : 'No'}</dd>
              </>
            ) : (
              <>
                <dt>Skipper</dt>
                <dd>Account deleted</dd>
              </>
            )}
          </Section>
          <AdminHistory entries={history.data?.history} loading={history.isPending} error={history.isError} onRetry={() => void history.refetch()} subjectId={voyage.id} />
          <div className="actions actions--end">
            {voyage.flagged_for_review ? (
              <button type="button" className="button button--secondary" onClick={() => onAction('clear_flag')}>
                Clear flag
              </button>
            ) : (
              <button type="button" className="button button--secondary" onClick={() => onAction('moderate')}>
                Moderate
              </button>
            )}
            {voyage.skipper && (
              <button type="button" className="button button--secondary" onClick={() => onAction('contact')}>
                Contact Skipper
              </button>
            )}
            {voyage.status === 'ACTIVE' && !voyage.suspended && (
              <button type="button" className="button button--secondary" onClick={() => onAction('suspend')}>
                Suspend
              </button>
            )}
            {voyage.suspended && (
              <button type="button" className="button button--secondary" onClick={() => onAction('reinstate')}>
                Reinstate
              </button>
            )}
            <button type="button" className="button button--danger" onClick={() => onAction('delete')}>
              Delete
            </button>
            <Dialog.Close asChild>
              <button type="button" className="button button--secondary">
                Close
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const TEXTS: Record<VoyageActionKind, { title: string; body: string; confirm: string; pending: string; field: ReasonField | null }> = {
  moderate: {
    title: 'Flag for moderation review',
    body: 'The voyage stays live and joins the moderation queue (the "Flagged for review" filter) until the flag is cleared; the flag and your notes are recorded in its admin history.',
    confirm: 'Flag for review',
    pending: 'Flagging…',
    field: { name: 'notes', label: 'Notes', maxLength: ADMIN_REASON_MAX, rows: 3, schema: (contracts) => contracts.moderateVoyageRequestSchema.pick({ notes: true }) },
  },
  clear_flag: {
    title: 'Clear the review flag?',
    body: 'The voyage leaves the moderation queue; clearing is recorded in its admin history.',
    confirm: 'Clear flag',
    pending: 'Clearing…',
    field: { name: 'notes', label: 'Notes', maxLength: ADMIN_REASON_MAX, rows: 3, schema: (contracts) => contracts.clearVoyageFlagRequestSchema },
  },
  suspend: {
    title: 'Suspend this voyage?',
    body: 'It leaves browse, the map and search at once and nobody can apply until it is reinstated. The skipper is emailed the reason.',
    confirm: 'Suspend voyage',
    pending: 'Suspending…',
    field: { name: 'reason', label: 'Reason', maxLength: ADMIN_REASON_MAX, rows: 3, schema: (contracts) => contracts.suspendVoyageRequestSchema },
  },
  reinstate: {
    title: 'Reinstate this voyage?',
    body: 'It shows in browse, on the map and in search again and takes applications. The skipper is emailed.',
    confirm: 'Reinstate',
    pending: 'Reinstating…',
    field: null,
  },
  delete: {
    title: 'Delete this voyage?',
    body: 'It disappears for everyone; applicants still waiting are told it is cancelled. This cannot be undone.',
    confirm: 'Delete voyage',
    pending: 'Deleting…',
    field: null,
  },
};

/** Moderate (notes), clear the flag (notes), suspend (reason, required), reinstate and delete: a confirmation each. */
export function VoyageActionDialog({ voyage, kind, onClose, onDone }: { voyage: AdminVoyage; kind: VoyageActionKind; onClose: () => void; onDone: Done }) {
  const actions = { moderate: useModerateVoyage(), clear_flag: useClearVoyageFlag(), suspend: useSuspendVoyage(), reinstate: useReinstateVoyage(), delete: useDeleteVoyage() };
  const act = actions[kind];
  const copy = TEXTS[kind];
  const confirm = (text: string | null) => {
    const options = {
      onSuccess: (result: { message: string }) => {
        onDone(kind === 'moderate' ? `“${voyage.title}” flagged for moderation` : kind === 'suspend' ? `“${voyage.title}” suspended` : result.message, true);
        onClose();
      },
    };
    const voyageId = voyage.id;
    if (kind === 'moderate') actions.moderate.mutate({ voyageId, notes: text ?? '' }, options);
    else if (kind === 'clear_flag') actions.clear_flag.mutate({ voyageId, notes: text ?? '' }, options);
    else if (kind === 'suspend') actions.suspend.mutate({ voyageId, reason: text ?? '' }, options);
    else actions[kind].mutate({ voyageId }, options);
  };
  return (
    <ReasonDialog
      title={copy.title}
      description={`“${voyage.title}”: ${copy.body}`}
      field={copy.field}
      confirmLabel={copy.confirm}
      pendingLabel={copy.pending}
      danger={kind === 'delete' || kind === 'suspend'}
      pending={act.isPending}
      error={act.error}
      failure={(error) => voyageActionFailure(kind, error)}
      onAttempt={() => act.reset()}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

/** Contact Skipper: an admin_voyage_contact email about this voyage. */
export function VoyageContactDialog({ voyage, onClose, onDone }: { voyage: AdminVoyage; onClose: () => void; onDone: Done }) {
  const skipper = voyage.skipper;
  if (!skipper) return null;
  return (
    <AdminEmailDialog
      title={`Contact ${skipper.first_name} ${skipper.last_name}`}
      recipient={skipper}
      template="admin_voyage_contact"
      voyageId={voyage.id}
      initialSubject={`About your voyage “${voyage.title}”`.slice(0, ADMIN_EMAIL.subject.max)}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
