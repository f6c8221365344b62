import type { ConfigHistoryResponse } from '@crew/contracts';
import { ConfigHistoryEntry } from '@crew/projections';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

/** The spec's config history shows the last 10 entries. */
export class GetConfigHistory {
  constructor(readonly limit = 10) {}
}

@QueryHandler(GetConfigHistory)
export class GetConfigHistoryHandler implements IQueryHandler<GetConfigHistory, ConfigHistoryResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute(query: GetConfigHistory): Promise<ConfigHistoryResponse> {
    const rows = await this.dataSource.getRepository(ConfigHistoryEntry).find({
      order: { logCommit: 'DESC', logPrepare: 'DESC' },
      take: query.limit,
    });
    return {
      history: rows.map((row) => ({
        id: row.eventId,
        key: row.key,
        old_value: row.oldValue,
        new_value: row.newValue,
        description: row.description,
        changed_at: row.changedAt.toISOString(),
        changed_by: row.changedBy,
      })),
    };
  }
}
