import type { Communication } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Runtime } from '../../../platform/runtime';
import { RUNTIME } from '../../../platform/tokens';

export class GetRecentCommunications {}

/** Recent communications: the last campaigns with recipients, queued, sent, failed, skipped and opened. */
@QueryHandler(GetRecentCommunications)
export class GetRecentCommunicationsHandler implements IQueryHandler<GetRecentCommunications, Communication[]> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  execute(): Promise<Communication[]> {
    return this.runtime.campaigns.recent();
  }
}
