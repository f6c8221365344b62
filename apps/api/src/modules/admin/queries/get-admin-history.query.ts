import type { AdminHistoryResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

export class GetAdminHistory {
  constructor(
    readonly subjectType: 'user' | 'voyage',
    readonly subjectId: string,
  ) {}
}

/** How many entries a detail modal shows. */
const HISTORY_LIMIT = 100;

/** A record's administrator history from the admin_audit read model, newest first; the admin's name joined at read time. */
@QueryHandler(GetAdminHistory)
export class GetAdminHistoryHandler implements IQueryHandler<GetAdminHistory, AdminHistoryResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ subjectType, subjectId }: GetAdminHistory): Promise<AdminHistoryResponse> {
    const rows = await this.dataSource.query<
      { event_id: string; action: string; reason: string; details: Record<string, string | number | boolean | null>; actor_id: string | null; actor_name: string | null; occurred_at: Date }[]
    >(
      `SELECT a.event_id, a.action, a.reason, a.details, a.actor_id, a.occurred_at,
              CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS actor_name
         FROM admin_audit a LEFT JOIN users u ON u.id = a.actor_id
        WHERE a.subject_type = $1 AND a.subject_id = $2
        ORDER BY a.log_commit DESC, a.log_prepare DESC
        LIMIT ${HISTORY_LIMIT}`,
      [subjectType, subjectId],
    );
    return {
      history: rows.map((row) => ({
        id: row.event_id,
        action: row.action,
        reason: row.reason,
        details: row.details,
        actor_id: row.actor_id,
        actor_name: row.actor_name,
        occurred_at: row.occurred_at.toISOString(),
      })),
    };
  }
}
