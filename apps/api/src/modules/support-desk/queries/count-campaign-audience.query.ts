import type { CampaignAudience, CampaignAudienceCount } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Runtime } from '../../../platform/runtime';
import { RUNTIME } from '../../../platform/tokens';

export class CountCampaignAudience {
  constructor(readonly audience: CampaignAudience) {}
}

/** How many members a campaign to this audience would be queued for now: the same count Send takes. */
@QueryHandler(CountCampaignAudience)
export class CountCampaignAudienceHandler implements IQueryHandler<CountCampaignAudience, CampaignAudienceCount> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async execute({ audience }: CountCampaignAudience): Promise<CampaignAudienceCount> {
    return { audience, recipients: await this.runtime.campaigns.countAudience(audience) };
  }
}
