import { useEffect, useRef, useState } from 'react';
import { usePublicStats } from '../api/get-public-stats';
import { COUNT_UP_STAGGER_MS, useCountUp } from './use-count-up';

function Counter({ value, label, index, visible }: { value: number; label: string; index: number; visible: boolean }) {
  const shown = useCountUp(value, visible, index * COUNT_UP_STAGGER_MS);
  return (
    <div className="stat">
      <dt className="stat__label">{label}</dt>
      <dd className="stat__value">
        <span aria-hidden="true">{shown.toLocaleString('en-GB')}+</span>
        <span className="visually-hidden">{value.toLocaleString('en-GB')}+</span>
      </dd>
    </div>
  );
}

/** The three home counters: real figures, counting up the first time they scroll into view. */
export function StatsCounters() {
  const stats = usePublicStats();
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

  return (
    <section ref={ref} className="stats" aria-label="Crew Finder in numbers">
      {stats.isError ? (
        <p className="stats__unavailable">Platform figures are unavailable right now.</p>
      ) : (
        <dl className="stats__list" aria-busy={stats.isPending}>
          <Counter value={stats.data?.nautical_miles ?? 0} label="Nautical miles" index={0} visible={visible} />
          <Counter value={stats.data?.active_voyages ?? 0} label="Active voyages" index={1} visible={visible} />
          <Counter value={stats.data?.crew_members ?? 0} label="Crew members" index={2} visible={visible} />
        </dl>
      )}
    </section>
  );
}
