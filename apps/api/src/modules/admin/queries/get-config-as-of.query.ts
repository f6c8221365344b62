import type { ConfigAsOfResponse } from '@crew/contracts';
import { isUuid } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { EventStore } from '../../../platform/event-store/event-store.port';
import { DATA_SOURCE, EVENT_STORE } from '../../../platform/tokens';
import { asOfResponse, ConfigTimeline } from '../config-timeline';

/**
 * The configuration exactly as it stood at a moment: the PlatformConfig events
 * made up to then, folded through the domain's evolve (not the current row),
 * with the names of the listed members who still have an account.
 */
export class GetConfigAsOf {
  constructor(readonly at: Date) {}
}

@QueryHandler(GetConfigAsOf)
export class GetConfigAsOfHandler implements IQueryHandler<GetConfigAsOf, ConfigAsOfResponse> {
  private readonly timeline: ConfigTimeline;

  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
  ) {
    this.timeline = new ConfigTimeline(store);
  }

  async execute(query: GetConfigAsOf): Promise<ConfigAsOfResponse> {
    const response = asOfResponse(query.at, await this.timeline.stateAt(query.at));
    const listed = [...new Set([...response.grandfathered_users, ...response.beta_testers])].filter(isUuid);
    const names =
      listed.length === 0
        ? []
        : await this.dataSource.query<{ id: string; name: string }[]>(`SELECT id::text AS id, trim(first_name || ' ' || last_name) AS name FROM users WHERE id = ANY($1::uuid[])`, [
            listed,
          ]);
    return { ...response, member_names: Object.fromEntries(names.map((row) => [row.id, row.name])) };
  }
}
