import { EXPERIENCE_DESCRIPTION_MAX, YEARS_SAILING } from '@crew/contracts/constants';
import { EXPERIENCE_TYPES, SAILING_AREAS, type UserResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type KeyboardEvent } from 'react';
import { useUpdateExperience } from '../../../api/profile';
import { AccountField } from '../../../components/account/AccountField';
import { sailingAreaLabel } from '../../../components/account/sailing-areas';
import { FieldMessage } from '../../../lib/forms/FieldMessage';
import { describedBy, messageAt, useContractForm } from '../../../lib/forms/use-contract-form';
import { experienceTypeLabel } from '../lib/labels';
import { SaveStatus } from './SaveStatus';

export function ExperienceTab({ user }: { user: UserResponse }) {
  const { t } = useLingui();
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

  const onSubmit = form.handleSubmit((experience) => update.mutate(experience, { onSuccess: () => setSaved(t`Sailing experience updated!`) }));

  return (
    <form
      className="form"
      onSubmit={(event) => {
        setSaved(null);
        void onSubmit(event);
      }}
      noValidate
    >
      <SaveStatus success={saved} error={update.error} failure={(reason) => t`Failed to update experience: ${reason}`} />
      <AccountField
        label={t`Years sailing`}
        type="number"
        min={YEARS_SAILING.min}
        max={YEARS_SAILING.max}
        {...form.register('years_sailing', { valueAsNumber: true })}
        message={messageAt(errors, 'years_sailing')}
      />
      <fieldset className="choice-grid">
        <legend>
          <Trans>Sailing areas</Trans>
        </legend>
        {SAILING_AREAS.map((area) => (
          <label key={area} className="checkbox">
            <input type="checkbox" value={area} {...form.register('sailing_areas')} />
            {sailingAreaLabel(area)}
          </label>
        ))}
      </fieldset>
      <fieldset className="choice-grid">
        <legend>
          <Trans>Experience</Trans>
        </legend>
        {EXPERIENCE_TYPES.map((type) => (
          <label key={type} className="checkbox">
            <input type="checkbox" value={type} {...form.register('experience_types')} />
            {experienceTypeLabel(type)}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="certification">
          <Trans>Certifications</Trans>
        </label>
        <div className="inline-add">
          <input
            {...describedBy('certification', messageAt(errors, 'certifications'))}
            value={certification}
            placeholder={t`e.g. RYA Day Skipper`}
            onChange={(event) => setCertification(event.target.value)}
            onKeyDown={(event: KeyboardEvent) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addCertification();
              }
            }}
          />
          <button type="button" className="button button--secondary" onClick={addCertification} disabled={!certification.trim()}>
            <Trans>Add</Trans>
          </button>
        </div>
        <ul className="tags">
          {certifications.map((item) => (
            <li key={item} className="tag">
              {item}
              <button type="button" aria-label={t`Remove ${item}`} onClick={() => setCertifications(certifications.filter((c) => c !== item))}>
                ×
              </button>
            </li>
          ))}
        </ul>
        <FieldMessage id="certification" message={messageAt(errors, 'certifications')} />
      </div>
      <div className="field">
        <label htmlFor="experience-description">
          <Trans>In your own words</Trans>
        </label>
        <textarea
          rows={4}
          maxLength={EXPERIENCE_DESCRIPTION_MAX}
          {...form.register('informal_description')}
          {...describedBy('experience-description', messageAt(errors, 'informal_description'))}
        />
        <FieldMessage id="experience-description" message={messageAt(errors, 'informal_description')} />
      </div>
      <button type="submit" className="button button--primary" disabled={update.isPending}>
        {update.isPending ? t`Saving...` : t`Save Experience`}
      </button>
    </form>
  );
}
