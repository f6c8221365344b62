import type { SystemHealth } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Runtime } from '../../../platform/runtime';
import { RUNTIME } from '../../../platform/tokens';

export class GetSystemHealth {}

/** The System Health tab: each service's last check and 24-hour uptime, recent error logs, projections. */
@QueryHandler(GetSystemHealth)
export class GetSystemHealthHandler implements IQueryHandler<GetSystemHealth, SystemHealth> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  execute(): Promise<SystemHealth> {
    return this.runtime.healthMonitor.report();
  }
}
