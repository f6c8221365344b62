import { MESSAGE_LIMITS, type ConversationListResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { listConversations, unreadTotal } from '../conversation-read-model';

export class ListConversations {
  constructor(
    readonly userId: string,
    readonly limit: number = MESSAGE_LIMITS.listDefault,
    readonly cursor?: string,
  ) {}
}

/** A page of the user's conversations, last message first, and their unread total: two index reads. */
@QueryHandler(ListConversations)
export class ListConversationsHandler implements IQueryHandler<ListConversations, ConversationListResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId, limit, cursor }: ListConversations): Promise<ConversationListResponse> {
    const [page, total] = await Promise.all([listConversations(this.dataSource, userId, { limit, cursor }), unreadTotal(this.dataSource, userId)]);
    return { conversations: page.conversations, next_cursor: page.nextCursor, unread_total: total };
  }
}
