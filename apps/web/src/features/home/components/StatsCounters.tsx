import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { formatNumber } from '../../../lib/format';
import { publicStatsQueryOptions } from '../../../api/stats';
import { COUNT_UP_STAGGER_MS, useCountUp } from './use-count-up';

/** "1,234+": the counters read as "at least"; nothing counted yet reads as a plain 0. */
const figure = (value: number): string => (value > 0 ? `${formatNumber(value)}+` : '0');

function Counter({ value, label, index, visible }: { value: number; label: string; index: number; visible: boolean }) {
  const count = useCountUp(value, visible, index * COUNT_UP_STAGGER_MS);
  return (
    <div className="stat">
      <dt className="stat__label">{label}</dt>
      <dd className="stat__value">
        {/* Waiting for its turn, the final figure keeps its place unseen: no 0 is ever shown. */}
        <span aria-hidden="true" className={count.phase === 'waiting' ? 'stat__shown stat__shown--waiting' : 'stat__shown'}>
          {figure(count.phase === 'waiting' ? value : count.value)}
        </span>
        <span className="visually-hidden">{figure(value)}</span>
      </dd>
    </div>
  );
}

function CounterPlaceholder({ label }: { label: string }) {
  return (
    <div className="stat">
      <dt className="stat__label">{label}</dt>
      <dd className="stat__value">
        <span aria-hidden="true" className="stat__shown stat__shown--waiting">
          0
        </span>
        <span className="visually-hidden">
          <Trans>Loading</Trans>
        </span>
      </dd>
    </div>
  );
}

const LABELS = [msg`Nautical miles`, msg`Active voyages`, msg`Crew members`] as const;

/**
 * The three home counters: the real figures, which count up the first time
 * they scroll into view. Screen readers get the real figure from the start;
 * the count is only what the eye sees.
 */
export function StatsCounters() {
  const { t } = useLingui();
  const stats = useQuery(publicStatsQueryOptions());
  const ref = useRef<HTMLElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const node = ref.current;
    if (!node || visible || !stats.data) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setVisible(true);
        observer.disconnect();
      }
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [visible, stats.data]);

  const values = stats.data ? [stats.data.nautical_miles, stats.data.active_voyages, stats.data.crew_members] : null;
  return (
    <section ref={ref} className="stats" aria-label={t`Crew Finder in numbers`}>
      {stats.isError ? (
        <p className="stats__unavailable">
          <Trans>Platform figures are unavailable right now.</Trans>
        </p>
      ) : (
        <dl className="stats__list" aria-busy={stats.isPending}>
          {LABELS.map((descriptor, index) => {
            const label = t(descriptor);
            return values ? <Counter key={index} value={values[index] ?? 0} label={label} index={index} visible={visible} /> : <CounterPlaceholder key={index} label={label} />;
          })}
        </dl>
      )}
    </section>
  );
}
