import type { UserResponse } from '@crew/contracts';
import { useState } from 'react';
import { useUpdateEmergencyContact } from '../../../api/profile';
import { AccountField } from '../../../components/account/AccountField';
import { messageAt, useContractForm } from '../../../lib/forms/use-contract-form';
import { SaveStatus } from './SaveStatus';

/** Who else sees the emergency contact, and when: said here and where the consent is given. */
const EMERGENCY_CONTACT_SHARING =
  'On a voyage, the skipper and the shore contacts named in its float plan see its name, relationship and phone only if you agree, when you accept that voyage’s crew agreement; other crew never do. If a float plan you are aboard is reported overdue, we email your emergency contact an alert, when you have given their email address.';

export function SafetyTab({ user }: { user: UserResponse }) {
  const update = useUpdateEmergencyContact();
  const initial = user.emergency_contact;
  const form = useContractForm((contracts) => contracts.emergencyContactSchema, {
    defaultValues: { name: initial?.name ?? '', relationship: initial?.relationship ?? '', phone: initial?.phone ?? '', email: initial?.email ?? '' },
  });
  const { errors } = form.formState;
  const [saved, setSaved] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((contact) => update.mutate(contact, { onSuccess: () => setSaved('Emergency contact updated!') }));

  return (
    <form
      className="form"
      onSubmit={(event) => {
        setSaved(null);
        void onSubmit(event);
      }}
      noValidate
    >
      <p>Who should be called if something happens to you at sea? You see it here, and our safety team can in an emergency.</p>
      <p className="field__hint">{EMERGENCY_CONTACT_SHARING}</p>
      <SaveStatus success={saved} error={update.error} failurePrefix="Failed to update emergency contact: " />
      <AccountField label="Full name" {...form.register('name')} message={messageAt(errors, 'name')} />
      <AccountField label="Relationship (optional)" {...form.register('relationship')} message={messageAt(errors, 'relationship')} />
      <AccountField label="Phone" type="tel" {...form.register('phone')} message={messageAt(errors, 'phone')} />
      <AccountField label="Email (optional)" type="email" {...form.register('email')} message={messageAt(errors, 'email')} />
      <p className="field__hint">
        Verification: email {user.email_verified ? 'verified' : 'not verified'}; identity {user.identity_verified ? 'verified' : 'not verified yet'}.
      </p>
      <button type="submit" className="button button--primary" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Emergency Contact'}
      </button>
    </form>
  );
}
