import type { CampaignAudience, CampaignAudienceCount } from '@crew/contracts';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CampaignDispatcher } from '../campaigns';

export class CountCampaignAudience {
  constructor(readonly audience: CampaignAudience) {}
}

/** How many members a campaign to this audience would be queued for now: the same count Send takes. */
@QueryHandler(CountCampaignAudience)
export class CountCampaignAudienceHandler implements IQueryHandler<CountCampaignAudience, CampaignAudienceCount> {
  constructor(private readonly campaigns: CampaignDispatcher) {}

  async execute({ audience }: CountCampaignAudience): Promise<CampaignAudienceCount> {
    return { audience, recipients: await this.campaigns.countAudience(audience) };
  }
}
