import type { ApplicationResponse } from '@crew/contracts';
import { Link } from 'react-router-dom';

export const REJECTED_VOYAGE_TOOLTIP = 'Voyage details cannot be viewed for rejected applications';

/** The voyage's title: a link to its page, except after a rejection. */
export function VoyageTitle({ application }: { application: ApplicationResponse }) {
  const { voyage } = application;
  if (application.status === 'rejected') {
    return (
      <span className="applications-card__title-text applications-card__title-text--disabled" aria-disabled="true" title={REJECTED_VOYAGE_TOOLTIP}>
        {voyage.title}
      </span>
    );
  }
  return <Link to={`/voyages/${voyage.id}`}>{voyage.title}</Link>;
}
