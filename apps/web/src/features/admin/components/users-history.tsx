import type { AdminAuditEntry } from '@crew/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime, humanize } from '../../../lib/format';
import { ErrorState, LoadingState } from '../../../components/ui/States';

/** Names of the audit codes, as the history lists them. */
const ACTIONS: Record<string, MessageDescriptor> = {
  'user.premium_granted': msg`Premium granted`,
  'user.premium_revoked': msg`Premium revoked`,
  'user.profile_marked_complete': msg`Profile marked as reviewed`,
  'user.profile_marked_incomplete': msg`Profile review cleared`,
  'user.suspended': msg`Account suspended`,
  'user.reinstated': msg`Account reinstated`,
  'user.identity_verified': msg`Identity checked`,
  'user.identity_verification_revoked': msg`Identity check revoked`,
  'user.emailed': msg`Email sent`,
  'user.deleted': msg`User deleted`,
  'voyage.suspended': msg({ message: 'Suspended', context: 'voyage history' }),
  'voyage.reinstated': msg({ message: 'Reinstated', context: 'voyage history' }),
  'voyage.flagged_for_review': msg`Flagged for review`,
  'voyage.flag_cleared': msg`Review flag cleared`,
  'voyage.deleted': msg({ message: 'Deleted', context: 'voyage history' }),
  'review.hidden': msg`Review hidden`,
};

/** Which review an action on a review was about, as seen from the record whose history is shown. */
function reviewContext(entry: AdminAuditEntry, subjectId: string | undefined): string {
  if (entry.subject_type !== 'review' || !entry.review) return '';
  if (entry.review.reviewer_id === subjectId) return ` ${t`(a review this member wrote)`}`;
  if (entry.review.reviewee_id === subjectId) return ` ${t`(a review about this member)`}`;
  return ` ${t`(a review of this voyage)`}`;
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
  const { t, i18n } = useLingui();
  return (
    <section className="users-history" aria-labelledby="admin-history-title">
      <h3 id="admin-history-title">
        <Trans>Admin history</Trans>
      </h3>
      {loading ? (
        <LoadingState label={t`Loading history…`} />
      ) : error ? (
        <ErrorState message={t`Failed to load the admin history`} onRetry={onRetry} />
      ) : !entries || entries.length === 0 ? (
        <p className="users-muted">
          <Trans>No administrator actions recorded</Trans>
        </p>
      ) : (
        <ol className="users-history__list">
          {entries.map((entry) => {
            const known = ACTIONS[entry.action];
            const when = formatDateTime(entry.occurred_at);
            const who = entry.actor_name ?? (entry.actor_id ? t`(removed)` : null);
            return (
              <li key={entry.id}>
                {/* A code this screen does not know yet shows as written, made readable. */}
                <strong>{known ? i18n._(known) : humanize(entry.action)}</strong>
                {reviewContext(entry, subjectId)} — {who === null ? t`${when} by the system` : t`${when} by ${who}`}
                {entry.reason && <span className="users-history__reason">: {entry.reason}</span>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
