import { comparePositions, isVoyageEvent, voyageIdOfStream, type LogPosition, type RecordedEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { Projector } from '../projector';
import type { Written } from '../row-forms';
import type { ApplicationViewRow } from './application-view.rows';

const STATUS_AFTER = { ApplicationWithdrawn: 'withdrawn', ApplicationAccepted: 'accepted', ApplicationRejected: 'rejected', ApplicationExpired: 'expired' } as const;

/** An application row as this projector writes it: timestamps as text, as PostgreSQL or the event gave them, and the legs as JSON text. */
type ApplicationRow = Written<ApplicationViewRow, 'segment_orders'>;

const INSERT_SQL = `INSERT INTO applications (application_id, voyage_id, crew_id, status, segment_orders, created_at, updated_at, decided_at, last_commit, last_prepare)
SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::jsonb[], $6::timestamptz[], $7::timestamptz[], $8::timestamptz[], $9::bigint[], $10::bigint[])
ON CONFLICT (application_id) DO NOTHING`;

// Only what a decision changes; the stored position guards it, so a row never goes back to an older event.
const UPDATE_SQL = `UPDATE applications a
   SET status = u.status, updated_at = u.updated_at, decided_at = u.decided_at, last_commit = u.last_commit, last_prepare = u.last_prepare
  FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::bigint[], $6::bigint[])
       AS u(application_id, status, updated_at, decided_at, last_commit, last_prepare)
 WHERE a.application_id = u.application_id AND (a.last_commit, a.last_prepare) < (u.last_commit, u.last_prepare)`;

/**
 * Applications: one row per application, its status and the legs applied for.
 * Each row remembers the last log position applied, so a replayed event changes nothing.
 *
 * A batch costs at most three statements: the positions of the applications
 * it names are read at once, its events are folded in memory in log order (a
 * submission creates a row only if there is none; a decision applies to an
 * existing row when it is newer than the row), then new rows are inserted and
 * changed rows updated, each in one multi-row statement. One event is the same
 * fold with a batch of one, so the per-event path writes exactly the same rows.
 */
export const applicationViewProjector: Projector = {
  name: 'applications',
  handles: (recorded) => (recorded.type.startsWith('Application') || recorded.type === 'VoyageDeleted') && isVoyageEvent(recorded),
  tables: ['applications'],
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const relevant = events.filter(
      (recorded) => (recorded.type.startsWith('Application') || recorded.type === 'VoyageDeleted') && isVoyageEvent({ type: recorded.type, data: recorded.data }),
    );
    if (relevant.length === 0) return;
    const ids = [...new Set(relevant.flatMap((recorded) => (recorded.type === 'VoyageDeleted' ? [] : [String(recorded.data['applicationId'])])))];
    const stored = await manager.query<Pick<ApplicationRow, 'application_id' | 'last_commit' | 'last_prepare' | 'decided_at'>[]>(
      'SELECT application_id, last_commit::text AS last_commit, last_prepare::text AS last_prepare, decided_at::text AS decided_at FROM applications WHERE application_id = ANY($1::uuid[])',
      [ids],
    );
    const existing = new Map<string, { at: LogPosition; row: ApplicationRow | null; decidedAt: string | null }>(
      stored.map((row) => [row.application_id, { at: { commit: BigInt(row.last_commit), prepare: BigInt(row.last_prepare) }, row: null, decidedAt: row.decided_at }]),
    );
    const created = new Map<string, ApplicationRow>();
    // A deleted voyage takes its applications with it; nothing follows a deletion in its stream.
    const deletedVoyages = new Set<string>();

    for (const recorded of relevant) {
      const event = { type: recorded.type, data: recorded.data };
      if (!isVoyageEvent(event)) continue;
      const stamp = { updated_at: recorded.metadata.timestamp, last_commit: recorded.position.commit.toString(), last_prepare: recorded.position.prepare.toString() };
      if (event.type === 'VoyageDeleted') {
        deletedVoyages.add(voyageIdOfStream(recorded.streamId));
      } else if (event.type === 'ApplicationSubmitted') {
        const { applicationId } = event.data;
        if (existing.has(applicationId) || created.has(applicationId)) continue;
        created.set(applicationId, {
          application_id: applicationId,
          voyage_id: voyageIdOfStream(recorded.streamId),
          crew_id: event.data.crewId,
          status: 'pending',
          segment_orders: JSON.stringify(event.data.segmentOrders),
          created_at: recorded.metadata.timestamp,
          decided_at: null,
          ...stamp,
        });
      } else if (event.type === 'ApplicationWithdrawn' || event.type === 'ApplicationAccepted' || event.type === 'ApplicationRejected' || event.type === 'ApplicationExpired') {
        const { applicationId } = event.data;
        // Expired: nobody answered, so it has no decision time (it counts against the skipper's response rate).
        const decided = event.type === 'ApplicationAccepted' || event.type === 'ApplicationRejected';
        const fresh = created.get(applicationId);
        if (fresh) {
          Object.assign(fresh, { status: STATUS_AFTER[event.type], decided_at: decided ? recorded.metadata.timestamp : fresh.decided_at }, stamp);
          continue;
        }
        const known = existing.get(applicationId);
        if (!known || comparePositions(recorded.position, known.at) <= 0) continue;
        const decidedAt = decided ? recorded.metadata.timestamp : known.decidedAt;
        known.row = { ...(known.row ?? ({} as ApplicationRow)), application_id: applicationId, status: STATUS_AFTER[event.type], decided_at: decidedAt, ...stamp };
        known.decidedAt = decidedAt;
        known.at = recorded.position;
      }
    }

    if (created.size > 0) {
      const rows = [...created.values()];
      await manager.query(INSERT_SQL, [
        rows.map((r) => r.application_id),
        rows.map((r) => r.voyage_id),
        rows.map((r) => r.crew_id),
        rows.map((r) => r.status),
        rows.map((r) => r.segment_orders),
        rows.map((r) => r.created_at),
        rows.map((r) => r.updated_at),
        rows.map((r) => r.decided_at),
        rows.map((r) => r.last_commit),
        rows.map((r) => r.last_prepare),
      ]);
    }
    const updated = [...existing.values()].flatMap((entry) => (entry.row ? [entry.row] : []));
    if (updated.length > 0) {
      await manager.query(UPDATE_SQL, [
        updated.map((r) => r.application_id),
        updated.map((r) => r.status),
        updated.map((r) => r.updated_at),
        updated.map((r) => r.decided_at),
        updated.map((r) => r.last_commit),
        updated.map((r) => r.last_prepare),
      ]);
    }
    if (deletedVoyages.size > 0) await manager.query('DELETE FROM applications WHERE voyage_id = ANY($1::uuid[])', [[...deletedVoyages]]);
  },
};
