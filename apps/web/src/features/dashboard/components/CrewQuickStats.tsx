import type { CrewStatsResponse } from '@crew/contracts';
import { useQuery } from '@tanstack/react-query';
import { crewStatsQueryOptions } from '../../../api/activity';
import '../recent-activity.css';

const number = (value: number): string => value.toLocaleString('en-US');

/** The figures, each with what it counts; the rating reads "4.5 ★ (3)" or "No reviews yet". */
export function crewStatItems(stats: CrewStatsResponse): { label: string; value: string; detail?: string }[] {
  const { applications: a, reviews } = stats;
  const decided = [
    a.rejected > 0 ? `${number(a.rejected)} not selected` : null,
    a.withdrawn > 0 ? `${number(a.withdrawn)} withdrawn` : null,
    a.expired > 0 ? `${number(a.expired)} expired` : null,
  ].filter(Boolean);
  return [
    { label: 'Applications pending', value: number(a.pending) },
    { label: 'Applications accepted', value: number(a.accepted), ...(decided.length > 0 ? { detail: decided.join(' · ') } : {}) },
    { label: 'Voyages sailed', value: number(stats.voyages_sailed), detail: `${number(stats.days_at_sea)} ${stats.days_at_sea === 1 ? 'day' : 'days'} at sea` },
    { label: 'Verified miles', value: number(Math.round(stats.verified_miles)) },
    reviews.count === 0 || reviews.average === null
      ? { label: 'Reviews received', value: '0', detail: 'No reviews yet' }
      : { label: 'Reviews received', value: number(reviews.count), detail: `Average ${reviews.average.toFixed(1)} of 5 stars` },
  ];
}

/**
 * The crew member's quick stats (real figures, never samples; docs/features/dashboard.md):
 * applications by status, the verified sailing log, reviews received. Shown
 * once loaded; nothing while loading or when the figures cannot be had.
 */
export function CrewQuickStats() {
  const stats = useQuery(crewStatsQueryOptions());
  if (!stats.data) return null;
  return (
    <section aria-label="Crew quick stats" className="dashboard-stats dashboard-stats--crew">
      <ul>
        {crewStatItems(stats.data).map((item) => (
          <li key={item.label} className="dashboard-stat">
            <span className="dashboard-stat__value">{item.value}</span>
            <span className="dashboard-stat__label">{item.label}</span>
            {item.detail && <span className="dashboard-stat__detail">{item.detail}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
