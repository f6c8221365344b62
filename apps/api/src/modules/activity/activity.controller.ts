import { ACTIVITY_PAGE, activityQuerySchema, type ActivityPage, type ActivityQuery, type CrewStatsResponse } from '@crew/contracts';
import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import type { User } from '../accounts/user.entity';
import { GetCrewStats } from './queries/get-crew-stats.query';
import { GetMyActivity } from './queries/get-my-activity.query';

/** The signed-in member's dashboard: recent activity and crew quick stats. HTTP only. */
@Controller('api/users/me')
export class ActivityController {
  constructor(private readonly queries: QueryBus) {}

  @Get('activity')
  @Authenticated()
  activity(@Query(new ZodValidationPipe(activityQuerySchema)) query: ActivityQuery, @CurrentUser() user: User): Promise<ActivityPage> {
    return this.queries.execute(new GetMyActivity(user.id, query.limit ?? ACTIVITY_PAGE.default, query.before));
  }

  @Get('crew-stats')
  @Authenticated()
  crewStats(@CurrentUser() user: User): Promise<CrewStatsResponse> {
    return this.queries.execute(new GetCrewStats(user.id));
  }
}
