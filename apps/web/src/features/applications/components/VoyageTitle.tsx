import type { ApplicationResponse } from '@crew/contracts';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';

/** The voyage's title: a link to its page, except after a rejection. */
export function VoyageTitle({ application }: { application: ApplicationResponse }) {
  const { t } = useLingui();
  const { voyage } = application;
  if (application.status === 'rejected') {
    return (
      <span
        className="applications-card__title-text applications-card__title-text--disabled"
        aria-disabled="true"
        title={t`Voyage details cannot be viewed for rejected applications`}
      >
        {voyage.title}
      </span>
    );
  }
  return <Link to={`/voyages/${voyage.id}`}>{voyage.title}</Link>;
}
