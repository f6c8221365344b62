import { isVoyageEvent, sailedLegsOf, voyageIdOfStream, type RecordedEvent, type VoyageEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { Projector } from '../projector';
import type { SkipperLogRow } from './skipper-log.rows';

const TYPES = new Set(['VoyageDraftSaved', 'VoyagePublished', 'VoyageRouteChanged', 'VoyageCompleted', 'VoyageDeleted']);

/** The row guard: a row changes only for an event after the last one it applied, so a replay changes nothing. */
const NEWER = `(skipper_log.last_commit, skipper_log.last_prepare) < ($2::bigint, $3::bigint)`;

/**
 * `skipper_log`: the skipper's own sailing log, one row per voyage, from the
 * voyage's events only. `route` follows the voyage's legs (with their miles
 * and days at sea, worked out as a crew member's log entry is); on each
 * completion the legs then sailed are logged (`legs`, `distance_nm`, `days`)
 * and `completed_at` keeps the first completion. The sailing log and the
 * verified miles read the completed rows next to the crew's `sailing_log`, so
 * a skipper's logbook counts the voyages they skippered.
 */
export const skipperLogProjector: Projector = {
  name: 'skipper-log',
  tables: ['skipper_log'],
  handles: (recorded) => TYPES.has(recorded.type),
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    for (const recorded of events) {
      if (!TYPES.has(recorded.type)) continue;
      const event = { type: recorded.type, data: recorded.data };
      if (!isVoyageEvent(event)) continue;
      await apply(event, recorded, manager);
    }
  },
};

async function apply(event: VoyageEvent, recorded: RecordedEvent, manager: EntityManager): Promise<void> {
  const voyageId = voyageIdOfStream(recorded.streamId);
  const at = [recorded.position.commit.toString(), recorded.position.prepare.toString()];
  switch (event.type) {
    case 'VoyageDraftSaved':
    case 'VoyagePublished':
      await manager.query(
        `INSERT INTO skipper_log (voyage_id, skipper_id, route, last_commit, last_prepare) VALUES ($1, $4, $5, $2, $3)
         ON CONFLICT (voyage_id) DO UPDATE SET skipper_id = EXCLUDED.skipper_id, route = EXCLUDED.route, last_commit = EXCLUDED.last_commit, last_prepare = EXCLUDED.last_prepare
         WHERE ${NEWER}`,
        [voyageId, ...at, event.data.skipperId, JSON.stringify(sailedLegsOf(event.data.segments) satisfies SkipperLogRow['route'])],
      );
      return;
    case 'VoyageRouteChanged':
      await manager.query(`UPDATE skipper_log SET route = $4, last_commit = $2, last_prepare = $3 WHERE voyage_id = $1 AND ${NEWER}`, [
        voyageId,
        ...at,
        JSON.stringify(sailedLegsOf(event.data.segments) satisfies SkipperLogRow['route']),
      ]);
      return;
    case 'VoyageCompleted':
      await manager.query(
        `UPDATE skipper_log SET completed_at = coalesce(completed_at, $4::timestamptz), legs = route->'legs',
           distance_nm = round((route->>'distanceNm')::numeric)::int, days = round((route->>'days')::numeric)::int, last_commit = $2, last_prepare = $3
          WHERE voyage_id = $1 AND ${NEWER}`,
        [voyageId, ...at, event.data.completedAt],
      );
      return;
    case 'VoyageDeleted':
      await manager.query('DELETE FROM skipper_log WHERE voyage_id = $1', [voyageId]);
      return;
    default:
      return;
  }
}
