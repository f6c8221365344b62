import { CREW_SKILL_GROUPS, type CrewSkills, type UserResponse } from '@crew/contracts';
import { useState, type FormEvent } from 'react';
import { useUpdateCrewSkills } from '../api/profile-api';
import { SaveStatus } from './SaveStatus';

type Group = keyof typeof CREW_SKILL_GROUPS;
const label = (code: string) => code.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
const EMPTY: CrewSkills = { navigation: [], sailing: [], technical: [], safety: [], galley: [], experience: [] };

export function SkillsTab({ user, onSaved }: { user: UserResponse; onSaved: () => void }) {
  const update = useUpdateCrewSkills();
  const [skills, setSkills] = useState<CrewSkills>(user.crew_skills ?? EMPTY);
  const [saved, setSaved] = useState<string | null>(null);

  const toggle = (group: Group, code: string) =>
    setSkills((current) => {
      const list = current[group] as string[];
      return { ...current, [group]: list.includes(code) ? list.filter((c) => c !== code) : [...list, code] };
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    update.mutate(skills, {
      onSuccess: () => {
        setSaved('Crew skills updated successfully!');
        onSaved();
      },
    });
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <SaveStatus success={saved} error={update.error} failurePrefix="Failed to update skills: " />
      {(Object.keys(CREW_SKILL_GROUPS) as Group[]).map((group) => (
        <fieldset key={group} className="choice-grid">
          <legend>{label(group)}</legend>
          {CREW_SKILL_GROUPS[group].map((code) => (
            <label key={code} className="checkbox">
              <input type="checkbox" checked={(skills[group] as string[]).includes(code)} onChange={() => toggle(group, code)} />
              {label(code)}
            </label>
          ))}
        </fieldset>
      ))}
      <button type="submit" className="button button--primary" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Skills'}
      </button>
    </form>
  );
}
