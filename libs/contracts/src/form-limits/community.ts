/**
 * Limits of the community forms, stated once: the contract's zod schemas and the
 * web client's fields (maxLength, counters) both read them. Zod-free, so the
 * client can use them without loading the schema library.
 */

import { TICKET_PRIORITIES, TICKET_STATUSES, TICKET_TEXT_LIMITS } from '@crew/rules';

/** Support tickets: lengths once trimmed, the domain's TICKET_TEXT_LIMITS themselves. */
/** A ticket's priorities and statuses (zod-free, so the contact form names them without the schema library). */
export const TICKET_PRIORITY_VALUES = TICKET_PRIORITIES;
export type TicketPriorityValue = (typeof TICKET_PRIORITY_VALUES)[number];
export const TICKET_STATUS_VALUES = TICKET_STATUSES;
export type TicketStatusValue = (typeof TICKET_STATUS_VALUES)[number];
export const TICKET_TITLE = TICKET_TEXT_LIMITS.title;
export const TICKET_DESCRIPTION = TICKET_TEXT_LIMITS.description;
export const TICKET_REPLY = TICKET_TEXT_LIMITS.reply;

// The trust routes are named here too (zod-free, through `@crew/contracts/constants`), so a first-visit page can reach them without the schema library.
export { trustPaths } from '../trust-constants';
