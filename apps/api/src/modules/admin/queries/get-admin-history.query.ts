import type { AdminHistoryResponse } from '@crew/contracts';
import type { AdminAuditRow } from '@crew/projections';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

export class GetAdminHistory {
  constructor(
    readonly subjectType: 'user' | 'voyage',
    readonly subjectId: string,
  ) {}
}

/** How many entries a detail modal shows. */
const HISTORY_LIMIT = 100;

/**
 * The moderated reviews whose actions belong in a history: a user's (those
 * they wrote and those about them; the two never overlap) or a voyage's.
 * Each branch is an index scan (reviews_reviewer_idx, reviews_moderated_idx,
 * the voyage's unique key).
 */
const REVIEWS_OF: Record<GetAdminHistory['subjectType'], string> = {
  user: `SELECT r.id, r.voyage_id, r.reviewer_id, r.reviewee_id FROM reviews r WHERE r.reviewer_id = $2::uuid AND r.hidden_at IS NOT NULL
         UNION ALL
         SELECT r.id, r.voyage_id, r.reviewer_id, r.reviewee_id FROM reviews r WHERE r.reviewee_id = $2::uuid AND r.hidden_at IS NOT NULL`,
  voyage: `SELECT r.id, r.voyage_id, r.reviewer_id, r.reviewee_id FROM reviews r WHERE r.voyage_id = $2::uuid AND r.hidden_at IS NOT NULL`,
};

/** An audit line with its administrator's name as it is now and, for a review, the review's voyage and people. */
interface HistoryRow extends Pick<AdminAuditRow, 'event_id' | 'subject_type' | 'subject_id' | 'action' | 'reason' | 'details' | 'actor_id' | 'occurred_at'> {
  actor_name: string | null;
  review_voyage_id: string | null;
  reviewer_id: string | null;
  reviewee_id: string | null;
}

/**
 * A record's administrator history from the admin_audit read model, newest
 * first, with the actions on the reviews around it (a hidden review); the
 * admin's name and the review's people joined at read time, so an erased
 * account leaves nothing in the read model.
 */
@QueryHandler(GetAdminHistory)
export class GetAdminHistoryHandler implements IQueryHandler<GetAdminHistory, AdminHistoryResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ subjectType, subjectId }: GetAdminHistory): Promise<AdminHistoryResponse> {
    const rows = await this.dataSource.query<HistoryRow[]>(
      `WITH moderated AS (${REVIEWS_OF[subjectType]}),
            subjects (subject_type, subject_id, review_voyage_id, reviewer_id, reviewee_id) AS (
              SELECT $1::text, $2::text, NULL::uuid, NULL::uuid, NULL::uuid
              UNION ALL
              SELECT 'review', m.id::text, m.voyage_id, m.reviewer_id, m.reviewee_id FROM moderated m)
       SELECT a.event_id, a.subject_type, a.subject_id, a.action, a.reason, a.details, a.actor_id, a.occurred_at,
              s.review_voyage_id, s.reviewer_id, s.reviewee_id,
              CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS actor_name
         FROM subjects s
         JOIN admin_audit a ON a.subject_type = s.subject_type AND a.subject_id = s.subject_id
         LEFT JOIN users u ON u.id = a.actor_id
        ORDER BY a.log_commit DESC, a.log_prepare DESC
        LIMIT ${HISTORY_LIMIT}`,
      [subjectType, subjectId],
    );
    return {
      history: rows.map((row) => ({
        id: row.event_id,
        action: row.action,
        subject_type: row.subject_type,
        subject_id: row.subject_id,
        review:
          row.subject_type === 'review' && row.review_voyage_id && row.reviewer_id && row.reviewee_id
            ? { id: row.subject_id, voyage_id: row.review_voyage_id, reviewer_id: row.reviewer_id, reviewee_id: row.reviewee_id }
            : null,
        reason: row.reason,
        details: row.details,
        actor_id: row.actor_id,
        actor_name: row.actor_name,
        occurred_at: row.occurred_at.toISOString(),
      })),
    };
  }
}
