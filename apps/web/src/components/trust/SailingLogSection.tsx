import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../ui/States';
import { sailingLogQueryOptions } from '../../api/trust';
import { activeLocale } from '../../i18n/i18n';
import { formatDays, toBeDecided } from '../../lib/format';
import { formatNm } from '../../lib/trust-format';
import './sailing-log.css';

/** A leg's day: "5 Jun 2026" in English, as before; the page's own short form in the other languages. */
const day = (iso: string | null) => {
  if (!iso) return toBeDecided();
  const locale = activeLocale();
  return new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)))).toLocaleDateString(locale === 'en' ? 'en-GB' : locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
};

/** A member's verified sailing log: totals, then each voyage and its legs, sailed as crew (confirmed by the skipper, or after 7 days) or skippered to completion. */
export function SailingLogSection({ userId }: { userId: string }) {
  const { t } = useLingui();
  const log = useQuery(sailingLogQueryOptions(userId));
  return (
    <section className="card" aria-labelledby="sailing-log-heading">
      <h2 id="sailing-log-heading">
        <Trans>Verified sailing log</Trans>
      </h2>
      {log.isPending ? (
        <LoadingState label={t`Loading sailing log…`} />
      ) : log.isError ? (
        <ErrorState message={t`The sailing log could not be loaded.`} onRetry={() => void log.refetch()} />
      ) : (
        <>
          <dl className="sailing-log__totals" data-testid="sailing-log-totals">
            <div>
              <dt>
                <Trans>Verified miles</Trans>
              </dt>
              <dd>{formatNm(log.data.totals.distance_nm)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Days at sea</Trans>
              </dt>
              <dd>{log.data.totals.days_at_sea}</dd>
            </div>
            <div>
              <dt>
                <Trans>Voyages</Trans>
              </dt>
              <dd>{log.data.totals.voyages}</dd>
            </div>
          </dl>
          {log.data.entries.length === 0 ? (
            <EmptyState title={t`No verified voyages yet.`} />
          ) : (
            <ul className="sailing-log__entries">
              {log.data.entries.map((entry) => {
                const skipperName = entry.skipper.name;
                return (
                  <li key={entry.voyage_id}>
                    <Link to={`/voyages/${encodeURIComponent(entry.voyage_id)}`}>{entry.voyage_title}</Link> · {formatNm(entry.distance_nm)} · {formatDays(entry.days)} ·{' '}
                    {entry.role === 'skipper' ? (
                      <Trans>
                        as skipper<span className="muted"> (logged when the voyage was completed)</span>
                      </Trans>
                    ) : (
                      <>
                        <Trans>
                          skipper <Link to={`/users/${encodeURIComponent(entry.skipper.id)}`}>{skipperName}</Link>
                        </Trans>
                        <span className="muted">
                          {' '}
                          {entry.confirmed_by === 'skipper' ? <Trans>(confirmed by the skipper)</Trans> : <Trans>(confirmed automatically after 7 days)</Trans>}
                        </span>
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
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
