import { MESSAGE_LIMITS, type MessagePageResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { conversationFor, messagePage, readMarks, toMessage } from '../conversation-read-model';
import { conversationNotFound } from '../messaging-access';
import { isUuid } from '../../../platform/http/uuid';

export class GetMessages {
  constructor(
    readonly userId: string,
    readonly conversationId: string,
    readonly limit: number = MESSAGE_LIMITS.pageDefault,
    readonly before?: string,
  ) {}
}

/** A page of a conversation, newest last, with read times; 404 for anyone not in it. */
@QueryHandler(GetMessages)
export class GetMessagesHandler implements IQueryHandler<GetMessages, MessagePageResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId, conversationId, limit, before }: GetMessages): Promise<MessagePageResponse> {
    if (!isUuid(conversationId)) throw conversationNotFound();
    const conversation = await conversationFor(this.dataSource, userId, conversationId);
    if (!conversation) throw conversationNotFound();
    const [page, marks] = await Promise.all([messagePage(this.dataSource, conversationId, { limit, beforeId: before }), readMarks(this.dataSource, conversationId, userId)]);
    return {
      conversation,
      messages: page.rows.map((row) => toMessage(row, userId, marks)),
      older_cursor: page.hasOlder && page.rows[0] ? page.rows[0].id : null,
    };
  }
}
