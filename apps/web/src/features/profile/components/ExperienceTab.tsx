import { EXPERIENCE_TYPES, SAILING_AREAS, sailingExperienceSchema, type UserResponse } from '@crew/contracts';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { TextField } from '../../../components/ui/TextField';
import { errorsOf } from '../../../lib/form-errors';
import { useLiveErrors } from '../../../lib/use-live-errors';
import { useUpdateExperience } from '../../../api/profile';
import { SaveStatus } from './SaveStatus';

const label = (code: string) => code.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
const toggle = <T,>(list: readonly T[], item: T): T[] => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

export function ExperienceTab({ user }: { user: UserResponse }) {
  const update = useUpdateExperience();
  const initial = user.sailing_experience;
  const [years, setYears] = useState(String(initial?.years_sailing ?? 0));
  const [areas, setAreas] = useState<string[]>(initial?.sailing_areas ?? []);
  const [types, setTypes] = useState<string[]>(initial?.experience_types ?? []);
  const [certifications, setCertifications] = useState<string[]>(initial?.certifications ?? []);
  const [certification, setCertification] = useState('');
  const [description, setDescription] = useState(initial?.informal_description ?? '');
  const [saved, setSaved] = useState<string | null>(null);

  const addCertification = () => {
    const value = certification.trim();
    if (value && !certifications.includes(value)) setCertifications([...certifications, value]);
    setCertification('');
  };

  const parse = () =>
    sailingExperienceSchema.safeParse({
      years_sailing: years === '' ? Number.NaN : Number(years),
      sailing_areas: areas,
      experience_types: types,
      certifications,
      informal_description: description,
    });
  const { errors, submitted } = useLiveErrors(() => errorsOf(parse()));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const parsed = parse();
    if (!submitted() || !parsed.success) return;
    update.mutate(parsed.data, { onSuccess: () => setSaved('Sailing experience updated!') });
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <SaveStatus success={saved} error={update.error} failurePrefix="Failed to update experience: " />
      <TextField label="Years sailing" type="number" min={0} max={80} value={years} onValueChange={setYears} error={errors['years_sailing'] ? 'Years sailing must be between 0 and 80' : undefined} />
      <fieldset className="choice-grid">
        <legend>Sailing areas</legend>
        {SAILING_AREAS.map((area) => (
          <label key={area} className="checkbox">
            <input type="checkbox" checked={areas.includes(area)} onChange={() => setAreas(toggle(areas, area))} />
            {area}
          </label>
        ))}
      </fieldset>
      <fieldset className="choice-grid">
        <legend>Experience</legend>
        {EXPERIENCE_TYPES.map((type) => (
          <label key={type} className="checkbox">
            <input type="checkbox" checked={types.includes(type)} onChange={() => setTypes(toggle(types, type))} />
            {label(type)}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="certification">Certifications</label>
        <div className="inline-add">
          <input
            id="certification"
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
      </div>
      <div className="field">
        <label htmlFor="experience-description">In your own words</label>
        <textarea id="experience-description" rows={4} value={description} onChange={(event) => setDescription(event.target.value)} maxLength={2000} />
      </div>
      <button type="submit" className="button button--primary" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Experience'}
      </button>
    </form>
  );
}
