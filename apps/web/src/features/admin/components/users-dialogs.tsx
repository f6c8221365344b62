import { PROFILE_ITEM_LABELS, type AdminUser } from '@crew/contracts';
import { SUSPENSION_REASON } from '@crew/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { AlertDialog, Dialog } from 'radix-ui';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { ADMIN_REASON_MAX } from '@crew/rules';
import { useDeleteUser, useReinstateUser, useRevokeIdentity, useSuspendUser, useVerifyIdentity, userHistoryQueryOptions } from '../../../api/admin-users';
import { AdminEmailDialog } from './email-dialog';
import { ReasonDialog } from './reason-dialog';
import { AdminHistory } from './users-history';

const yesNo = (value: boolean): string => (value ? 'Yes' : 'No');
export const SUBSCRIPTION_LABELS = { premium: 'Premium', trial: 'Trial', free: 'Free' } as const;
export const TYPE_LABELS = { skipper: 'Skipper', crew: 'Crew', both: 'Both', admin: 'Admin' } as const;

/** What a complete profile still lacks, in words ("profile photo, phone number"). */
export const missingText = (user: AdminUser): string => user.profile_completion.missing.map((item) => PROFILE_ITEM_LABELS[item]).join(', ');

/**
 * The Status column and the detail modal's status, from the account as it is:
 * suspended, else whether the profile is complete (derived from its fields,
 * the one rule in `profileCompletionOf`).
 */
export function accountStatus(user: AdminUser): { label: 'Suspended' | 'Complete' | 'Incomplete'; tone: 'warn' | 'good' | ''; detail: string } {
  if (user.suspension) return { label: 'Suspended', tone: 'warn', detail: user.suspension.reason };
  if (user.profile_completion.complete) return { label: 'Complete', tone: 'good', detail: 'Profile complete' };
  return { label: 'Incomplete', tone: '', detail: `Missing: ${missingText(user)}` };
}

/** Only crew (and "both") accounts can hold a crew subscription: never skippers nor administrators. */
export const canHoldPremium = (user: AdminUser): boolean => !user.is_admin && (user.user_type === 'crew' || user.user_type === 'both');

/** The detail modal's fields, then the user's administrator history. */
export function UserDetailDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const history = useQuery(userHistoryQueryOptions(user.id));
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
            <dt>Status</dt>
            <dd>
              {user.suspension
                ? `Suspended on ${formatDate(user.suspension.suspended_at)} by ${user.suspension.suspended_by_name ?? '(removed)'}: ${user.suspension.reason}`
                : 'Active'}
            </dd>
            <dt>Profile complete</dt>
            <dd>{user.profile_completion.complete ? 'Yes' : `No (missing: ${missingText(user)})`}</dd>
            <dt>Reviewed by an administrator</dt>
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

/** Send email: the admin_contact / admin_voyage_contact templates with a subject and a message. */
export function UserEmailDialog({ user, onClose, onDone }: { user: AdminUser; onClose: () => void; onDone: (message: string, ok: boolean) => void }) {
  return <AdminEmailDialog title={`Send email to ${user.first_name} ${user.last_name}`} recipient={user} template="admin_contact" onClose={onClose} onDone={onDone} />;
}

/** The delete failure text: 'Cannot delete user: ' plus the error, reason and counts when the server gives them. */
export function deleteFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return 'Failed to delete user. Please check the logs and try again.';
  const parts = [`Cannot delete user: ${error.message}`];
  const { reason, active_voyages: active, accepted_applications: accepted } = error.body;
  if (typeof reason === 'string') parts.push(`Reason: ${reason}`);
  if (typeof active === 'number') parts.push(`Active voyages: ${active}`);
  if (typeof accepted === 'number') parts.push(`Accepted applications: ${accepted}`);
  return parts.join('\n');
}

/** Deleting needs the word DELETE typed exactly; anything else keeps the account. */
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
          <AlertDialog.Title>
            Delete {user.first_name} {user.last_name}?
          </AlertDialog.Title>
          <AlertDialog.Description>
            This erases their personal data, withdraws their pending applications, cancels their voyages (applicants are told) and removes their boats and photos. It cannot be
            undone.
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

/**
 * Suspend (a reason is required, 1–500 characters, mailed to the member and
 * kept in the admin history) or reinstate (an optional note). Says what the
 * action does before it is taken.
 */
export function UserSuspensionDialog({
  user,
  action,
  onClose,
  onDone,
}: {
  user: AdminUser;
  action: 'suspend' | 'reinstate';
  onClose: () => void;
  onDone: (message: string, ok: boolean) => void;
}) {
  const suspendUser = useSuspendUser();
  const reinstateUser = useReinstateUser();
  const suspend = action === 'suspend';
  const change = suspend ? suspendUser : reinstateUser;
  const name = `${user.first_name} ${user.last_name}`;
  return (
    <ReasonDialog
      title={suspend ? `Suspend ${name}?` : `Reinstate ${name}?`}
      description={
        suspend
          ? 'They are signed out everywhere and cannot sign in, and their voyages leave browse, until an administrator reinstates them. They are emailed the reason, and it is kept in the admin history.'
          : 'They can sign in again and their voyages return to browse. They are emailed; the change is kept in the admin history.'
      }
      field={{
        name: 'reason',
        label: suspend ? 'Reason (sent to the member)' : 'Note (optional, sent to the member)',
        maxLength: SUSPENSION_REASON.max,
        rows: 4,
        schema: (contracts) => (suspend ? contracts.suspendUserRequestSchema : contracts.reinstateUserRequestSchema),
      }}
      confirmLabel={suspend ? 'Suspend account' : 'Reinstate account'}
      pendingLabel="Saving…"
      danger={suspend}
      pending={change.isPending}
      error={change.error}
      failure={(error) =>
        error instanceof ApiError && error.status < 500 && error.status > 0 ? error.message : suspend ? 'Failed to suspend the user' : 'Failed to reinstate the user'
      }
      onAttempt={() => change.reset()}
      onConfirm={(reason) => {
        const done = () => {
          onDone(suspend ? `${name} is suspended and has been emailed the reason` : `${name} is reinstated and has been emailed`, true);
          onClose();
        };
        if (suspend) suspendUser.mutate({ userId: user.id, reason: reason ?? '' }, { onSuccess: done });
        else reinstateUser.mutate({ userId: user.id, reason: reason || undefined }, { onSuccess: done });
      }}
      onClose={onClose}
    />
  );
}

/**
 * Marking a member's identity as checked by the team (after a check done
 * outside the product), with a note of how it was checked, or revoking it.
 * Both are kept in the admin history; the member's trust level follows.
 */
export function UserIdentityDialog({
  user,
  action,
  onClose,
  onDone,
}: {
  user: AdminUser;
  action: 'verify' | 'revoke';
  onClose: () => void;
  onDone: (message: string, ok: boolean) => void;
}) {
  const verifyIdentity = useVerifyIdentity();
  const revokeIdentity = useRevokeIdentity();
  const verify = action === 'verify';
  const change = verify ? verifyIdentity : revokeIdentity;
  const name = `${user.first_name} ${user.last_name}`;
  return (
    <ReasonDialog
      title={verify ? `Mark ${name}'s identity as checked?` : `Revoke ${name}'s identity check?`}
      description={
        verify
          ? 'Only after you have checked who they are outside Crew Finder (an official photo document seen on a video call, say). Their profile then shows as Verified and earns the identity point. Your note is kept in the admin history.'
          : 'Their profile no longer shows as Verified and loses the identity point. The change is kept in the admin history.'
      }
      field={
        verify
          ? { name: 'note', label: 'How was the identity checked?', maxLength: ADMIN_REASON_MAX, rows: 3, schema: (contracts) => contracts.identityVerificationRequestSchema }
          : null
      }
      confirmLabel={verify ? 'Mark identity checked' : 'Revoke identity check'}
      pendingLabel="Saving…"
      danger={!verify}
      pending={change.isPending}
      error={change.error}
      failure={(error) => (error instanceof ApiError && error.status < 500 && error.status > 0 ? error.message : 'Failed to update the identity check')}
      onAttempt={() => change.reset()}
      onConfirm={(note) => {
        const done = (result: { message: string }) => {
          onDone(result.message, true);
          onClose();
        };
        if (verify) verifyIdentity.mutate({ userId: user.id, note: note ?? '' }, { onSuccess: done });
        else revokeIdentity.mutate({ userId: user.id }, { onSuccess: done });
      }}
      onClose={onClose}
    />
  );
}
