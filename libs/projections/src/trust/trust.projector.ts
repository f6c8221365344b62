import { isVoyageEvent, voyageIdOfStream, type RecordedEvent, type VoyageEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { Projector } from '../projector';
import type { VoyageTimelineRow } from './trust.rows';

const TYPES = new Set([
  'VoyageCompleted',
  'SailingLogConfirmed',
  'SailingLogCrewRemoved',
  'CrewAgreementIssued',
  'CrewAgreementAccepted',
  'FloatPlanFiled',
  'CheckInRecorded',
  'FloatPlanOverdue',
  'VoyageDeleted',
]);

/** The row guard: a row changes only for an event after the last one it applied, so a replay changes nothing. */
const NEWER = (table: string): string => `(${table}.last_commit, ${table}.last_prepare) < ($2::bigint, $3::bigint)`;

/**
 * Trust and safety read models, from the voyage's own events only:
 * `sailing_log` (each completed crew member: pending, confirmed with the legs
 * sailed, or removed), `crew_agreements` (current and accepted version per
 * crew member), `float_plans` (the current plan of each voyage, its check-ins
 * and whether the overdue alert went out) and `voyage_timeline` (who reported
 * what and when). These events are rare, so each is one or two statements.
 */
export const trustProjector: Projector = {
  name: 'trust',
  tables: ['sailing_log', 'crew_agreements', 'float_plans', 'voyage_timeline'],
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

async function timeline(manager: EntityManager, recorded: RecordedEvent, kind: VoyageTimelineRow['kind'], actorId: string | null, data: VoyageTimelineRow['data']): Promise<void> {
  await manager.query(
    `INSERT INTO voyage_timeline (event_id, voyage_id, at, kind, actor_id, data, log_commit, log_prepare)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (event_id) DO NOTHING`,
    [
      recorded.id,
      voyageIdOfStream(recorded.streamId),
      recorded.metadata.timestamp,
      kind,
      actorId,
      JSON.stringify(data),
      recorded.position.commit.toString(),
      recorded.position.prepare.toString(),
    ],
  );
}

async function apply(event: VoyageEvent, recorded: RecordedEvent, manager: EntityManager): Promise<void> {
  const voyageId = voyageIdOfStream(recorded.streamId);
  const at = [recorded.position.commit.toString(), recorded.position.prepare.toString()];
  const actor = recorded.metadata.userId ?? null;
  switch (event.type) {
    case 'VoyageCompleted': {
      if (event.data.crew.length === 0) return;
      // A later completion only adds crew not recorded before.
      await manager.query(
        `INSERT INTO sailing_log (voyage_id, crew_id, status, completed_at, last_commit, last_prepare)
         SELECT $1, crew_id, 'pending', $4, $2, $3 FROM unnest($5::uuid[]) AS crew_id
         ON CONFLICT (voyage_id, crew_id) DO NOTHING`,
        [voyageId, ...at, event.data.completedAt, event.data.crew.map((c) => c.crewId)],
      );
      return;
    }
    case 'SailingLogConfirmed':
      await manager.query(
        `UPDATE sailing_log SET status = 'confirmed', confirmed_at = $5, confirmed_by = $6, legs = $7, distance_nm = $8, days = $9, last_commit = $2, last_prepare = $3
          WHERE voyage_id = $1 AND crew_id = $4 AND ${NEWER('sailing_log')}`,
        [voyageId, ...at, event.data.crewId, recorded.metadata.timestamp, event.data.by, JSON.stringify(event.data.legs), event.data.distanceNm, event.data.days],
      );
      await timeline(manager, recorded, 'log_confirmed', actor, { crewId: event.data.crewId, by: event.data.by, distanceNm: event.data.distanceNm });
      return;
    case 'SailingLogCrewRemoved':
      await manager.query(`UPDATE sailing_log SET status = 'removed', last_commit = $2, last_prepare = $3 WHERE voyage_id = $1 AND crew_id = $4 AND ${NEWER('sailing_log')}`, [
        voyageId,
        ...at,
        event.data.crewId,
      ]);
      await timeline(manager, recorded, 'log_removed', actor, { crewId: event.data.crewId });
      return;
    case 'CrewAgreementIssued':
      await manager.query(
        `INSERT INTO crew_agreements (agreement_id, voyage_id, crew_id, version, terms, issued_at, last_commit, last_prepare)
         VALUES ($4, $1, $5, $6, $7, $8, $2, $3)
         ON CONFLICT (agreement_id) DO UPDATE SET version = EXCLUDED.version, terms = EXCLUDED.terms, issued_at = EXCLUDED.issued_at,
           last_commit = EXCLUDED.last_commit, last_prepare = EXCLUDED.last_prepare
         WHERE ${NEWER('crew_agreements')}`,
        [voyageId, ...at, event.data.agreementId, event.data.crewId, event.data.version, JSON.stringify(event.data.terms), recorded.metadata.timestamp],
      );
      await timeline(manager, recorded, 'agreement_issued', actor, { crewId: event.data.crewId, version: event.data.version });
      return;
    case 'CrewAgreementAccepted':
      await manager.query(
        `UPDATE crew_agreements SET accepted_version = $5, accepted_terms = CASE WHEN version = $5 THEN terms ELSE accepted_terms END, accepted_at = $6,
           share_emergency_contact = $7, last_commit = $2, last_prepare = $3
          WHERE agreement_id = $4 AND voyage_id = $1 AND ${NEWER('crew_agreements')}`,
        [voyageId, ...at, event.data.agreementId, event.data.version, recorded.metadata.timestamp, event.data.shareEmergencyContact],
      );
      await timeline(manager, recorded, 'agreement_accepted', actor, { crewId: event.data.crewId, version: event.data.version });
      return;
    case 'FloatPlanFiled': {
      const d = event.data;
      await manager.query(
        `INSERT INTO float_plans (voyage_id, version, segment_order, departure_at, expected_arrival_at, aboard, boat_description, call_sign, notes, shore_contact_ids, region, filed_at, last_commit, last_prepare)
         VALUES ($1, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $2, $3)
         ON CONFLICT (voyage_id) DO UPDATE SET version = EXCLUDED.version, segment_order = EXCLUDED.segment_order, departure_at = EXCLUDED.departure_at,
           expected_arrival_at = EXCLUDED.expected_arrival_at, aboard = EXCLUDED.aboard, boat_description = EXCLUDED.boat_description,
           call_sign = EXCLUDED.call_sign, notes = EXCLUDED.notes, shore_contact_ids = EXCLUDED.shore_contact_ids, region = EXCLUDED.region,
           filed_at = EXCLUDED.filed_at, departed_at = NULL, arrived_at = NULL, overdue_at = NULL,
           last_commit = EXCLUDED.last_commit, last_prepare = EXCLUDED.last_prepare
         WHERE ${NEWER('float_plans')}`,
        [
          voyageId,
          ...at,
          d.version,
          d.segmentOrder,
          d.departureAt,
          d.expectedArrivalAt,
          JSON.stringify(d.aboard),
          d.boatDescription,
          d.callSign,
          d.notes,
          JSON.stringify(d.shoreContactIds),
          d.region,
          recorded.metadata.timestamp,
        ],
      );
      await timeline(manager, recorded, 'float_plan_filed', actor, {
        version: d.version,
        segmentOrder: d.segmentOrder,
        departureAt: d.departureAt,
        expectedArrivalAt: d.expectedArrivalAt,
      });
      return;
    }
    case 'CheckInRecorded': {
      const d = event.data;
      // Dated when it was made on the device (a check-in sent late, made without a connection), else when recorded;
      // a late one never replaces a newer position.
      const madeAt = d.observedAt ?? d.reportedAt;
      await manager.query(
        `UPDATE float_plans SET
           departed_at = CASE WHEN $4 = 'departed' AND version = $5 THEN coalesce(departed_at, $6::timestamptz) ELSE departed_at END,
           arrived_at = CASE WHEN $4 = 'arrived' AND version = $5 THEN coalesce(arrived_at, $6::timestamptz) ELSE arrived_at END,
           last_lat = CASE WHEN $7::float8 IS NULL OR last_position_at > $6::timestamptz THEN last_lat ELSE $7::float8 END,
           last_lon = CASE WHEN $7::float8 IS NULL OR last_position_at > $6::timestamptz THEN last_lon ELSE $8::float8 END,
           last_position_at = CASE WHEN $7::float8 IS NULL OR last_position_at > $6::timestamptz THEN last_position_at ELSE $6::timestamptz END,
           last_commit = $2, last_prepare = $3
          WHERE voyage_id = $1 AND ${NEWER('float_plans')}`,
        [voyageId, ...at, d.kind, d.planVersion, madeAt, d.lat, d.lon],
      );
      await timeline(manager, recorded, `check_in_${d.kind}`, d.reportedBy, {
        lat: d.lat,
        lon: d.lon,
        note: d.note,
        reportedAt: madeAt,
        ...(d.observedAt ? { receivedAt: d.reportedAt } : {}),
        planVersion: d.planVersion,
      });
      return;
    }
    case 'FloatPlanOverdue':
      await manager.query(`UPDATE float_plans SET overdue_at = $5, last_commit = $2, last_prepare = $3 WHERE voyage_id = $1 AND version = $4 AND ${NEWER('float_plans')}`, [
        voyageId,
        ...at,
        event.data.version,
        event.data.declaredAt,
      ]);
      await timeline(manager, recorded, 'overdue_alert', null, {
        version: event.data.version,
        expectedArrivalAt: event.data.expectedArrivalAt,
        lastPosition: event.data.lastPosition,
        region: event.data.region,
      });
      return;
    case 'VoyageDeleted':
      for (const table of ['sailing_log', 'crew_agreements', 'float_plans', 'voyage_timeline']) await manager.query(`DELETE FROM ${table} WHERE voyage_id = $1`, [voyageId]);
      return;
    default:
      return;
  }
}
