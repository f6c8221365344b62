import type { UserResponse } from '@crew/contracts';
import { useState, type ReactNode } from 'react';
import { useCancelEmailChange, useUpdateMe } from '../../../api/profile';
import { AccountField } from '../../../components/account/AccountField';
import { SwitchToBothAccount } from '../../../components/account/SwitchToBothAccount';
import { messageAt, showServerRefusals, useContractForm } from '../../../lib/forms/use-contract-form';
import { roleBadge } from '../../../lib/session';
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
  // A new sign-in address needs the current password (the same address in another case does not): a rule of this form, on the contract's schema.
  const form = useContractForm(
    (contracts) =>
      contracts.updateMeRequestSchema.refine((values) => sameAddress(values.email, user.email) || Boolean(values.current_password), {
        message: contracts.EMAIL_CHANGE_MESSAGES.passwordRequired,
        path: ['current_password'],
        // Said beside the other fields' messages, not only once they are right.
        when: () => true,
      }),
    { defaultValues: { first_name: user.first_name, last_name: user.last_name, email: user.email, phone_number: user.phone_number ?? '', current_password: '' } },
  );
  const { errors } = form.formState;
  const [saved, setSaved] = useState<string | null>(null);
  const emailChanging = !sameAddress(form.watch('email'), user.email);

  const onSubmit = form.handleSubmit(({ current_password: currentPassword, ...details }) => {
    const changing = !sameAddress(details.email, user.email);
    update.mutate(
      { ...details, ...(changing ? { current_password: currentPassword } : {}) },
      {
        onError: (error) => showServerRefusals(form, error),
        onSuccess: (result) => {
          form.setValue('current_password', '');
          form.setValue('email', result.email);
          setSaved(
            changing && result.pending_email
              ? `We sent a link to ${result.pending_email}. Your address changes when you open it; until then, sign in with ${result.email}.`
              : 'Profile updated successfully!',
          );
        },
      },
    );
  });

  return (
    <form
      className="form"
      onSubmit={(event) => {
        setSaved(null);
        void onSubmit(event);
      }}
      noValidate
    >
      <SaveStatus success={saved} error={update.error} failurePrefix="Failed to update profile: " />
      <div className="form__row">
        <AccountField label="First name" {...form.register('first_name')} message={messageAt(errors, 'first_name')} />
        <AccountField label="Last name" {...form.register('last_name')} message={messageAt(errors, 'last_name')} />
      </div>
      <AccountField
        label="Email"
        type="email"
        {...form.register('email')}
        message={messageAt(errors, 'email')}
        hint={
          emailChanging
            ? "We'll send a link to the new address; your address changes when you open it. Your current address is told too."
            : 'The address you sign in with. Changing it needs your current password.'
        }
      />
      {emailChanging && (
        <AccountField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...form.register('current_password')}
          message={messageAt(errors, 'current_password')}
        />
      )}
      <PendingEmail user={user} />
      <AccountField label="Phone (optional)" type="tel" {...form.register('phone_number')} message={messageAt(errors, 'phone_number')} />
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
