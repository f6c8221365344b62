import type { AdminVoyage } from '@crew/contracts';
import { useQuery } from '@tanstack/react-query';
import { AlertDialog, Dialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDuration } from '../../../lib/format';
import { useLiveErrors } from '../../../lib/use-live-errors';
import { useSendUserEmail } from '../../../api/admin-users';
import { useDeleteVoyage, useModerateVoyage, useReinstateVoyage, useSuspendVoyage, voyageHistoryQueryOptions } from '../../../api/admin-voyages';
import { AdminHistory } from './users-history';

export type VoyageDialogKind = 'details' | 'moderate' | 'suspend' | 'reinstate' | 'delete' | 'contact';
type Done = (message: string, ok: boolean) => void;
type VoyageActionKind = 'moderate' | 'suspend' | 'reinstate' | 'delete';

export const formatCost = (voyage: AdminVoyage): string =>
  voyage.contribution_amount === null || voyage.contribution_type === 'free'
    ? voyage.contribution_type === 'free'
      ? 'Free'
      : 'TBD'
    : `${new Intl.NumberFormat('en-GB', { style: 'currency', currency: voyage.contribution_currency }).format(voyage.contribution_amount)}`;

export const crewLabel = (voyage: AdminVoyage): string => `${voyage.current_crew} / ${voyage.max_crew ?? voyage.crew_needed}`;

/** The spec's failure texts of each voyage action. */
export function voyageActionFailure(action: VoyageActionKind, error: unknown): string {
  if (action === 'delete') {
    if (error instanceof ApiError && typeof error.body['accepted_applications'] === 'number') {
      return `Cannot delete voyage: There are ${error.body['accepted_applications']} accepted crew members on this voyage. Please cancel the voyage instead.`;
    }
    return error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : 'Failed to delete voyage';
  }
  if (action === 'moderate') return 'Failed to moderate voyage';
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

/** Spec: Voyage Information, Route & Timing, Crew & Cost, Skipper Information; then the voyage's admin history. */
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
            <button type="button" className="button button--secondary" onClick={() => onAction('moderate')}>
              Moderate
            </button>
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

const TEXTS: Record<VoyageActionKind, { title: string; body: string; confirm: string; pending: string; field: string | null; required: boolean }> = {
  moderate: { title: 'Flag for moderation review', body: 'The voyage stays live; the flag and your notes are recorded in its admin history.', confirm: 'Flag for review', pending: 'Flagging…', field: 'Notes', required: false },
  suspend: { title: 'Suspend this voyage?', body: 'It leaves browse, the map and search at once and nobody can apply until it is reinstated. The skipper is emailed the reason.', confirm: 'Suspend voyage', pending: 'Suspending…', field: 'Reason', required: true },
  reinstate: { title: 'Reinstate this voyage?', body: 'It shows in browse, on the map and in search again and takes applications. The skipper is emailed.', confirm: 'Reinstate', pending: 'Reinstating…', field: null, required: false },
  delete: { title: 'Delete this voyage?', body: 'It disappears for everyone; applicants still waiting are told it is cancelled. This cannot be undone.', confirm: 'Delete voyage', pending: 'Deleting…', field: null, required: false },
};

/** Moderate (notes), suspend (reason, required), reinstate and delete: a confirmation each. */
export function VoyageActionDialog({ voyage, kind, onClose, onDone }: { voyage: AdminVoyage; kind: VoyageActionKind; onClose: () => void; onDone: Done }) {
  const actions = { moderate: useModerateVoyage(), suspend: useSuspendVoyage(), reinstate: useReinstateVoyage(), delete: useDeleteVoyage() };
  const act = actions[kind];
  const [text, setText] = useState('');
  // The server's answer is kept apart: it is about the last attempt, not about what is typed now.
  const [failure, setFailure] = useState<string | null>(null);
  const copy = TEXTS[kind];
  const { errors, submitted } = useLiveErrors(() => ({ text: copy.required && !text.trim() ? `${copy.field ?? 'Text'} is required` : undefined }));
  const confirm = () => {
    setFailure(null);
    if (!submitted()) return;
    const options = {
      onSuccess: (result: { message: string }) => {
        onDone(kind === 'moderate' ? `“${voyage.title}” flagged for moderation` : kind === 'suspend' ? `“${voyage.title}” suspended` : result.message, true);
        onClose();
      },
      onError: (error: Error) => setFailure(voyageActionFailure(kind, error)),
    };
    const voyageId = voyage.id;
    if (kind === 'moderate') actions.moderate.mutate({ voyageId, notes: text.trim() }, options);
    else if (kind === 'suspend') actions.suspend.mutate({ voyageId, reason: text.trim() }, options);
    else actions[kind].mutate({ voyageId }, options);
  };
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog__overlay" />
        <AlertDialog.Content className="dialog dialog--narrow">
          <AlertDialog.Title>{copy.title}</AlertDialog.Title>
          <AlertDialog.Description>
            “{voyage.title}”: {copy.body}
          </AlertDialog.Description>
          {copy.field && (
            <div className="users-dialog-field">
              <label htmlFor="voyage-action-text">{copy.field}</label>
              <textarea id="voyage-action-text" rows={3} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
            </div>
          )}
          {errors.text && (
            <p className="form__error" role="alert">
              {errors.text}
            </p>
          )}
          {failure && (
            <p className="form__error" role="alert">
              {failure}
            </p>
          )}
          <div className="actions actions--end">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button button--secondary">
                Cancel
              </button>
            </AlertDialog.Cancel>
            <button type="button" className={`button ${kind === 'delete' || kind === 'suspend' ? 'button--danger' : 'button--primary'}`} disabled={act.isPending} onClick={confirm}>
              {act.isPending ? copy.pending : copy.confirm}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** Contact Skipper: an admin_voyage_contact email about this voyage. */
export function VoyageContactDialog({ voyage, onClose, onDone }: { voyage: AdminVoyage; onClose: () => void; onDone: Done }) {
  const send = useSendUserEmail();
  const [subject, setSubject] = useState(`About your voyage “${voyage.title}”`.slice(0, 200));
  const [message, setMessage] = useState('');
  // The server's answer is kept apart: it is about the last send, not about what is typed now.
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, submitted } = useLiveErrors(() => ({ form: !subject.trim() || !message.trim() ? 'Please enter a subject and a message' : undefined }));
  const skipper = voyage.skipper;
  if (!skipper) return null;
  const submit = () => {
    setFailure(null);
    if (!submitted()) return;
    send.mutate(
      { userId: skipper.id, request: { template: 'admin_voyage_contact', subject: subject.trim(), message: message.trim(), voyage_id: voyage.id } },
      {
        onSuccess: () => {
          onDone(`Email sent to ${skipper.email}`, true);
          onClose();
        },
        onError: () => setFailure('Failed to send email'),
      },
    );
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog dialog--narrow" aria-describedby={undefined}>
          <Dialog.Title>
            Contact {skipper.first_name} {skipper.last_name}
          </Dialog.Title>
          {errors.form && (
            <p className="form__error" role="alert">
              {errors.form}
            </p>
          )}
          {failure && (
            <p className="form__error" role="alert">
              {failure}
            </p>
          )}
          <div className="users-dialog-field">
            <label htmlFor="contact-subject">Subject</label>
            <input id="contact-subject" value={subject} maxLength={200} onChange={(e) => setSubject(e.target.value)} />
          </div>
          <div className="users-dialog-field">
            <label htmlFor="contact-message">Message</label>
            <textarea id="contact-message" rows={6} maxLength={5000} value={message} onChange={(e) => setMessage(e.target.value)} />
          </div>
          <div className="actions actions--end">
            <Dialog.Close asChild>
              <button type="button" className="button button--secondary">
                Cancel
              </button>
            </Dialog.Close>
            <button type="button" className="button button--primary" disabled={send.isPending} onClick={submit}>
              {send.isPending ? 'Sending…' : 'Send email'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
