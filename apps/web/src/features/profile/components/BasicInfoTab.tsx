import type { UserResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const cancel = useCancelEmailChange();
  const { pending_email: pending, email: current } = user;
  if (!pending) return null;
  const reason = cancel.error?.message;
  return (
    <div className="field__hint" role="status">
      <p>
        <Trans>
          Waiting for confirmation: open the link we sent to <strong>{pending}</strong> to switch to it. Until then you sign in with {current}.
        </Trans>
      </p>
      <button type="button" className="button button--secondary" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
        {cancel.isPending ? t`Cancelling...` : t`Cancel email change`}
      </button>
      {cancel.isError && (
        <p className="form__error" role="alert">
          <Trans>Failed to cancel the change: {reason}</Trans>
        </p>
      )}
    </div>
  );
}

/** `account`: more account details shown under the account type (the subscription, for crew). */
export function BasicInfoTab({ user, account }: { user: UserResponse; account?: ReactNode }) {
  const { t } = useLingui();
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
          const { pending_email: pending, email: current } = result;
          setSaved(
            changing && pending ? t`We sent a link to ${pending}. Your address changes when you open it; until then, sign in with ${current}.` : t`Profile updated successfully!`,
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
      <SaveStatus success={saved} error={update.error} failure={(reason) => t`Failed to update profile: ${reason}`} />
      <div className="form__row">
        <AccountField label={t`First name`} {...form.register('first_name')} message={messageAt(errors, 'first_name')} />
        <AccountField label={t`Last name`} {...form.register('last_name')} message={messageAt(errors, 'last_name')} />
      </div>
      <AccountField
        label={t`Email`}
        type="email"
        {...form.register('email')}
        message={messageAt(errors, 'email')}
        hint={
          emailChanging
            ? t`We'll send a link to the new address; your address changes when you open it. Your current address is told too.`
            : t`The address you sign in with. Changing it needs your current password.`
        }
      />
      {emailChanging && (
        <AccountField
          label={t`Current password`}
          type="password"
          autoComplete="current-password"
          {...form.register('current_password')}
          message={messageAt(errors, 'current_password')}
        />
      )}
      <PendingEmail user={user} />
      <AccountField label={t`Phone (optional)`} type="tel" {...form.register('phone_number')} message={messageAt(errors, 'phone_number')} />
      <AccountType user={user} />
      {account}
      <button type="submit" className="button button--primary" disabled={update.isPending}>
        {update.isPending ? t`Saving...` : t`Save Profile`}
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
  const badge = roleBadge(user);
  return (
    <div className="field">
      <p className="field__hint">
        <Trans>Account type: {badge}.</Trans>
      </p>
      {from && (
        <>
          <p className="field__hint">
            {from === 'skipper' ? (
              <Trans>Want to crew on other boats too? Switch this account to Skipper & Crew: no second account needed.</Trans>
            ) : (
              <Trans>Want to skipper your own voyages too? Switch this account to Skipper & Crew: no second account needed.</Trans>
            )}
          </p>
          <SwitchToBothAccount from={from} />
        </>
      )}
    </div>
  );
}
