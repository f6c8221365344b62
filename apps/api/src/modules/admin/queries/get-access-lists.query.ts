import type { AccessListsResponse } from '@crew/contracts';
import { ConfigAccessListMember } from '@crew/projections';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

export class GetAccessLists {}

@QueryHandler(GetAccessLists)
export class GetAccessListsHandler implements IQueryHandler<GetAccessLists, AccessListsResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute(): Promise<AccessListsResponse> {
    const rows = await this.dataSource.getRepository(ConfigAccessListMember).find({ order: { addedAt: 'ASC' } });
    const ids = [...new Set(rows.map((r) => r.userId))];
    // Names and addresses are read from the accounts now: the read model keeps ids only.
    const people =
      ids.length === 0
        ? []
        : await this.dataSource.query<{ id: string; name: string; email: string }[]>(
            `SELECT id, trim(concat_ws(' ', first_name, last_name)) AS name, email FROM users WHERE id = ANY($1::uuid[]) ORDER BY id`,
            [ids],
          );
    return {
      grandfathered_users: rows.filter((r) => r.listType === 'grandfathered').map((r) => r.userId),
      beta_testers: rows.filter((r) => r.listType === 'beta').map((r) => r.userId),
      people,
    };
  }
}
