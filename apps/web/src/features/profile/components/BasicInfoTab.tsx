import { EMAIL_CHANGE_MESSAGES, updateMeRequestSchema, type UserResponse } from '@crew/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { TextField } from '../../../components/ui/TextField';
import { errorsOf, serverFieldErrors } from '../../../lib/form-errors';
import { roleBadge } from '../../../lib/session';
import { useLiveErrors } from '../../../lib/use-live-errors';
import { useCancelEmailChange, useUpdateMe } from '../../../api/profile';
import { SwitchToBothAccount } from '../../../components/account/SwitchToBothAccount';
import { SaveStatus } from './SaveStatus';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A new address waiting for its link to be opened, with a way to drop it. */
function PendingEmail({ user }: { user: UserResponse }) {
  const cancel = useCancelEmailChange();
  if (!user.pending_email) return null;
  return (
    <div className="field__hint" role="status">
      <p>
        Waiting for confirmation: open the link we sent to <strong>{user.pending_email}</strong> to switch to it. Until then you sign in with {user.email}.
      </p>
      <button type="button" className="button button--secondary" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
        {cancel.isPending ? 'Cancelling...' : 'Cancel email change'}
      </button>
      {cancel.isError && (
        <p className="form__error" role="alert">
          Failed to cancel the change: {cancel.error.message}
        </p>
      )}
    </div>
  );
}

/** `account`: more account details shown under the account type (the subscription, for crew). */
export function BasicInfoTab({ user, account }: { user: UserResponse; account?: ReactNode }) {
  const update = useUpdateMe();
  const [form, setForm] = useState({ first_name: user.first_name, last_name: user.last_name, email: user.email, phone_number: user.phone_number ?? '' });
  const [currentPassword, setCurrentPassword] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  // The server's own refusals (a wrong password, an address already taken): shown under their field until it changes.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const set = (field: keyof typeof form) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _changed, ...rest }) => rest);
  };
  // A new sign-in address needs the current password (the same address in another case does not).
  const emailChanging = !sameAddress(form.email, user.email);

  const live = useLiveErrors(() => ({
    ...errorsOf(updateMeRequestSchema.safeParse(form)),
    ...(emailChanging && !currentPassword ? { current_password: EMAIL_CHANGE_MESSAGES.passwordRequired } : {}),
  }));
  const errors: Record<string, string | undefined> = { ...serverErrors, ...live.errors };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const parsed = updateMeRequestSchema.safeParse(form);
    if (!live.submitted() || !parsed.success) return;
    setServerErrors({});
    update.mutate(
      { ...parsed.data, ...(emailChanging ? { current_password: currentPassword } : {}) },
      {
        onError: (error) => setServerErrors(serverFieldErrors(error)),
        onSuccess: (result) => {
          setCurrentPassword('');
          setForm((current) => ({ ...current, email: result.email }));
          setSaved(
            emailChanging && result.pending_email
              ? `We sent a link to ${result.pending_email}. Your address changes when you open it; until then, sign in with ${result.email}.`
              : 'Profile updated successfully!',
          );
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <SaveStatus success={saved} error={update.error} failurePrefix="Failed to update profile: " />
      <div className="form__row">
        <TextField label="First name" value={form.first_name} onValueChange={set('first_name')} error={errors['first_name']} />
        <TextField label="Last name" value={form.last_name} onValueChange={set('last_name')} error={errors['last_name']} />
      </div>
      <TextField
        label="Email"
        type="email"
        value={form.email}
        onValueChange={set('email')}
        error={errors['email']}
        hint={
          emailChanging
            ? "We'll send a link to the new address; your address changes when you open it. Your current address is told too."
            : 'The address you sign in with. Changing it needs your current password.'
        }
      />
      {emailChanging && (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onValueChange={(value) => {
            setCurrentPassword(value);
            setServerErrors(({ current_password: _changed, ...rest }) => rest);
          }}
          error={errors['current_password']}
        />
      )}
      <PendingEmail user={user} />
      <TextField label="Phone (optional)" type="tel" value={form.phone_number} onValueChange={set('phone_number')} error={errors['phone_number']} />
      <AccountType user={user} />
      {account}
      <button type="submit" className="button button--primary" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Profile'}
      </button>
    </form>
  );
}

/**
 * The account type, and the one change there is: a Skipper or a Crew account
 * can become Skipper & Crew (confirmed first; nothing is lost, it is not undone).
 */
function AccountType({ user }: { user: UserResponse }) {
  const from = user.is_admin ? null : user.user_type === 'skipper' || user.user_type === 'crew' ? user.user_type : null;
  return (
    <div className="field">
      <p className="field__hint">Account type: {roleBadge(user)}.</p>
      {from && (
        <>
          <p className="field__hint">
            {from === 'skipper' ? 'Want to crew on other boats too?' : 'Want to skipper your own voyages too?'} Switch this account to Skipper &amp; Crew: no second account needed.
          </p>
          <SwitchToBothAccount from={from} />
        </>
      )}
    </div>
  );
}
