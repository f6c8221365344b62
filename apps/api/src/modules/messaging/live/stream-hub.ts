import type { LiveMessageEvent } from '@crew/contracts';
import type { DataSource } from 'typeorm';
import { toMessage, unreadTotal, type MessageRow } from '../conversation-read-model';
import type { LiveBus, LiveSignal } from './live-bus';

/** One open stream: something that takes server-sent events. */
export interface StreamClient {
  send(event: LiveMessageEvent): void;
  /** The account the stream belongs to is gone or signed out: end it. */
  end(): void;
}

/**
 * The streams open in this process, by user, and the delivery of signals to
 * them. Every process hears every signal (Redis pub/sub or NOTIFY) and does
 * work only for the users whose streams it holds: one query per signal for
 * all of them, whatever the number of their tabs.
 */
export class StreamHub {
  private readonly streams = new Map<string, Set<StreamClient>>();

  constructor(
    private readonly dataSource: DataSource,
    bus: LiveBus,
    private readonly onError: (message: string) => void,
  ) {
    bus.onSignal((signal) => {
      this.deliver(signal).catch((error: unknown) => this.onError(`live messages: delivery failed: ${error instanceof Error ? error.message : String(error)}`));
    });
  }

  get openStreams(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  add(userId: string, client: StreamClient): () => void {
    let set = this.streams.get(userId);
    if (!set) this.streams.set(userId, (set = new Set()));
    set.add(client);
    return () => {
      set.delete(client);
      if (set.size === 0 && this.streams.get(userId) === set) this.streams.delete(userId);
    };
  }

  /** Ends every stream (shutdown). */
  endAll(): void {
    for (const set of this.streams.values()) for (const client of set) client.end();
    this.streams.clear();
  }

  /** Ends the streams of these users held by this process (their account is gone or signed out everywhere). */
  endUsers(userIds: readonly string[]): void {
    for (const userId of userIds) {
      const set = this.streams.get(userId);
      if (!set) continue;
      this.streams.delete(userId);
      for (const client of set) client.end();
    }
  }

  private localUsers(userIds: readonly string[]): string[] {
    return userIds.filter((id) => this.streams.has(id));
  }

  private push(userId: string, event: LiveMessageEvent): void {
    for (const client of this.streams.get(userId) ?? []) client.send(event);
  }

  private async deliver(signal: LiveSignal): Promise<void> {
    const users = this.localUsers(signal.userIds);
    if (users.length === 0) return;
    if (signal.kind === 'end') {
      this.endUsers(users);
      return;
    }
    if (signal.kind === 'message') {
      const rows = await this.dataSource.query<(MessageRow & { user_id: string; unread_total: number })[]>(
        `SELECT m.id, m.seq::text AS seq, m.conversation_id, m.sender_id, m.body, m.created_at, cm.user_id,
                (SELECT coalesce(sum(x.unread_count), 0)::int FROM conversation_members x WHERE x.user_id = cm.user_id AND x.unread_count > 0) AS unread_total
           FROM messages m JOIN conversation_members cm ON cm.conversation_id = m.conversation_id
          WHERE m.id = $1 AND cm.user_id = ANY($2::uuid[])`,
        [signal.messageId, users],
      );
      for (const row of rows) this.push(row.user_id, { type: 'message', message: toMessage(row, row.user_id, null), unread_total: row.unread_total });
      return;
    }
    if (signal.kind === 'read') {
      for (const userId of users) {
        const total = await unreadTotal(this.dataSource, userId);
        this.push(userId, {
          type: 'read',
          conversation_id: signal.conversationId,
          reader_id: signal.readerId,
          read_at: signal.readAt,
          last_read_message_id: signal.lastReadMessageId,
          unread_total: total,
        });
      }
      return;
    }
    for (const userId of users) this.push(userId, { type: 'block', conversation_ids: [...signal.conversationIds] });
  }
}
