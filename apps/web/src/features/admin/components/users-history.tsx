import type { AdminAuditEntry } from '@crew/contracts';
import { formatDateTime, humanize } from '../../../lib/format';
import { ErrorState, LoadingState } from '../../../components/ui/States';

/** Names of the audit codes, as the history lists them. */
const ACTIONS: Record<string, string> = {
  'user.premium_granted': 'Premium granted',
  'user.premium_revoked': 'Premium revoked',
  'user.profile_marked_complete': 'Profile marked as reviewed',
  'user.profile_marked_incomplete': 'Profile review cleared',
  'user.suspended': 'Account suspended',
  'user.reinstated': 'Account reinstated',
  'user.identity_verified': 'Identity checked',
  'user.identity_verification_revoked': 'Identity check revoked',
  'user.emailed': 'Email sent',
  'user.deleted': 'User deleted',
  'voyage.suspended': 'Suspended',
  'voyage.reinstated': 'Reinstated',
  'voyage.flagged_for_review': 'Flagged for review',
  'voyage.flag_cleared': 'Review flag cleared',
  'voyage.deleted': 'Deleted',
  'review.hidden': 'Review hidden',
};

/** Which review an action on a review was about, as seen from the record whose history is shown. */
function reviewContext(entry: AdminAuditEntry, subjectId: string | undefined): string {
  if (entry.subject_type !== 'review' || !entry.review) return '';
  if (entry.review.reviewer_id === subjectId) return ' (a review this member wrote)';
  if (entry.review.reviewee_id === subjectId) return ' (a review about this member)';
  return ' (a review of this voyage)';
}

/** A record's administrator history: who, when, what and why (with the actions on the reviews around it). */
export function AdminHistory({
  entries,
  loading,
  error,
  onRetry,
  subjectId,
}: {
  entries: readonly AdminAuditEntry[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  /** The user or voyage the history is of. */
  subjectId?: string;
}) {
  return (
    <section className="users-history" aria-labelledby="admin-history-title">
      <h3 id="admin-history-title">Admin history</h3>
      {loading ? (
        <LoadingState label="Loading history…" />
      ) : error ? (
        <ErrorState message="Failed to load the admin history" onRetry={onRetry} />
      ) : !entries || entries.length === 0 ? (
        <p className="users-muted">No administrator actions recorded</p>
      ) : (
        <ol className="users-history__list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <strong>{ACTIONS[entry.action] ?? humanize(entry.action)}</strong>
              {reviewContext(entry, subjectId)} — {formatDateTime(entry.occurred_at)} by {entry.actor_name ?? (entry.actor_id ? '(removed)' : 'the system')}
              {entry.reason && <span className="users-history__reason">: {entry.reason}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
