import type { SentMessageResponse } from '@crew/contracts';
import { MESSAGING_SERVICES, type MessagingServices } from '../messaging-services';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { ApplicationError } from '../../../platform/application-error';
import { appendMessage, RepeatedMessageKey, type AppendedMessage } from '../append-message';
import { readMarks, toMessage, type MessageRow } from '../conversation-read-model';
import { blockedEitherWay, cannotReply, otherMemberOf } from '../messaging-access';

export class SendMessage {
  constructor(
    readonly userId: string,
    readonly conversationId: string,
    readonly body: string,
    /** The request's Idempotency-Key, or null: a message sent again with its key is stored once (docs/features/offline.md). */
    readonly idempotencyKey: string | null = null,
  ) {}
}

export interface SentMessage {
  readonly response: SentMessageResponse;
  /** The message an earlier request with the same key stored: nothing new was sent. */
  readonly replayed: boolean;
}

/** Tells every process with a stream of either member (after the commit); a failure loses only the live push, never the message. */
export async function publishAfterSend(
  messaging: MessagingServices,
  sent: { conversationId: string; senderId: string; recipientId: string; appended: AppendedMessage; at: Date },
): Promise<void> {
  const { bus } = messaging;
  try {
    await bus.publish({ kind: 'message', userIds: [sent.recipientId, sent.senderId], messageId: sent.appended.id });
    if (sent.appended.senderCaughtUp) {
      await bus.publish({
        kind: 'read',
        userIds: [sent.recipientId, sent.senderId],
        conversationId: sent.conversationId,
        readerId: sent.senderId,
        readAt: sent.at.toISOString(),
        lastReadMessageId: sent.appended.id,
      });
    }
  } catch (error) {
    messaging.onError(`live messages: not published: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * A message in a conversation the sender is in, unless either side has blocked the other; 30 a minute. With an
 * Idempotency-Key, a repeat (same conversation and text) answers the message the key stored, before any rule that
 * may have changed since, and counts nothing against the limit; the key with another message is 409.
 */
@CommandHandler(SendMessage)
export class SendMessageHandler implements ICommandHandler<SendMessage, SentMessage> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(MESSAGING_SERVICES) private readonly messaging: MessagingServices,
  ) {}

  async execute({ userId, conversationId, body, idempotencyKey }: SendMessage): Promise<SentMessage> {
    if (idempotencyKey !== null) {
      const repeated = await this.repeatOf(userId, idempotencyKey, conversationId, body);
      if (repeated) return { response: repeated, replayed: true };
    }
    const other = await otherMemberOf(this.dataSource, conversationId, userId);
    if (await blockedEitherWay(this.dataSource, userId, other)) throw cannotReply();
    await this.messaging.sendLimit.consume(userId);
    const at = this.messaging.clock.now();
    let appended: AppendedMessage;
    try {
      appended = await this.dataSource.transaction((manager) =>
        appendMessage(manager, this.messaging.queue, { conversationId, senderId: userId, recipientId: other, body, at, idempotencyKey }),
      );
    } catch (error) {
      // Another request with the same key stored its message first.
      const repeated = error instanceof RepeatedMessageKey && idempotencyKey !== null ? await this.repeatOf(userId, idempotencyKey, conversationId, body) : null;
      if (repeated) return { response: repeated, replayed: true };
      throw error;
    }
    await publishAfterSend(this.messaging, { conversationId, senderId: userId, recipientId: other, appended, at });
    const [row] = await this.dataSource.query<MessageRow[]>('SELECT id, seq::text AS seq, conversation_id, sender_id, body, created_at FROM messages WHERE id = $1', [appended.id]);
    return { response: { message: toMessage(row!, userId, await readMarks(this.dataSource, conversationId, userId)) }, replayed: false };
  }

  /** The message the sender stored with this key (null: none), refused when it is not this one. */
  private async repeatOf(userId: string, key: string, conversationId: string, body: string): Promise<SentMessageResponse | null> {
    const [row] = await this.dataSource.query<MessageRow[]>(
      'SELECT id, seq::text AS seq, conversation_id, sender_id, body, created_at FROM messages WHERE sender_id = $1 AND idempotency_key = $2',
      [userId, key],
    );
    if (!row) return null;
    if (row.conversation_id !== conversationId || row.body !== body) {
      throw new ApplicationError('conflict', 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for another message: send each new message with a new key');
    }
    return { message: toMessage(row, userId, await readMarks(this.dataSource, conversationId, userId)) };
  }
}
