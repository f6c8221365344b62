import { Link } from 'react-router-dom';

/** Shown below My Applications while a crew member has not applied yet: where to go next, all real links. */
export function FindVoyagePanel() {
  return (
    <section className="card dashboard__section find-voyage" aria-labelledby="find-voyage">
      <h2 id="find-voyage">Find your next voyage</h2>
      <p>Browse published voyages on the map or as a list, filter by dates, duration and contribution, and apply to the skipper with a short message.</p>
      <ol className="find-voyage__steps">
        <li>
          <strong>Complete your profile.</strong> Skippers look at your <Link to="/profile">sailing experience, skills and safety details</Link> when you apply.
        </li>
        <li>
          <strong>Pick a voyage.</strong> Check the route, dates, boat and what the skipper expects from crew.
        </li>
        <li>
          <strong>Apply and follow up.</strong> Your applications and their status are listed under <Link to="/applications">My Applications</Link>.
        </li>
      </ol>
      <div className="actions">
        <Link to="/voyages" className="button button--primary">
          Browse voyages
        </Link>
        <Link to="/help/getting-started" className="button button--secondary">
          Getting started guide
        </Link>
      </div>
    </section>
  );
}
