import {
  routes,
  type AdminHistoryResponse,
  type AdminVoyageActionResponse,
  type AdminVoyageExportResponse,
  type AdminVoyageListResponse,
  type ClearVoyageFlagRequest,
  type ModerateVoyageRequest,
  type ReinstateVoyageRequest,
  type SuspendVoyageRequest,
  type VoyageAnalytics,
} from '@crew/contracts';
import { isUuid, type LogPosition, type VoyageModerationCommand } from '@crew/domain';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { AdminOnly, CurrentUser } from '../../platform/auth/auth.guard';
import { commandMetadataOf } from '../../platform/event-store/aggregate-repository';
import { ApiError } from '../../platform/http/api-error';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import type { ProjectionProgress } from '../../platform/projections/projection-progress';
import { PROJECTION_PROGRESS } from '../../platform/tokens';
import type { User } from '../accounts/user.entity';
import { awaitAdminWrite } from './admin-audit-log';
import type { AdminVoyageFilters } from './admin-voyage-read-model';
import { ModerateVoyage } from './commands/moderate-voyage.command';
import { GetAdminHistory } from './queries/get-admin-history.query';
import { GetVoyageAnalytics } from './queries/get-voyage-analytics.query';
import { ListAdminVoyages } from './queries/list-admin-voyages.query';

/** After a moderation the list, browse and the history must show it. */
const MODERATION_READ_MODELS = ['voyage-summaries', 'applications', 'admin-audit'] as const;

const voyageId = (id: string): string => {
  if (!isUuid(id)) throw new ApiError(404, 'VOYAGE_NOT_FOUND', 'Voyage not found');
  return id;
};

/** Voyage Oversight and its voyage analytics. */
@Controller('api/admin')
@AdminOnly()
export class AdminVoyagesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
  ) {}

  @Get('voyages')
  list(@Query(new ZodValidationPipe(routes.adminListVoyages.query)) query: AdminVoyageFilters & { page: number }): Promise<AdminVoyageListResponse> {
    const { page, ...filters } = query;
    return this.queries.execute(new ListAdminVoyages(filters, page));
  }

  @Get('voyages/export')
  exportAll(@Query(new ZodValidationPipe(routes.adminExportVoyages.query)) query: AdminVoyageFilters): Promise<AdminVoyageExportResponse> {
    return this.queries.execute(new ListAdminVoyages(query, null));
  }

  @Get('analytics/voyages')
  analytics(): Promise<VoyageAnalytics> {
    return this.queries.execute(new GetVoyageAnalytics());
  }

  @Get('voyages/:id/history')
  history(@Param('id') id: string): Promise<AdminHistoryResponse> {
    return this.queries.execute(new GetAdminHistory('voyage', voyageId(id)));
  }

  @Post('voyages/:id/moderate')
  @HttpCode(200)
  moderate(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(routes.adminModerateVoyage.body)) body: ModerateVoyageRequest,
    @CurrentUser() admin: User,
    @Req() request: FastifyRequest,
  ): Promise<AdminVoyageActionResponse> {
    return this.run(id, { type: 'FlagVoyageForReview', actorId: admin.id, notes: body.notes ?? '' }, admin, request, 'Voyage flagged for moderation review');
  }

  /** Reviewed: the voyage leaves the moderation queue. */
  @Post('voyages/:id/clear-flag')
  @HttpCode(200)
  clearFlag(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(routes.adminClearVoyageFlag.body)) body: ClearVoyageFlagRequest,
    @CurrentUser() admin: User,
    @Req() request: FastifyRequest,
  ): Promise<AdminVoyageActionResponse> {
    return this.run(id, { type: 'ClearVoyageFlag', actorId: admin.id, notes: body.notes ?? '' }, admin, request, 'Review flag cleared: the voyage has left the moderation queue');
  }

  @Post('voyages/:id/suspend')
  @HttpCode(200)
  suspend(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(routes.adminSuspendVoyage.body)) body: SuspendVoyageRequest,
    @CurrentUser() admin: User,
    @Req() request: FastifyRequest,
  ): Promise<AdminVoyageActionResponse> {
    return this.run(id, { type: 'SuspendVoyage', actorId: admin.id, reason: body.reason ?? '' }, admin, request, 'Voyage suspended. The skipper has been emailed the reason.');
  }

  @Post('voyages/:id/reinstate')
  @HttpCode(200)
  reinstate(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(routes.adminReinstateVoyage.body)) body: ReinstateVoyageRequest,
    @CurrentUser() admin: User,
    @Req() request: FastifyRequest,
  ): Promise<AdminVoyageActionResponse> {
    return this.run(id, { type: 'ReinstateVoyage', actorId: admin.id, reason: body.reason ?? '' }, admin, request, 'Voyage reinstated');
  }

  @Delete('voyages/:id')
  async remove(@Param('id') id: string, @CurrentUser() admin: User, @Req() request: FastifyRequest): Promise<AdminVoyageActionResponse> {
    try {
      return await this.run(id, { type: 'DeleteVoyage', actorId: admin.id, reason: '', because: 'admin' }, admin, request, 'Voyage deleted');
    } catch (error) {
      // The client reads accepted_applications from the refusal.
      if (error instanceof Error && 'code' in error && error.code === 'VOYAGE_HAS_ACCEPTED_CREW') {
        const count = Number(/There are (\d+)/.exec(error.message)?.[1] ?? 0);
        throw new ApiError(409, 'VOYAGE_HAS_ACCEPTED_CREW', error.message, undefined, { accepted_applications: count });
      }
      throw error;
    }
  }

  private async run(id: string, command: VoyageModerationCommand, admin: User, request: FastifyRequest, message: string): Promise<AdminVoyageActionResponse> {
    const written: { position: LogPosition | null; streamId: string } = await this.commands.execute(new ModerateVoyage(voyageId(id), command, commandMetadataOf(admin, request)));
    await awaitAdminWrite(this.progress, written, MODERATION_READ_MODELS);
    return { message };
  }
}
