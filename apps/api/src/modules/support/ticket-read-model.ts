import {
  ADMIN_TICKETS_PAGE_SIZE,
  AWAITING_SUPPORT_STATUSES,
  type AdminTicketDetail,
  type AdminTicketListResponse,
  type SupportStatsResponse,
  type TicketDetail,
  type TicketReply,
  type TicketSummary,
  type TicketTimelineEntry,
} from '@crew/contracts';
import type { SupportTicketReplyRow, SupportTicketRow, SupportTicketStatsRow, SupportTicketTimelineRow } from '@crew/projections';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../platform/application-error';
import { isUuid } from '../../platform/http/uuid';

/** What answers read: the projection the support desk's screens come from. */
export const SUPPORT_READ_MODELS = ['support-tickets'] as const;

export const ticketNotFound = (): ApplicationError => new ApplicationError('not_found', 'TICKET_NOT_FOUND', 'Ticket not found');

/** Shown in place of the text a deleted member wrote. */
export const ERASED_TITLE = 'Ticket from a deleted account';
export const ERASED_TEXT = '(removed: the member deleted their account)';

/** A ticket as SELECT_TICKETS reads it, with its requester's name and address as they are now. */
interface TicketRow extends Pick<
  SupportTicketRow,
  | 'ticket_id'
  | 'requester_id'
  | 'title'
  | 'description'
  | 'priority'
  | 'status'
  | 'source'
  | 'subject_id'
  | 'assignee_id'
  | 'created_at'
  | 'updated_at'
  | 'last_reply_at'
  | 'last_reply_from_staff'
  | 'reply_count'
  | 'satisfied'
  | 'erased'
> {
  user_name: string | null;
  user_email: string | null;
}

// Names and addresses come from the account now, never from the read model.
const SELECT_TICKETS = `
  SELECT t.ticket_id, t.requester_id, t.title, t.description, t.priority, t.status, t.source, t.subject_id, t.assignee_id, t.created_at,
         t.updated_at, t.last_reply_at, t.last_reply_from_staff, t.reply_count, t.satisfied, t.erased,
         u.first_name || ' ' || u.last_name AS user_name, u.email AS user_email
    FROM support_tickets t LEFT JOIN users u ON u.id = t.requester_id`;

const summaryOf = (row: TicketRow): TicketSummary => ({
  id: row.ticket_id,
  title: row.erased ? ERASED_TITLE : row.title,
  description: row.erased ? ERASED_TEXT : row.description,
  priority: row.priority,
  status: row.status,
  source: row.source,
  user_id: row.requester_id,
  user_name: row.user_name ?? 'Deleted user',
  user_email: row.user_email,
  assignee_id: row.assignee_id,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
  last_reply: row.last_reply_at?.toISOString() ?? null,
  last_reply_from_admin: row.last_reply_from_staff,
  reply_count: row.reply_count,
  satisfied: row.satisfied,
  erased: row.erased,
});

/** The conversation, oldest first. Members see "Support team" for staff; administrators see who wrote. */
async function repliesOf(dataSource: DataSource, ticketId: string, erased: boolean, staffNames: boolean): Promise<TicketReply[]> {
  const rows = await dataSource.query<(Pick<SupportTicketReplyRow, 'reply_id' | 'message' | 'from_staff' | 'created_at'> & { author_name: string | null })[]>(
    `SELECT r.reply_id, r.message, r.from_staff, r.created_at, u.first_name || ' ' || u.last_name AS author_name
       FROM support_ticket_replies r LEFT JOIN users u ON u.id = r.author_id
      WHERE r.ticket_id = $1 ORDER BY r.log_commit, r.log_prepare`,
    [ticketId],
  );
  return rows.map((row) => ({
    id: row.reply_id,
    message: erased && !row.from_staff ? ERASED_TEXT : row.message,
    from_admin: row.from_staff,
    author_name: row.from_staff ? (staffNames ? (row.author_name ?? 'Former staff member') : 'Support team') : (row.author_name ?? 'Deleted user'),
    created_at: row.created_at.toISOString(),
  }));
}

async function ticketRow(dataSource: DataSource, ticketId: string): Promise<TicketRow | null> {
  if (!isUuid(ticketId)) return null;
  const [row] = await dataSource.query<TicketRow[]>(`${SELECT_TICKETS} WHERE t.ticket_id = $1`, [ticketId]);
  return row ?? null;
}

/** A member's own ticket with its conversation; anyone else's is "not found". */
export async function loadMemberTicket(dataSource: DataSource, ticketId: string, userId: string): Promise<TicketDetail> {
  const row = await ticketRow(dataSource, ticketId);
  if (!row || row.requester_id !== userId) throw ticketNotFound();
  return { ...summaryOf(row), subject_id: row.subject_id, replies: await repliesOf(dataSource, row.ticket_id, row.erased, false) };
}

/** Any ticket for administrators: conversation with staff names, and the timeline of its events. */
export async function loadAdminTicket(dataSource: DataSource, ticketId: string): Promise<AdminTicketDetail> {
  const row = await ticketRow(dataSource, ticketId);
  if (!row) throw ticketNotFound();
  const [replies, timeline] = await Promise.all([repliesOf(dataSource, row.ticket_id, row.erased, true), timelineOf(dataSource, row.ticket_id)]);
  return { ...summaryOf(row), subject_id: row.subject_id, replies, timeline };
}

async function timelineOf(dataSource: DataSource, ticketId: string): Promise<TicketTimelineEntry[]> {
  const rows = await dataSource.query<(Pick<SupportTicketTimelineRow, 'event_id' | 'action' | 'actor_id' | 'details' | 'occurred_at'> & { actor_name: string | null })[]>(
    `SELECT l.event_id, l.action, l.actor_id, l.details, l.occurred_at, u.first_name || ' ' || u.last_name AS actor_name
       FROM support_ticket_timeline l LEFT JOIN users u ON u.id = l.actor_id
      WHERE l.ticket_id = $1 ORDER BY l.log_commit, l.log_prepare`,
    [ticketId],
  );
  return rows.map((row) => ({
    id: row.event_id,
    action: row.action,
    actor_id: row.actor_id,
    actor_name: row.actor_id === null ? null : (row.actor_name ?? 'Deleted user'),
    details: row.details,
    occurred_at: row.occurred_at.toISOString(),
  }));
}

/** A member's tickets, newest activity first (a member has few: no paging). */
export async function listMemberTickets(dataSource: DataSource, userId: string): Promise<TicketSummary[]> {
  const rows = await dataSource.query<TicketRow[]>(`${SELECT_TICKETS} WHERE t.requester_id = $1 ORDER BY t.updated_at DESC, t.ticket_id LIMIT 500`, [userId]);
  return rows.map(summaryOf);
}

export interface AdminTicketFilters {
  readonly status?: TicketSummary['status'];
  readonly priority?: TicketSummary['priority'];
  readonly search?: string;
  readonly page: number;
}

/** A search counts its matches up to this many. */
export const SEARCH_COUNT_CAP = 1_000;

const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The admin list: status and priority filters, and a text search over the
 * title and description (trigram index) and the requester's name and email
 * (joined now, never copied), newest activity first, 50 a page with the total.
 */
export async function listAdminTickets(dataSource: DataSource, filters: AdminTicketFilters): Promise<AdminTicketListResponse> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filters.status) {
    params.push(filters.status);
    where.push(`t.status = $${params.length}`);
  }
  if (filters.priority) {
    params.push(filters.priority);
    where.push(`t.priority = $${params.length}`);
  }
  const search = filters.search?.trim();
  if (search) {
    // Ticket text through its trigram index, or a requester whose name or email matches (the users' own search column).
    params.push(likePattern(search));
    const p = `$${params.length}`;
    let byId = '';
    if (isUuid(search)) {
      params.push(search.toLowerCase());
      byId = ` OR t.ticket_id = $${params.length}::uuid`;
    }
    where.push(
      `((NOT t.erased AND (t.title || ' ' || t.description) ILIKE ${p}) OR t.requester_id = ANY (ARRAY(SELECT id FROM users WHERE admin_search LIKE lower(crew_unaccent(${p}))))${byId})`,
    );
  }
  const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const offset = (filters.page - 1) * ADMIN_TICKETS_PAGE_SIZE;
  // A search that matches a large share of all tickets is counted up to a cap: the page itself only needs its first rows.
  const counted = search
    ? `SELECT count(*)::int AS total FROM (SELECT 1 FROM support_tickets t ${clause} LIMIT ${SEARCH_COUNT_CAP + 1}) AS c`
    : `SELECT count(*)::int AS total FROM support_tickets t ${clause}`;
  const [rows, [count]] = await Promise.all([
    dataSource.query<TicketRow[]>(`${SELECT_TICKETS} ${clause} ORDER BY t.updated_at DESC, t.ticket_id LIMIT ${ADMIN_TICKETS_PAGE_SIZE} OFFSET ${offset}`, params),
    dataSource.query<{ total: number }[]>(counted, params),
  ]);
  const total = count?.total ?? 0;
  return {
    tickets: rows.map(summaryOf),
    total: Math.min(total, SEARCH_COUNT_CAP),
    total_capped: total > SEARCH_COUNT_CAP,
    page: filters.page,
    page_size: ADMIN_TICKETS_PAGE_SIZE,
  };
}

/** The stat cards, from the sums the projection keeps. */
export async function loadSupportStats(dataSource: DataSource): Promise<SupportStatsResponse> {
  const [row] = await dataSource.query<Omit<SupportTicketStatsRow, 'id'>[]>(
    'SELECT urgent_tickets, pending_tickets, open_tickets, responded_tickets, response_ms_total::text AS response_ms_total, rated_tickets, satisfied_tickets FROM support_ticket_stats WHERE id = 1',
  );
  if (!row) return { urgent_tickets: 0, pending_tickets: 0, open_tickets: 0, avg_response_time: null, satisfaction_rate: null, rated_tickets: 0 };
  const hours = row.responded_tickets > 0 ? Number(row.response_ms_total) / row.responded_tickets / 3_600_000 : null;
  return {
    urgent_tickets: row.urgent_tickets,
    // The one definition (AWAITING_SUPPORT_STATUSES): every ticket still waiting on the team, new ones (open) included.
    pending_tickets: AWAITING_SUPPORT_STATUSES.reduce((sum, status) => sum + { open: row.open_tickets, pending: row.pending_tickets }[status], 0),
    open_tickets: row.open_tickets,
    avg_response_time: hours === null ? null : Math.round(hours * 10) / 10,
    satisfaction_rate: row.rated_tickets > 0 ? Math.round((100 * row.satisfied_tickets) / row.rated_tickets) : null,
    rated_tickets: row.rated_tickets,
  };
}
