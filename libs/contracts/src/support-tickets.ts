import { supportTicketPaths } from './paths';
import { z } from 'zod';
import type { RouteContract } from './routes';
import { TICKET_DESCRIPTION, TICKET_PRIORITY_VALUES, TICKET_REPLY, TICKET_STATUS_VALUES, TICKET_TITLE, type TicketStatusValue } from './form-limits/community';
import { safeText } from './text';
import { sharedText, TICKET_MESSAGES, TICKET_SOURCES } from '@crew/rules';

export { TICKET_PRIORITY_VALUES, TICKET_STATUS_VALUES, type TicketPriorityValue, type TicketStatusValue } from './form-limits/community';
/**
 * The one definition of a pending ticket, wherever a count of them is shown:
 * not yet resolved or closed, so still waiting on the support team (a new
 * ticket is open; pending is one being worked on).
 */
export const AWAITING_SUPPORT_STATUSES = ['open', 'pending'] as const satisfies readonly TicketStatusValue[];
export const PENDING_TICKETS_DEFINITION = 'Tickets not yet resolved or closed: new (open) and in progress (pending).';
export const TICKET_SEARCH_MAX = 100;
export const ADMIN_TICKETS_PAGE_SIZE = 50;

/** Its paths live zod-free in paths.ts, so the web client can name them without the schema library. */
export { supportTicketPaths };

const priority = z.enum(TICKET_PRIORITY_VALUES, { message: TICKET_MESSAGES.priorityInvalid });
const status = z.enum(TICKET_STATUS_VALUES, { message: TICKET_MESSAGES.statusInvalid });
const replyText = safeText()
  .trim()
  .min(TICKET_REPLY.min, 'Please write a message')
  .max(TICKET_REPLY.max, sharedText('Please keep your message under {max, number} characters', { max: TICKET_REPLY.max }));

/** POST /api/support/tickets: the Help centre's "Contact support" form. */
export const openTicketRequestSchema = z
  .object({
    title: safeText()
      .trim()
      .min(TICKET_TITLE.min, sharedText('Please give a subject of at least {min} characters', { min: TICKET_TITLE.min }))
      .max(TICKET_TITLE.max, sharedText('Please keep the subject under {max} characters', { max: TICKET_TITLE.max })),
    description: safeText()
      .trim()
      .min(TICKET_DESCRIPTION.min, sharedText('Please describe the problem in at least {min} characters', { min: TICKET_DESCRIPTION.min }))
      .max(TICKET_DESCRIPTION.max, sharedText('Please keep the description under {max, number} characters', { max: TICKET_DESCRIPTION.max })),
    priority: priority.optional(),
  })
  .strict()
  .meta({ id: 'OpenTicketRequest' });
export type OpenTicketRequest = z.input<typeof openTicketRequestSchema>;

export const ticketReplyRequestSchema = z.object({ message: replyText }).strict().meta({ id: 'TicketReplyRequest' });
export type TicketReplyRequest = z.input<typeof ticketReplyRequestSchema>;

export const ticketRatingRequestSchema = z
  .object({ satisfied: z.boolean({ message: 'satisfied must be true or false' }) })
  .strict()
  .meta({ id: 'TicketRatingRequest' });
export type TicketRatingRequest = z.input<typeof ticketRatingRequestSchema>;

export const ticketStatusRequestSchema = z.object({ status }).strict().meta({ id: 'TicketStatusRequest' });
export type TicketStatusRequest = z.input<typeof ticketStatusRequestSchema>;

export const ticketPriorityRequestSchema = z.object({ priority }).strict().meta({ id: 'TicketPriorityRequest' });
export type TicketPriorityRequest = z.input<typeof ticketPriorityRequestSchema>;

export const ticketAssigneeRequestSchema = z
  .object({ assignee_id: z.uuid('assignee_id must be a user id').nullable() })
  .strict()
  .meta({ id: 'TicketAssigneeRequest' });
export type TicketAssigneeRequest = z.input<typeof ticketAssigneeRequestSchema>;

/** GET /api/admin/support/tickets: filters (status, priority, search) and the page. */
export const adminTicketListQuerySchema = z
  .object({
    status: status.optional(),
    priority: priority.optional(),
    search: safeText()
      .trim()
      .max(TICKET_SEARCH_MAX, sharedText('Search is at most {max} characters', { max: TICKET_SEARCH_MAX }))
      .optional(),
    page: z.coerce.number().int('page must be a whole number').min(1).max(100_000).default(1),
  })
  .strict()
  .meta({ id: 'AdminTicketListQuery' });
export type AdminTicketListQuery = z.input<typeof adminTicketListQuerySchema>;

export const ticketReplySchema = z
  .object({
    id: z.string(),
    message: z.string(),
    from_admin: z.boolean(),
    /** The staff member's name (administrators' view only; members see "Support team"), or the requester's. */
    author_name: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'TicketReply' });
export type TicketReply = z.infer<typeof ticketReplySchema>;

/** A ticket as lists show it (without the replies). */
export const ticketSummarySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    priority: priority,
    status: status,
    source: z.enum(TICKET_SOURCES),
    user_id: z.string(),
    /** Joined from the account at read time; "Deleted user" once it is erased. */
    user_name: z.string(),
    user_email: z.string().nullable(),
    assignee_id: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    /** When the last reply was written (null: none yet). */
    last_reply: z.string().nullable(),
    last_reply_from_admin: z.boolean().nullable(),
    reply_count: z.number().int(),
    /** The requester's verdict after resolution (null: not rated). */
    satisfied: z.boolean().nullable(),
    /** The requester's account was deleted: their text is no longer shown. */
    erased: z.boolean(),
  })
  .meta({ id: 'TicketSummary' });
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketDetailSchema = ticketSummarySchema
  .extend({
    replies: z.array(ticketReplySchema),
    /** What the reported review or message was (tickets opened from a report). */
    subject_id: z.string().nullable(),
  })
  .meta({ id: 'TicketDetail' });
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const ticketTimelineEntrySchema = z
  .object({
    id: z.string(),
    action: z.enum(['opened', 'replied', 'status_changed', 'priority_changed', 'assigned', 'rated', 'requester_erased']),
    /** Who did it (null: the platform), with their name joined at read time. */
    actor_id: z.string().nullable(),
    actor_name: z.string().nullable(),
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    occurred_at: z.string(),
  })
  .meta({ id: 'TicketTimelineEntry' });
export type TicketTimelineEntry = z.infer<typeof ticketTimelineEntrySchema>;

export const adminTicketDetailSchema = ticketDetailSchema.extend({ timeline: z.array(ticketTimelineEntrySchema) }).meta({ id: 'AdminTicketDetail' });
export type AdminTicketDetail = z.infer<typeof adminTicketDetailSchema>;

export const myTicketsResponseSchema = z.object({ tickets: z.array(ticketSummarySchema) }).meta({ id: 'MyTickets' });
export type MyTicketsResponse = z.infer<typeof myTicketsResponseSchema>;

export const adminTicketListResponseSchema = z
  .object({
    tickets: z.array(ticketSummarySchema),
    total: z.number().int(),
    /** A text search matched more than 1,000 tickets: total says 1,000 (the pages still run on). */
    total_capped: z.boolean(),
    page: z.number().int(),
    page_size: z.number().int(),
  })
  .meta({ id: 'AdminTicketList' });
export type AdminTicketListResponse = z.infer<typeof adminTicketListResponseSchema>;

/** GET /api/admin/support/stats, computed by the support-tickets projection. */
export const supportStatsResponseSchema = z
  .object({
    /** Urgent tickets not yet resolved or closed. */
    urgent_tickets: z.number().int(),
    pending_tickets: z.number().int().describe(PENDING_TICKETS_DEFINITION),
    /** Of them, new tickets nobody has moved on yet (status open). */
    open_tickets: z.number().int(),
    /** Average hours from opening to the first staff reply (null: no reply yet), one decimal. */
    avg_response_time: z.number().nullable(),
    /** Satisfied ratings as a whole percentage of rated tickets (null: none rated). */
    satisfaction_rate: z.number().nullable(),
    rated_tickets: z.number().int(),
  })
  .meta({ id: 'SupportStats' });
export type SupportStatsResponse = z.infer<typeof supportStatsResponseSchema>;

export const ticketActionResponseSchema = z.object({ message: z.string(), ticket: ticketDetailSchema }).meta({ id: 'TicketAction' });
export type TicketActionResponse = z.infer<typeof ticketActionResponseSchema>;

export const adminTicketActionResponseSchema = z.object({ message: z.string(), ticket: adminTicketDetailSchema }).meta({ id: 'AdminTicketAction' });
export type AdminTicketActionResponse = z.infer<typeof adminTicketActionResponseSchema>;

/** POST /api/admin/support/tickets/{id}/reply → the reply, with the ticket as it now stands. */
export const adminTicketReplyResponseSchema = z.object({ message: z.string(), reply: ticketReplySchema, ticket: adminTicketDetailSchema }).meta({ id: 'AdminTicketReply' });
export type AdminTicketReplyResponse = z.infer<typeof adminTicketReplyResponseSchema>;

const ticketErrors = { 409: ['TICKET_CLOSED', 'TICKET_ERASED'] } as const;

/** An administrator a ticket can be assigned to (the modal's "Assign to" list). */
export const supportAssigneeSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: 'SupportAssignee' });
export type SupportAssignee = z.infer<typeof supportAssigneeSchema>;
export const supportAssigneesResponseSchema = z.object({ assignees: z.array(supportAssigneeSchema) }).meta({ id: 'SupportAssigneesResponse' });
export type SupportAssigneesResponse = z.infer<typeof supportAssigneesResponseSchema>;

export const supportTicketRoutes = {
  openTicket: {
    method: 'POST',
    path: supportTicketPaths.open,
    summary: 'Contact support: open a ticket (signed-in members)',
    tag: 'support',
    auth: 'user',
    body: openTicketRequestSchema,
    response: ticketActionResponseSchema,
    status: 201,
    readsOwnWrite: true,
  },
  myTickets: {
    method: 'GET',
    path: supportTicketPaths.mine,
    summary: "The signed-in member's tickets, newest activity first",
    tag: 'support',
    auth: 'user',
    response: myTicketsResponseSchema,
  },
  getMyTicket: {
    method: 'GET',
    path: supportTicketPaths.get,
    summary: 'One of the signed-in member’s tickets with its conversation (404 for anyone else’s)',
    tag: 'support',
    auth: 'user',
    response: ticketDetailSchema,
  },
  replyToMyTicket: {
    method: 'POST',
    path: supportTicketPaths.reply,
    summary: 'Reply on one’s own ticket (reopens it when resolved or pending)',
    tag: 'support',
    auth: 'user',
    body: ticketReplyRequestSchema,
    response: ticketActionResponseSchema,
    status: 201,
    errors: [409],
    errorCodes: ticketErrors,
    readsOwnWrite: true,
  },
  rateMyTicket: {
    method: 'POST',
    path: supportTicketPaths.rating,
    summary: 'Say whether one was satisfied, once the ticket is resolved or closed',
    tag: 'support',
    auth: 'user',
    body: ticketRatingRequestSchema,
    response: ticketActionResponseSchema,
    errors: [409],
    errorCodes: { 409: ['TICKET_NOT_RESOLVED', 'TICKET_ERASED'] },
    readsOwnWrite: true,
  },
  supportStats: {
    method: 'GET',
    path: supportTicketPaths.adminStats,
    summary: 'Support stat cards: urgent and pending tickets, average first response in hours, satisfaction %',
    tag: 'admin',
    auth: 'admin',
    response: supportStatsResponseSchema,
  },
  adminTickets: {
    method: 'GET',
    path: supportTicketPaths.adminList,
    summary: 'Tickets filtered by status, priority and text (title, description, requester name or email), newest activity first, 50 a page',
    tag: 'admin',
    auth: 'admin',
    query: adminTicketListQuerySchema,
    response: adminTicketListResponseSchema,
  },
  adminTicket: {
    method: 'GET',
    path: supportTicketPaths.adminGet,
    summary: 'One ticket with its conversation and the timeline of its events (who changed what, when)',
    tag: 'admin',
    auth: 'admin',
    response: adminTicketDetailSchema,
  },
  adminTicketStatus: {
    method: 'PUT',
    path: supportTicketPaths.adminStatus,
    summary: 'Set a ticket’s status (any of open, pending, resolved, closed); the member is mailed',
    tag: 'admin',
    auth: 'admin',
    body: ticketStatusRequestSchema,
    response: adminTicketActionResponseSchema,
    errors: [409],
    errorCodes: { 409: ['TICKET_ERASED'] },
    readsOwnWrite: true,
  },
  adminTicketPriority: {
    method: 'PUT',
    path: supportTicketPaths.adminPriority,
    summary: 'Set a ticket’s priority',
    tag: 'admin',
    auth: 'admin',
    body: ticketPriorityRequestSchema,
    response: adminTicketActionResponseSchema,
    errors: [409],
    errorCodes: { 409: ['TICKET_ERASED'] },
    readsOwnWrite: true,
  },
  adminTicketAssignee: {
    method: 'PUT',
    path: supportTicketPaths.adminAssignee,
    summary: 'Assign a ticket to an administrator, or unassign it',
    tag: 'admin',
    auth: 'admin',
    body: ticketAssigneeRequestSchema,
    response: adminTicketActionResponseSchema,
    errors: [409, 422],
    errorCodes: { 409: ['TICKET_ERASED'], 422: ['ASSIGNEE_NOT_ADMIN'] },
    readsOwnWrite: true,
  },
  supportAssignees: {
    method: 'GET',
    path: supportTicketPaths.adminAssignees,
    summary: 'The administrators a ticket can be assigned to, by name',
    tag: 'admin',
    auth: 'admin',
    response: supportAssigneesResponseSchema,
  },
  adminTicketReply: {
    method: 'POST',
    path: supportTicketPaths.adminReply,
    summary: 'Reply to the member as support staff; the member is mailed with a link',
    tag: 'admin',
    auth: 'admin',
    body: ticketReplyRequestSchema,
    response: adminTicketReplyResponseSchema,
    status: 201,
    errors: [409],
    errorCodes: { 409: ['TICKET_ERASED'] },
    readsOwnWrite: true,
  },
} as const satisfies Record<string, RouteContract>;
