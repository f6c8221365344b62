import { MESSAGE_LIMITS, type Conversation, type Message } from '@crew/contracts';
import type { OrNull, VoyageSummaryRow } from '@crew/projections';
import type { DataSource, EntityManager } from 'typeorm';

type Queryable = Pick<DataSource | EntityManager, 'query'>;

/** An inbox row; its voyage's columns are LEFT JOINed (null once the voyage is deleted). */
interface ConversationRow extends OrNull<Pick<VoyageSummaryRow, 'title' | 'status' | 'start_date' | 'departure_port' | 'arrival_port' | 'skipper_id'>> {
  id: string;
  unread_count: number;
  updated_us: string;
  last_message_at: Date;
  other_user_id: string;
  first_name: string;
  last_name: string;
  profile_photo_url: string | null;
  voyage_id: string;
  lm_id: string | null;
  lm_sender: string | null;
  lm_preview: string | null;
  lm_at: Date | null;
  blocked_by_me: boolean;
  blocked_me: boolean;
}

/**
 * One statement for a page of the inbox: an index range scan of the user's
 * `conversation_members` in last-message order (`conversation_members_inbox_idx`),
 * then, per row of the page, primary-key lookups of the conversation, the other
 * person, the voyage, the last message and the two possible blocks. Names are
 * joined at read time (never copied), so an erased account leaves nothing here.
 */
const CONVERSATIONS_SQL = (where: string, limit: string) => `
  SELECT cm.conversation_id AS id, cm.unread_count, cm.last_message_at,
         (extract(epoch FROM cm.last_message_at) * 1000000)::bigint::text AS updated_us,
         cm.other_user_id, u.first_name, u.last_name, u.profile_photo_url,
         c.voyage_id, v.title, v.status, v.start_date::text AS start_date, v.departure_port, v.arrival_port, v.skipper_id,
         lm.id AS lm_id, lm.sender_id AS lm_sender, left(lm.body, ${MESSAGE_LIMITS.previewChars}) AS lm_preview, lm.created_at AS lm_at,
         EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_id = cm.user_id AND b.blocked_id = cm.other_user_id) AS blocked_by_me,
         EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_id = cm.other_user_id AND b.blocked_id = cm.user_id) AS blocked_me
    FROM conversation_members cm
    JOIN conversations c ON c.id = cm.conversation_id
    JOIN users u ON u.id = cm.other_user_id
    LEFT JOIN voyage_summaries v ON v.voyage_id = c.voyage_id
    LEFT JOIN messages lm ON lm.id = c.last_message_id
   WHERE cm.user_id = $1 ${where}
   ORDER BY cm.last_message_at DESC, cm.conversation_id DESC
   ${limit}`;

const toConversation = (row: ConversationRow, viewerId: string): Conversation => ({
  id: row.id,
  other: { id: row.other_user_id, name: `${row.first_name} ${row.last_name}`.trim(), photo_url: row.profile_photo_url },
  voyage: {
    id: row.voyage_id,
    title: row.title,
    status: row.status,
    start_date: row.start_date,
    departure_port: row.departure_port,
    arrival_port: row.arrival_port,
    other_is_skipper: row.skipper_id === row.other_user_id,
  },
  last_message:
    row.lm_id && row.lm_sender && row.lm_at
      ? { id: row.lm_id, sender_id: row.lm_sender, preview: row.lm_preview ?? '', sent_at: row.lm_at.toISOString(), mine: row.lm_sender === viewerId }
      : null,
  updated_at: row.last_message_at.toISOString(),
  unread_count: row.unread_count,
  can_reply: !row.blocked_by_me && !row.blocked_me,
  blocked_by_me: row.blocked_by_me,
});

const cursorOf = (row: ConversationRow): string => `${row.updated_us}.${row.id}`;

export async function listConversations(
  db: Queryable,
  userId: string,
  options: { limit: number; cursor?: string },
): Promise<{ conversations: Conversation[]; nextCursor: string | null }> {
  const params: unknown[] = [userId];
  let where = '';
  if (options.cursor) {
    const [micros, id] = options.cursor.split('.');
    params.push(micros, id);
    where = `AND (cm.last_message_at, cm.conversation_id) < (timestamptz 'epoch' + $2::bigint * interval '1 microsecond', $3::uuid)`;
  }
  params.push(options.limit + 1);
  const rows = await db.query<ConversationRow[]>(CONVERSATIONS_SQL(where, `LIMIT $${params.length}`), params);
  const page = rows.slice(0, options.limit);
  return { conversations: page.map((row) => toConversation(row, userId)), nextCursor: rows.length > options.limit ? cursorOf(page[page.length - 1]!) : null };
}

/** One conversation as its member `userId` sees it, or null when they are not in it (or it does not exist). */
export async function conversationFor(db: Queryable, userId: string, conversationId: string): Promise<Conversation | null> {
  const [row] = await db.query<ConversationRow[]>(CONVERSATIONS_SQL('AND cm.conversation_id = $2', ''), [userId, conversationId]);
  return row ? toConversation(row, userId) : null;
}

export async function unreadTotal(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ n: number }[]>('SELECT coalesce(sum(unread_count), 0)::int AS n FROM conversation_members WHERE user_id = $1 AND unread_count > 0', [userId]);
  return row?.n ?? 0;
}

export interface MessageRow {
  id: string;
  seq: string;
  conversation_id: string;
  sender_id: string;
  body: string;
  created_at: Date;
}

/** Read marks of both members of a conversation, to tell each message's read time. */
export interface ReadMarks {
  readonly viewerSeq: bigint;
  readonly viewerAt: Date | null;
  readonly otherSeq: bigint;
  readonly otherAt: Date | null;
}

export const toMessage = (row: MessageRow, viewerId: string, marks: ReadMarks | null): Message => {
  const mine = row.sender_id === viewerId;
  const seq = BigInt(row.seq);
  const readAt = !marks ? null : mine ? (marks.otherSeq >= seq ? marks.otherAt : null) : marks.viewerSeq >= seq ? marks.viewerAt : null;
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    sender_id: row.sender_id,
    body: row.body,
    sent_at: row.created_at.toISOString(),
    read_at: readAt ? readAt.toISOString() : null,
    mine,
  };
};

export async function readMarks(db: Queryable, conversationId: string, viewerId: string): Promise<ReadMarks | null> {
  const rows = await db.query<{ user_id: string; last_read_seq: string; last_read_at: Date | null }[]>(
    'SELECT user_id, last_read_seq::text, last_read_at FROM conversation_members WHERE conversation_id = $1',
    [conversationId],
  );
  const viewer = rows.find((r) => r.user_id === viewerId);
  const other = rows.find((r) => r.user_id !== viewerId);
  if (!viewer) return null;
  return { viewerSeq: BigInt(viewer.last_read_seq), viewerAt: viewer.last_read_at, otherSeq: BigInt(other?.last_read_seq ?? '0'), otherAt: other?.last_read_at ?? null };
}

/** A page of a thread, newest last: the `limit` messages before `beforeId` (or the latest). */
export async function messagePage(db: Queryable, conversationId: string, options: { limit: number; beforeId?: string }): Promise<{ rows: MessageRow[]; hasOlder: boolean }> {
  const params: unknown[] = [conversationId, options.limit + 1];
  let where = '';
  if (options.beforeId) {
    params.push(options.beforeId);
    where = 'AND m.seq < (SELECT b.seq FROM messages b WHERE b.id = $3 AND b.conversation_id = $1)';
  }
  const rows = await db.query<MessageRow[]>(
    `SELECT m.id, m.seq::text AS seq, m.conversation_id, m.sender_id, m.body, m.created_at
       FROM messages m WHERE m.conversation_id = $1 ${where}
      ORDER BY m.seq DESC LIMIT $2`,
    params,
  );
  const hasOlder = rows.length > options.limit;
  return { rows: rows.slice(0, options.limit).reverse(), hasOlder };
}
