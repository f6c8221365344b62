import type { Communication } from '@crew/contracts';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CampaignDispatcher } from '../campaigns';

export class GetRecentCommunications {}

/** Recent communications: the last campaigns with recipients, queued, sent, failed, skipped and opened. */
@QueryHandler(GetRecentCommunications)
export class GetRecentCommunicationsHandler implements IQueryHandler<GetRecentCommunications, Communication[]> {
  constructor(private readonly campaigns: CampaignDispatcher) {}

  execute(): Promise<Communication[]> {
    return this.campaigns.recent();
  }
}
