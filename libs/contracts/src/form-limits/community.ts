/**
 * Limits of the community forms, stated once: the contract's zod schemas and the
 * web client's fields (maxLength, counters) both read them. Zod-free, so the
 * client can use them without loading the schema library.
 */

/** Support tickets: lengths once trimmed; the domain (TICKET_TEXT_LIMITS) checks the same numbers. */
/** Spec sections 3 and 9: a ticket's priorities and statuses (zod-free, so the contact form names them without the schema library). */
export const TICKET_PRIORITY_VALUES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriorityValue = (typeof TICKET_PRIORITY_VALUES)[number];
export const TICKET_STATUS_VALUES = ['open', 'pending', 'resolved', 'closed'] as const;
export type TicketStatusValue = (typeof TICKET_STATUS_VALUES)[number];
export const TICKET_TITLE = { min: 5, max: 150 } as const;
export const TICKET_DESCRIPTION = { min: 10, max: 5000 } as const;
export const TICKET_REPLY = { min: 1, max: 5000 } as const;

// The trust routes are named here too (zod-free, through `@crew/contracts/constants`), so a first-visit page can reach them without the schema library.
export { trustPaths } from '../trust-constants';
