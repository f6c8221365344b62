import type { CrewSkills, UserResponse } from '@crew/contracts';
import { SKILL_GROUPS, SKILL_KEYS_BY_GROUP, normaliseGroupedSkills, type SkillGroup, type SkillKey } from '@crew/rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { useUpdateCrewSkills } from '../../../api/profile';
import { skillKeyName } from '../../../lib/skill-labels';
import { skillGroupLabel } from '../lib/labels';
import { SaveStatus } from './SaveStatus';

/**
 * The crew member's skills: every skill of the one taxonomy, the same list a
 * voyage asks from, under its group, with the taxonomy's labels. A profile
 * saved with older codes shows them under their present group.
 */
export function SkillsTab({ user, onSaved }: { user: UserResponse; onSaved: () => void }) {
  const { t } = useLingui();
  const update = useUpdateCrewSkills();
  const [skills, setSkills] = useState<CrewSkills>(() => normaliseGroupedSkills(user.crew_skills));
  const [saved, setSaved] = useState<string | null>(null);

  const toggle = (group: SkillGroup, key: SkillKey) =>
    setSkills((current) => {
      const list = current[group];
      // Kept in the taxonomy's order, whatever the order of the clicks.
      const next = list.includes(key) ? list.filter((k) => k !== key) : SKILL_KEYS_BY_GROUP[group].filter((k) => k === key || list.includes(k));
      return { ...current, [group]: next };
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    update.mutate(skills, {
      onSuccess: () => {
        setSaved(t`Crew skills updated successfully!`);
        onSaved();
      },
    });
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <SaveStatus success={saved} error={update.error} failure={(reason) => t`Failed to update skills: ${reason}`} />
      <p className="field__hint">
        <Trans>Voyages ask for skills from this same list: each one you tick counts towards your match with them.</Trans>
      </p>
      {SKILL_GROUPS.map((group) => (
        <fieldset key={group} className="choice-grid">
          <legend>{skillGroupLabel(group)}</legend>
          {SKILL_KEYS_BY_GROUP[group].map((key) => (
            <label key={key} className="checkbox">
              <input type="checkbox" checked={skills[group].includes(key)} onChange={() => toggle(group, key)} />
              {skillKeyName(key)}
            </label>
          ))}
        </fieldset>
      ))}
      <button type="submit" className="button button--primary" disabled={update.isPending}>
        {update.isPending ? t`Saving...` : t`Save Skills`}
      </button>
    </form>
  );
}
