import { Module } from '@nestjs/common';
import { contribute, LogReactor } from '../../platform/contributions';
import type { Platform } from '../../platform/platform';
import { PLATFORM } from '../../platform/tokens';
import { reviewInvitationsReactor } from './reactors/review-invitations.reactor';
import { reviewMail } from './review-mail';
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
 * The reviews context: its controllers, command and query handlers, the
 * invitation mails, and the clock its rules read (exported: the voyage and applicant views show ratings
 * counted by the same clock).
 */
@Module({
  controllers: [ReviewsController, AdminReviewsController],
  providers: [
    ReviewClock,
    CreateReviewHandler,
    UpdateReviewHandler,
    ReportReviewHandler,
    HideReviewHandler,
    GetUserReviewsHandler,
    GetUserVoyagesHandler,
    GetMyVoyageReviewsHandler,
    GetReviewsToWriteHandler,
    contribute('reviews.mail', () => reviewMail),
    contribute('reviews.invitations', (platform: Platform) => new LogReactor(reviewInvitationsReactor(platform.jobQueue, platform.baseUrl)), [PLATFORM]),
  ],
  exports: [ReviewClock],
})
export class ReviewsModule {}
