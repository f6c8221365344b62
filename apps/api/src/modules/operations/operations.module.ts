import { Module } from '@nestjs/common';
import { contribute, WorkerClock } from '../../platform/contributions';
import type { Platform } from '../../platform/platform';
import { ProcessRoles } from '../../platform/process-roles';
import { PLATFORM } from '../../platform/tokens';
import { AdminOperationsController } from './admin-operations.controller';
import { RebuildProjectionHandler } from './commands/rebuild-projection.command';
import { RefreshSystemHealthHandler } from './commands/refresh-system-health.command';
import { HealthMonitor } from './health-monitor';
import { GetSystemHealthHandler } from './queries/get-system-health.query';

/**
 * Running the platform: system health (the health monitor's periodic checks)
 * and rebuilding a projection from the event log.
 */
@Module({
  controllers: [AdminOperationsController],
  providers: [
    GetSystemHealthHandler,
    RefreshSystemHealthHandler,
    RebuildProjectionHandler,
    {
      provide: HealthMonitor,
      useFactory: (platform: Platform, roles: ProcessRoles) => new HealthMonitor(platform, roles, (m) => platform.logger.warn(m)),
      inject: [PLATFORM, ProcessRoles],
    },
    contribute('operations.health-monitor', (monitor: HealthMonitor) => new WorkerClock('health monitor', monitor), [HealthMonitor]),
  ],
  exports: [HealthMonitor],
})
export class OperationsModule {}
