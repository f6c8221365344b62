import { Module } from '@nestjs/common';
import { PublicStatsController } from './public-stats.controller';
import { GetPublicStatsHandler } from './queries/get-public-stats.query';

/** The public figures of the home page. */
@Module({
  controllers: [PublicStatsController],
  providers: [GetPublicStatsHandler],
})
export class StatsModule {}
