import { routes, type PortSearchQuery, type PortSearchResponse } from '@crew/contracts';
import { localeFromAcceptLanguage, SOURCE_LOCALE } from '@crew/rules';
import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { QueryBus } from '@nestjs/cqrs';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import { SearchPorts } from './queries/search-ports.query';

@Controller('api/geo')
export class GeoController {
  constructor(private readonly queries: QueryBus) {}

  /**
   * Public; the ports table changes only with a migration, so caches may keep answers an hour,
   * one per language: ports and countries are named in the Accept-Language's (English by default).
   */
  @Get('ports/search')
  searchPorts(
    @Query(new ZodValidationPipe(routes.searchPorts.query)) query: PortSearchQuery,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PortSearchResponse> {
    // Set here, after validation, so a 400 is never cached.
    void reply.header('cache-control', 'public, max-age=3600');
    void reply.header('vary', 'Accept-Language');
    return this.queries.execute(new SearchPorts(query.q, query.limit, query.major_only, localeFromAcceptLanguage(acceptLanguage) ?? SOURCE_LOCALE));
  }
}
