import {
  acceptAgreementSchema,
  agreementTermsSchema,
  checkInRequestSchema,
  floatPlanRequestSchema,
  type AgreementResponse,
  type AgreementTermsBody,
  type AwaitingAgreementsResponse,
  type CheckInRecordedResponse,
  type FloatPlanResponse,
  type SailingLogResponse,
  type VoyageTrustResponse,
} from '@crew/contracts';
import { voyageStreamId, type TrustCommand } from '@crew/domain';
import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Put, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import { commandMetadataOf } from '../../platform/event-store/aggregate-repository';
import { ApiError } from '../../platform/http/api-error';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyOf, idempotentId } from '../../platform/http/idempotency-key';
import { isUuid } from '../../platform/http/uuid';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import type { ProjectionProgress } from '../../platform/projections/projection-progress';
import { readOwnWrite } from '../../platform/projections/read-your-writes';
import { PROJECTION_PROGRESS } from '../../platform/tokens';
import type { User } from '../accounts/user.entity';
import { FileFloatPlan } from './commands/file-float-plan.command';
import { RunVoyageSafetyCommand, type SafetyCommandResult } from './commands/run-voyage-safety-command.command';
import { GetAgreement } from './queries/get-agreement.query';
import { GetAgreementVoyage } from './queries/get-agreement-voyage.query';
import { GetCrewAgreementId } from './queries/get-crew-agreement-id.query';
import { GetFloatPlanByToken } from './queries/get-float-plan.query';
import { GetSailingLog } from './queries/get-sailing-log.query';
import { GetVoyageTrust } from './queries/get-voyage-trust.query';
import { ListAwaitingAgreements } from './queries/list-awaiting-agreements.query';

const TRUST_READ_MODELS = ['trust'] as const;
type Parsed<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

const voyageId = (id: string): string => {
  if (!isUuid(id)) throw new ApiError(404, 'VOYAGE_NOT_FOUND', 'Voyage not found');
  return id;
};
const crewId = (id: string): string => {
  if (!isUuid(id)) throw new ApiError(404, 'CREW_NOT_ON_VOYAGE', 'That person is not crew of this voyage');
  return id;
};

/**
 * Trust and safety at sea: the verified sailing log, crew agreements, float
 * plans with their private links, and check-ins. Thin: every decision is the
 * Voyage aggregate's; answers come from the `trust` read models once they
 * show the change.
 */
@Controller('api')
export class SafetyController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
  ) {}

  @Get('users/:id/sailing-log')
  sailingLog(@Param('id') userId: string): Promise<SailingLogResponse> {
    return this.queries.execute(new GetSailingLog(userId));
  }

  @Get('voyages/:id/trust')
  @Authenticated()
  voyageTrust(@Param('id') id: string, @CurrentUser() user: User): Promise<VoyageTrustResponse> {
    return this.queries.execute(new GetVoyageTrust(voyageId(id), user.id));
  }

  @Post('voyages/:id/sailing-log/:crew_id/confirm')
  @HttpCode(200)
  @Authenticated()
  async confirmLog(@Param('id') id: string, @Param('crew_id') crew: string, @CurrentUser() user: User, @Req() request: FastifyRequest): Promise<VoyageTrustResponse> {
    const result = await this.run(voyageId(id), { type: 'ConfirmSailingLog', actorId: user.id, crewId: crewId(crew) }, user, request);
    return this.afterWrite(result, () => this.queries.execute(new GetVoyageTrust(id, user.id)));
  }

  @Post('voyages/:id/sailing-log/:crew_id/remove')
  @HttpCode(200)
  @Authenticated()
  async removeFromLog(@Param('id') id: string, @Param('crew_id') crew: string, @CurrentUser() user: User, @Req() request: FastifyRequest): Promise<VoyageTrustResponse> {
    const result = await this.run(voyageId(id), { type: 'RemoveFromSailingLog', actorId: user.id, crewId: crewId(crew) }, user, request);
    return this.afterWrite(result, () => this.queries.execute(new GetVoyageTrust(id, user.id)));
  }

  @Put('voyages/:id/agreements/:crew_id')
  @Authenticated()
  async issueAgreement(
    @Param('id') id: string,
    @Param('crew_id') crew: string,
    @Body(new ZodValidationPipe(agreementTermsSchema)) body: AgreementTermsBody,
    @CurrentUser() user: User,
    @Req() request: FastifyRequest,
  ): Promise<AgreementResponse> {
    const result = await this.run(
      voyageId(id),
      {
        type: 'IssueCrewAgreement',
        actorId: user.id,
        crewId: crewId(crew),
        agreementId: randomUUID(),
        terms: {
          contributionAmount: body.contribution_amount,
          contributionCurrency: body.contribution_currency,
          contributionCovers: body.contribution_covers,
          duties: body.duties,
          watchSystem: body.watch_system,
          houseRules: body.house_rules,
          leavingEarly: body.leaving_early,
          insurance: body.insurance,
        },
      },
      user,
      request,
    );
    return this.afterWrite(result, async () => {
      const agreementId = await this.queries.execute<GetCrewAgreementId, string>(new GetCrewAgreementId(id, crew));
      return this.queries.execute(new GetAgreement(agreementId, user.id));
    });
  }

  // Before agreements/:id, so the static path is never taken for an agreement id (Fastify prefers static
  // segments anyway; declaring it first keeps that true whatever the adapter).
  @Get('agreements/awaiting')
  @Authenticated()
  awaitingAgreements(@CurrentUser() user: User): Promise<AwaitingAgreementsResponse> {
    return this.queries.execute(new ListAwaitingAgreements(user.id));
  }

  @Get('agreements/:id')
  @Authenticated()
  agreement(@Param('id') id: string, @CurrentUser() user: User): Promise<AgreementResponse> {
    return this.queries.execute(new GetAgreement(id, user.id));
  }

  @Post('agreements/:id/accept')
  @HttpCode(200)
  @Authenticated()
  async acceptAgreement(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(acceptAgreementSchema)) body: z.output<typeof acceptAgreementSchema>,
    @CurrentUser() user: User,
    @Req() request: FastifyRequest,
  ): Promise<AgreementResponse> {
    const found = await this.queries.execute<GetAgreementVoyage, { voyageId: string; crewId: string }>(new GetAgreementVoyage(id));
    const result = await this.run(
      found.voyageId,
      { type: 'AcceptCrewAgreement', actorId: user.id, agreementId: id, version: body.version, shareEmergencyContact: body.share_emergency_contact },
      user,
      request,
    );
    return this.afterWrite(result, () => this.queries.execute(new GetAgreement(id, user.id)));
  }

  @Put('voyages/:id/float-plan')
  @Authenticated()
  async fileFloatPlan(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(floatPlanRequestSchema)) body: Parsed<z.output<typeof floatPlanRequestSchema>>,
    @CurrentUser() user: User,
    @Req() request: FastifyRequest,
  ): Promise<VoyageTrustResponse> {
    const result: SafetyCommandResult = await this.commands.execute(new FileFloatPlan(voyageId(id), user.id, body, commandMetadataOf(user, request)));
    return this.afterWrite(result, () => this.queries.execute(new GetVoyageTrust(id, user.id)));
  }

  @Get('float-plans/:token')
  floatPlan(@Param('token') token: string): Promise<FloatPlanResponse> {
    return this.queries.execute(new GetFloatPlanByToken(token));
  }

  /**
   * With an Idempotency-Key, the check-in is recorded under an id made from the member, the voyage and the key: the
   * same check-in sent again (a phone replaying what it queued offline) is recorded once and answers as the first
   * did, marked Idempotent-Replayed; the same key for another check-in is 422 IDEMPOTENCY_KEY_REUSED.
   */
  @Post('voyages/:id/check-ins')
  @Authenticated()
  async checkIn(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(checkInRequestSchema)) body: z.output<typeof checkInRequestSchema>,
    @Headers(IDEMPOTENCY_KEY_HEADER) keyHeader: string | string[] | undefined,
    @CurrentUser() user: User,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CheckInRecordedResponse> {
    const key = idempotencyKeyOf(keyHeader);
    const checkInId = key === null ? randomUUID() : idempotentId(user.id, `check-in:${voyageId(id)}`, key);
    const result = await this.run(
      voyageId(id),
      {
        type: 'RecordCheckIn',
        actorId: user.id,
        checkInId,
        kind: body.kind,
        lat: body.lat ?? null,
        lon: body.lon ?? null,
        note: body.note,
        observedAt: body.observed_at ?? null,
      },
      user,
      request,
    );
    if (key !== null && result.appended === 0) void reply.header('idempotent-replayed', 'true');
    const trust = await this.afterWrite(result, () => this.queries.execute<GetVoyageTrust, VoyageTrustResponse>(new GetVoyageTrust(id, user.id)));
    const said = { departed: 'Departure recorded. Fair winds!', position: 'Position recorded.', arrived: 'Arrival recorded: the shore contacts can stand down.' } as const;
    return { message: said[body.kind], check_in_id: checkInId, trust };
  }

  private run(voyage: string, command: TrustCommand, user: User, request: FastifyRequest): Promise<SafetyCommandResult> {
    return this.commands.execute(new RunVoyageSafetyCommand(voyage, command, commandMetadataOf(user, request)));
  }

  private afterWrite<T>(result: SafetyCommandResult, read: () => Promise<T>): Promise<T> {
    return readOwnWrite(this.progress, { position: result.position, streamId: voyageStreamId(result.voyageId) }, TRUST_READ_MODELS, read);
  }
}
