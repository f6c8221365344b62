import type { VoyageResponse } from '@crew/contracts';
import { skipperStats } from './voyage-summary';

/** Quick stats computed from the skipper's own voyages (real figures, never samples; docs/features/dashboard.md). */
export function QuickStats({ voyages }: { voyages: readonly VoyageResponse[] }) {
  const stats = skipperStats(voyages);
  const items = [
    { label: 'Published voyages', value: stats.published },
    { label: 'Applications received', value: stats.applications },
    { label: 'Pending review', value: stats.pending },
    { label: 'Nautical miles planned', value: stats.nauticalMiles },
  ];
  return (
    <section aria-label="Quick stats" className="dashboard-stats">
      <ul>
        {items.map((item) => (
          <li key={item.label} className="dashboard-stat">
            <span className="dashboard-stat__value">{item.value.toLocaleString('en-US')}</span>
            <span className="dashboard-stat__label">{item.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
