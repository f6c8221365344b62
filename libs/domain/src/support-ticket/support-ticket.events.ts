import type { DomainEvent } from '../shared/event';
// A ticket's priorities, statuses and sources are stated once in libs/rules (ticket-rules.ts).
import { TICKET_PRIORITIES, TICKET_SOURCES, TICKET_STATUSES } from '@crew/rules';

export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** Where a ticket came from: the Help centre's contact form, or a member's report of a review or a message. */
export type TicketSource = (typeof TICKET_SOURCES)[number];

/** Who moved the status: an administrator, the requester (a reply reopens a resolved ticket), or the platform (account erasure). */
export type TicketStatusActor = 'staff' | 'requester' | 'system';

/**
 * A support ticket, one stream per ticket (`support-ticket-<uuid>`). Events
 * carry ids and the ticket's own text (title, description, replies); never a
 * name or an email address: those are joined from the users table at read
 * time. Who acted and when is in the metadata.
 */
export type SupportTicketOpened = DomainEvent<
  'SupportTicketOpened',
  {
    requesterId: string;
    title: string;
    description: string;
    priority: TicketPriority;
    source: TicketSource;
    /** The report the ticket was opened from (null for the contact form). */
    sourceId: string | null;
    /** The reported review or message (null for the contact form). */
    subjectId: string | null;
  }
>;

export type SupportTicketReplied = DomainEvent<'SupportTicketReplied', { replyId: string; authorId: string; fromStaff: boolean; message: string }>;

export type SupportTicketStatusChanged = DomainEvent<'SupportTicketStatusChanged', { from: TicketStatus; to: TicketStatus; by: TicketStatusActor }>;

export type SupportTicketPriorityChanged = DomainEvent<'SupportTicketPriorityChanged', { from: TicketPriority; to: TicketPriority }>;

export type SupportTicketAssigned = DomainEvent<'SupportTicketAssigned', { assigneeId: string | null; previousAssigneeId: string | null }>;

/** The requester's verdict after resolution; a later rating replaces an earlier one. */
export type SupportTicketRated = DomainEvent<'SupportTicketRated', { satisfied: boolean }>;

/**
 * The requester's account was deleted: the text they wrote (title,
 * description, their replies) is no longer shown anywhere; read models blank
 * it, and the ticket takes no further changes.
 */
export type SupportTicketRequesterErased = DomainEvent<'SupportTicketRequesterErased', { requesterId: string }>;

export type SupportTicketEvent =
  | SupportTicketOpened
  | SupportTicketReplied
  | SupportTicketStatusChanged
  | SupportTicketPriorityChanged
  | SupportTicketAssigned
  | SupportTicketRated
  | SupportTicketRequesterErased;

export const supportTicketEventTypes = [
  'SupportTicketOpened',
  'SupportTicketReplied',
  'SupportTicketStatusChanged',
  'SupportTicketPriorityChanged',
  'SupportTicketAssigned',
  'SupportTicketRated',
  'SupportTicketRequesterErased',
] as const satisfies readonly SupportTicketEvent['type'][];

export const isSupportTicketEvent = (event: { readonly type: string }): event is SupportTicketEvent => (supportTicketEventTypes as readonly string[]).includes(event.type);

export const SUPPORT_TICKET_STREAM_PREFIX = 'support-ticket';
export const supportTicketStreamId = (ticketId: string): string => `${SUPPORT_TICKET_STREAM_PREFIX}-${ticketId}`;
export const ticketIdOfStream = (streamId: string): string => streamId.slice(SUPPORT_TICKET_STREAM_PREFIX.length + 1);
