import { CONFIG_KEY_LABELS, CONFIG_RECENT_CHANGES, type ConfigHistoryKey, type ConfigHistoryPage } from '@crew/contracts';
import type { ConfigHistoryRow } from '@crew/projections';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

/**
 * Configuration changes from the config-history read model, newest first (log
 * order), optionally of one key, one page at a time. Without paging it is the
 * Recent Changes panel: the last 10.
 */
export class GetConfigHistory {
  constructor(
    readonly key: ConfigHistoryKey | null = null,
    readonly limit = CONFIG_RECENT_CHANGES,
    readonly offset = 0,
  ) {}
}

/** A change with the names of its administrator and (for a list change) its member as they are now, and the count of all. */
interface Row extends Pick<ConfigHistoryRow, 'event_id' | 'key' | 'old_value' | 'new_value' | 'description' | 'changed_at' | 'changed_by'> {
  changed_by_name: string | null;
  member_name: string | null;
  total: string;
}

@QueryHandler(GetConfigHistory)
export class GetConfigHistoryHandler implements IQueryHandler<GetConfigHistory, ConfigHistoryPage> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute(query: GetConfigHistory): Promise<ConfigHistoryPage> {
    // The admin's name (and, for a list change, the member's) is joined from the accounts at read
    // time: the read model keeps only ids, so an erased account leaves no name behind.
    const rows: Row[] = await this.dataSource.query(
      `SELECT h.event_id, h.key, h.old_value, h.new_value, h.description, h.changed_at, h.changed_by,
              NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS changed_by_name,
              NULLIF(trim(concat_ws(' ', m.first_name, m.last_name)), '') AS member_name,
              count(*) OVER () AS total
         FROM config_history h
         LEFT JOIN users u ON u.id = h.changed_by
         LEFT JOIN users m ON m.id = CASE WHEN h.key IN ('grandfathered_users', 'beta_testers')
                                          THEN (coalesce(h.new_value, h.old_value) #>> '{}')::uuid END
        WHERE ($1::text IS NULL OR h.key = $1)
        ORDER BY h.log_commit DESC, h.log_prepare DESC
        LIMIT $2 OFFSET $3`,
      [query.key, query.limit, query.offset],
    );
    const total =
      rows[0] !== undefined
        ? Number(rows[0].total)
        : query.offset === 0
          ? 0
          : Number((await this.dataSource.query<{ n: string }[]>('SELECT count(*) AS n FROM config_history WHERE ($1::text IS NULL OR key = $1)', [query.key]))[0]?.n ?? 0);
    return {
      history: rows.map((row) => ({
        id: row.event_id,
        key: row.key,
        old_value: row.old_value,
        new_value: row.new_value,
        description: row.description,
        changed_at: row.changed_at.toISOString(),
        changed_by: row.changed_by,
        changed_by_name: row.changed_by_name,
        label: CONFIG_KEY_LABELS[row.key],
        member_name: row.member_name,
      })),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }
}
