import type { ReadResponse } from '@crew/contracts';
import { MESSAGING_SERVICES, type MessagingServices } from '../messaging-services';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { unreadTotal } from '../conversation-read-model';
import { otherMemberOf } from '../messaging-access';
import { returned } from '../unread-notices';

export class MarkConversationRead {
  constructor(
    readonly userId: string,
    readonly conversationId: string,
  ) {}
}

/**
 * Everything in the conversation is read: the unread count goes to 0 and the
 * read mark to its last message. When that changes anything, both members'
 * streams hear it (the sender's read receipts, the reader's other tabs).
 */
@CommandHandler(MarkConversationRead)
export class MarkConversationReadHandler implements ICommandHandler<MarkConversationRead, ReadResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(MESSAGING_SERVICES) private readonly messaging: MessagingServices,
  ) {}

  async execute({ userId, conversationId }: MarkConversationRead): Promise<ReadResponse> {
    const other = await otherMemberOf(this.dataSource, conversationId, userId);
    const at = this.messaging.clock.now();
    const [row] = returned(
      await this.dataSource.query(
        `WITH last AS (SELECT id, seq FROM messages WHERE conversation_id = $1 ORDER BY seq DESC LIMIT 1),
              old AS (SELECT last_read_seq, unread_count FROM conversation_members WHERE conversation_id = $1 AND user_id = $2 FOR UPDATE)
         UPDATE conversation_members cm
            SET unread_count = 0,
                last_read_seq = greatest(cm.last_read_seq, coalesce((SELECT seq FROM last), 0)),
                last_read_at = CASE WHEN coalesce((SELECT seq FROM last), 0) > cm.last_read_seq THEN $3 ELSE cm.last_read_at END
           FROM old
          WHERE cm.conversation_id = $1 AND cm.user_id = $2
         RETURNING cm.last_read_at, (SELECT id FROM last) AS last_id,
                   (coalesce((SELECT seq FROM last), 0) > old.last_read_seq OR old.unread_count > 0) AS changed`,
        [conversationId, userId, at],
      ),
    ) as { last_read_at: Date | null; last_id: string | null; changed: boolean }[];
    if (row?.changed) {
      await this.messaging.bus
        .publish({
          kind: 'read',
          userIds: [other, userId],
          conversationId,
          readerId: userId,
          readAt: (row.last_read_at ?? at).toISOString(),
          lastReadMessageId: row.last_id,
        })
        .catch((error: unknown) => this.messaging.onError(`live messages: not published: ${String(error)}`));
    }
    return { conversation_id: conversationId, read_at: row?.last_read_at ? row.last_read_at.toISOString() : null, unread_total: await unreadTotal(this.dataSource, userId) };
  }
}
