import type { VoyageResponse } from '@crew/contracts';
import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../../lib/format';
import { skipperStats } from './voyage-summary';

/** Quick stats computed from the skipper's own voyages (real figures, never samples; docs/features/dashboard.md). */
export function QuickStats({ voyages }: { voyages: readonly VoyageResponse[] }) {
  const { t } = useLingui();
  const stats = skipperStats(voyages);
  const items = [
    { label: t`Published voyages`, value: stats.published },
    { label: t`Applications received`, value: stats.applications },
    { label: t`Pending review`, value: stats.pending },
    { label: t`Nautical miles planned`, value: stats.nauticalMiles },
  ];
  return (
    <section aria-label={t`Quick stats`} className="dashboard-stats">
      <ul>
        {items.map((item) => (
          <li key={item.label} className="dashboard-stat">
            <span className="dashboard-stat__value">{formatNumber(item.value)}</span>
            <span className="dashboard-stat__label">{item.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
