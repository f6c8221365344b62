import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../ui/States';
import { sailingLogQueryOptions } from '../../api/trust';
import { formatNm } from '../../lib/trust-format';
import './sailing-log.css';

const day = (iso: string | null) =>
  iso ? new Date(`${iso.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }) : 'TBD';

/** A member's verified sailing log: totals, then each voyage and its legs, sailed as crew (confirmed by the skipper, or after 7 days) or skippered to completion. */
export function SailingLogSection({ userId }: { userId: string }) {
  const log = useQuery(sailingLogQueryOptions(userId));
  return (
    <section className="card" aria-labelledby="sailing-log-heading">
      <h2 id="sailing-log-heading">Verified sailing log</h2>
      {log.isPending ? (
        <LoadingState label="Loading sailing log…" />
      ) : log.isError ? (
        <ErrorState message="The sailing log could not be loaded." onRetry={() => void log.refetch()} />
      ) : (
        <>
          <dl className="sailing-log__totals" data-testid="sailing-log-totals">
            <div>
              <dt>Verified miles</dt>
              <dd>{formatNm(log.data.totals.distance_nm)}</dd>
            </div>
            <div>
              <dt>Days at sea</dt>
              <dd>{log.data.totals.days_at_sea}</dd>
            </div>
            <div>
              <dt>Voyages</dt>
              <dd>{log.data.totals.voyages}</dd>
            </div>
          </dl>
          {log.data.entries.length === 0 ? (
            <EmptyState title="No verified voyages yet." />
          ) : (
            <ul className="sailing-log__entries">
              {log.data.entries.map((entry) => (
                <li key={entry.voyage_id}>
                  <Link to={`/voyages/${encodeURIComponent(entry.voyage_id)}`}>{entry.voyage_title}</Link> · {formatNm(entry.distance_nm)} ·{' '}
                  {entry.days === 1 ? '1 day' : `${entry.days} days`} ·{' '}
                  {entry.role === 'skipper' ? (
                    <>
                      as skipper<span className="muted"> (logged when the voyage was completed)</span>
                    </>
                  ) : (
                    <>
                      skipper <Link to={`/users/${encodeURIComponent(entry.skipper.id)}`}>{entry.skipper.name}</Link>
                      <span className="muted"> ({entry.confirmed_by === 'skipper' ? 'confirmed by the skipper' : 'confirmed automatically after 7 days'})</span>
                    </>
                  )}
                  {entry.legs.length > 0 && (
                    <ul>
                      {entry.legs.map((leg, index) => (
                        <li key={index}>
                          {leg.from} → {leg.to}, {day(leg.departure_date)} – {day(leg.arrival_date)}, {formatNm(leg.distance_nm)}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
