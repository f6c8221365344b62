import type { AdminVoyage, AdminVoyageStatus } from '@crew/contracts';
import { ADMIN_EMAIL } from '@crew/contracts/constants';
import { ADMIN_REASON_MAX } from '@crew/rules';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDuration, toBeDecided } from '../../../lib/format';
import { formatMoney } from './admin-format';
import { useClearVoyageFlag, useDeleteVoyage, useModerateVoyage, useReinstateVoyage, useSuspendVoyage, voyageHistoryQueryOptions } from '../../../api/admin-voyages';
import { AdminEmailDialog } from './email-dialog';
import { ReasonDialog, type ReasonField } from './reason-dialog';
import { AdminHistory } from './users-history';

export type VoyageDialogKind = 'details' | 'moderate' | 'clear_flag' | 'suspend' | 'reinstate' | 'delete' | 'contact';
type Done = (message: string, ok: boolean) => void;
export type VoyageActionKind = 'moderate' | 'clear_flag' | 'suspend' | 'reinstate' | 'delete';

/** A voyage's status as the filter names it. */
export const VOYAGE_STATUS_LABELS = {
  DRAFT: msg({ message: 'Draft', context: 'voyage status' }),
  ACTIVE: msg({ message: 'Active', context: 'voyage status' }),
  IN_PROGRESS: msg({ message: 'In progress', context: 'voyage status' }),
  COMPLETED: msg({ message: 'Completed', context: 'voyage status' }),
  CANCELLED: msg({ message: 'Cancelled', context: 'voyage status' }),
} satisfies Record<AdminVoyageStatus, MessageDescriptor>;

/** A voyage's status as the list and the detail show it: the code, in capitals (in English, as written). */
export const VOYAGE_STATUS_BADGES = {
  DRAFT: msg({ message: 'DRAFT', comment: 'A voyage status badge, in capitals' }),
  ACTIVE: msg({ message: 'ACTIVE', comment: 'A voyage status badge, in capitals' }),
  IN_PROGRESS: msg({ message: 'IN_PROGRESS', comment: 'A voyage status badge, in capitals: the voyage is under way' }),
  COMPLETED: msg({ message: 'COMPLETED', comment: 'A voyage status badge, in capitals' }),
  CANCELLED: msg({ message: 'CANCELLED', comment: 'A voyage status badge, in capitals' }),
} satisfies Record<AdminVoyageStatus, MessageDescriptor>;

export const formatCost = (voyage: AdminVoyage): string =>
  voyage.contribution_amount === null || voyage.contribution_type === 'free'
    ? voyage.contribution_type === 'free'
      ? t({ message: 'Free', context: 'cost' })
      : toBeDecided()
    : formatMoney(voyage.contribution_amount, voyage.contribution_currency);

export const crewLabel = (voyage: AdminVoyage): string => `${voyage.current_crew} / ${voyage.max_crew ?? voyage.crew_needed}`;

/** The failure texts of each voyage action. */
export function voyageActionFailure(action: VoyageActionKind, error: unknown): string {
  if (action === 'delete') {
    const accepted = error instanceof ApiError ? error.body['accepted_applications'] : undefined;
    if (typeof accepted === 'number') {
      return t`Cannot delete voyage: ${plural(accepted, { one: 'There is # accepted crew member on this voyage.', other: 'There are # accepted crew members on this voyage.' })} Please cancel the voyage instead.`;
    }
    return error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : t`Failed to delete voyage`;
  }
  if (action === 'moderate') return t`Failed to moderate voyage`;
  if (action === 'clear_flag') return error instanceof ApiError && error.status === 409 ? error.message : t`Failed to clear the review flag`;
  if (action === 'suspend') return t`Failed to suspend voyage`;
  return t`Failed to reinstate voyage`;
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
  const { t, i18n } = useLingui();
  const history = useQuery(voyageHistoryQueryOptions(voyage.id));
  const segments = voyage.segments.length;
  const applications = voyage.application_count;
  const pendingCount = voyage.pending_count;
  const yesNo = (value: boolean): string => (value ? t`Yes` : t`No`);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog voyages-detail" aria-describedby={undefined}>
          <Dialog.Title>{voyage.title}</Dialog.Title>
          <Section title={t`Voyage Information`}>
            <dt>
              <Trans>Id</Trans>
            </dt>
            <dd>{voyage.id}</dd>
            <dt>
              <Trans>Status</Trans>
            </dt>
            <dd>
              {i18n._(VOYAGE_STATUS_BADGES[voyage.status])}
              {voyage.suspended ? ` ${t`(suspended)`}` : ''}
            </dd>
            <dt>
              <Trans>Description</Trans>
            </dt>
            <dd>{voyage.description || '—'}</dd>
            <dt>
              <Trans>Created</Trans>
            </dt>
            <dd>{formatDate(voyage.created_at)}</dd>
          </Section>
          <Section title={t`Route & Timing`}>
            <dt>
              <Trans>Route</Trans>
            </dt>
            <dd>
              {voyage.departure_port ?? '?'} → {voyage.arrival_port ?? '?'}
              {segments > 1 ? ` ${t`(${plural(segments, { one: '# segment', other: '# segments' })})`}` : ''}
            </dd>
            <dt>
              <Trans>Departure</Trans>
            </dt>
            <dd>{formatDate(voyage.departure_date)}</dd>
            <dt>
              <Trans>Return</Trans>
            </dt>
            <dd>{formatDate(voyage.return_date)}</dd>
            <dt>
              <Trans>Duration</Trans>
            </dt>
            <dd>{formatDuration(voyage.duration_days)}</dd>
          </Section>
          <Section title={t`Crew & Cost`}>
            <dt>
              <Trans>Crew</Trans>
            </dt>
            <dd>{crewLabel(voyage)}</dd>
            <dt>
              <Trans>Applications</Trans>
            </dt>
            <dd>{t`${applications} (${pendingCount} pending)`}</dd>
            <dt>
              <Trans>Cost</Trans>
            </dt>
            <dd>
              {formatCost(voyage)}
              {voyage.includes_food ? ` · ${t`Includes food`}` : ''}
            </dd>
          </Section>
          <Section title={t`Skipper Information`}>
            {voyage.skipper ? (
              <>
                <dt>
                  <Trans>Name</Trans>
                </dt>
                <dd>
                  {voyage.skipper.first_name} {voyage.skipper.last_name}
                </dd>
                <dt>
                  <Trans>Email</Trans>
                </dt>
                <dd>{voyage.skipper.email}</dd>
                <dt>
                  <Trans>Profile complete</Trans>
                </dt>
                <dd>{yesNo(voyage.skipper.profile_complete)}</dd>
                <dt>
                  <Trans>Identity verified</Trans>
                </dt>
                <dd>{yesNo(voyage.skipper.identity_verified)}</dd>
              </>
            ) : (
              <>
                <dt>
                  <Trans>Skipper</Trans>
                </dt>
                <dd>
                  <Trans>Account deleted</Trans>
                </dd>
              </>
            )}
          </Section>
          <AdminHistory entries={history.data?.history} loading={history.isPending} error={history.isError} onRetry={() => void history.refetch()} subjectId={voyage.id} />
          <div className="actions actions--end">
            {voyage.flagged_for_review ? (
              <button type="button" className="button button--secondary" onClick={() => onAction('clear_flag')}>
                <Trans>Clear flag</Trans>
              </button>
            ) : (
              <button type="button" className="button button--secondary" onClick={() => onAction('moderate')}>
                <Trans>Moderate</Trans>
              </button>
            )}
            {voyage.skipper && (
              <button type="button" className="button button--secondary" onClick={() => onAction('contact')}>
                <Trans>Contact Skipper</Trans>
              </button>
            )}
            {voyage.status === 'ACTIVE' && !voyage.suspended && (
              <button type="button" className="button button--secondary" onClick={() => onAction('suspend')}>
                <Trans>Suspend</Trans>
              </button>
            )}
            {voyage.suspended && (
              <button type="button" className="button button--secondary" onClick={() => onAction('reinstate')}>
                <Trans>Reinstate</Trans>
              </button>
            )}
            <button type="button" className="button button--danger" onClick={() => onAction('delete')}>
              <Trans>Delete</Trans>
            </button>
            <Dialog.Close asChild>
              <button type="button" className="button button--secondary">
                <Trans>Close</Trans>
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Each action's texts (made when the dialog opens, in the screen's language then). */
const textsOf = (kind: VoyageActionKind): { title: string; body: string; confirm: string; pending: string; field: ReasonField | null } => {
  switch (kind) {
    case 'moderate':
      return {
        title: t`Flag for moderation review`,
        body: t`The voyage stays live and joins the moderation queue (the "Flagged for review" filter) until the flag is cleared; the flag and your notes are recorded in its admin history.`,
        confirm: t`Flag for review`,
        pending: t`Flagging…`,
        field: { name: 'notes', label: t`Notes`, maxLength: ADMIN_REASON_MAX, rows: 3, schema: (contracts) => contracts.moderateVoyageRequestSchema.pick({ notes: true }) },
      };
    case 'clear_flag':
      return {
        title: t`Clear the review flag?`,
        body: t`The voyage leaves the moderation queue; clearing is recorded in its admin history.`,
        confirm: t`Clear flag`,
        pending: t`Clearing…`,
        field: { name: 'notes', label: t`Notes`, maxLength: ADMIN_REASON_MAX, rows: 3, schema: (contracts) => contracts.clearVoyageFlagRequestSchema },
      };
    case 'suspend':
      return {
        title: t`Suspend this voyage?`,
        body: t`It leaves browse, the map and search at once and nobody can apply until it is reinstated. The skipper is emailed the reason.`,
        confirm: t`Suspend voyage`,
        pending: t`Suspending…`,
        field: { name: 'reason', label: t`Reason`, maxLength: ADMIN_REASON_MAX, rows: 3, schema: (contracts) => contracts.suspendVoyageRequestSchema },
      };
    case 'reinstate':
      return {
        title: t`Reinstate this voyage?`,
        body: t`It shows in browse, on the map and in search again and takes applications. The skipper is emailed.`,
        confirm: t`Reinstate`,
        pending: t`Reinstating…`,
        field: null,
      };
    case 'delete':
      return {
        title: t`Delete this voyage?`,
        body: t`It disappears for everyone; applicants still waiting are told it is cancelled. This cannot be undone.`,
        confirm: t`Delete voyage`,
        pending: t`Deleting…`,
        field: null,
      };
  }
};

/** Moderate (notes), clear the flag (notes), suspend (reason, required), reinstate and delete: a confirmation each. */
export function VoyageActionDialog({ voyage, kind, onClose, onDone }: { voyage: AdminVoyage; kind: VoyageActionKind; onClose: () => void; onDone: Done }) {
  const actions = { moderate: useModerateVoyage(), clear_flag: useClearVoyageFlag(), suspend: useSuspendVoyage(), reinstate: useReinstateVoyage(), delete: useDeleteVoyage() };
  const { t } = useLingui();
  const act = actions[kind];
  const copy = textsOf(kind);
  const title = voyage.title;
  const body = copy.body;
  const confirm = (text: string | null) => {
    const options = {
      onSuccess: (result: { message: string }) => {
        onDone(kind === 'moderate' ? t`“${title}” flagged for moderation` : kind === 'suspend' ? t`“${title}” suspended` : result.message, true);
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
      description={t`“${title}”: ${body}`}
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
  const { t } = useLingui();
  const skipper = voyage.skipper;
  if (!skipper) return null;
  const name = `${skipper.first_name} ${skipper.last_name}`;
  const title = voyage.title;
  return (
    <AdminEmailDialog
      title={t`Contact ${name}`}
      recipient={skipper}
      template="admin_voyage_contact"
      voyageId={voyage.id}
      initialSubject={t`About your voyage “${title}”`.slice(0, ADMIN_EMAIL.subject.max)}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
