import { REVIEWS_TO_WRITE_LIMIT, type ReviewsToWriteResponse } from '@crew/contracts';
import type { ReviewWindowRow, VoyageSummaryRow } from '@crew/projections';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { ReviewClock } from '../review-clock';

export class GetReviewsToWrite {
  constructor(readonly userId: string) {}
}

/** A voyage with the first of its open windows and the people still to review, gathered from `users`. */
interface Row extends Pick<VoyageSummaryRow, 'voyage_id' | 'title' | 'departure_port' | 'arrival_port' | 'end_date'>, Pick<ReviewWindowRow, 'closes_at'> {
  people: { id: string; first_name: string; last_name: string; profile_photo_url: string | null }[];
}

/**
 * One statement: the pairs the user is in whose window is open (as crew:
 * the skipper of each voyage they sailed, from `review_windows` by crew id;
 * as skipper: each crew member of their completed voyages, by voyage), less
 * those already reviewed (the reviews' unique key), grouped by voyage. Only
 * completed voyages (a status flipped back closes reviews) and people whose
 * account still exists.
 */
const SQL = `
  WITH pairs AS (
    SELECT w.voyage_id, v.skipper_id AS reviewee_id, w.closes_at
      FROM review_windows w JOIN voyage_summaries v ON v.voyage_id = w.voyage_id
     WHERE w.crew_id = $1 AND w.closes_at > $2 AND v.status = 'completed'
    UNION ALL
    SELECT w.voyage_id, w.crew_id, w.closes_at
      FROM voyage_summaries v JOIN review_windows w ON w.voyage_id = v.voyage_id
     WHERE v.skipper_id = $1 AND v.status = 'completed' AND w.closes_at > $2
  )
  SELECT v.voyage_id, v.title, v.departure_port, v.arrival_port, to_char(v.end_date, 'YYYY-MM-DD') AS end_date,
         min(p.closes_at) AS closes_at,
         json_agg(json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name, 'profile_photo_url', u.profile_photo_url)
                  ORDER BY u.first_name, u.last_name, u.id) AS people
    FROM pairs p
    JOIN users u ON u.id = p.reviewee_id
    JOIN voyage_summaries v ON v.voyage_id = p.voyage_id
   WHERE NOT EXISTS (SELECT 1 FROM reviews r WHERE r.voyage_id = p.voyage_id AND r.reviewer_id = $1 AND r.reviewee_id = p.reviewee_id)
   GROUP BY v.voyage_id
   ORDER BY min(p.closes_at), v.voyage_id
   LIMIT ${REVIEWS_TO_WRITE_LIMIT}`;

/** The dashboard's "Reviews to write": completed voyages on which the signed-in user may still review someone. */
@QueryHandler(GetReviewsToWrite)
export class GetReviewsToWriteHandler implements IQueryHandler<GetReviewsToWrite, ReviewsToWriteResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly clock: ReviewClock,
  ) {}

  async execute({ userId }: GetReviewsToWrite): Promise<ReviewsToWriteResponse> {
    const rows = await this.dataSource.query<Row[]>(SQL, [userId, this.clock.now()]);
    return {
      voyages: rows.map((row) => ({
        voyage: { id: row.voyage_id, title: row.title, departure_port: row.departure_port, arrival_port: row.arrival_port, end_date: row.end_date },
        people: row.people,
        closes_at: row.closes_at.toISOString(),
      })),
    };
  }
}
