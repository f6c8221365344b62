/**
 * A support ticket's priorities, statuses and sources (docs/features/support-tickets.md),
 * and the lengths of its text once trimmed, stated once for the domain, the
 * contracts and the web client's contact form.
 */
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const TICKET_STATUSES = ['open', 'pending', 'resolved', 'closed'] as const;
/** Where a ticket came from: the contact form, or a report of a review or a message. */
export const TICKET_SOURCES = ['contact_form', 'review_report', 'message_report'] as const;
export const TICKET_TEXT_LIMITS = {
  title: { min: 5, max: 150 },
  description: { min: 10, max: 5000 },
  reply: { min: 1, max: 5000 },
} as const;
