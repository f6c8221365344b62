import type { Segment } from '@crew/domain';
import type { VoyageSummaryRow } from '@crew/projections';
import type { DataSource } from 'typeorm';
import type { CalendarRole, CalendarVoyage, FeedVoyage } from './ics/voyage-ics';

/**
 * What calendars read, at request time, from the read models: the voyage
 * summaries (title, status, dates, route, revision) and the applications
 * (the member's own, live ones), so a feed follows every change as soon as
 * the projections have it. Nothing here reads a person's name or contact.
 */

/** A voyage's columns as calendars read them (dates as text, the revision and jsonb route as they come). */
export type CalendarVoyageRow = Pick<
  VoyageSummaryRow,
  'voyage_id' | 'skipper_id' | 'status' | 'title' | 'start_date' | 'end_date' | 'updated_at' | 'suspended' | 'owner_suspended'
> & {
  readonly segments: Segment[];
  readonly revision: string | null;
};

const VOYAGE_COLUMNS = `v.voyage_id, v.skipper_id, v.status, v.title, to_char(v.start_date, 'YYYY-MM-DD') AS start_date, to_char(v.end_date, 'YYYY-MM-DD') AS end_date,
  v.segments, v.revision::text AS revision, v.updated_at, v.suspended, v.owner_suspended`;

export async function readCalendarVoyage(dataSource: DataSource, voyageId: string): Promise<CalendarVoyageRow | null> {
  const [row] = await dataSource.query<CalendarVoyageRow[]>(`SELECT ${VOYAGE_COLUMNS} FROM voyage_summaries v WHERE v.voyage_id = $1`, [voyageId]);
  return row ?? null;
}

/** The member's part in each voyage of their feed, from the row the query below reads. */
type FeedRow = CalendarVoyageRow & { readonly role: CalendarRole; readonly leg_orders: number[] };

/**
 * The voyages of a member's feed: those they skipper and those they have a
 * live application to (accepted: crew; pending: applicant), read from the
 * applications' current status, so a withdrawn, rejected or expired
 * application's voyage is not there. Drafts (not decided) and cancelled
 * voyages are left out. Earliest first.
 */
const FEED_SQL = `
  WITH mine AS (
    SELECT s.voyage_id, 'skipper' AS role, '[]'::jsonb AS leg_orders FROM voyage_summaries s WHERE s.skipper_id = $1
    UNION ALL
    SELECT a.voyage_id, CASE a.status WHEN 'accepted' THEN 'crew' ELSE 'applicant' END, a.segment_orders
      FROM applications a WHERE a.crew_id = $1 AND a.status IN ('pending', 'accepted')
  )
  SELECT ${VOYAGE_COLUMNS}, m.role, m.leg_orders
    FROM mine m JOIN voyage_summaries v ON v.voyage_id = m.voyage_id
   WHERE v.status NOT IN ('draft', 'cancelled')
   ORDER BY v.start_date NULLS LAST, v.voyage_id`;

export const toCalendarVoyage = (row: CalendarVoyageRow): CalendarVoyage => ({
  id: row.voyage_id,
  title: row.title,
  status: row.status,
  startDate: row.start_date,
  endDate: row.end_date,
  legs: row.segments,
  // A row written before revisions were kept has none until its next event, which brings a higher one.
  revision: row.revision === null ? 0 : Number(row.revision),
  updatedAt: new Date(row.updated_at),
});

export async function readFeedVoyages(dataSource: DataSource, userId: string): Promise<FeedVoyage[]> {
  const rows = await dataSource.query<FeedRow[]>(FEED_SQL, [userId]);
  return rows.map((row) => ({ ...toCalendarVoyage(row), role: row.role, legOrders: row.leg_orders }));
}
