import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApplicationError } from '../../../platform/application-error';
import { rebuildProjection } from '../../../platform/projections/projection-rebuild';
import { loadRebuilds } from '../../../platform/projections/rebuild-progress';
import type { Platform } from '../../../platform/platform';
import { PLATFORM } from '../../../platform/tokens';

export class RebuildProjection {
  constructor(readonly name: string) {}
}

/**
 * Starts the same rebuild as `npm run projections -- rebuild <name>` in this
 * process and returns at once; its progress shows in system health (and
 * /api/health) until it is done. Refused while one is running anywhere.
 */
@CommandHandler(RebuildProjection)
export class RebuildProjectionHandler implements ICommandHandler<RebuildProjection, void> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ name }: RebuildProjection): Promise<void> {
    const projector = this.platform.projectors.find((p) => p.name === name);
    if (!projector) throw new ApplicationError('not_found', 'PROJECTION_NOT_FOUND', 'No projection with this name');
    const current = (await loadRebuilds(this.platform.dataSource)).get(name);
    if (current && !current.finishedAt && !current.interrupted) throw new ApplicationError('conflict', 'REBUILD_RUNNING', 'This projection is being rebuilt or verified already');
    void rebuildProjection(projector, this.platform.eventStore, this.platform.dataSource).catch((error: unknown) =>
      this.platform.errorLog.record({ level: 'error', message: `rebuild of ${name} failed: ${error instanceof Error ? error.message : String(error)}`, source: 'projections' }),
    );
  }
}
