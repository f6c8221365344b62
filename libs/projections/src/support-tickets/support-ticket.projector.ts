import {
  comparePositions,
  isSupportTicketEvent,
  ticketIdOfStream,
  type LogPosition,
  type RecordedEvent,
  type SupportTicketEvent,
  type TicketPriority,
  type TicketSource,
  type TicketStatus,
} from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { Projector } from '../projector';
import type { Columns, Written } from '../row-forms';
import type { SupportTicketReplyRow, SupportTicketRow, SupportTicketTimelineRow } from './support-ticket.rows';

/** One ticket's row of `support_tickets` as the projector folds it. */
interface TicketRow {
  ticketId: string;
  requesterId: string;
  title: string;
  description: string;
  priority: TicketPriority;
  status: TicketStatus;
  source: TicketSource;
  sourceId: string | null;
  subjectId: string | null;
  assigneeId: string | null;
  createdAt: string;
  updatedAt: string;
  lastReplyAt: string | null;
  lastReplyFromStaff: boolean | null;
  replyCount: number;
  firstResponseAt: string | null;
  satisfied: boolean | null;
  erased: boolean;
  at: LogPosition;
}

/** What one ticket adds to the stat cards; the projector keeps their sums as it changes tickets. */
interface StatCounts {
  urgent: number;
  pending: number;
  open: number;
  responded: number;
  responseMs: number;
  rated: number;
  satisfied: number;
}

const ZERO: StatCounts = { urgent: 0, pending: 0, open: 0, responded: 0, responseMs: 0, rated: 0, satisfied: 0 };

export const countsOf = (row: Pick<TicketRow, 'priority' | 'status' | 'firstResponseAt' | 'createdAt' | 'satisfied'> | null): StatCounts => {
  if (!row) return ZERO;
  const live = row.status === 'open' || row.status === 'pending';
  return {
    urgent: row.priority === 'urgent' && live ? 1 : 0,
    pending: row.status === 'pending' ? 1 : 0,
    open: row.status === 'open' ? 1 : 0,
    responded: row.firstResponseAt === null ? 0 : 1,
    responseMs: row.firstResponseAt === null ? 0 : Math.max(0, Date.parse(row.firstResponseAt) - Date.parse(row.createdAt)),
    rated: row.satisfied === null ? 0 : 1,
    satisfied: row.satisfied === true ? 1 : 0,
  };
};

const rowOf = (stored: SupportTicketRow): TicketRow => ({
  ticketId: stored.ticket_id,
  requesterId: stored.requester_id,
  title: stored.title,
  description: stored.description,
  priority: stored.priority,
  status: stored.status,
  source: stored.source,
  sourceId: stored.source_id,
  subjectId: stored.subject_id,
  assigneeId: stored.assignee_id,
  createdAt: stored.created_at.toISOString(),
  updatedAt: stored.updated_at.toISOString(),
  lastReplyAt: stored.last_reply_at?.toISOString() ?? null,
  lastReplyFromStaff: stored.last_reply_from_staff,
  replyCount: stored.reply_count,
  firstResponseAt: stored.first_response_at?.toISOString() ?? null,
  satisfied: stored.satisfied,
  erased: stored.erased,
  at: { commit: BigInt(stored.last_commit), prepare: BigInt(stored.last_prepare) },
});

/** The ticket after one of its events (null before it was opened). */
function applyEvent(row: TicketRow | null, event: SupportTicketEvent, ticketId: string, at: LogPosition, time: string): TicketRow | null {
  if (event.type === 'SupportTicketOpened') {
    const { requesterId, title, description, priority, source, sourceId, subjectId } = event.data;
    return {
      ticketId,
      requesterId,
      title,
      description,
      priority,
      status: 'open',
      source,
      sourceId,
      subjectId,
      assigneeId: null,
      createdAt: time,
      updatedAt: time,
      lastReplyAt: null,
      lastReplyFromStaff: null,
      replyCount: 0,
      firstResponseAt: null,
      satisfied: null,
      erased: false,
      at,
    };
  }
  if (!row) return null;
  const next = { ...row, updatedAt: time, at };
  switch (event.type) {
    case 'SupportTicketReplied':
      return {
        ...next,
        replyCount: row.replyCount + 1,
        lastReplyAt: time,
        lastReplyFromStaff: event.data.fromStaff,
        firstResponseAt: row.firstResponseAt ?? (event.data.fromStaff ? time : null),
      };
    case 'SupportTicketStatusChanged':
      return { ...next, status: event.data.to };
    case 'SupportTicketPriorityChanged':
      return { ...next, priority: event.data.to };
    case 'SupportTicketAssigned':
      return { ...next, assigneeId: event.data.assigneeId };
    case 'SupportTicketRated':
      return { ...next, satisfied: event.data.satisfied };
    case 'SupportTicketRequesterErased':
      return { ...next, title: '', description: '', erased: true };
  }
}

/** The timeline line of one ticket event: what changed, never the text (that stays in the conversation). */
export function timelineOf(event: SupportTicketEvent): Pick<SupportTicketTimelineRow, 'action' | 'details'> {
  switch (event.type) {
    case 'SupportTicketOpened':
      return { action: 'opened', details: { priority: event.data.priority, source: event.data.source } };
    case 'SupportTicketReplied':
      return { action: 'replied', details: { from_staff: event.data.fromStaff, reply_id: event.data.replyId } };
    case 'SupportTicketStatusChanged':
      return { action: 'status_changed', details: { from: event.data.from, to: event.data.to, by: event.data.by } };
    case 'SupportTicketPriorityChanged':
      return { action: 'priority_changed', details: { from: event.data.from, to: event.data.to } };
    case 'SupportTicketAssigned':
      return { action: 'assigned', details: { assignee_id: event.data.assigneeId, previous_assignee_id: event.data.previousAssigneeId } };
    case 'SupportTicketRated':
      return { action: 'rated', details: { satisfied: event.data.satisfied } };
    case 'SupportTicketRequesterErased':
      return { action: 'requester_erased', details: {} };
  }
}

/** The INSERTs' columns, in order. */
type ReplyValues = Columns<Written<SupportTicketReplyRow>, ['reply_id', 'ticket_id', 'author_id', 'from_staff', 'message', 'created_at', 'log_commit', 'log_prepare']>;
type TimelineValues = Columns<Written<SupportTicketTimelineRow, 'details'>, ['event_id', 'ticket_id', 'log_commit', 'log_prepare', 'action', 'actor_id', 'details', 'occurred_at']>;

const TICKET_COLUMNS = `ticket_id, requester_id, title, description, priority, status, source, source_id, subject_id, assignee_id, created_at, updated_at,
  last_reply_at, last_reply_from_staff, reply_count, first_response_at, satisfied, erased, last_commit, last_prepare`;

/**
 * `support-tickets`: the support desk's read models, from the SupportTicket
 * streams alone. `support_tickets` holds one row per ticket (folded, guarded
 * by the log position of its last event), `support_ticket_replies` the
 * conversation, `support_ticket_timeline` one line per event (who, what,
 * when) for the admin's ticket history, and `support_ticket_stats` the sums
 * behind the stat cards, moved by the difference each changed ticket makes.
 * Ids only: requester and staff names are joined from users when read. A
 * requester's erasure blanks the text they wrote in every table.
 */
export const supportTicketProjector: Projector = {
  name: 'support-tickets',
  tables: ['support_tickets', 'support_ticket_replies', 'support_ticket_timeline', 'support_ticket_stats'],
  handles: (recorded) => isSupportTicketEvent(recorded),
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const relevant = events.filter((recorded) => isSupportTicketEvent(recorded));
    if (relevant.length === 0) return;
    const ticketIds = [...new Set(relevant.map((recorded) => ticketIdOfStream(recorded.streamId)))];
    const stored = await manager.query<SupportTicketRow[]>(
      `SELECT ${TICKET_COLUMNS.replace('last_commit, last_prepare', 'last_commit::text AS last_commit, last_prepare::text AS last_prepare')}
         FROM support_tickets WHERE ticket_id = ANY($1::uuid[])`,
      [ticketIds],
    );
    const before = new Map<string, TicketRow>(stored.map((row) => [row.ticket_id, rowOf(row)]));
    const after = new Map<string, TicketRow | null>();
    const replies: unknown[][] = Array.from({ length: 8 }, () => []);
    const timeline: unknown[][] = Array.from({ length: 8 }, () => []);
    const erased: string[] = [];

    for (const recorded of relevant) {
      const event = { type: recorded.type, data: recorded.data } as SupportTicketEvent;
      const ticketId = ticketIdOfStream(recorded.streamId);
      const current = after.has(ticketId) ? (after.get(ticketId) ?? null) : (before.get(ticketId) ?? null);
      if (current && comparePositions(recorded.position, current.at) <= 0) continue;
      const time = recorded.metadata.timestamp;
      const next = applyEvent(current, event, ticketId, recorded.position, time);
      if (!next) continue;
      after.set(ticketId, next);
      if (event.type === 'SupportTicketReplied') {
        const { replyId, authorId, fromStaff, message } = event.data;
        ([replyId, ticketId, authorId, fromStaff, message, time, recorded.position.commit.toString(), recorded.position.prepare.toString()] satisfies ReplyValues).forEach((v, i) =>
          replies[i]?.push(v),
        );
      }
      if (event.type === 'SupportTicketRequesterErased') erased.push(ticketId);
      const line = timelineOf(event);
      (
        [
          recorded.id,
          ticketId,
          recorded.position.commit.toString(),
          recorded.position.prepare.toString(),
          line.action,
          recorded.metadata.userId,
          JSON.stringify(line.details),
          time,
        ] satisfies TimelineValues
      ).forEach((v, i) => timeline[i]?.push(v));
    }

    const rows = [...after.values()].filter((row): row is TicketRow => row !== null);
    if (rows.length > 0) {
      const column = <T>(pick: (row: TicketRow) => T): T[] => rows.map(pick);
      await manager.query(
        `INSERT INTO support_tickets (${TICKET_COLUMNS})
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::uuid[], $9::uuid[], $10::uuid[],
                              $11::timestamptz[], $12::timestamptz[], $13::timestamptz[], $14::boolean[], $15::int[], $16::timestamptz[], $17::boolean[],
                              $18::boolean[], $19::bigint[], $20::bigint[])
         ON CONFLICT (ticket_id) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description, priority = EXCLUDED.priority,
           status = EXCLUDED.status, assignee_id = EXCLUDED.assignee_id, updated_at = EXCLUDED.updated_at, last_reply_at = EXCLUDED.last_reply_at,
           last_reply_from_staff = EXCLUDED.last_reply_from_staff, reply_count = EXCLUDED.reply_count, first_response_at = EXCLUDED.first_response_at,
           satisfied = EXCLUDED.satisfied, erased = EXCLUDED.erased, last_commit = EXCLUDED.last_commit, last_prepare = EXCLUDED.last_prepare`,
        [
          column((r) => r.ticketId),
          column((r) => r.requesterId),
          column((r) => r.title),
          column((r) => r.description),
          column((r) => r.priority),
          column((r) => r.status),
          column((r) => r.source),
          column((r) => r.sourceId),
          column((r) => r.subjectId),
          column((r) => r.assigneeId),
          column((r) => r.createdAt),
          column((r) => r.updatedAt),
          column((r) => r.lastReplyAt),
          column((r) => r.lastReplyFromStaff),
          column((r) => r.replyCount),
          column((r) => r.firstResponseAt),
          column((r) => r.satisfied),
          column((r) => r.erased),
          column((r) => r.at.commit.toString()),
          column((r) => r.at.prepare.toString()),
        ],
      );
    }
    if ((replies[0]?.length ?? 0) > 0) {
      await manager.query(
        `INSERT INTO support_ticket_replies (reply_id, ticket_id, author_id, from_staff, message, created_at, log_commit, log_prepare)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::boolean[], $5::text[], $6::timestamptz[], $7::bigint[], $8::bigint[])
         ON CONFLICT (reply_id) DO NOTHING`,
        replies,
      );
    }
    if (erased.length > 0) {
      await manager.query(`UPDATE support_ticket_replies SET message = '' WHERE ticket_id = ANY($1::uuid[]) AND NOT from_staff AND message <> ''`, [erased]);
    }
    if ((timeline[0]?.length ?? 0) > 0) {
      await manager.query(
        `INSERT INTO support_ticket_timeline (event_id, ticket_id, log_commit, log_prepare, action, actor_id, details, occurred_at)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::bigint[], $5::text[], $6::uuid[], $7::jsonb[], $8::timestamptz[])
         ON CONFLICT (event_id) DO NOTHING`,
        timeline,
      );
    }

    // The stat cards move by what the changed tickets count now minus what they counted before the batch.
    const delta = { ...ZERO };
    for (const [ticketId, row] of after) {
      const now = countsOf(row);
      const was = countsOf(before.get(ticketId) ?? null);
      for (const key of Object.keys(delta) as (keyof StatCounts)[]) delta[key] += now[key] - was[key];
    }
    // Written even when nothing moved, so the row exists however the log was cut into batches.
    if (after.size > 0) {
      await manager.query(
        `INSERT INTO support_ticket_stats (id, urgent_tickets, pending_tickets, open_tickets, responded_tickets, response_ms_total, rated_tickets, satisfied_tickets)
         VALUES (1, $1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (id) DO UPDATE SET urgent_tickets = support_ticket_stats.urgent_tickets + EXCLUDED.urgent_tickets,
           pending_tickets = support_ticket_stats.pending_tickets + EXCLUDED.pending_tickets,
           open_tickets = support_ticket_stats.open_tickets + EXCLUDED.open_tickets,
           responded_tickets = support_ticket_stats.responded_tickets + EXCLUDED.responded_tickets,
           response_ms_total = support_ticket_stats.response_ms_total + EXCLUDED.response_ms_total,
           rated_tickets = support_ticket_stats.rated_tickets + EXCLUDED.rated_tickets,
           satisfied_tickets = support_ticket_stats.satisfied_tickets + EXCLUDED.satisfied_tickets`,
        [delta.urgent, delta.pending, delta.open, delta.responded, delta.responseMs, delta.rated, delta.satisfied],
      );
    }
  },
};
