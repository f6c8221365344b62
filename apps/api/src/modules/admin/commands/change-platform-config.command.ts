import { PLATFORM_CONFIG_STREAM, PlatformConfig, type PlatformConfigCommand } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { AGGREGATE_REPOSITORY } from '../../../platform/tokens';

/**
 * Every admin configuration change (toggle, rollout, trial, price, access
 * lists) is one decision of the PlatformConfig aggregate, so they share this
 * command; the domain command inside says which.
 */
export class ChangePlatformConfig {
  constructor(
    readonly change: PlatformConfigCommand,
    readonly metadata: CommandMetadata,
  ) {}
}

export interface ChangePlatformConfigResult {
  readonly position: LogPosition | null;
}

@CommandHandler(ChangePlatformConfig)
export class ChangePlatformConfigHandler implements ICommandHandler<ChangePlatformConfig, ChangePlatformConfigResult> {
  constructor(@Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository) {}

  async execute(command: ChangePlatformConfig): Promise<ChangePlatformConfigResult> {
    const outcome = await this.repository.execute(PlatformConfig, PLATFORM_CONFIG_STREAM, command.change, command.metadata);
    return { position: outcome.position };
  }
}
