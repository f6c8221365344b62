import { analyticsRoutes, type DetailedAnalytics, type PageViewBatch, type PageViewsRecorded } from '@crew/contracts';
import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { AdminOnly } from '../../platform/auth/auth.guard';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import { RecordPageViews } from './commands/record-page-views.command';
import { PageViewLimits } from './page-view-limits';
import { GetDetailedAnalytics } from './queries/get-detailed-analytics.query';

/** First-party page views (sent only with analytics consent) and the Platform Analytics figures. */
@Controller()
export class AnalyticsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly limits: PageViewLimits,
  ) {}

  @Post('api/analytics/page-views')
  @HttpCode(201)
  async recordPageViews(@Body(new ZodValidationPipe(analyticsRoutes.recordPageViews.body)) body: PageViewBatch, @Req() request: FastifyRequest): Promise<PageViewsRecorded> {
    await this.limits.take(request.ip, body.session_id);
    const recorded = await this.commands.execute<RecordPageViews, number>(new RecordPageViews(body.session_id, body.views));
    return { recorded };
  }

  @Get('api/admin/analytics/detailed')
  @AdminOnly()
  detailed(@Query(new ZodValidationPipe(analyticsRoutes.detailedAnalytics.query)) query: { days: 7 | 30 | 90 | 365 }): Promise<DetailedAnalytics> {
    return this.queries.execute(new GetDetailedAnalytics(query.days));
  }
}
