import type { AdminVoyage, AdminVoyageStatus } from '@crew/contracts';
import { isUuid } from '@crew/domain';
import type { VoyageSummaryRow } from '@crew/projections';
import { prefixTerms } from '../voyages/voyage-read-model';

/** Voyage statuses behind each admin status (planning, active and full are all ACTIVE). */
export const STATUSES_OF: Record<AdminVoyageStatus, readonly string[]> = {
  DRAFT: ['draft'],
  ACTIVE: ['planning', 'active', 'full'],
  IN_PROGRESS: ['in_progress'],
  COMPLETED: ['completed'],
  CANCELLED: ['cancelled'],
};

export const adminStatusOf = (status: string): AdminVoyageStatus =>
  (Object.entries(STATUSES_OF).find(([, statuses]) => statuses.includes(status))?.[0] as AdminVoyageStatus | undefined) ?? 'ACTIVE';

/** The summary row, its skipper and boat as they are now (state tables joined at read time). */
export const ADMIN_VOYAGE_SELECT = `
  SELECT v.voyage_id, v.title, v.description, v.status, v.suspended, v.departure_port, v.arrival_port,
         to_char(v.start_date, 'YYYY-MM-DD') AS start_date, to_char(v.end_date, 'YYYY-MM-DD') AS end_date, v.duration_days,
         v.segments, v.current_crew_count, v.crew_needed, v.application_count, v.pending_count,
         v.contribution_type, v.contribution_amount::float8 AS contribution_amount, v.contribution_currency, v.includes_food, v.flagged_for_review, v.flag_notes, v.created_at,
         u.id AS skipper_id, u.first_name, u.last_name, u.email, u.profile_photo_url, u.profile_complete, u.identity_verified,
         b.max_crew
    FROM voyage_summaries v
    LEFT JOIN users u ON u.id = v.skipper_id
    LEFT JOIN boats b ON b.id = v.boat_id`;

/** A summary row as ADMIN_VOYAGE_SELECT reads it, with its skipper (null when the account is gone) and boat as they are now. */
export interface AdminVoyageRow extends Pick<
  VoyageSummaryRow,
  | 'voyage_id'
  | 'title'
  | 'description'
  | 'status'
  | 'suspended'
  | 'departure_port'
  | 'arrival_port'
  | 'start_date'
  | 'end_date'
  | 'duration_days'
  | 'segments'
  | 'current_crew_count'
  | 'crew_needed'
  | 'application_count'
  | 'pending_count'
  | 'contribution_type'
  | 'contribution_amount'
  | 'contribution_currency'
  | 'includes_food'
  | 'flagged_for_review'
  | 'flag_notes'
  | 'created_at'
> {
  skipper_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  profile_photo_url: string | null;
  profile_complete: boolean | null;
  identity_verified: boolean | null;
  max_crew: number | null;
}

export const toAdminVoyage = (row: AdminVoyageRow): AdminVoyage => ({
  id: row.voyage_id,
  title: row.title,
  description: row.description,
  status: adminStatusOf(row.status),
  voyage_status: row.status,
  suspended: row.suspended,
  departure_port: row.departure_port,
  arrival_port: row.arrival_port,
  departure_date: row.start_date,
  return_date: row.end_date,
  duration_days: row.duration_days,
  segments: row.segments.map((segment) => ({ order: segment.order, departure_port: segment.departure.name, arrival_port: segment.arrival.name })),
  skipper: row.skipper_id
    ? {
        id: row.skipper_id,
        first_name: row.first_name ?? '',
        last_name: row.last_name ?? '',
        email: row.email ?? '',
        profile_photo_url: row.profile_photo_url,
        profile_complete: row.profile_complete ?? false,
        identity_verified: row.identity_verified ?? false,
      }
    : null,
  current_crew: row.current_crew_count,
  max_crew: row.max_crew,
  crew_needed: row.crew_needed,
  application_count: row.application_count,
  pending_count: row.pending_count,
  contribution_type: row.contribution_type,
  contribution_amount: row.contribution_amount,
  contribution_currency: row.contribution_currency,
  includes_food: row.includes_food,
  flagged_for_review: row.flagged_for_review,
  flag_notes: row.flag_notes,
  created_at: row.created_at.toISOString(),
});

export interface AdminVoyageFilters {
  readonly search?: string;
  readonly status?: AdminVoyageStatus;
  readonly date?: 'upcoming' | 'this_month' | 'recent';
  /** Only the moderation queue. */
  readonly flagged?: 'true';
}

/**
 * WHERE clause of the admin voyage list: every word starts a word of the
 * title, description or ports (the voyage's text index) or of the skipper's
 * name (the users' name index); a whole voyage id finds that voyage. Dates:
 * upcoming (departing in the next 30 days), this month (departing this
 * calendar month), recent (departed in the last 30 days).
 */
export function adminVoyageWhere(filters: AdminVoyageFilters): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const add = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const clauses: string[] = [];
  const search = filters.search?.trim() ?? '';
  if (search && isUuid(search)) {
    clauses.push(`v.voyage_id = ${add(search)}::uuid`);
  } else if (search) {
    const terms = prefixTerms(search);
    if (terms.length === 0) clauses.push('false');
    // Each word starts a word of the voyage's text, or of its skipper's name (the users' name index, joined in the database).
    for (const term of terms) {
      const t = add(term);
      clauses.push(
        `(v.search @@ to_tsquery('simple', ${t}) OR v.skipper_id IN (SELECT n.id FROM users n WHERE crew_person_name_vector(n.first_name, n.last_name) @@ to_tsquery('simple', ${t})))`,
      );
    }
  }
  if (filters.status) clauses.push(`v.status = ANY (${add(STATUSES_OF[filters.status])}::text[])`);
  if (filters.date === 'upcoming') clauses.push(`v.start_date BETWEEN current_date AND current_date + 30`);
  if (filters.date === 'this_month')
    clauses.push(`v.start_date >= date_trunc('month', current_date)::date AND v.start_date < (date_trunc('month', current_date) + interval '1 month')::date`);
  if (filters.date === 'recent') clauses.push(`v.start_date BETWEEN current_date - 30 AND current_date`);
  if (filters.flagged === 'true') clauses.push('v.flagged_for_review');
  return { where: clauses.length ? clauses.join(' AND ') : 'true', params };
}
