import { emergencyContactSchema, type UserResponse } from '@crew/contracts';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/TextField';
import { errorsOf } from '../../../lib/form-errors';
import { useLiveErrors } from '../../../lib/use-live-errors';
import { useUpdateEmergencyContact } from '../../../api/profile';
import { SaveStatus } from './SaveStatus';

/** Who else sees the emergency contact, and when: said here and where the consent is given. */
const EMERGENCY_CONTACT_SHARING =
  'On a voyage, the skipper and the shore contacts named in its float plan see its name, relationship and phone only if you agree, when you accept that voyage’s crew agreement; other crew never do. If a float plan you are aboard is reported overdue, we email your emergency contact an alert, when you have given their email address.';

export function SafetyTab({ user }: { user: UserResponse }) {
  const update = useUpdateEmergencyContact();
  const initial = user.emergency_contact;
  const [form, setForm] = useState({ name: initial?.name ?? '', relationship: initial?.relationship ?? '', phone: initial?.phone ?? '', email: initial?.email ?? '' });
  const [saved, setSaved] = useState<string | null>(null);
  const set = (field: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const { errors, submitted } = useLiveErrors(() => errorsOf(emergencyContactSchema.safeParse(form)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const parsed = emergencyContactSchema.safeParse(form);
    if (!submitted() || !parsed.success) return;
    update.mutate(parsed.data, { onSuccess: () => setSaved('Emergency contact updated!') });
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p>Who should be called if something happens to you at sea? You see it here, and our safety team can in an emergency.</p>
      <p className="field__hint">{EMERGENCY_CONTACT_SHARING}</p>
      <SaveStatus success={saved} error={update.error} failurePrefix="Failed to update emergency contact: " />
      <TextField label="Full name" value={form.name} onValueChange={set('name')} error={errors['name']} />
      <TextField label="Relationship (optional)" value={form.relationship} onValueChange={set('relationship')} />
      <TextField label="Phone" type="tel" value={form.phone} onValueChange={set('phone')} error={errors['phone']} />
      <TextField label="Email (optional)" type="email" value={form.email} onValueChange={set('email')} error={errors['email']} />
      <p className="field__hint">
        Verification: email {user.email_verified ? 'verified' : 'not verified'}; identity {user.identity_verified ? 'verified' : 'not verified yet'}.
      </p>
      <button type="submit" className="button button--primary" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Emergency Contact'}
      </button>
    </form>
  );
}
