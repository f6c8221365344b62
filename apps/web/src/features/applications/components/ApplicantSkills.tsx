import type { CrewSkills } from '@crew/contracts';
import { SKILL_GROUP_LABELS, normaliseGroupedSkills, skillLabel, type SkillGroup } from '@crew/rules';
import { Trans } from '@lingui/react/macro';
import { sharedMessage } from '../../../lib/form-errors';

/** The applicant's skills under their group names, labelled from the skill taxonomy; empty groups are left out. */
export function ApplicantSkills({ skills }: { skills: CrewSkills | null }) {
  const grouped = normaliseGroupedSkills(skills);
  const groups = (Object.entries(grouped) as [SkillGroup, string[]][]).filter(([, keys]) => keys.length > 0);
  if (groups.length === 0) {
    return (
      <p className="applicant-card__none">
        <Trans>No skills listed.</Trans>
      </p>
    );
  }
  return (
    <dl className="applicant-skills">
      {groups.map(([group, keys]) => (
        <div key={group} className="applicant-skills__group">
          <dt>{sharedMessage(SKILL_GROUP_LABELS[group])}</dt>
          <dd>
            <ul className="applicant-tags">
              {keys.map((key) => (
                <li key={key}>{skillLabel(key)}</li>
              ))}
            </ul>
          </dd>
        </div>
      ))}
    </dl>
  );
}
