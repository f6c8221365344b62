import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';

/** Shown below My Applications while a crew member has not applied yet: where to go next, all real links. */
export function FindVoyagePanel() {
  return (
    <section className="card dashboard__section find-voyage" aria-labelledby="find-voyage">
      <h2 id="find-voyage">
        <Trans>Find your next voyage</Trans>
      </h2>
      <p>
        <Trans>Browse published voyages on the map or as a list, filter by dates, duration and contribution, and apply to the skipper with a short message.</Trans>
      </p>
      <ol className="find-voyage__steps">
        <li>
          <Trans>
            <strong>Complete your profile.</strong> Skippers look at your <Link to="/profile">sailing experience, skills and safety details</Link> when you apply.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Pick a voyage.</strong> Check the route, dates, boat and what the skipper expects from crew.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Apply and follow up.</strong> Your applications and their status are listed under <Link to="/applications">My Applications</Link>.
          </Trans>
        </li>
      </ol>
      <div className="actions">
        <Link to="/voyages" className="button button--primary">
          <Trans>Browse voyages</Trans>
        </Link>
        <Link to="/help/getting-started" className="button button--secondary">
          <Trans>Getting started guide</Trans>
        </Link>
      </div>
    </section>
  );
}
