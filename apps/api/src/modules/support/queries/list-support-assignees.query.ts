import type { SupportAssigneesResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

export class ListSupportAssignees {}

/**
 * The administrators a ticket can be assigned to, by name: the same accounts
 * `ChangeTicket` accepts as an assignee (admin flag or admin account type).
 */
@QueryHandler(ListSupportAssignees)
export class ListSupportAssigneesHandler implements IQueryHandler<ListSupportAssignees, SupportAssigneesResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute(): Promise<SupportAssigneesResponse> {
    const assignees = await this.dataSource.query<{ id: string; name: string }[]>(
      `SELECT id, trim(first_name || ' ' || last_name) AS name FROM users WHERE is_admin OR user_type = 'admin' ORDER BY lower(first_name), lower(last_name), id`,
    );
    return { assignees };
  }
}
