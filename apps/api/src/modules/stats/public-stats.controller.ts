import type { PublicStats } from '@crew/contracts';
import { Controller, Get, Header } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetPublicStats } from './queries/get-public-stats.query';

@Controller('api/stats')
export class PublicStatsController {
  constructor(private readonly queries: QueryBus) {}

  /** Public and identical for everyone, so shared caches may keep it a minute. */
  @Get('public')
  @Header('cache-control', 'public, max-age=60')
  get(): Promise<PublicStats> {
    return this.queries.execute(new GetPublicStats());
  }
}
