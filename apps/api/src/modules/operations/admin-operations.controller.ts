import type { RebuildStarted, SystemHealth } from '@crew/contracts';
import { sharedText } from '@crew/rules';
import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AdminOnly } from '../../platform/auth/auth.guard';
import { RebuildProjection } from './commands/rebuild-projection.command';
import { RefreshSystemHealth } from './commands/refresh-system-health.command';
import { GetSystemHealth } from './queries/get-system-health.query';

/** Admin → Support, System Health: the platform's health and the projections panel. Administrators only. */
@Controller('api/admin/support')
@AdminOnly()
export class AdminOperationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('system-health')
  systemHealth(): Promise<SystemHealth> {
    return this.queries.execute(new GetSystemHealth());
  }

  @Post('system-health/refresh')
  @HttpCode(200)
  async refreshSystemHealth(): Promise<SystemHealth> {
    await this.commands.execute(new RefreshSystemHealth());
    return this.queries.execute(new GetSystemHealth());
  }

  /** Starts a rebuild and answers at once; its progress shows in system health. */
  @Post('projections/:name/rebuild')
  async rebuild(@Param('name') name: string): Promise<RebuildStarted> {
    await this.commands.execute(new RebuildProjection(name));
    return { message: sharedText('Rebuild of {projection} started', { projection: name }), projection: name };
  }
}
