import { updateMeRequestSchema, type UserResponse } from '@crew/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { TextField } from '../../../components/ui/TextField';
import { errorsOf } from '../../../lib/form-errors';
import { useLiveErrors } from '../../../lib/use-live-errors';
import { useUpdateMe } from '../api/profile-api';
import { SaveStatus } from './SaveStatus';

/** `account`: more account details shown under the account type (the subscription, for crew). */
export function BasicInfoTab({ user, account }: { user: UserResponse; account?: ReactNode }) {
  const update = useUpdateMe();
  const [form, setForm] = useState({ first_name: user.first_name, last_name: user.last_name, email: user.email, phone_number: user.phone_number ?? '' });
  const [saved, setSaved] = useState<string | null>(null);
  const set = (field: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const { errors, submitted } = useLiveErrors(() => errorsOf(updateMeRequestSchema.safeParse(form)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const parsed = updateMeRequestSchema.safeParse(form);
    if (!submitted() || !parsed.success) return;
    update.mutate(parsed.data, { onSuccess: () => setSaved('Profile updated successfully!') });
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <SaveStatus success={saved} error={update.error} failurePrefix="Failed to update profile: " />
      <div className="form__row">
        <TextField label="First name" value={form.first_name} onValueChange={set('first_name')} error={errors['first_name']} />
        <TextField label="Last name" value={form.last_name} onValueChange={set('last_name')} error={errors['last_name']} />
      </div>
      <TextField label="Email" type="email" value={form.email} onValueChange={set('email')} error={errors['email']} hint="Changing it asks you to verify the new address." />
      <TextField label="Phone (optional)" type="tel" value={form.phone_number} onValueChange={set('phone_number')} error={errors['phone_number']} />
      <p className="field__hint">Account type: {user.user_type} (cannot be changed).</p>
      {account}
      <button type="submit" className="button button--primary" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Profile'}
      </button>
    </form>
  );
}
