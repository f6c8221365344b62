import type { CrewMember } from '@crew/contracts';
import { formatYearsSailing } from '../lib/format';

/** Years at sea, the applicant's own words, certifications and sailing areas. */
export function ApplicantExperience({ experience }: { experience: CrewMember['sailing_experience'] }) {
  if (!experience) return <p className="applicant-card__none">No sailing experience added yet.</p>;
  return (
    <div className="applicant-experience">
      <p className="applicant-experience__years">
        <strong>{formatYearsSailing(experience.years_sailing)}</strong> sailing
      </p>
      {experience.informal_description && <p className="applicant-experience__description">{experience.informal_description}</p>}
      <h4>Certifications</h4>
      {experience.certifications.length > 0 ? (
        <ul className="applicant-tags" aria-label="Certifications">
          {experience.certifications.map((certification) => (
            <li key={certification}>{certification}</li>
          ))}
        </ul>
      ) : (
        <p className="applicant-card__none">None listed.</p>
      )}
      {experience.sailing_areas.length > 0 && (
        <>
          <h4>Sailing areas</h4>
          <ul className="applicant-tags" aria-label="Sailing areas">
            {experience.sailing_areas.map((area) => (
              <li key={area}>{area}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
