import type { CrewStatsResponse } from '@crew/contracts';
import { plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { crewStatsQueryOptions } from '../../../api/activity';
import { formatNumber } from '../../../lib/format';
import '../recent-activity.css';

/** The figures, each with what it counts; the rating reads "4.5 ★ (3)" or "No reviews yet". */
export function crewStatItems(stats: CrewStatsResponse): { label: string; value: string; detail?: string }[] {
  const { applications: a, reviews } = stats;
  const { rejected, withdrawn, expired } = a;
  const daysAtSea = stats.days_at_sea;
  const decided = [
    rejected > 0 ? t`${plural(rejected, { one: '# not selected', other: '# not selected' })}` : null,
    withdrawn > 0 ? t`${plural(withdrawn, { one: '# withdrawn', other: '# withdrawn' })}` : null,
    expired > 0 ? t`${plural(expired, { one: '# expired', other: '# expired' })}` : null,
  ].filter(Boolean);
  const average = reviews.average === null ? '' : formatNumber(reviews.average, 1);
  return [
    { label: t`Applications pending`, value: formatNumber(a.pending) },
    { label: t`Applications accepted`, value: formatNumber(a.accepted), ...(decided.length > 0 ? { detail: decided.join(' · ') } : {}) },
    { label: t`Voyages sailed`, value: formatNumber(stats.voyages_sailed), detail: t`${plural(daysAtSea, { one: '# day at sea', other: '# days at sea' })}` },
    { label: t`Verified miles`, value: formatNumber(Math.round(stats.verified_miles)) },
    reviews.count === 0 || reviews.average === null
      ? { label: t`Reviews received`, value: '0', detail: t`No reviews yet` }
      : { label: t`Reviews received`, value: formatNumber(reviews.count), detail: t`Average ${average} of 5 stars` },
  ];
}

/**
 * The crew member's quick stats (real figures, never samples; docs/features/dashboard.md):
 * applications by status, the verified sailing log, reviews received. Shown
 * once loaded; nothing while loading or when the figures cannot be had.
 */
export function CrewQuickStats() {
  const { t } = useLingui();
  const stats = useQuery(crewStatsQueryOptions());
  if (!stats.data) return null;
  return (
    <section aria-label={t`Crew quick stats`} className="dashboard-stats dashboard-stats--crew">
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
