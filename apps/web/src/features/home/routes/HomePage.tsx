import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { FeaturedVoyages } from '../components/FeaturedVoyages';
import { StatsCounters } from '../components/StatsCounters';
import '../home.css';

const STEPS = [
  {
    title: 'Discover voyages',
    text: 'Explore voyages on an interactive map and filter by location, dates and experience level.',
    icon: 'M12 2a7 7 0 0 1 7 7c0 5.25-7 13-7 13S5 14.25 5 9a7 7 0 0 1 7-7m0 4.5A2.5 2.5 0 1 0 12 11.5 2.5 2.5 0 0 0 12 6.5',
  },
  {
    title: 'Join the crew',
    text: 'Apply for a whole voyage or just the segments that fit your plans, with a message to the skipper.',
    icon: 'M16 11a3 3 0 1 0-3-3 3 3 0 0 0 3 3m-8 0a3 3 0 1 0-3-3 3 3 0 0 0 3 3m0 2c-2.33 0-7 1.17-7 3.5V19h14v-2.5C15 14.17 10.33 13 8 13m8 0c-.29 0-.62 0-.97.05A4.22 4.22 0 0 1 17 16.5V19h6v-2.5c0-2.33-4.67-3.5-7-3.5',
  },
  {
    title: 'Build trust',
    text: 'Sail, then rate and review each other, so every voyage makes the community safer.',
    icon: 'm12 17.27 6.18 3.73-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z',
  },
] as const;

export function HomePage() {
  usePageMeta('Crew Finder', 'Connect with experienced skippers or find reliable crew. Browse sailing voyages and join a crew for the whole trip or a single leg.');
  // A page that sends the visitor here with something to say (an account just deleted), and whose session ends here.
  const state = useLocation().state as { notice?: unknown; endSession?: unknown } | null;
  const notice = state?.notice;
  const endSession = state?.endSession === true;
  const { signOut } = useSession();
  useEffect(() => {
    if (endSession) signOut();
  }, [endSession, signOut]);
  return (
    <div className="home">
      {typeof notice === 'string' && notice && (
        <p className="home__notice" role="status">
          {notice}
        </p>
      )}
      <section className="hero">
        <div className="hero__inner hero__inner--split">
          <div>
            <h1>Find your berth. Find your crew.</h1>
            <p className="hero__lead">
              Connect with experienced skippers or find reliable crew for your next voyage, from a weekend hop across the Channel to an Atlantic crossing.
            </p>
            <p className="actions">
              <Link to="/voyages" className="button button--primary button--large">
                Browse Voyages
              </Link>
              <Link to="/register" className="button button--light button--large">
                Join as Crew or Skipper
              </Link>
            </p>
          </div>
          <FeaturedVoyages />
        </div>
      </section>
      <section className="how-it-works page" aria-labelledby="how-heading">
        <h2 id="how-heading">How It Works</h2>
        <ol className="cards cards--three">
          {STEPS.map((step, index) => (
            <li key={step.title} className="card how-card">
              <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" className="how-card__icon">
                <path fill="currentColor" d={step.icon} />
              </svg>
              <h3>
                <span className="how-card__step">{index + 1}.</span> {step.title}
              </h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <StatsCounters />
    </div>
  );
}
