import { isUuid, PLATFORM_CONFIG_STREAM, PlatformConfig, reject, type PlatformConfigCommand } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { AGGREGATE_REPOSITORY, DATA_SOURCE } from '../../../platform/tokens';

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
  constructor(
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
  ) {}

  async execute(command: ChangePlatformConfig): Promise<ChangePlatformConfigResult> {
    const { change } = command;
    // Only an existing account can be put on a list; one erased since may still be taken off.
    if (change.type === 'ChangeAccessList' && change.action === 'add' && isUuid(change.userId)) {
      const found: unknown[] = await this.dataSource.query('SELECT 1 FROM users WHERE id = $1', [change.userId]);
      if (found.length === 0) reject('not_found', 'USER_NOT_FOUND', 'No user has this id');
    }
    const outcome = await this.repository.execute(PlatformConfig, PLATFORM_CONFIG_STREAM, change, command.metadata);
    return { position: outcome.position };
  }
}
