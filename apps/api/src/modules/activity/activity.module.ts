import { Module } from '@nestjs/common';
import { ReviewsModule } from '../reviews/reviews.module';
import { ActivityController } from './activity.controller';
import { GetMyActivityHandler } from './queries/get-my-activity.query';
import { GetCrewStatsHandler } from './queries/get-crew-stats.query';

/** A member's activity feed and crew statistics. */
@Module({
  imports: [ReviewsModule],
  controllers: [ActivityController],
  providers: [GetMyActivityHandler, GetCrewStatsHandler],
})
export class ActivityModule {}
