import type { AdminUser, ProfileItem } from '@crew/contracts';
import { SUSPENSION_REASON } from '@crew/contracts/constants';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { AlertDialog, Dialog } from 'radix-ui';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { i18n } from '../../../i18n/i18n';
import { ADMIN_REASON_MAX } from '@crew/rules';
import { useDeleteUser, useReinstateUser, useRevokeIdentity, useSuspendUser, useVerifyIdentity, userHistoryQueryOptions } from '../../../api/admin-users';
import { AdminEmailDialog } from './email-dialog';
import { ReasonDialog } from './reason-dialog';
import { AdminHistory } from './users-history';

const yesNo = (value: boolean): string => (value ? t`Yes` : t`No`);
export const SUBSCRIPTION_LABELS = {
  premium: msg({ message: 'Premium', context: 'subscription' }),
  trial: msg({ message: 'Trial', context: 'subscription' }),
  free: msg({ message: 'Free', context: 'subscription' }),
} satisfies Record<AdminUser['subscription'], MessageDescriptor>;
export const TYPE_LABELS = {
  skipper: msg({ message: 'Skipper', context: 'account type' }),
  crew: msg({ message: 'Crew', context: 'account type' }),
  both: msg({ message: 'Both', context: 'account type' }),
  admin: msg({ message: 'Admin', context: 'account type' }),
} satisfies Record<AdminUser['user_type'], MessageDescriptor>;

/** What a profile may lack (the English words of the contracts' PROFILE_ITEM_LABELS). */
const PROFILE_ITEMS = {
  photo: msg`profile photo`,
  phone: msg`phone number`,
  sailing_experience: msg`sailing experience`,
  emergency_contact: msg`emergency contact`,
  crew_skills: msg`crew skills`,
  crew_expectations: msg`crew expectations`,
} satisfies Record<ProfileItem, MessageDescriptor>;

/** What a complete profile still lacks, in words ("profile photo, phone number"). */
export const missingText = (user: AdminUser): string => user.profile_completion.missing.map((item) => i18n._(PROFILE_ITEMS[item])).join(', ');

/**
 * The Status column and the detail modal's status, from the account as it is:
 * suspended, else whether the profile is complete (derived from its fields,
 * the one rule in `profileCompletionOf`).
 */
export function accountStatus(user: AdminUser): { state: 'suspended' | 'complete' | 'incomplete'; label: string; tone: 'warn' | 'good' | ''; detail: string } {
  if (user.suspension) return { state: 'suspended', label: t({ message: 'Suspended', context: 'account status' }), tone: 'warn', detail: user.suspension.reason };
  if (user.profile_completion.complete) return { state: 'complete', label: t`Complete`, tone: 'good', detail: t`Profile complete` };
  const missing = missingText(user);
  return { state: 'incomplete', label: t`Incomplete`, tone: '', detail: t`Missing: ${missing}` };
}

/** Only crew (and "both") accounts can hold a crew subscription: never skippers nor administrators. */
export const canHoldPremium = (user: AdminUser): boolean => !user.is_admin && (user.user_type === 'crew' || user.user_type === 'both');

/** The detail modal's fields, then the user's administrator history. */
export function UserDetailDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const history = useQuery(userHistoryQueryOptions(user.id));
  const suspension = user.suspension;
  const missing = missingText(user);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <Dialog.Title>
            {user.first_name} {user.last_name}
          </Dialog.Title>
          <dl className="users-details">
            <dt>
              <Trans>Email</Trans>
            </dt>
            <dd>{user.email}</dd>
            <dt>
              <Trans>User type</Trans>
            </dt>
            <dd>{i18n._(TYPE_LABELS[user.user_type])}</dd>
            <dt>
              <Trans>Phone</Trans>
            </dt>
            <dd>{user.phone_number || t`Not provided`}</dd>
            <dt>
              <Trans>Status</Trans>
            </dt>
            <dd>{suspension ? <SuspensionText suspension={suspension} /> : t({ message: 'Active', context: 'account status' })}</dd>
            <dt>
              <Trans>Profile complete</Trans>
            </dt>
            <dd>{user.profile_completion.complete ? t`Yes` : t`No (missing: ${missing})`}</dd>
            <dt>
              <Trans>Reviewed by an administrator</Trans>
            </dt>
            <dd>{yesNo(user.profile_complete)}</dd>
            <dt>
              <Trans>Email verified</Trans>
            </dt>
            <dd>{yesNo(user.email_verified)}</dd>
            <dt>
              <Trans>Identity verified</Trans>
            </dt>
            <dd>{yesNo(user.identity_verified)}</dd>
            <dt>
              <Trans>Joined</Trans>
            </dt>
            <dd>{formatDate(user.created_at)}</dd>
            <dt>
              <Trans>Subscription status</Trans>
            </dt>
            <dd>{i18n._(SUBSCRIPTION_LABELS[user.subscription])}</dd>
            <dt>
              <Trans>Subscription start</Trans>
            </dt>
            <dd>{user.subscription_start_date ? formatDate(user.subscription_start_date) : '—'}</dd>
            <dt>
              <Trans>Subscription expiry</Trans>
            </dt>
            <dd>{user.subscription_end_date ? formatDate(user.subscription_end_date) : '—'}</dd>
            {user.stripe_customer_id && (
              <>
                <dt>
                  <Trans>Payment customer id</Trans>
                </dt>
                <dd>{user.stripe_customer_id}</dd>
              </>
            )}
          </dl>
          <AdminHistory entries={history.data?.history} loading={history.isPending} error={history.isError} onRetry={() => void history.refetch()} subjectId={user.id} />
          <div className="actions actions--end">
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

/** "Suspended on <date> by <administrator>: <reason>". */
function SuspensionText({ suspension }: { suspension: NonNullable<AdminUser['suspension']> }) {
  const { t } = useLingui();
  const when = formatDate(suspension.suspended_at);
  const by = suspension.suspended_by_name ?? t`(removed)`;
  const reason = suspension.reason;
  return <>{t`Suspended on ${when} by ${by}: ${reason}`}</>;
}

/** Send email: the admin_contact / admin_voyage_contact templates with a subject and a message. */
export function UserEmailDialog({ user, onClose, onDone }: { user: AdminUser; onClose: () => void; onDone: (message: string, ok: boolean) => void }) {
  const { t } = useLingui();
  const name = `${user.first_name} ${user.last_name}`;
  return <AdminEmailDialog title={t`Send email to ${name}`} recipient={user} template="admin_contact" onClose={onClose} onDone={onDone} />;
}

/** The delete failure text: 'Cannot delete user: ' plus the error, reason and counts when the server gives them. */
export function deleteFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return t`Failed to delete user. Please check the logs and try again.`;
  const message = error.message;
  const parts = [t`Cannot delete user: ${message}`];
  const { reason, active_voyages: active, accepted_applications: accepted } = error.body;
  if (typeof reason === 'string') parts.push(t`Reason: ${reason}`);
  if (typeof active === 'number') parts.push(t`Active voyages: ${active}`);
  if (typeof accepted === 'number') parts.push(t`Accepted applications: ${accepted}`);
  return parts.join('\n');
}

/** Deleting needs the word DELETE typed exactly; anything else keeps the account. */
export function UserDeleteDialog({ user, onClose, onDone }: { user: AdminUser; onClose: () => void; onDone: (message: string, ok: boolean) => void }) {
  const { t } = useLingui();
  const remove = useDeleteUser();
  const name = `${user.first_name} ${user.last_name}`;
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
          onDone(
            t`User deleted. Removed records: ${plural(applications, { one: '# application', other: '# applications' })}, ${plural(voyages, { one: '# voyage', other: '# voyages' })}, ${plural(boats, { one: '# boat', other: '# boats' })}.`,
            true,
          );
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
          <AlertDialog.Title>{t`Delete ${name}?`}</AlertDialog.Title>
          <AlertDialog.Description>
            <Trans>
              This erases their personal data, withdraws their pending applications, cancels their voyages (applicants are told) and removes their boats and photos. It cannot be
              undone.
            </Trans>
          </AlertDialog.Description>
          <div className="users-dialog-field">
            <label htmlFor="delete-confirm">
              <Trans>Type DELETE to confirm</Trans>
            </label>
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
                <Trans>Cancel</Trans>
              </button>
            </AlertDialog.Cancel>
            <button type="button" className="button button--danger" disabled={remove.isPending} onClick={confirm}>
              {remove.isPending ? t`Deleting…` : t`Delete user`}
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
  const { t } = useLingui();
  const suspendUser = useSuspendUser();
  const reinstateUser = useReinstateUser();
  const suspend = action === 'suspend';
  const change = suspend ? suspendUser : reinstateUser;
  const name = `${user.first_name} ${user.last_name}`;
  return (
    <ReasonDialog
      title={suspend ? t`Suspend ${name}?` : t`Reinstate ${name}?`}
      description={
        suspend
          ? t`They are signed out everywhere and cannot sign in, and their voyages leave browse, until an administrator reinstates them. They are emailed the reason, and it is kept in the admin history.`
          : t`They can sign in again and their voyages return to browse. They are emailed; the change is kept in the admin history.`
      }
      field={{
        name: 'reason',
        label: suspend ? t`Reason (sent to the member)` : t`Note (optional, sent to the member)`,
        maxLength: SUSPENSION_REASON.max,
        rows: 4,
        schema: (contracts) => (suspend ? contracts.suspendUserRequestSchema : contracts.reinstateUserRequestSchema),
      }}
      confirmLabel={suspend ? t`Suspend account` : t`Reinstate account`}
      pendingLabel={t`Saving…`}
      danger={suspend}
      pending={change.isPending}
      error={change.error}
      failure={(error) =>
        error instanceof ApiError && error.status < 500 && error.status > 0 ? error.message : suspend ? t`Failed to suspend the user` : t`Failed to reinstate the user`
      }
      onAttempt={() => change.reset()}
      onConfirm={(reason) => {
        const done = () => {
          onDone(suspend ? t`${name} is suspended and has been emailed the reason` : t`${name} is reinstated and has been emailed`, true);
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
  const { t } = useLingui();
  const verifyIdentity = useVerifyIdentity();
  const revokeIdentity = useRevokeIdentity();
  const verify = action === 'verify';
  const change = verify ? verifyIdentity : revokeIdentity;
  const name = `${user.first_name} ${user.last_name}`;
  return (
    <ReasonDialog
      title={verify ? t`Mark ${name}'s identity as checked?` : t`Revoke ${name}'s identity check?`}
      description={
        verify
          ? t`Only after you have checked who they are outside Crew Finder (an official photo document seen on a video call, say). Their profile then shows as Verified and earns the identity point. Your note is kept in the admin history.`
          : t`Their profile no longer shows as Verified and loses the identity point. The change is kept in the admin history.`
      }
      field={
        verify
          ? { name: 'note', label: t`How was the identity checked?`, maxLength: ADMIN_REASON_MAX, rows: 3, schema: (contracts) => contracts.identityVerificationRequestSchema }
          : null
      }
      confirmLabel={verify ? t`Mark identity checked` : t`Revoke identity check`}
      pendingLabel={t`Saving…`}
      danger={!verify}
      pending={change.isPending}
      error={change.error}
      failure={(error) => (error instanceof ApiError && error.status < 500 && error.status > 0 ? error.message : t`Failed to update the identity check`)}
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
