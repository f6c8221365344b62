import type { DomainEvent } from '../shared/event';

/** What an administrator acted on. */
export const ADMIN_ACTION_SUBJECTS = ['user', 'voyage', 'review', 'message', 'ticket', 'article', 'campaign'] as const;
export type AdminActionSubject = (typeof ADMIN_ACTION_SUBJECTS)[number];

/**
 * One administrator action that does not belong in another aggregate's
 * stream (granting premium, changing a profile status, contacting or deleting
 * a user, hiding a review...). Who and when are in the event metadata; the
 * data carries ids, codes and the admin's reason, never personal data.
 */
export type AdminActionRecorded = DomainEvent<
  'AdminActionRecorded',
  {
    /** Dotted code, e.g. `user.premium_granted`, `user.deleted`, `review.hidden`. */
    action: string;
    subjectType: AdminActionSubject;
    subjectId: string;
    reason: string;
    /** Ids, enums and numbers only (e.g. a template name, counts of erased records). */
    details: { [key: string]: string | number | boolean | null };
  }
>;

export type AdminActionEvent = AdminActionRecorded;

export const isAdminActionEvent = (event: DomainEvent): event is AdminActionEvent => event.type === 'AdminActionRecorded';

/** Suspending a member and reinstating them: administrator actions on a user (User Management). */
export const ACCOUNT_SUSPENDED_ACTION = 'user.suspended';
export const ACCOUNT_REINSTATED_ACTION = 'user.reinstated';

/**
 * The member a suspension or reinstatement is about, and whether they are
 * suspended after it; null for any other event. Read models that hide a
 * suspended member's content follow these two actions only.
 */
export function accountSuspensionOf(event: DomainEvent): { readonly userId: string; readonly suspended: boolean } | null {
  if (!isAdminActionEvent(event) || event.data.subjectType !== 'user') return null;
  if (event.data.action === ACCOUNT_SUSPENDED_ACTION) return { userId: event.data.subjectId, suspended: true };
  if (event.data.action === ACCOUNT_REINSTATED_ACTION) return { userId: event.data.subjectId, suspended: false };
  return null;
}
