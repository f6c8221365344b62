import { EXPERIENCE_DESCRIPTION_MAX, YEARS_SAILING } from '@crew/contracts/constants';
import { EXPERIENCE_TYPES, SAILING_AREAS, type UserResponse } from '@crew/contracts';
import { useState, type KeyboardEvent } from 'react';
import { useUpdateExperience } from '../../../api/profile';
import { AccountField } from '../../../components/account/AccountField';
import { FieldMessage } from '../../../lib/forms/FieldMessage';
import { describedBy, messageAt, useContractForm } from '../../../lib/forms/use-contract-form';
import { SaveStatus } from './SaveStatus';

const label = (code: string) => code.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export function ExperienceTab({ user }: { user: UserResponse }) {
  const update = useUpdateExperience();
  const initial = user.sailing_experience;
  const form = useContractForm((contracts) => contracts.sailingExperienceSchema, {
    defaultValues: {
      years_sailing: initial?.years_sailing ?? 0,
      sailing_areas: initial?.sailing_areas ?? [],
      experience_types: initial?.experience_types ?? [],
      certifications: initial?.certifications ?? [],
      informal_description: initial?.informal_description ?? '',
    },
  });
  const { errors } = form.formState;
  const certifications = form.watch('certifications') ?? [];
  const setCertifications = (list: string[]) => form.setValue('certifications', list, { shouldValidate: form.formState.isSubmitted });
  const [certification, setCertification] = useState('');
  const [saved, setSaved] = useState<string | null>(null);

  const addCertification = () => {
    const value = certification.trim();
    if (value && !certifications.includes(value)) setCertifications([...certifications, value]);
    setCertification('');
  };

  const onSubmit = form.handleSubmit((experience) => update.mutate(experience, { onSuccess: () => setSaved('Sailing experience updated!') }));

  return (
    <form
      className="form"
      onSubmit={(event) => {
        setSaved(null);
        void onSubmit(event);
      }}
      noValidate
    >
      <SaveStatus success={saved} error={update.error} failurePrefix="Failed to update experience: " />
      <AccountField
        label="Years sailing"
        type="number"
        min={YEARS_SAILING.min}
        max={YEARS_SAILING.max}
        {...form.register('years_sailing', { valueAsNumber: true })}
        message={messageAt(errors, 'years_sailing')}
      />
      <fieldset className="choice-grid">
        <legend>Sailing areas</legend>
        {SAILING_AREAS.map((area) => (
          <label key={area} className="checkbox">
            <input type="checkbox" value={area} {...form.register('sailing_areas')} />
            {area}
          </label>
        ))}
      </fieldset>
      <fieldset className="choice-grid">
        <legend>Experience</legend>
        {EXPERIENCE_TYPES.map((type) => (
          <label key={type} className="checkbox">
            <input type="checkbox" value={type} {...form.register('experience_types')} />
            {label(type)}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="certification">Certifications</label>
        <div className="inline-add">
          <input
            {...describedBy('certification', messageAt(errors, 'certifications'))}
            value={certification}
            placeholder="e.g. RYA Day Skipper"
            onChange={(event) => setCertification(event.target.value)}
            onKeyDown={(event: KeyboardEvent) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addCertification();
              }
            }}
          />
          <button type="button" className="button button--secondary" onClick={addCertification} disabled={!certification.trim()}>
            Add
          </button>
        </div>
        <ul className="tags">
          {certifications.map((item) => (
            <li key={item} className="tag">
              {item}
              <button type="button" aria-label={`Remove ${item}`} onClick={() => setCertifications(certifications.filter((c) => c !== item))}>
                ×
              </button>
            </li>
          ))}
        </ul>
        <FieldMessage id="certification" message={messageAt(errors, 'certifications')} />
      </div>
      <div className="field">
        <label htmlFor="experience-description">In your own words</label>
        <textarea
          rows={4}
          maxLength={EXPERIENCE_DESCRIPTION_MAX}
          {...form.register('informal_description')}
          {...describedBy('experience-description', messageAt(errors, 'informal_description'))}
        />
        <FieldMessage id="experience-description" message={messageAt(errors, 'informal_description')} />
      </div>
      <button type="submit" className="button button--primary" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Experience'}
      </button>
    </form>
  );
}
