import type { BlockResponse } from '@crew/contracts';
import { MESSAGING_SERVICES, type MessagingServices } from '../messaging-services';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { isUuid } from '../../../platform/http/uuid';
import { DATA_SOURCE } from '../../../platform/tokens';

export class SetUserBlocked {
  constructor(
    readonly userId: string,
    readonly otherId: string,
    readonly blocked: boolean,
  ) {}
}

/**
 * Block or unblock a member: while blocked, no message goes either way. Both
 * sides' open screens hear of it (their conversations say they cannot
 * reply); only the one who blocked is told why.
 */
@CommandHandler(SetUserBlocked)
export class SetUserBlockedHandler implements ICommandHandler<SetUserBlocked, BlockResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(MESSAGING_SERVICES) private readonly messaging: MessagingServices,
  ) {}

  async execute({ userId, otherId, blocked }: SetUserBlocked): Promise<BlockResponse> {
    if (!isUuid(otherId)) throw new ApplicationError('not_found', 'USER_NOT_FOUND', 'User not found');
    if (otherId === userId) {
      if (blocked) throw new ApplicationError('rule', 'CANNOT_BLOCK_SELF', 'You cannot block yourself.');
      return { user_id: otherId, blocked: false };
    }
    const [other] = await this.dataSource.query<{ id: string }[]>('SELECT id FROM users WHERE id = $1', [otherId]);
    if (!other) throw new ApplicationError('not_found', 'USER_NOT_FOUND', 'User not found');
    if (blocked) {
      await this.dataSource.query('INSERT INTO user_blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, otherId]);
    } else {
      await this.dataSource.query('DELETE FROM user_blocks WHERE blocker_id = $1 AND blocked_id = $2', [userId, otherId]);
    }
    const conversations = await this.dataSource.query<{ conversation_id: string }[]>('SELECT conversation_id FROM conversation_members WHERE user_id = $1 AND other_user_id = $2', [
      userId,
      otherId,
    ]);
    if (conversations.length > 0) {
      await this.messaging.bus
        .publish({ kind: 'block', userIds: [userId, otherId], conversationIds: conversations.map((c) => c.conversation_id) })
        .catch((error: unknown) => this.messaging.onError(`live messages: not published: ${String(error)}`));
    }
    return { user_id: otherId, blocked };
  }
}
