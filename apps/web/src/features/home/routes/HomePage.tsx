import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { SITE_NAME } from '../../../lib/site';
import { FeaturedVoyages } from '../components/FeaturedVoyages';
import { StatsCounters } from '../components/StatsCounters';
import '../home.css';

const STEPS = [
  {
    key: 'discover',
    title: msg`Discover voyages`,
    text: msg`Explore voyages on an interactive map and filter by location, dates and experience level.`,
    icon: 'M12 2a7 7 0 0 1 7 7c0 5.25-7 13-7 13S5 14.25 5 9a7 7 0 0 1 7-7m0 4.5A2.5 2.5 0 1 0 12 11.5 2.5 2.5 0 0 0 12 6.5',
  },
  {
    key: 'join',
    title: msg`Join the crew`,
    text: msg`Apply for a whole voyage or just the segments that fit your plans, with a message to the skipper.`,
    icon: 'M16 11a3 3 0 1 0-3-3 3 3 0 0 0 3 3m-8 0a3 3 0 1 0-3-3 3 3 0 0 0 3 3m0 2c-2.33 0-7 1.17-7 3.5V19h14v-2.5C15 14.17 10.33 13 8 13m8 0c-.29 0-.62 0-.97.05A4.22 4.22 0 0 1 17 16.5V19h6v-2.5c0-2.33-4.67-3.5-7-3.5',
  },
  {
    key: 'trust',
    title: msg`Build trust`,
    text: msg`Sail, then rate and review each other, so every voyage makes the community safer.`,
    icon: 'm12 17.27 6.18 3.73-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z',
  },
] as const;

export function HomePage() {
  const { t } = useLingui();
  usePageMeta(SITE_NAME, t`Connect with experienced skippers or find reliable crew. Browse sailing voyages and join a crew for the whole trip or a single leg.`);
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
            <h1>
              <Trans>Find your berth. Find your crew.</Trans>
            </h1>
            <p className="hero__lead">
              <Trans>Connect with experienced skippers or find reliable crew for your next voyage, from a weekend hop across the Channel to an Atlantic crossing.</Trans>
            </p>
            <p className="actions">
              <Link to="/voyages" className="button button--primary button--large">
                <Trans>Browse Voyages</Trans>
              </Link>
              <Link to="/register" className="button button--light button--large">
                <Trans>Join as Crew or Skipper</Trans>
              </Link>
            </p>
          </div>
          <FeaturedVoyages />
        </div>
      </section>
      <section className="how-it-works page" aria-labelledby="how-heading">
        <h2 id="how-heading">
          <Trans>How It Works</Trans>
        </h2>
        <ol className="cards cards--three">
          {STEPS.map((step, index) => (
            <li key={step.key} className="card how-card">
              <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" className="how-card__icon">
                <path fill="currentColor" d={step.icon} />
              </svg>
              <h3>
                <span className="how-card__step">{index + 1}.</span> {t(step.title)}
              </h3>
              <p>{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </section>
      <StatsCounters />
    </div>
  );
}
