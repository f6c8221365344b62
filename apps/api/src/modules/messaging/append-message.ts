import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { JobQueue } from '../../platform/jobs/job-queue.port';
import { returned, scheduleUnreadCheck } from './unread-notices';

export interface AppendedMessage {
  readonly id: string;
  readonly seq: string;
  /** The sender had unread messages that their reply marked read. */
  readonly senderCaughtUp: boolean;
}

/**
 * A message with an Idempotency-Key its sender already sent a message with: nothing was written (the
 * transaction rolls back), and the caller answers the message that key stored.
 */
export class RepeatedMessageKey extends Error {
  constructor() {
    super('A message with this Idempotency-Key is already stored');
    this.name = 'RepeatedMessageKey';
  }
}

/**
 * Writes a message and what it changes, in the caller's transaction: the
 * conversation's last message, both members' inbox order, the recipient's
 * unread count (their first unread message queues the delayed unread check),
 * and the sender's read mark (replying means having read the thread).
 */
export async function appendMessage(
  manager: EntityManager,
  queue: JobQueue,
  message: { conversationId: string; senderId: string; recipientId: string; body: string; at: Date; idempotencyKey?: string | null },
): Promise<AppendedMessage> {
  const id = randomUUID();
  // The unique (sender, key) index decides between two requests with one key racing: the second inserts nothing.
  const [inserted] = await manager.query<{ seq: string }[]>(
    `INSERT INTO messages (id, conversation_id, sender_id, body, created_at, idempotency_key) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (sender_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
     RETURNING seq::text AS seq`,
    [id, message.conversationId, message.senderId, message.body, message.at, message.idempotencyKey ?? null],
  );
  if (!inserted) throw new RepeatedMessageKey();
  const seq = inserted.seq;
  await manager.query('UPDATE conversations SET last_message_id = $2 WHERE id = $1', [message.conversationId, id]);
  const members = returned(
    await manager.query(
      `WITH old AS (SELECT user_id, unread_count FROM conversation_members WHERE conversation_id = $1 FOR UPDATE)
       UPDATE conversation_members cm
          SET last_message_at = $4,
              unread_count = CASE WHEN cm.user_id = $3 THEN cm.unread_count + 1 ELSE 0 END,
              last_read_seq = CASE WHEN cm.user_id = $2 THEN $5::bigint ELSE cm.last_read_seq END,
              last_read_at = CASE WHEN cm.user_id = $2 THEN $4 ELSE cm.last_read_at END
         FROM old WHERE cm.conversation_id = $1 AND old.user_id = cm.user_id
       RETURNING cm.user_id, old.unread_count AS before, cm.unread_count AS after`,
      [message.conversationId, message.senderId, message.recipientId, message.at, seq],
    ),
  ) as { user_id: string; before: number; after: number }[];
  const recipient = members.find((m) => m.user_id === message.recipientId);
  const sender = members.find((m) => m.user_id === message.senderId);
  if (recipient?.after === 1) {
    await scheduleUnreadCheck(queue, manager, { messageId: id, recipientId: message.recipientId, conversationId: message.conversationId });
  }
  return { id, seq, senderCaughtUp: (sender?.before ?? 0) > 0 };
}
