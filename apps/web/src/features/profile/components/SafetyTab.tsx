import type { UserResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useUpdateEmergencyContact } from '../../../api/profile';
import { AccountField } from '../../../components/account/AccountField';
import { messageAt, useContractForm } from '../../../lib/forms/use-contract-form';
import { SaveStatus } from './SaveStatus';

export function SafetyTab({ user }: { user: UserResponse }) {
  const { t } = useLingui();
  const update = useUpdateEmergencyContact();
  const initial = user.emergency_contact;
  const form = useContractForm((contracts) => contracts.emergencyContactSchema, {
    defaultValues: { name: initial?.name ?? '', relationship: initial?.relationship ?? '', phone: initial?.phone ?? '', email: initial?.email ?? '' },
  });
  const { errors } = form.formState;
  const [saved, setSaved] = useState<string | null>(null);
  const emailState = user.email_verified ? t`email verified` : t`email not verified`;
  const identityState = user.identity_verified ? t`identity verified` : t`identity not verified yet`;

  const onSubmit = form.handleSubmit((contact) => update.mutate(contact, { onSuccess: () => setSaved(t`Emergency contact updated!`) }));

  return (
    <form
      className="form"
      onSubmit={(event) => {
        setSaved(null);
        void onSubmit(event);
      }}
      noValidate
    >
      <p>
        <Trans>Who should be called if something happens to you at sea? You see it here, and our safety team can in an emergency.</Trans>
      </p>
      {/* Who else sees the emergency contact, and when: said here and where the consent is given. */}
      <p className="field__hint">
        <Trans>
          On a voyage, the skipper and the shore contacts named in its float plan see its name, relationship and phone only if you agree, when you accept that voyage’s crew
          agreement; other crew never do. If a float plan you are aboard is reported overdue, we email your emergency contact an alert, when you have given their email address.
        </Trans>
      </p>
      <SaveStatus success={saved} error={update.error} failure={(reason) => t`Failed to update emergency contact: ${reason}`} />
      <AccountField label={t`Full name`} {...form.register('name')} message={messageAt(errors, 'name')} />
      <AccountField label={t`Relationship (optional)`} {...form.register('relationship')} message={messageAt(errors, 'relationship')} />
      <AccountField label={t`Phone`} type="tel" {...form.register('phone')} message={messageAt(errors, 'phone')} />
      <AccountField label={t`Email (optional)`} type="email" {...form.register('email')} message={messageAt(errors, 'email')} />
      <p className="field__hint">{t`Verification: ${emailState}; ${identityState}.`}</p>
      <button type="submit" className="button button--primary" disabled={update.isPending}>
        {update.isPending ? t`Saving...` : t`Save Emergency Contact`}
      </button>
    </form>
  );
}
