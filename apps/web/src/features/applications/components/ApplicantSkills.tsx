import type { CrewSkills } from '@crew/contracts';
import { humanize } from '../lib/format';

/** The applicant's skills under their group names; empty groups are left out. */
export function ApplicantSkills({ skills }: { skills: CrewSkills | null }) {
  const groups = (skills ? Object.entries(skills) : []).filter(([, codes]) => codes.length > 0);
  if (groups.length === 0) return <p className="applicant-card__none">No skills listed.</p>;
  return (
    <dl className="applicant-skills">
      {groups.map(([group, codes]) => (
        <div key={group} className="applicant-skills__group">
          <dt>{humanize(group)}</dt>
          <dd>
            <ul className="applicant-tags">
              {codes.map((code) => (
                <li key={code}>{humanize(code)}</li>
              ))}
            </ul>
          </dd>
        </div>
      ))}
    </dl>
  );
}
