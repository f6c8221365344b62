import type { RatingSummary, ReviewResponse } from '@crew/contracts';
import type { VoyageSummaryRow } from '@crew/projections';
import type { DataSource, EntityManager } from 'typeorm';

/** A review with its author's public fields and the voyage's title, joined at read time. */
export const REVIEW_SELECT = `
  SELECT r.id, r.voyage_id, r.reviewer_id, r.reviewee_id, r.reviewer_role, r.rating, r.body,
         r.created_at, r.updated_at, r.visible_from, r.hidden_at,
         coalesce(u.first_name, '') AS reviewer_first_name, coalesce(u.last_name, '') AS reviewer_last_name, u.profile_photo_url AS reviewer_photo,
         v.title AS voyage_title
    FROM reviews r
    LEFT JOIN users u ON u.id = r.reviewer_id
    LEFT JOIN voyage_summaries v ON v.voyage_id = r.voyage_id`;

export interface ReviewRow {
  id: string;
  voyage_id: string;
  reviewer_id: string;
  reviewee_id: string;
  reviewer_role: 'skipper' | 'crew';
  rating: number;
  body: string;
  created_at: Date;
  updated_at: Date;
  visible_from: Date;
  hidden_at: Date | null;
  reviewer_first_name: string;
  reviewer_last_name: string;
  reviewer_photo: string | null;
  /** LEFT JOINed: null once the voyage is deleted. */
  voyage_title: VoyageSummaryRow['title'] | null;
}

/** Shown on profiles: not hidden by an administrator, and both sides reviewed or the 14 days are over. */
export const isVisible = (row: Pick<ReviewRow, 'visible_from' | 'hidden_at'>, now: Date): boolean => row.hidden_at === null && row.visible_from.getTime() <= now.getTime();

export const toReviewResponse = (row: ReviewRow, now: Date): ReviewResponse => ({
  id: row.id,
  voyage: { id: row.voyage_id, title: row.voyage_title },
  reviewer: { id: row.reviewer_id, first_name: row.reviewer_first_name, last_name: row.reviewer_last_name, profile_photo_url: row.reviewer_photo },
  reviewee_id: row.reviewee_id,
  reviewer_role: row.reviewer_role,
  rating: row.rating,
  text: row.body,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
  visible: isVisible(row, now),
  visible_from: row.visible_from.toISOString(),
  editable: row.hidden_at === null && row.visible_from.getTime() > now.getTime(),
});

export const loadReview = async (db: DataSource | EntityManager, reviewId: string): Promise<ReviewRow | null> => {
  const [row] = await db.query<ReviewRow[]>(`${REVIEW_SELECT} WHERE r.id = $1`, [reviewId]);
  return row ?? null;
};

const NO_RATING: RatingSummary = { average: null, count: 0 };

/**
 * Average stars and count of visible reviews for each of `userIds`, in one
 * query (the applicant list asks for all its applicants at once). Hidden
 * reviews and those not shown yet do not count.
 */
export async function ratingSummaries(db: DataSource | EntityManager, userIds: readonly string[], now: Date): Promise<Map<string, RatingSummary>> {
  const unique = [...new Set(userIds)];
  const result = new Map<string, RatingSummary>(unique.map((id) => [id, NO_RATING]));
  if (unique.length === 0) return result;
  const rows = await db.query<{ reviewee_id: string; average: string; count: number }[]>(
    `SELECT reviewee_id, round(avg(rating), 1)::text AS average, count(*)::int AS count
       FROM reviews
      WHERE reviewee_id = ANY($1::uuid[]) AND hidden_at IS NULL AND visible_from <= $2
      GROUP BY reviewee_id`,
    [unique, now],
  );
  for (const row of rows) result.set(row.reviewee_id, { average: Number(row.average), count: row.count });
  return result;
}
