import type { SentMessageResponse } from '@crew/contracts';
import { MESSAGING_SERVICES, type MessagingServices } from '../messaging-services';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { appendMessage, type AppendedMessage } from '../append-message';
import { readMarks, toMessage, type MessageRow } from '../conversation-read-model';
import { blockedEitherWay, cannotReply, otherMemberOf } from '../messaging-access';

export class SendMessage {
  constructor(
    readonly userId: string,
    readonly conversationId: string,
    readonly body: string,
  ) {}
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

/** A message in a conversation the sender is in, unless either side has blocked the other; 30 a minute. */
@CommandHandler(SendMessage)
export class SendMessageHandler implements ICommandHandler<SendMessage, SentMessageResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(MESSAGING_SERVICES) private readonly messaging: MessagingServices,
  ) {}

  async execute({ userId, conversationId, body }: SendMessage): Promise<SentMessageResponse> {
    const other = await otherMemberOf(this.dataSource, conversationId, userId);
    if (await blockedEitherWay(this.dataSource, userId, other)) throw cannotReply();
    await this.messaging.sendLimit.consume(userId);
    const at = this.messaging.clock.now();
    const appended = await this.dataSource.transaction((manager) =>
      appendMessage(manager, this.messaging.queue, { conversationId, senderId: userId, recipientId: other, body, at }),
    );
    await publishAfterSend(this.messaging, { conversationId, senderId: userId, recipientId: other, appended, at });
    const [row] = await this.dataSource.query<MessageRow[]>('SELECT id, seq::text AS seq, conversation_id, sender_id, body, created_at FROM messages WHERE id = $1', [appended.id]);
    return { message: toMessage(row!, userId, await readMarks(this.dataSource, conversationId, userId)) };
  }
}
