import { applyRequestSchema, type ApplicationActionResponse, type ApplyRequest, type MyApplicationsResponse, type VoyageApplicationsResponse } from '@crew/contracts';
import { voyageStreamId } from '@crew/domain';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import { commandMetadataOf } from '../../platform/event-store/aggregate-repository';
import { ApiError } from '../../platform/http/api-error';
import { isUuid } from '../../platform/http/uuid';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import type { ProjectionProgress } from '../../platform/projections/projection-progress';
import { readOwnWrite } from '../../platform/projections/read-your-writes';
import { PROJECTION_PROGRESS } from '../../platform/tokens';
import type { User } from '../accounts/user.entity';
import { DecideOnApplication, type ApplicationCommandResult, type ApplicationDecision } from './commands/decide-on-application.command';
import { SubmitApplication } from './commands/submit-application.command';
import { GetApplication } from './queries/get-application.query';
import { GetMyApplications } from './queries/get-my-applications.query';
import { GetVoyageApplications } from './queries/get-voyage-applications.query';

/** Read models the next screen reads after an application changes. */
const APPLICATION_READ_MODELS = ['applications', 'voyage-summaries'] as const;

/** The texts the client shows after each action. */
const DONE: Record<ApplicationDecision | 'apply', string> = {
  apply: 'Application submitted successfully! The skipper will review your application.',
  withdraw: 'Application withdrawn successfully.',
  accept: 'Application accepted successfully!',
  reject: 'Application rejected.',
};

@Controller('api/applications')
export class ApplicationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
  ) {}

  @Post()
  @Authenticated()
  async apply(@Body(new ZodValidationPipe(applyRequestSchema)) body: ApplyRequest, @CurrentUser() user: User, @Req() request: FastifyRequest): Promise<ApplicationActionResponse> {
    const applicant = { id: user.id, userType: user.isAdmin ? 'admin' : user.userType } as const;
    const result: ApplicationCommandResult = await this.commands.execute(
      new SubmitApplication(randomUUID(), body.voyage_id, applicant, body.message, body.segment_orders ?? [], commandMetadataOf(user, request)),
    );
    return this.answer(result, 'apply');
  }

  @Get('my-applications')
  @Authenticated()
  mine(@CurrentUser() user: User): Promise<MyApplicationsResponse> {
    return this.queries.execute(new GetMyApplications(user.id));
  }

  @Post(':id/withdraw')
  @HttpCode(200)
  @Authenticated()
  withdraw(@Param('id') id: string, @CurrentUser() user: User, @Req() request: FastifyRequest): Promise<ApplicationActionResponse> {
    return this.decide(id, 'withdraw', user, request);
  }

  @Post(':id/accept')
  @HttpCode(200)
  @Authenticated()
  accept(@Param('id') id: string, @CurrentUser() user: User, @Req() request: FastifyRequest): Promise<ApplicationActionResponse> {
    return this.decide(id, 'accept', user, request);
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Authenticated()
  reject(@Param('id') id: string, @CurrentUser() user: User, @Req() request: FastifyRequest): Promise<ApplicationActionResponse> {
    return this.decide(id, 'reject', user, request);
  }

  private async decide(id: string, decision: ApplicationDecision, user: User, request: FastifyRequest): Promise<ApplicationActionResponse> {
    if (!isUuid(id)) throw new ApiError(404, 'APPLICATION_NOT_FOUND', 'Application not found');
    const result: ApplicationCommandResult = await this.commands.execute(new DecideOnApplication(id, decision, user.id, commandMetadataOf(user, request)));
    return this.answer(result, decision);
  }

  /** Waits (bounded) until the read models show the change, then answers with the application as it now is. */
  private async answer(result: ApplicationCommandResult, action: ApplicationDecision | 'apply'): Promise<ApplicationActionResponse> {
    const write = { position: result.position, streamId: voyageStreamId(result.voyageId) };
    const application = await readOwnWrite(this.progress, write, APPLICATION_READ_MODELS, () => this.queries.execute(new GetApplication(result.applicationId)));
    return { message: DONE[action], application };
  }
}

/** GET /api/voyages/{id}/applications lives with the applications, under the voyages path. */
@Controller('api/voyages')
export class VoyageApplicationsController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':id/applications')
  @Authenticated()
  list(@Param('id') id: string, @CurrentUser() user: User): Promise<VoyageApplicationsResponse> {
    return this.queries.execute(new GetVoyageApplications(id, user.id));
  }
}
