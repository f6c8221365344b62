import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { HealthMonitor } from '../health-monitor';
import type { Platform } from '../../../platform/platform';
import { PLATFORM } from '../../../platform/tokens';

export class RefreshSystemHealth {}

/** Refresh Status: checks every service now, records the results, and writes out the error log's pending entries. */
@CommandHandler(RefreshSystemHealth)
export class RefreshSystemHealthHandler implements ICommandHandler<RefreshSystemHealth, void> {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly healthMonitor: HealthMonitor,
  ) {}

  async execute(): Promise<void> {
    await this.healthMonitor.record();
    await this.platform.errorLog.drain();
  }
}
