import type { AdminUser } from '@crew/contracts';
import { AlertDialog, Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useLiveErrors } from '../../../lib/use-live-errors';
import { useDeleteUser, useSendUserEmail, useUserHistory } from '../api/users-api';
import { AdminHistory } from './users-history';

const yesNo = (value: boolean): string => (value ? 'Yes' : 'No');
export const SUBSCRIPTION_LABELS = { premium: 'Premium', trial: 'Trial', free: 'Free' } as const;
export const TYPE_LABELS = { skipper: 'Skipper', crew: 'Crew', both: 'Both', admin: 'Admin' } as const;

/** Spec: the detail modal's fields, then the user's administrator history. */
export function UserDetailDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const history = useUserHistory(user.id);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <Dialog.Title>
            {user.first_name} {user.last_name}
          </Dialog.Title>
          <dl className="users-details">
            <dt>Email</dt>
            <dd>{user.email}</dd>
            <dt>User type</dt>
            <dd>{TYPE_LABELS[user.user_type]}</dd>
            <dt>Phone</dt>
            <dd>{user.phone_number || 'Not provided'}</dd>
            <dt>Profile complete</dt>
            <dd>{yesNo(user.profile_complete)}</dd>
            <dt>Email verified</dt>
            <dd>{yesNo(user.email_verified)}</dd>
            <dt>Identity verified</dt>
            <dd>{yesNo(user.identity_verified)}</dd>
            <dt>Joined</dt>
            <dd>{formatDate(user.created_at)}</dd>
            <dt>Subscription status</dt>
            <dd>{SUBSCRIPTION_LABELS[user.subscription]}</dd>
            <dt>Subscription start</dt>
            <dd>{user.subscription_start_date ? formatDate(user.subscription_start_date) : '—'}</dd>
            <dt>Subscription expiry</dt>
            <dd>{user.subscription_end_date ? formatDate(user.subscription_end_date) : '—'}</dd>
            {user.stripe_customer_id && (
              <>
                <dt>Payment customer id</dt>
                <dd>{user.stripe_customer_id}</dd>
              </>
            )}
          </dl>
          <AdminHistory entries={history.data?.history} loading={history.isPending} error={history.isError} onRetry={() => void history.refetch()} subjectId={user.id} />
          <div className="actions actions--end">
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

/** Send email: spec templates admin_contact / admin_voyage_contact with a subject and a message. */
export function UserEmailDialog({ user, onClose, onDone }: { user: AdminUser; onClose: () => void; onDone: (message: string, ok: boolean) => void }) {
  const send = useSendUserEmail();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  // The server's answer is kept apart: it is about the last send, not about what is typed now.
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, submitted } = useLiveErrors(() => ({ form: !subject.trim() || !message.trim() ? 'Please enter a subject and a message' : undefined }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!submitted()) return;
    send.mutate(
      { userId: user.id, request: { template: 'admin_contact', subject: subject.trim(), message: message.trim() } },
      {
        onSuccess: () => {
          onDone(`Email sent to ${user.email}`, true);
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
          <Dialog.Title>Send email to {user.first_name} {user.last_name}</Dialog.Title>
          <form className="form" onSubmit={submit} noValidate>
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
              <label htmlFor="email-subject">Subject</label>
              <input id="email-subject" value={subject} maxLength={200} onChange={(e) => setSubject(e.target.value)} />
            </div>
            <div className="users-dialog-field">
              <label htmlFor="email-message">Message</label>
              <textarea id="email-message" rows={6} value={message} maxLength={5000} onChange={(e) => setMessage(e.target.value)} />
            </div>
            <div className="actions actions--end">
              <Dialog.Close asChild>
                <button type="button" className="button button--secondary">
                  Cancel
                </button>
              </Dialog.Close>
              <button type="submit" className="button button--primary" disabled={send.isPending}>
                {send.isPending ? 'Sending…' : 'Send email'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The spec's delete failure text: 'Cannot delete user: ' plus the error, reason and counts when the server gives them. */
export function deleteFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return 'Failed to delete user. Please check the logs and try again.';
  const parts = [`Cannot delete user: ${error.message}`];
  const { reason, active_voyages: active, accepted_applications: accepted } = error.body;
  if (typeof reason === 'string') parts.push(`Reason: ${reason}`);
  if (typeof active === 'number') parts.push(`Active voyages: ${active}`);
  if (typeof accepted === 'number') parts.push(`Accepted applications: ${accepted}`);
  return parts.join('\n');
}

/** Deleting needs the word DELETE typed exactly (spec section 5); anything else keeps the account. */
export function UserDeleteDialog({ user, onClose, onDone }: { user: AdminUser; onClose: () => void; onDone: (message: string, ok: boolean) => void }) {
  const remove = useDeleteUser();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    if (typed !== 'DELETE') {
      onClose();
      return;
    }
    remove.mutate(
      { userId: user.id },
      {
        onSuccess: (result) => {
          const { applications, voyages, boats } = result.deleted_records;
          onDone(`User deleted. Removed records: ${applications} applications, ${voyages} voyages, ${boats} boats.`, true);
          onClose();
        },
        onError: (failure) => setError(deleteFailureMessage(failure)),
      },
    );
  };
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog__overlay" />
        <AlertDialog.Content className="dialog dialog--narrow">
          <AlertDialog.Title>Delete {user.first_name} {user.last_name}?</AlertDialog.Title>
          <AlertDialog.Description>
            This erases their personal data, withdraws their pending applications, cancels their voyages (applicants are told) and removes their boats and photos. It cannot be undone.
          </AlertDialog.Description>
          <div className="users-dialog-field">
            <label htmlFor="delete-confirm">Type DELETE to confirm</label>
            <input id="delete-confirm" value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
          </div>
          {error && (
            <p className="form__error users-pre-line" role="alert">
              {error}
            </p>
          )}
          <div className="actions actions--end">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button button--secondary">
                Cancel
              </button>
            </AlertDialog.Cancel>
            <button type="button" className="button button--danger" disabled={remove.isPending} onClick={confirm}>
              {remove.isPending ? 'Deleting…' : 'Delete user'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
