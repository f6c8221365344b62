import type { CrewMember } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatYearsSailing } from '../lib/format';

/** Years at sea, the applicant's own words, certifications and sailing areas. */
export function ApplicantExperience({ experience }: { experience: CrewMember['sailing_experience'] }) {
  const { t } = useLingui();
  if (!experience) {
    return (
      <p className="applicant-card__none">
        <Trans>No sailing experience added yet.</Trans>
      </p>
    );
  }
  const years = formatYearsSailing(experience.years_sailing);
  return (
    <div className="applicant-experience">
      <p className="applicant-experience__years">
        <Trans>
          <strong>{years}</strong> sailing
        </Trans>
      </p>
      {experience.informal_description && <p className="applicant-experience__description">{experience.informal_description}</p>}
      <h4>
        <Trans>Certifications</Trans>
      </h4>
      {experience.certifications.length > 0 ? (
        <ul className="applicant-tags" aria-label={t`Certifications`}>
          {experience.certifications.map((certification) => (
            <li key={certification}>{certification}</li>
          ))}
        </ul>
      ) : (
        <p className="applicant-card__none">
          <Trans>None listed.</Trans>
        </p>
      )}
      {experience.sailing_areas.length > 0 && (
        <>
          <h4>
            <Trans>Sailing areas</Trans>
          </h4>
          <ul className="applicant-tags" aria-label={t`Sailing areas`}>
            {experience.sailing_areas.map((area) => (
              <li key={area}>{area}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
