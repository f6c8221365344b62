import { routes, type VoyageCalendarQuery } from '@crew/contracts';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OptionalAuth, ViewerUser } from '../../platform/auth/auth.guard';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import { requestLocale, varyByLanguage } from '../../platform/i18n/messages';
import type { User } from '../accounts/user.entity';
import { GetVoyageCalendar, type VoyageCalendarFile } from './queries/get-voyage-calendar.query';

/** What every calendar answer is. */
export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** "Add to calendar" on a voyage's page: its legs as an .ics download (docs/features/calendar.md). */
@Controller('api/voyages')
export class VoyageCalendarController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':id/calendar.ics')
  @OptionalAuth()
  async calendar(
    @Param('id') id: string,
    @Query(new ZodValidationPipe(routes.voyageCalendar.query)) query: VoyageCalendarQuery,
    @ViewerUser() viewer: User | null,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const locale = query.lang ?? requestLocale(request);
    const file: VoyageCalendarFile = await this.queries.execute(new GetVoyageCalendar(id, viewer?.id ?? null, viewer?.isAdmin ?? false, locale));
    if (!query.lang) varyByLanguage(reply);
    void reply
      .header('content-type', CALENDAR_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      // A public voyage's file may be kept but is checked each time (its ETag); one shown only to some members is kept nowhere.
      .header('cache-control', file.isPublic ? 'no-cache' : 'private, no-store')
      .header('etag', file.etag)
      .header('last-modified', file.lastModified.toUTCString());
    return file.ics;
  }
}
