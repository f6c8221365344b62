import { isVoyageEvent, voyageIdOfStream, type RecordedEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { Projector } from '../projector';

const STATUS_AFTER = { ApplicationWithdrawn: 'withdrawn', ApplicationAccepted: 'accepted', ApplicationRejected: 'rejected' } as const;

/**
 * Applications: one row per application, its status and the legs applied for.
 * Each row remembers the last log position applied, so a replayed batch changes nothing.
 */
export const applicationViewProjector: Projector = {
  name: 'applications',
  tables: ['applications'],
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data };
      if (!isVoyageEvent(event)) continue;
      const position = [recorded.position.commit.toString(), recorded.position.prepare.toString()];
      if (event.type === 'VoyageDeleted') {
        await manager.query('DELETE FROM applications WHERE voyage_id = $1', [voyageIdOfStream(recorded.streamId)]);
      } else if (event.type === 'ApplicationSubmitted') {
        await manager.query(
          `INSERT INTO applications (application_id, voyage_id, crew_id, status, segment_orders, created_at, updated_at, last_commit, last_prepare)
           VALUES ($1, $2, $3, 'pending', $4, $5, $5, $6, $7)
           ON CONFLICT (application_id) DO NOTHING`,
          [event.data.applicationId, voyageIdOfStream(recorded.streamId), event.data.crewId, JSON.stringify(event.data.segmentOrders), recorded.metadata.timestamp, ...position],
        );
      } else if (event.type === 'ApplicationWithdrawn' || event.type === 'ApplicationAccepted' || event.type === 'ApplicationRejected') {
        const decided = event.type !== 'ApplicationWithdrawn';
        await manager.query(
          `UPDATE applications
              SET status = $2, updated_at = $3, decided_at = CASE WHEN $4 THEN $3::timestamptz ELSE decided_at END, last_commit = $5, last_prepare = $6
            WHERE application_id = $1 AND (last_commit, last_prepare) < ($5::bigint, $6::bigint)`,
          [event.data.applicationId, STATUS_AFTER[event.type], recorded.metadata.timestamp, decided, ...position],
        );
      }
    }
  },
};
