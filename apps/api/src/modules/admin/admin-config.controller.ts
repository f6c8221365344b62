import {
  editableConfigKeySchema,
  routes,
  type AccessListChangeRequest,
  type AccessListsResponse,
  type ConfigAsOfQuery,
  type ConfigAsOfResponse,
  type ConfigHistoryKey,
  type ConfigHistoryPage,
  type ConfigValueRequest,
  type MonetizationImpact,
  type PlatformConfigResponse,
  type RolloutPercentageRequest,
  type ToggleMonetizationRequest,
} from '@crew/contracts';
import { PLATFORM_CONFIG_STREAM, type PlatformConfigCommand } from '@crew/domain';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { AdminOnly, CurrentUser } from '../../platform/auth/auth.guard';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import type { ProjectionProgress } from '../../platform/projections/projection-progress';
import { projectionFailed, projectionLagging } from '../../platform/projections/read-your-writes';
import { PROJECTION_PROGRESS } from '../../platform/tokens';
import type { User } from '../accounts/user.entity';
import { ChangePlatformConfig, type ChangePlatformConfigResult } from './commands/change-platform-config.command';
import { GetAccessLists } from './queries/get-access-lists.query';
import { GetConfigAsOf } from './queries/get-config-as-of.query';
import { GetConfigHistory } from './queries/get-config-history.query';
import { GetMonetizationImpact } from './queries/get-monetization-impact.query';
import { GetPlatformConfig } from './queries/get-platform-config.query';
import { commandMetadataOf } from '../../platform/event-store/aggregate-repository';

/** Read models the config screen shows after a change. */
const CONFIG_READ_MODELS = ['platform-config', 'config-history'] as const;

@Controller('api/admin')
@AdminOnly()
export class AdminConfigController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
  ) {}

  @Get('config')
  getConfig(): Promise<PlatformConfigResponse> {
    return this.queries.execute(new GetPlatformConfig());
  }

  @Get('config/history')
  getHistory(@Query(new ZodValidationPipe(routes.getConfigHistory.query)) query: { key?: ConfigHistoryKey; limit?: number; offset?: number }): Promise<ConfigHistoryPage> {
    return this.queries.execute(new GetConfigHistory(query.key ?? null, query.limit, query.offset));
  }

  @Get('config/as-of')
  getAsOf(@Query(new ZodValidationPipe(routes.getConfigAsOf.query)) query: ConfigAsOfQuery): Promise<ConfigAsOfResponse> {
    return this.queries.execute(new GetConfigAsOf(new Date(query.at)));
  }

  /** Before a switch, rollout or trial change is saved: who would need a subscription (the screen asks for confirmation with it). */
  @Get('monetization/impact')
  impact(@Query(new ZodValidationPipe(routes.adminMonetizationImpact.query)) query: { enabled?: boolean; rollout?: number; trial_days?: number }): Promise<MonetizationImpact> {
    return this.queries.execute(new GetMonetizationImpact({ enabled: query.enabled, rollout: query.rollout, trialDays: query.trial_days }));
  }

  @Post('monetization/toggle')
  @HttpCode(200)
  async toggle(
    @Body(new ZodValidationPipe(routes.toggleMonetization.body)) body: ToggleMonetizationRequest,
    @CurrentUser() user: User,
    @Req() request: FastifyRequest,
  ): Promise<PlatformConfigResponse> {
    await this.change({ type: 'ToggleMonetization', enabled: body.enabled }, user, request);
    return this.getConfig();
  }

  @Put('rollout/percentage')
  async setRollout(
    @Body(new ZodValidationPipe(routes.setRollout.body)) body: RolloutPercentageRequest,
    @CurrentUser() user: User,
    @Req() request: FastifyRequest,
  ): Promise<PlatformConfigResponse> {
    await this.change({ type: 'SetRolloutPercentage', percentage: body.percentage }, user, request);
    return this.getConfig();
  }

  @Put('config/:key')
  async setValue(
    @Param('key', new ZodValidationPipe(editableConfigKeySchema)) key: 'free_trial_period_days' | 'subscription_price_gbp',
    @Body(new ZodValidationPipe(routes.setConfigValue.body)) body: ConfigValueRequest,
    @CurrentUser() user: User,
    @Req() request: FastifyRequest,
  ): Promise<PlatformConfigResponse> {
    const description = body.description ?? null;
    await this.change(
      key === 'free_trial_period_days' ? { type: 'SetFreeTrialPeriod', days: body.value, description } : { type: 'SetSubscriptionPrice', priceGbp: body.value, description },
      user,
      request,
    );
    return this.getConfig();
  }

  @Get('users/grandfathered')
  getAccessLists(): Promise<AccessListsResponse> {
    return this.queries.execute(new GetAccessLists());
  }

  @Post('users/grandfathered')
  @HttpCode(200)
  async changeAccessList(
    @Body(new ZodValidationPipe(routes.changeAccessList.body)) body: AccessListChangeRequest,
    @CurrentUser() user: User,
    @Req() request: FastifyRequest,
  ): Promise<AccessListsResponse> {
    await this.change({ type: 'ChangeAccessList', action: body.action, listType: body.list_type, userId: body.user_id }, user, request);
    return this.getAccessLists();
  }

  /**
   * Runs the command, then waits (bounded, about 2 s) until the config read
   * models show it; when they have not, the change is saved but the answer is
   * 503 PROJECTION_LAGGING (or PROJECTION_FAILED) rather than the old values.
   */
  private async change(change: PlatformConfigCommand, user: User, request: FastifyRequest): Promise<void> {
    const result: ChangePlatformConfigResult = await this.commands.execute(new ChangePlatformConfig(change, commandMetadataOf(user, request)));
    if (!result.position) return;
    // The answer is the configuration itself: never the one from before the change.
    const outcome = await this.progress.waitForOwnWrite(result.position, CONFIG_READ_MODELS, PLATFORM_CONFIG_STREAM);
    if (outcome.parked.length > 0) throw projectionFailed();
    if (!outcome.caughtUp) throw projectionLagging();
  }
}
