import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiError } from '../../../platform/http/api-error';
import { rebuildProjection } from '../../../platform/projections/projection-rebuild';
import { loadRebuilds } from '../../../platform/projections/rebuild-progress';
import type { Runtime } from '../../../platform/runtime';
import { RUNTIME } from '../../../platform/tokens';

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
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async execute({ name }: RebuildProjection): Promise<void> {
    const projector = this.runtime.projectors.find((p) => p.name === name);
    if (!projector) throw new ApiError(404, 'PROJECTION_NOT_FOUND', 'No projection with this name');
    const current = (await loadRebuilds(this.runtime.dataSource)).get(name);
    if (current && !current.finishedAt && !current.interrupted) throw new ApiError(409, 'REBUILD_RUNNING', 'This projection is being rebuilt or verified already');
    void rebuildProjection(projector, this.runtime.eventStore, this.runtime.dataSource).catch((error: unknown) =>
      this.runtime.errorLog.record({ level: 'error', message: `rebuild of ${name} failed: ${error instanceof Error ? error.message : String(error)}`, source: 'projections' }),
    );
  }
}
