import { comparePositions, isVoyageEvent, sailedLegsOf, voyageIdOfStream, type LogPosition, type RecordedEvent, type VoyageEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { Projector } from '../projector';
import type { Written } from '../row-forms';
import type { SkipperLogRow } from './skipper-log.rows';

const TYPES = new Set(['VoyageDraftSaved', 'VoyagePublished', 'VoyageRouteChanged', 'VoyageCompleted', 'VoyageDeleted']);

/** A row as the fold holds it: timestamps as text, jsonb parsed (route and legs are written back as JSON). */
type Row = Written<SkipperLogRow>;

const COLUMNS = `voyage_id, skipper_id, route, completed_at, legs, distance_nm, days, last_commit, last_prepare`;
const SELECT_SQL = `SELECT voyage_id, skipper_id, route, completed_at::text AS completed_at, legs, distance_nm, days,
       last_commit::text AS last_commit, last_prepare::text AS last_prepare
  FROM skipper_log WHERE voyage_id = ANY($1::uuid[])`;
// The stored position guards every write: a row never goes back to an older event.
const UPSERT_SQL = `INSERT INTO skipper_log (${COLUMNS})
SELECT voyage_id, skipper_id, route, completed_at, legs, distance_nm, days, last_commit, last_prepare
  FROM json_to_recordset($1::json) AS u(voyage_id uuid, skipper_id uuid, route jsonb, completed_at timestamptz, legs jsonb,
                                        distance_nm int, days int, last_commit bigint, last_prepare bigint)
ON CONFLICT (voyage_id) DO UPDATE SET skipper_id = EXCLUDED.skipper_id, route = EXCLUDED.route, completed_at = EXCLUDED.completed_at,
  legs = EXCLUDED.legs, distance_nm = EXCLUDED.distance_nm, days = EXCLUDED.days, last_commit = EXCLUDED.last_commit, last_prepare = EXCLUDED.last_prepare
WHERE (skipper_log.last_commit, skipper_log.last_prepare) < (EXCLUDED.last_commit, EXCLUDED.last_prepare)`;

/** PostgreSQL's round() of a numeric: halves away from zero. */
const roundNumeric = (value: number): number => Math.sign(value) * Math.round(Math.abs(value));

/**
 * `skipper_log`: the skipper's own sailing log, one row per voyage, from the
 * voyage's events only. `route` follows the voyage's legs (with their miles
 * and days at sea, worked out as a crew member's log entry is); on each
 * completion the legs then sailed are logged (`legs`, `distance_nm`, `days`)
 * and `completed_at` keeps the first completion. The sailing log and the
 * verified miles read the completed rows next to the crew's `sailing_log`, so
 * a skipper's logbook counts the voyages they skippered.
 *
 * A batch costs at most three statements: the rows it touches are read in
 * one query, its events folded into them in memory in log order (an event at
 * or before a row's last applied position changes nothing), deleted voyages'
 * rows go in one DELETE and the changed rows are written in one upsert.
 */
export const skipperLogProjector: Projector = {
  name: 'skipper-log',
  tables: ['skipper_log'],
  handles: (recorded) => TYPES.has(recorded.type),
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const voyageEvents: { recorded: RecordedEvent; event: VoyageEvent; voyageId: string }[] = [];
    for (const recorded of events) {
      if (!TYPES.has(recorded.type)) continue;
      const event = { type: recorded.type, data: recorded.data };
      if (isVoyageEvent(event)) voyageEvents.push({ recorded, event, voyageId: voyageIdOfStream(recorded.streamId) });
    }
    if (voyageEvents.length === 0) return;
    const stored = await manager.query<Row[]>(SELECT_SQL, [[...new Set(voyageEvents.map((e) => e.voyageId))]]);
    const rows = new Map<string, { row: Row; at: LogPosition; changed: boolean }>(
      stored.map((row) => [row.voyage_id, { row, at: { commit: BigInt(row.last_commit), prepare: BigInt(row.last_prepare) }, changed: false }]),
    );
    const deleted = new Set<string>();
    for (const { recorded, event, voyageId } of voyageEvents) {
      const entry = rows.get(voyageId);
      if (entry && comparePositions(recorded.position, entry.at) <= 0) continue;
      const at = { last_commit: recorded.position.commit.toString(), last_prepare: recorded.position.prepare.toString() };
      switch (event.type) {
        case 'VoyageDraftSaved':
        case 'VoyagePublished': {
          const route = sailedLegsOf(event.data.segments) satisfies SkipperLogRow['route'];
          const row: Row = entry
            ? { ...entry.row, skipper_id: event.data.skipperId, route, ...at }
            : { voyage_id: voyageId, skipper_id: event.data.skipperId, route, completed_at: null, legs: null, distance_nm: 0, days: 0, ...at };
          rows.set(voyageId, { row, at: recorded.position, changed: true });
          break;
        }
        case 'VoyageRouteChanged':
          if (!entry) break;
          Object.assign(entry.row, { route: sailedLegsOf(event.data.segments) satisfies SkipperLogRow['route'], ...at });
          Object.assign(entry, { at: recorded.position, changed: true });
          break;
        case 'VoyageCompleted':
          if (!entry) break;
          Object.assign(entry.row, {
            completed_at: entry.row.completed_at ?? event.data.completedAt,
            legs: entry.row.route.legs,
            distance_nm: roundNumeric(entry.row.route.distanceNm),
            days: roundNumeric(entry.row.route.days),
            ...at,
          });
          Object.assign(entry, { at: recorded.position, changed: true });
          break;
        case 'VoyageDeleted':
          rows.delete(voyageId);
          deleted.add(voyageId);
          break;
        default:
          break;
      }
    }
    if (deleted.size > 0) await manager.query('DELETE FROM skipper_log WHERE voyage_id = ANY($1::uuid[])', [[...deleted]]);
    const changed = [...rows.values()].filter((entry) => entry.changed).map((entry) => entry.row);
    if (changed.length > 0) await manager.query(UPSERT_SQL, [JSON.stringify(changed)]);
  },
};
