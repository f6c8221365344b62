import { Module, type DynamicModule } from '@nestjs/common';
import { AuthGuard, OptionalAuthGuard } from '../../platform/auth/auth.guard';
import type { Runtime } from '../../platform/runtime';
import { DATA_SOURCE, TOKEN_SERVICE } from '../../platform/tokens';
import { AnalyticsController } from './analytics.controller';
import { RecordPageViewsHandler } from './commands/record-page-views.command';
import { PageViewLimits } from './page-view-limits';
import { GetDetailedAnalyticsHandler } from './queries/get-detailed-analytics.query';

/** The analytics context: page-view ingestion and the Platform Analytics figures. */
@Module({})
export class AnalyticsModule {
  static forRuntime(runtime: Runtime): DynamicModule {
    return {
      module: AnalyticsModule,
      controllers: [AnalyticsController],
      providers: [
        { provide: DATA_SOURCE, useValue: runtime.dataSource },
        { provide: TOKEN_SERVICE, useValue: runtime.tokens },
        AuthGuard,
        OptionalAuthGuard,
        { provide: PageViewLimits, useValue: new PageViewLimits(runtime.config.pageViewLimits) },
        RecordPageViewsHandler,
        GetDetailedAnalyticsHandler,
      ],
    };
  }
}
