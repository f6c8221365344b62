import { isVoyageEvent, reviewsCloseAt, voyageIdOfStream, type RecordedEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { Projector } from '../projector';
import type { ReviewWindowRow } from './review-window.rows';

const handled = (recorded: RecordedEvent): boolean => recorded.type === 'VoyageCompleted' || recorded.type === 'VoyageDeleted';

/**
 * `review_windows`: for each completed voyage, each crew member it recorded
 * and when their reviews with the skipper close (14 days after that crew
 * member was first recorded as having sailed, as the voyage's own completion
 * record says: a later completion keeps the first time). Ids and times only;
 * the skipper, the title and the status are joined from `voyage_summaries`
 * when read, and what has been written from `reviews`, so "reviews to write"
 * is one statement. A deleted voyage leaves no window.
 */
export const reviewWindowProjector: Projector = {
  name: 'review-windows',
  tables: ['review_windows'],
  handles: handled,
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data };
      if (!isVoyageEvent(event)) continue;
      const voyageId = voyageIdOfStream(recorded.streamId);
      if (event.type === 'VoyageDeleted') {
        await manager.query('DELETE FROM review_windows WHERE voyage_id = $1', [voyageId]);
        continue;
      }
      if (event.type !== 'VoyageCompleted') continue;
      const data = event.data;
      if (data.crew.length === 0) continue;
      const closesAt: ReviewWindowRow['closes_at'] = reviewsCloseAt(data.completedAt);
      await manager.query(
        `INSERT INTO review_windows (voyage_id, crew_id, closes_at)
         SELECT $1, crew_id, $3 FROM unnest($2::uuid[]) AS c(crew_id)
         ON CONFLICT (voyage_id, crew_id) DO NOTHING`,
        [voyageId, data.crew.map((c) => c.crewId), closesAt],
      );
    }
  },
};
