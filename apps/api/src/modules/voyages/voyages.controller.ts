import {
  routes,
  voyageContributionChangeSchema,
  voyageRequestSchema,
  voyageStatusChangeSchema,
  type CancelVoyageResponse,
  type MyVoyagesResponse,
  type SailingSoonResponse,
  type RouteCheckQuery,
  type RouteCheckResponse,
  type VoyageListResponse,
  type VoyageMapResponse,
  type VoyageResponse,
} from '@crew/contracts';
import { voyageStreamId } from '@crew/domain';
import { sharedText } from '@crew/rules';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Authenticated, CurrentUser, OptionalAuth, ViewerUser } from '../../platform/auth/auth.guard';
import { commandMetadataOf } from '../../platform/event-store/aggregate-repository';
import { ApiError } from '../../platform/http/api-error';
import { acceptedEncoding, sendEncoded } from '../../platform/http/compression';
import { revisionEtag, revisionsFromIfMatch } from '../../platform/http/if-match';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import type { ProjectionProgress } from '../../platform/projections/projection-progress';
import { readOwnWrite } from '../../platform/projections/read-your-writes';
import { PROJECTION_PROGRESS } from '../../platform/tokens';
import type { User } from '../accounts/user.entity';
import { ChangeVoyage, type VoyageChangeResult } from './commands/change-voyage.command';
import { EditVoyage } from './commands/edit-voyage.command';
import { PublishVoyage, type VoyageCommandResult } from './commands/publish-voyage.command';
import { CheckRoute } from './queries/check-route.query';
import { GetGuestVoyagePage } from './queries/get-guest-voyage-page.query';
import { GetMyVoyages } from './queries/get-my-voyages.query';
import { ListSailingSoon } from './queries/list-sailing-soon.query';
import { GetVoyageMap, type ParsedMapQuery } from './queries/get-voyage-map.query';
import { GetVoyage, type VoyageView } from './queries/get-voyage.query';
import { ListVoyages } from './queries/list-voyages.query';
import type { ParsedListQuery } from './voyage-read-model';

/** Read models the next screen reads after a voyage changes (the dashboard's "Reviews to write" reads review-windows after a completion). */
const VOYAGE_READ_MODELS = ['voyage-summaries', 'applications', 'review-windows'] as const;

/** Sets the voyage's ETag (its stream revision) and returns the voyage. */
const withEtag = (reply: FastifyReply, view: VoyageView): VoyageResponse => {
  if (view.revision !== null) void reply.header('etag', revisionEtag(view.revision));
  return view.voyage;
};

const isSkipperLike = (user: User): boolean => ['skipper', 'both'].includes(user.userType.toLowerCase());

@Controller('api/voyages')
export class VoyagesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
  ) {}

  @Get()
  @OptionalAuth()
  async list(
    @Query(new ZodValidationPipe(routes.listVoyages.query)) query: ParsedListQuery,
    @ViewerUser() viewer: User | null,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<VoyageListResponse | Buffer> {
    if (viewer) return this.queries.execute(new ListVoyages(query, viewer.id));
    // Guests all see the same page: send the bytes made (and compressed) for the first of them.
    return sendEncoded(reply, await this.queries.execute(new GetGuestVoyagePage(query, acceptedEncoding(request))));
  }

  @Get('map')
  map(@Query(new ZodValidationPipe(routes.voyageMap.query)) query: ParsedMapQuery): Promise<VoyageMapResponse> {
    return this.queries.execute(new GetVoyageMap(query));
  }

  @Get('my-voyages-with-applications')
  @Authenticated()
  myVoyages(@CurrentUser() user: User): Promise<MyVoyagesResponse> {
    return this.queries.execute(new GetMyVoyages(user.id));
  }

  /** The member's voyages sailing within 30 days or under way: what their device keeps for use offline. */
  @Get('sailing-soon')
  @Authenticated()
  sailingSoon(@CurrentUser() user: User): Promise<SailingSoonResponse> {
    return this.queries.execute(new ListSailingSoon(user.id));
  }

  /** For the route planner: each leg's great-circle distance and whether its straight line crosses land. */
  @Get('route-check')
  @Authenticated()
  routeCheck(@Query(new ZodValidationPipe(routes.routeCheck.query)) query: RouteCheckQuery): Promise<RouteCheckResponse> {
    return this.queries.execute(new CheckRoute(query.points));
  }

  /** The voyage, with its stream revision as ETag: an edit sends it back in If-Match. */
  @Get(':id')
  @OptionalAuth()
  async get(@Param('id') id: string, @ViewerUser() viewer: User | null, @Res({ passthrough: true }) reply: FastifyReply): Promise<VoyageResponse> {
    return withEtag(reply, await this.queries.execute(new GetVoyage(id, viewer?.id ?? null, viewer?.isAdmin ?? false)));
  }

  @Post()
  @Authenticated()
  async create(@Body() body: unknown, @CurrentUser() user: User, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<VoyageResponse> {
    if (!isSkipperLike(user)) throw new ApiError(403, 'SKIPPER_ONLY', 'Only skipper accounts can create voyages');
    const parsed = voyageRequestSchema.parse(body ?? {});
    return this.run(new PublishVoyage(randomUUID(), user.id, parsed, commandMetadataOf(user, request)), user, reply);
  }

  /**
   * The three PUT bodies, told apart by their fields: the whole form
   * (has a title), a status change, or a contribution change.
   */
  @Put(':id')
  @Authenticated()
  async update(
    @Param('id') id: string,
    @Body() body: unknown,
    @CurrentUser() user: User,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<VoyageResponse> {
    const fields = typeof body === 'object' && body !== null ? body : {};
    const metadata = commandMetadataOf(user, request);
    const loadedAt = revisionsFromIfMatch(request.headers['if-match']);
    if ('title' in fields) return this.run(new EditVoyage(id, user.id, voyageRequestSchema.parse(fields), metadata, loadedAt), user, reply);
    if ('status' in fields) {
      const { status } = voyageStatusChangeSchema.parse(fields);
      return this.run(new ChangeVoyage(id, { type: 'ChangeVoyageStatus', actorId: user.id, status }, metadata, loadedAt), user, reply);
    }
    const change = voyageContributionChangeSchema.parse(fields);
    const contribution = {
      type: change.contribution_type,
      amount: change.contribution_type === 'free' ? null : (change.contribution_amount ?? null),
      currency: change.contribution_currency,
      details: change.contribution_details,
    };
    return this.run(new ChangeVoyage(id, { type: 'ChangeVoyageContribution', actorId: user.id, contribution }, metadata, loadedAt), user, reply);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Authenticated()
  async cancel(@Param('id') id: string, @CurrentUser() user: User, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<CancelVoyageResponse> {
    const loadedAt = revisionsFromIfMatch(request.headers['if-match']);
    const command = new ChangeVoyage(id, { type: 'CancelVoyage', actorId: user.id, reason: '' }, commandMetadataOf(user, request), loadedAt);
    const result: VoyageChangeResult = await this.commands.execute(command);
    const voyage = withEtag(reply, await this.answer(result, user));
    const notified = result.notified;
    return {
      message: sharedText('Voyage cancelled. {notified, plural, one {# crew member was} other {# crew members were}} notified.', { notified }),
      notifications_sent: notified,
      voyage,
    };
  }

  /** Runs the command, waits (bounded) until the read model shows it, and answers with the voyage as it now is. */
  private async run(command: PublishVoyage | EditVoyage | ChangeVoyage, user: User, reply: FastifyReply): Promise<VoyageResponse> {
    return withEtag(reply, await this.answer(await this.commands.execute(command), user));
  }

  private answer(result: VoyageCommandResult, user: User): Promise<VoyageView> {
    const write = { position: result.position, streamId: voyageStreamId(result.voyageId) };
    return readOwnWrite(this.progress, write, VOYAGE_READ_MODELS, () => this.queries.execute(new GetVoyage(result.voyageId, user.id)));
  }
}
