import { GRANT_DAYS, isAdminActionEvent, isVoyageEvent, userIdOfSubscriptionStream, voyageIdOfStream, type RecordedEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { Projector } from '../projector';
import type { Columns, Written } from '../row-forms';
import type { AdminAuditRow } from './admin-audit.rows';

/** What an event says of its administrator action, before the log's own id, position, user and time are added. */
interface AuditRow {
  subjectType: AdminAuditRow['subject_type'];
  subjectId: string;
  action: string;
  reason: string;
  details: AdminAuditRow['details'];
}

/** The INSERT's columns, in order. */
type AuditValues = Columns<
  Written<AdminAuditRow, 'details'>,
  ['event_id', 'log_commit', 'log_prepare', 'subject_type', 'subject_id', 'action', 'reason', 'details', 'actor_id', 'occurred_at']
>;

/** The audit line of one event, or null when it is no administrator action. */
export function auditRowOf(recorded: RecordedEvent): AuditRow | null {
  const event = { type: recorded.type, data: recorded.data };
  if (isAdminActionEvent(event)) {
    const { subjectType, subjectId, action, reason, details } = event.data;
    return { subjectType, subjectId, action, reason, details };
  }
  // Premium granted or revoked by an administrator lives in the member's subscription stream.
  if (event.type === 'SubscriptionGranted' || event.type === 'SubscriptionRevoked') {
    const subject = { subjectType: 'user' as const, subjectId: userIdOfSubscriptionStream(recorded.streamId), reason: String(event.data['reason'] ?? '') };
    return event.type === 'SubscriptionGranted'
      ? { ...subject, action: 'user.premium_granted', details: { days: GRANT_DAYS } }
      : { ...subject, action: 'user.premium_revoked', details: {} };
  }
  if (!isVoyageEvent(event)) return null;
  const voyage = (action: string, reason: string, details: AuditRow['details'] = {}): AuditRow => ({
    subjectType: 'voyage',
    subjectId: voyageIdOfStream(recorded.streamId),
    action,
    reason,
    details,
  });
  switch (event.type) {
    case 'VoyageSuspended':
      return voyage('voyage.suspended', event.data.reason);
    case 'VoyageReinstated':
      return voyage('voyage.reinstated', event.data.reason);
    case 'VoyageFlaggedForReview':
      return voyage('voyage.flagged_for_review', event.data.notes);
    case 'VoyageFlagCleared':
      return voyage('voyage.flag_cleared', event.data.notes);
    case 'VoyageDeleted':
      return voyage('voyage.deleted', event.data.reason, { because: event.data.because });
    default:
      return null;
  }
}

/**
 * The admin audit trail: every administrator action from the log (the
 * admin-actions streams, and moderation in each voyage's own stream), with
 * who (the event's metadata), when, what and why. A whole batch is one
 * INSERT over arrays, and the event id is the key, so a replayed batch is a
 * no-op and a rebuild is a few statements per thousand events.
 */
export const adminAuditProjector: Projector = {
  name: 'admin-audit',
  handles: (recorded) => auditRowOf(recorded) !== null,
  tables: ['admin_audit'],
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const columns: unknown[][] = Array.from({ length: 10 }, () => []);
    let rows = 0;
    for (const recorded of events) {
      const row = auditRowOf(recorded);
      if (!row) continue;
      const values: AuditValues = [
        recorded.id,
        recorded.position.commit.toString(),
        recorded.position.prepare.toString(),
        row.subjectType,
        row.subjectId,
        row.action,
        row.reason,
        JSON.stringify(row.details),
        recorded.metadata.userId,
        recorded.metadata.timestamp,
      ];
      values.forEach((value, i) => columns[i]?.push(value));
      rows++;
    }
    if (rows === 0) return;
    await manager.query(
      `INSERT INTO admin_audit (event_id, log_commit, log_prepare, subject_type, subject_id, action, reason, details, actor_id, occurred_at)
       SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::jsonb[], $9::uuid[], $10::timestamptz[])
       ON CONFLICT (event_id) DO NOTHING`,
      columns,
    );
  },
};
