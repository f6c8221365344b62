import type { UnreadCountResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { unreadTotal } from '../conversation-read-model';

export class GetUnreadCount {
  constructor(readonly userId: string) {}
}

@QueryHandler(GetUnreadCount)
export class GetUnreadCountHandler implements IQueryHandler<GetUnreadCount, UnreadCountResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId }: GetUnreadCount): Promise<UnreadCountResponse> {
    return { unread: await unreadTotal(this.dataSource, userId) };
  }
}
