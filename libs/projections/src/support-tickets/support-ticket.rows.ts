/*
 * The support desk: tickets, their conversations, their histories and the stat cards' sums.
 * - Tables: `support_tickets`, `support_ticket_replies`, `support_ticket_timeline` and `support_ticket_stats`, created in
 *   apps/api/src/platform/database/migrations/1764850000000-support-tickets.ts.
 * - Projector: support-ticket.projector.ts (`support-tickets`).
 * - Readers: apps/api/src/modules/support/ticket-read-model.ts (members' and admins' ticket screens, the stat cards);
 *   support-mail.ts (who to write to about a ticket).
 */
import type { TicketPriority, TicketSource, TicketStatus } from '@crew/domain';

/** A row of `support_tickets`, in the forms of ../row-forms.ts. Ids only: names are joined from `users` when read. */
export interface SupportTicketRow {
  readonly ticket_id: string;
  readonly requester_id: string;
  /** Blanked when the requester's account is erased (`erased`). */
  readonly title: string;
  readonly description: string;
  readonly priority: TicketPriority;
  readonly status: TicketStatus;
  readonly source: TicketSource;
  readonly source_id: string | null;
  readonly subject_id: string | null;
  readonly assignee_id: string | null;
  readonly created_at: Date;
  readonly updated_at: Date;
  readonly last_reply_at: Date | null;
  readonly last_reply_from_staff: boolean | null;
  readonly reply_count: number;
  /** The team's first reply: the stat cards' response time. */
  readonly first_response_at: Date | null;
  readonly satisfied: boolean | null;
  readonly erased: boolean;
  /** The log position of the last event applied (bigint, as text). */
  readonly last_commit: string;
  readonly last_prepare: string;
}

/** A row of `support_ticket_replies`: one message of a ticket's conversation (a requester's blanked on erasure). */
export interface SupportTicketReplyRow {
  readonly reply_id: string;
  readonly ticket_id: string;
  readonly author_id: string;
  readonly from_staff: boolean;
  readonly message: string;
  readonly created_at: Date;
  /** The reply's log position (bigint, as text): the conversation's order. */
  readonly log_commit: string;
  readonly log_prepare: string;
}

/** What a timeline line records beside its action: what changed, never the text. */
export type TicketTimelineDetails = Record<string, string | number | boolean | null>;

/** A row of `support_ticket_timeline`: one line per ticket event for the admin's ticket history. */
export interface SupportTicketTimelineRow {
  readonly event_id: string;
  readonly ticket_id: string;
  readonly log_commit: string;
  readonly log_prepare: string;
  readonly action: 'opened' | 'replied' | 'status_changed' | 'priority_changed' | 'assigned' | 'rated' | 'requester_erased';
  readonly actor_id: string | null;
  readonly details: TicketTimelineDetails;
  readonly occurred_at: Date;
}

/** The one row (`id` 1) of `support_ticket_stats`: the sums behind the stat cards. */
export interface SupportTicketStatsRow {
  readonly id: number;
  readonly urgent_tickets: number;
  readonly pending_tickets: number;
  readonly open_tickets: number;
  readonly responded_tickets: number;
  /** Sum of first response times in ms (bigint, as text). */
  readonly response_ms_total: string;
  readonly rated_tickets: number;
  readonly satisfied_tickets: number;
}
