import { Module, type DynamicModule } from '@nestjs/common';
import { AuthGuard, OptionalAuthGuard } from '../../platform/auth/auth.guard';
import type { Runtime } from '../../platform/runtime';
import { AGGREGATE_REPOSITORY, DATA_SOURCE, PROJECTION_PROGRESS, TOKEN_SERVICE } from '../../platform/tokens';
import { CreateReviewHandler } from './commands/create-review.command';
import { HideReviewHandler } from './commands/hide-review.command';
import { ReportReviewHandler } from './commands/report-review.command';
import { UpdateReviewHandler } from './commands/update-review.command';
import { GetMyVoyageReviewsHandler } from './queries/get-my-voyage-reviews.query';
import { GetReviewsToWriteHandler } from './queries/get-reviews-to-write.query';
import { GetUserReviewsHandler } from './queries/get-user-reviews.query';
import { GetUserVoyagesHandler } from './queries/get-user-voyages.query';
import { ReviewClock } from './review-clock';
import { AdminReviewsController, ReviewsController } from './reviews.controller';

/**
 * The reviews context: its controllers, command and query handlers, and the
 * clock its rules read (exported: the voyage and applicant views show ratings
 * counted by the same clock).
 */
@Module({})
export class ReviewsModule {
  static forRuntime(runtime: Runtime): DynamicModule {
    return {
      module: ReviewsModule,
      controllers: [ReviewsController, AdminReviewsController],
      providers: [
        { provide: DATA_SOURCE, useValue: runtime.dataSource },
        { provide: AGGREGATE_REPOSITORY, useValue: runtime.repository },
        { provide: TOKEN_SERVICE, useValue: runtime.tokens },
        { provide: PROJECTION_PROGRESS, useValue: runtime.progress },
        AuthGuard,
        OptionalAuthGuard,
        ReviewClock,
        CreateReviewHandler,
        UpdateReviewHandler,
        ReportReviewHandler,
        HideReviewHandler,
        GetUserReviewsHandler,
        GetUserVoyagesHandler,
        GetMyVoyageReviewsHandler,
        GetReviewsToWriteHandler,
      ],
      exports: [ReviewClock],
    };
  }
}
