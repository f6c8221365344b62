import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useChangePassword, useDeleteAccount, useDownloadMyData } from '../../../api/account-self-service';
import { AccountField } from '../../../components/account/AccountField';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { ApiError } from '../../../lib/api-client';
import { messageAt, showServerRefusals, useContractForm } from '../../../lib/forms/use-contract-form';
import { SaveStatus } from './SaveStatus';
import './account-self-service.css';

/** What the home page says after a member deleted their own account. */
const DELETED_NOTICES = {
  mailed: msg`Your account has been deleted and you are signed out. A confirmation has been sent to your email address.`,
  notMailed: msg`Your account has been deleted and you are signed out. The confirmation email could not be sent.`,
};
export const accountDeletedNotice = (mailed: boolean): string => i18n._(mailed ? DELETED_NOTICES.mailed : DELETED_NOTICES.notMailed);

/** A new password, with the current one; every other session is signed out, this one goes on. */
function ChangePasswordForm() {
  const { t } = useLingui();
  const change = useChangePassword();
  const form = useContractForm(
    (contracts) =>
      contracts.changePasswordRequestSchema
        .extend({ confirm_password: contracts.changePasswordRequestSchema.shape.current_password })
        .refine((values) => values.new_password === values.confirm_password, {
          message: t`Passwords do not match`,
          path: ['confirm_password'],
          when: () => true,
        }),
    { defaultValues: { current_password: '', new_password: '', confirm_password: '' } },
  );
  const { errors } = form.formState;
  const [saved, setSaved] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(({ current_password, new_password }) =>
    change.mutate(
      { current_password, new_password },
      {
        onError: (error) => showServerRefusals(form, error),
        onSuccess: (answer) => {
          form.reset();
          setSaved(answer.message);
        },
      },
    ),
  );
  return (
    <section className="card" aria-labelledby="change-password-heading">
      <h2 id="change-password-heading">
        <Trans>Change password</Trans>
      </h2>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          setSaved(null);
          void onSubmit(event);
        }}
      >
        <SaveStatus success={saved} error={change.error} failure={(reason) => t`Failed to change password: ${reason}`} />
        <AccountField
          label={t`Current password`}
          type="password"
          autoComplete="current-password"
          revealable
          {...form.register('current_password')}
          message={messageAt(errors, 'current_password')}
        />
        <AccountField
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          revealable
          {...form.register('new_password')}
          message={messageAt(errors, 'new_password')}
          hint={t`Every other browser and device signed in to your account is signed out; this one stays signed in. We email you to say the password changed.`}
        />
        <AccountField
          label={t`Confirm new password`}
          type="password"
          autoComplete="new-password"
          {...form.register('confirm_password')}
          message={messageAt(errors, 'confirm_password')}
        />
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {change.isPending ? t`Changing...` : t`Change password`}
        </button>
      </form>
    </section>
  );
}

/** One JSON file with everything the site holds about the member. */
function DownloadMyData() {
  const { t } = useLingui();
  const download = useDownloadMyData();
  const file = download.data;
  return (
    <section className="card" aria-labelledby="my-data-heading">
      <h2 id="my-data-heading">
        <Trans>Your data</Trans>
      </h2>
      <p className="help-text">
        <Trans>
          One JSON file with everything we hold about you: your profile, boats, the voyages you skipper, your applications, crew agreements, the float plans you filed, the messages
          you sent, reviews by and about you, support tickets, your subscription and your mail choices. You can download it 3 times an hour.
        </Trans>
      </p>
      <button type="button" className="button button--secondary" onClick={() => download.mutate()} disabled={download.isPending}>
        {download.isPending ? t`Preparing...` : t`Download my data`}
      </button>
      {download.isSuccess && (
        <p role="status">
          <Trans>Saved {file}.</Trans>
        </p>
      )}
      {download.isError && (
        <p className="form__error" role="alert">
          {download.error.message}
        </p>
      )}
    </section>
  );
}

/** The danger zone: what deleting the account does, then the password (and the authenticator code, when the server asks for it). */
function DeleteAccountZone() {
  const { t } = useLingui();
  const navigate = useNavigate();
  // The session ends once the home page is on screen (it reads `endSession`): this guarded page, seeing it end first, would send the member to /login.
  const remove = useDeleteAccount((answer) => void navigate('/', { replace: true, state: { notice: accountDeletedNotice(answer.confirmation_mailed), endSession: true } }));
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const refusal = remove.error instanceof ApiError ? remove.error : null;
  const needsCode = refusal?.code === 'SECOND_FACTOR_REQUIRED' || refusal?.code === 'WRONG_SECOND_FACTOR' || code !== '';
  const confirm = () => {
    if (!password) return;
    remove.mutate({ password, ...(code.trim() ? { code: code.trim() } : {}) });
  };
  return (
    <section className="card danger-zone" aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading">
        <Trans>Delete my account</Trans>
      </h2>
      <p>
        <Trans>Deleting your account cannot be undone. At once:</Trans>
      </p>
      <ul>
        <li>
          <Trans>
            Voyages you skipper are cancelled (their applicants are told) and deleted. While a voyage still to sail has accepted crew, deleting is refused: cancel or complete it
            first.
          </Trans>
        </li>
        <li>
          <Trans>Your pending applications are withdrawn and your application messages deleted; skippers no longer see your name or message.</Trans>
        </li>
        <li>
          <Trans>A crew subscription paid by card is cancelled with the payment provider, so it is never charged again. The rest of a paid year is not refunded.</Trans>
        </li>
        <li>
          <Trans>Reviews you wrote and reviews about you are deleted.</Trans>
        </li>
        <li>
          <Trans>
            Your profile, photos, boats and conversations (both sides) are deleted, your support tickets are closed and their text removed, and the emails we sent you are deleted.
          </Trans>
        </li>
        <li>
          <Trans>You are signed out everywhere. A confirmation goes to your email address, which we do not keep afterwards.</Trans>
        </li>
      </ul>
      <button
        type="button"
        className="button button--danger"
        onClick={() => {
          remove.reset();
          setPassword('');
          setCode('');
          setOpen(true);
        }}
      >
        <Trans>Delete my account</Trans>
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t`Delete your account?`}
        confirmLabel={t`Delete my account for good`}
        pendingLabel={t`Deleting...`}
        tone="danger"
        pending={remove.isPending}
        error={refusal && refusal.code !== 'WRONG_PASSWORD' ? refusal.message : remove.isError && !refusal ? remove.error.message : null}
        onConfirm={confirm}
      >
        <p>
          <Trans>Everything listed on the profile page goes, and it cannot be undone. Enter your password to confirm.</Trans>
        </p>
        <AccountField
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          message={refusal?.code === 'WRONG_PASSWORD' ? refusal.message : undefined}
        />
        {needsCode && (
          <AccountField
            label={t`Authenticator code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            message={refusal?.code === 'WRONG_SECOND_FACTOR' ? refusal.message : undefined}
          />
        )}
      </ConfirmDialog>
    </section>
  );
}

/** The member's own account: password, a copy of their data, deleting it. */
export function AccountSelfService() {
  return (
    <>
      <ChangePasswordForm />
      <DownloadMyData />
      <DeleteAccountZone />
    </>
  );
}
