import type { ConfigAsOfResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { EventStore } from '../../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../../platform/tokens';
import { asOfResponse, ConfigTimeline } from '../config-timeline';

/**
 * The configuration exactly as it stood at a moment: the PlatformConfig events
 * made up to then, folded through the domain's evolve (not the current row).
 */
export class GetConfigAsOf {
  constructor(readonly at: Date) {}
}

@QueryHandler(GetConfigAsOf)
export class GetConfigAsOfHandler implements IQueryHandler<GetConfigAsOf, ConfigAsOfResponse> {
  private readonly timeline: ConfigTimeline;

  constructor(@Inject(EVENT_STORE) store: EventStore) {
    this.timeline = new ConfigTimeline(store);
  }

  async execute(query: GetConfigAsOf): Promise<ConfigAsOfResponse> {
    return asOfResponse(query.at, await this.timeline.stateAt(query.at));
  }
}
