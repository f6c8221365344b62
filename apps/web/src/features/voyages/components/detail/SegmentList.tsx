import type { SegmentResponse } from '@crew/contracts';
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
  if (segments.length === 0) return <p className="muted">No route legs have been added yet.</p>;
  return (
    <ol className="segment-list">
      {segments.map((segment, index) => (
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
            <span className="segment__order">Leg {segment.segment_order || index + 1}</span>
            <span className="segment__ports">
              {segmentFrom(segment)} → {segmentTo(segment)}
            </span>
          </button>
          <dl className="segment__facts">
            <div>
              <dt>Distance</dt>
              <dd>
                {formatDistance(segment.distance_nm)}
                {segment.distance_manual_override && !isCustom && <span className="muted"> (skipper's estimate)</span>}
              </dd>
            </div>
            <div>
              <dt>Berths open</dt>
              <dd>{segment.berths_open}</dd>
            </div>
            <div>
              <dt>Dates</dt>
              <dd>
                {formatDate(segment.estimated_departure_date)} – {formatDate(segment.estimated_arrival_date)}
              </dd>
            </div>
            <div>
              <dt>Duration</dt>
              <dd>{formatSegmentDuration(segment.estimated_duration_hours)}</dd>
            </div>
          </dl>
          {segment.crosses_land && !segment.distance_manual_override && <p className="segment__note">Straight-line distance: the passage around the coast is longer.</p>}
          {segment.description && <p className="segment__description">{segment.description}</p>}
        </li>
      ))}
    </ol>
  );
}
