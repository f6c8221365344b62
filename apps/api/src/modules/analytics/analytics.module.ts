import { Module, type OnModuleDestroy } from '@nestjs/common';
import type { Platform } from '../../platform/platform';
import { PLATFORM } from '../../platform/tokens';
import { AnalyticsController } from './analytics.controller';
import { RecordPageViewsHandler } from './commands/record-page-views.command';
import { DroppedPageViews } from './dropped-page-views';
import { createPageViewLimits, PageViewLimits } from './page-view-limits';
import { GetDetailedAnalyticsHandler } from './queries/get-detailed-analytics.query';

/** The analytics context: page-view ingestion and the Platform Analytics figures. */
@Module({
  controllers: [AnalyticsController],
  providers: [
    // Counters shared by every API process: Redis when REDIS_URL is set, else PostgreSQL (as the sign-in limits).
    {
      provide: PageViewLimits,
      useFactory: (platform: Platform) => createPageViewLimits(platform.config.redisUrl, platform.dataSource, `${platform.redisPrefix}:rate:`, platform.config.pageViewLimits),
      inject: [PLATFORM],
    },
    {
      provide: DroppedPageViews,
      useFactory: (platform: Platform) => new DroppedPageViews(platform.dataSource, (message) => platform.errorLog.record({ level: 'warning', message, source: 'analytics' })),
      inject: [PLATFORM],
    },
    RecordPageViewsHandler,
    GetDetailedAnalyticsHandler,
  ],
})
export class AnalyticsModule implements OnModuleDestroy {
  constructor(
    private readonly limits: PageViewLimits,
    private readonly dropped: DroppedPageViews,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await this.dropped.close();
    await this.limits.close();
  }
}
