import { RESPONSE_WINDOW_DAYS } from '@crew/domain';
import type { DataSource } from 'typeorm';

export interface Responsiveness {
  /** Share (0–1) of applications accepted or rejected within 7 days; null while none is due. */
  readonly response_rate: number | null;
  /** Median hours from application to answer; null until one was answered. */
  readonly median_response_hours: number | null;
}

export const NO_RESPONSES: Responsiveness = { response_rate: null, median_response_hours: null };

/**
 * Each skipper's responsiveness, from the applications read model (itself
 * built from application events), in one grouped query. An application counts
 * once it was answered, expired, or has waited 7 days; an answer within those
 * 7 days counts for the skipper; a withdrawn one, or a rejection on a voyage
 * that was cancelled (cancelling settles them all), counts neither way.
 */
export async function responsivenessOf(dataSource: DataSource, skipperIds: readonly string[], now: Date): Promise<Map<string, Responsiveness>> {
  const ids = [...new Set(skipperIds)];
  if (ids.length === 0) return new Map();
  const rows = await dataSource.query<{ skipper_id: string; due: number; answered: number; median_hours: number | null }[]>(
    `SELECT v.skipper_id,
            count(*)::int AS due,
            count(*) FILTER (WHERE a.decided_at IS NOT NULL AND a.decided_at <= a.created_at + make_interval(days => $3))::int AS answered,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM a.decided_at - a.created_at) / 3600)
              FILTER (WHERE a.decided_at IS NOT NULL) AS median_hours
       FROM voyage_summaries v
       JOIN applications a ON a.voyage_id = v.voyage_id
      WHERE v.skipper_id = ANY($1::uuid[])
        AND a.status <> 'withdrawn'
        AND NOT (a.status = 'rejected' AND v.status = 'cancelled')
        AND (a.decided_at IS NOT NULL OR a.status = 'expired' OR a.created_at <= $2::timestamptz - make_interval(days => $3))
      GROUP BY v.skipper_id`,
    [ids, now, RESPONSE_WINDOW_DAYS],
  );
  return new Map(
    rows.map((row) => [
      row.skipper_id,
      {
        response_rate: row.due > 0 ? Math.round((row.answered / row.due) * 100) / 100 : null,
        median_response_hours: row.median_hours === null ? null : Math.round(Number(row.median_hours) * 10) / 10,
      },
    ]),
  );
}
