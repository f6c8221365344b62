import type { SystemHealth } from '@crew/contracts';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { HealthMonitor } from '../health-monitor';

export class GetSystemHealth {}

/** The System Health tab: each service's last check and 24-hour uptime, recent error logs, projections. */
@QueryHandler(GetSystemHealth)
export class GetSystemHealthHandler implements IQueryHandler<GetSystemHealth, SystemHealth> {
  constructor(private readonly healthMonitor: HealthMonitor) {}

  execute(): Promise<SystemHealth> {
    return this.healthMonitor.report();
  }
}
