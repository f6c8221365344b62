import type { AccessListsResponse } from '@crew/contracts';
import type { AccessListRow } from '@crew/projections';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

export class GetAccessLists {}

@QueryHandler(GetAccessLists)
export class GetAccessListsHandler implements IQueryHandler<GetAccessLists, AccessListsResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute(): Promise<AccessListsResponse> {
    const rows = await this.dataSource.query<AccessListRow[]>('SELECT list_type, user_id, added_at, added_by FROM config_access_list ORDER BY added_at');
    const ids = [...new Set(rows.map((r) => r.user_id))];
    // Names and addresses are read from the accounts now: the read model keeps ids only.
    const people =
      ids.length === 0
        ? []
        : await this.dataSource.query<{ id: string; name: string; email: string }[]>(
            `SELECT id, trim(concat_ws(' ', first_name, last_name)) AS name, email FROM users WHERE id = ANY($1::uuid[]) ORDER BY id`,
            [ids],
          );
    return {
      grandfathered_users: rows.filter((r) => r.list_type === 'grandfathered').map((r) => r.user_id),
      beta_testers: rows.filter((r) => r.list_type === 'beta').map((r) => r.user_id),
      people,
    };
  }
}
