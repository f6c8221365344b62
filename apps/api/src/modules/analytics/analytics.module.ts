import { Module, type DynamicModule, type OnModuleDestroy } from '@nestjs/common';
import { AuthGuard, OptionalAuthGuard } from '../../platform/auth/auth.guard';
import type { Runtime } from '../../platform/runtime';
import { DATA_SOURCE, TOKEN_SERVICE } from '../../platform/tokens';
import { AnalyticsController } from './analytics.controller';
import { RecordPageViewsHandler } from './commands/record-page-views.command';
import { DroppedPageViews } from './dropped-page-views';
import { createPageViewLimits, PageViewLimits } from './page-view-limits';
import { GetDetailedAnalyticsHandler } from './queries/get-detailed-analytics.query';

/** The analytics context: page-view ingestion and the Platform Analytics figures. */
@Module({})
export class AnalyticsModule implements OnModuleDestroy {
  constructor(
    private readonly limits: PageViewLimits,
    private readonly dropped: DroppedPageViews,
  ) {}

  static forRuntime(runtime: Runtime): DynamicModule {
    return {
      module: AnalyticsModule,
      controllers: [AnalyticsController],
      providers: [
        { provide: DATA_SOURCE, useValue: runtime.dataSource },
        { provide: TOKEN_SERVICE, useValue: runtime.tokens },
        AuthGuard,
        OptionalAuthGuard,
        // Counters shared by every API process: Redis when REDIS_URL is set, else PostgreSQL (as the sign-in limits).
        { provide: PageViewLimits, useFactory: () => createPageViewLimits(runtime.config.redisUrl, runtime.dataSource, 'crew:rate:', runtime.config.pageViewLimits) },
        {
          provide: DroppedPageViews,
          useFactory: () => new DroppedPageViews(runtime.dataSource, (message) => runtime.errorLog.record({ level: 'warning', message, source: 'analytics' })),
        },
        RecordPageViewsHandler,
        GetDetailedAnalyticsHandler,
      ],
    };
  }

  async onModuleDestroy(): Promise<void> {
    await this.dropped.close();
    await this.limits.close();
  }
}
