import { routes, type PortSearchQuery, type PortSearchResponse } from '@crew/contracts';
import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { QueryBus } from '@nestjs/cqrs';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import { SearchPorts } from './queries/search-ports.query';

@Controller('api/geo')
export class GeoController {
  constructor(private readonly queries: QueryBus) {}

  /** Public; the ports table changes only with a migration, so caches may keep answers an hour. */
  @Get('ports/search')
  searchPorts(@Query(new ZodValidationPipe(routes.searchPorts.query)) query: PortSearchQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<PortSearchResponse> {
    // Set here, after validation, so a 400 is never cached.
    void reply.header('cache-control', 'public, max-age=3600');
    return this.queries.execute(new SearchPorts(query.q, query.limit, query.major_only));
  }
}
