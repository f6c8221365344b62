import type { SegmentResponse } from '@crew/contracts';
import { Trans } from '@lingui/react/macro';
import { formatDate, formatDistance, formatSegmentDuration } from '../../lib/format';
import { segmentColor, segmentFrom, segmentTo } from '../../lib/segments';

interface SegmentListProps {
  /** Sorted by segment_order; the index matches the map's line. */
  readonly segments: readonly SegmentResponse[];
  readonly highlighted: number | null;
  readonly pinned: number | null;
  readonly onHover: (index: number | null) => void;
  readonly onSelect: (index: number | null) => void;
}

/** The route's legs; hovering or choosing one highlights its line on the map. */
export function SegmentList({ segments, highlighted, pinned, onHover, onSelect }: SegmentListProps) {
  // A custom voyage's one leg always carries the skipper's own distance: nothing to point out.
  const isCustom = segments.some((segment) => segment.departure_custom_location !== null);
  if (segments.length === 0)
    return (
      <p className="muted">
        <Trans>No route legs have been added yet.</Trans>
      </p>
    );
  return (
    <ol className="segment-list">
      {segments.map((segment, index) => {
        const leg = segment.segment_order || index + 1;
        return (
          <li
            key={segment.id}
            className={`segment${highlighted === index ? ' segment--highlighted' : ''}`}
            style={{ borderLeftColor: segmentColor(index) }}
            onMouseEnter={() => onHover(index)}
            onMouseLeave={() => onHover(null)}
          >
            <button
              type="button"
              className="segment__toggle"
              aria-pressed={pinned === index}
              onClick={() => onSelect(pinned === index ? null : index)}
              onFocus={() => onHover(index)}
              onBlur={() => onHover(null)}
            >
              <span className="segment__order">
                <Trans>Leg {leg}</Trans>
              </span>
              <span className="segment__ports">
                {segmentFrom(segment)} → {segmentTo(segment)}
              </span>
            </button>
            <dl className="segment__facts">
              <div>
                <dt>
                  <Trans>Distance</Trans>
                </dt>
                <dd>
                  {formatDistance(segment.distance_nm)}
                  {segment.distance_manual_override && !isCustom && (
                    <span className="muted">
                      {' '}
                      <Trans>(skipper's estimate)</Trans>
                    </span>
                  )}
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Berths open</Trans>
                </dt>
                <dd>{segment.berths_open}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Dates</Trans>
                </dt>
                <dd>
                  {formatDate(segment.estimated_departure_date)} – {formatDate(segment.estimated_arrival_date)}
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Duration</Trans>
                </dt>
                <dd>{formatSegmentDuration(segment.estimated_duration_hours)}</dd>
              </div>
            </dl>
            {segment.crosses_land && !segment.distance_manual_override && (
              <p className="segment__note">
                <Trans>Straight-line distance: the passage around the coast is longer.</Trans>
              </p>
            )}
            {segment.description && <p className="segment__description">{segment.description}</p>}
          </li>
        );
      })}
    </ol>
  );
}
