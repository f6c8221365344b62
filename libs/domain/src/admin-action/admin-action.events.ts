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
