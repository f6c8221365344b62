import type { CrewSkills } from '@crew/contracts';
import { SKILL_GROUP_LABELS, normaliseGroupedSkills, translateSharedText, type SkillGroup, type SkillKey } from '@crew/rules';
import { Trans } from '@lingui/react/macro';
import { i18n } from '../../../i18n/i18n';
import { skillKeyName } from '../../../lib/skill-labels';

/** The applicant's skills under their group names, named in the page's language; empty groups are left out. */
export function ApplicantSkills({ skills }: { skills: CrewSkills | null }) {
  const grouped = normaliseGroupedSkills(skills);
  const groups = (Object.entries(grouped) as [SkillGroup, SkillKey[]][]).filter(([, keys]) => keys.length > 0);
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
          <dt>{translateSharedText(i18n, SKILL_GROUP_LABELS[group])}</dt>
          <dd>
            <ul className="applicant-tags">
              {keys.map((key) => (
                <li key={key}>{skillKeyName(key)}</li>
              ))}
            </ul>
          </dd>
        </div>
      ))}
    </dl>
  );
}
