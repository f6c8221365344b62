import { analyticsRoutes, type DetailedAnalytics, type PageViewBatch, type PageViewsRecorded } from '@crew/contracts';
import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { AdminOnly } from '../../platform/auth/auth.guard';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import { checkViewTimes, RecordPageViews } from './commands/record-page-views.command';
import { DroppedPageViews } from './dropped-page-views';
import { PageViewLimits } from './page-view-limits';
import { GetDetailedAnalytics } from './queries/get-detailed-analytics.query';

/** First-party page views (sent only with analytics consent) and the Platform Analytics figures. */
@Controller()
export class AnalyticsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly limits: PageViewLimits,
    private readonly dropped: DroppedPageViews,
  ) {}

  /**
   * A well-formed beacon is always answered 201 with the number of views it
   * carried; what the limits drop (unknown routes, browsers or views beyond
   * an address's or a browser's share) is counted, not refused, so a client
   * cannot probe the limits. Malformed beacons are refused with 400.
   */
  @Post('api/analytics/page-views')
  @HttpCode(201)
  async recordPageViews(@Body(new ZodValidationPipe(analyticsRoutes.recordPageViews.body)) body: PageViewBatch, @Req() request: FastifyRequest): Promise<PageViewsRecorded> {
    const now = new Date();
    checkViewTimes(body.views, now);
    const { accepted, dropped } = await this.limits.admit(request.ip, body.session_id, body.views, now);
    this.dropped.add(dropped, now);
    if (accepted.length > 0) await this.commands.execute<RecordPageViews, number>(new RecordPageViews(body.session_id, accepted, now));
    return { recorded: body.views.length };
  }

  @Get('api/admin/analytics/detailed')
  @AdminOnly()
  async detailed(@Query(new ZodValidationPipe(analyticsRoutes.detailedAnalytics.query)) query: { days: 7 | 30 | 90 | 365 }): Promise<DetailedAnalytics> {
    await this.dropped.flush();
    return this.queries.execute(new GetDetailedAnalytics(query.days));
  }
}
