import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Runtime } from '../../../platform/runtime';
import { RUNTIME } from '../../../platform/tokens';

export class RefreshSystemHealth {}

/** Refresh Status: checks every service now, records the results, and writes out the error log's pending entries. */
@CommandHandler(RefreshSystemHealth)
export class RefreshSystemHealthHandler implements ICommandHandler<RefreshSystemHealth, void> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async execute(): Promise<void> {
    await this.runtime.healthMonitor.record();
    await this.runtime.errorLog.drain();
  }
}
