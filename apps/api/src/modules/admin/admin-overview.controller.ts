import type { AdminOverviewResponse } from '@crew/contracts';
import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AdminOnly } from '../../platform/auth/auth.guard';
import { GetAdminOverview } from './queries/get-admin-overview.query';

@Controller('api/admin/analytics')
@AdminOnly()
export class AdminOverviewController {
  constructor(private readonly queries: QueryBus) {}

  @Get('overview')
  overview(): Promise<AdminOverviewResponse> {
    return this.queries.execute(new GetAdminOverview());
  }
}
