import type { TimelineEntry } from '@crew/contracts';
import { Trans } from '@lingui/react/macro';
import { formatInstant } from '../../../lib/trust-format';

/** Who reported what, and when: oldest first, as recorded. */
export function Timeline({ entries, headingLevel = 2 }: { entries: readonly TimelineEntry[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="trust-timeline" aria-labelledby="timeline-heading">
      <Heading id="timeline-heading">
        <Trans>Timeline</Trans>
      </Heading>
      {entries.length === 0 ? (
        <p className="muted">
          <Trans>Nothing recorded yet.</Trans>
        </p>
      ) : (
        <ol className="trust-timeline__list" data-testid="voyage-timeline">
          {entries.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.at}>{formatInstant(entry.at)}</time> <span>{entry.summary}</span>
              {entry.actor && <span className="muted"> · {entry.actor.name}</span>}
              {entry.lat !== null && entry.lon !== null && (
                <span className="muted">
                  {' '}
                  · {entry.lat.toFixed(4)}, {entry.lon.toFixed(4)}
                </span>
              )}
              {entry.received_at && <ReceivedLater at={entry.received_at} />}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A check-in made without a connection, sent once it returned: when it reached the shore. */
function ReceivedLater({ at }: { at: string }) {
  const received = formatInstant(at);
  return (
    <span className="muted">
      {' '}
      · <Trans>made offline, received {received}</Trans>
    </span>
  );
}
