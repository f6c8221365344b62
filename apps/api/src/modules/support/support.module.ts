import { Module, type DynamicModule } from '@nestjs/common';
import { AuthGuard } from '../../platform/auth/auth.guard';
import type { Runtime } from '../../platform/runtime';
import { AGGREGATE_REPOSITORY, DATA_SOURCE, PROJECTION_PROGRESS, TOKEN_SERVICE } from '../../platform/tokens';
import { ChangeTicketHandler } from './commands/change-ticket.command';
import { EraseRequesterTicketsHandler } from './commands/erase-requester-tickets.command';
import { OpenTicketFromReportHandler, OpenTicketHandler } from './commands/open-ticket.command';
import { RateTicketHandler } from './commands/rate-ticket.command';
import { ReplyToTicketHandler } from './commands/reply-to-ticket.command';
import { GetAdminTicketHandler, GetSupportStatsHandler, ListAdminTicketsHandler } from './queries/admin-tickets.query';
import { GetMyTicketHandler, GetMyTicketsHandler } from './queries/get-my-tickets.query';
import { ListSupportAssigneesHandler } from './queries/list-support-assignees.query';
import { AdminSupportTicketsController, SupportTicketsController } from './support-tickets.controller';

/**
 * The support desk's tickets: members' and administrators' controllers, the
 * ticket commands (OpenTicketFromReport and EraseRequesterTickets are sent by
 * other contexts through the command bus) and the read-model queries.
 */
@Module({})
export class SupportModule {
  static forRuntime(runtime: Runtime): DynamicModule {
    return {
      module: SupportModule,
      controllers: [SupportTicketsController, AdminSupportTicketsController],
      providers: [
        { provide: DATA_SOURCE, useValue: runtime.dataSource },
        { provide: AGGREGATE_REPOSITORY, useValue: runtime.repository },
        { provide: TOKEN_SERVICE, useValue: runtime.tokens },
        { provide: PROJECTION_PROGRESS, useValue: runtime.progress },
        AuthGuard,
        OpenTicketHandler,
        OpenTicketFromReportHandler,
        ReplyToTicketHandler,
        ChangeTicketHandler,
        RateTicketHandler,
        EraseRequesterTicketsHandler,
        GetMyTicketsHandler,
        GetMyTicketHandler,
        ListAdminTicketsHandler,
        GetAdminTicketHandler,
        GetSupportStatsHandler,
        ListSupportAssigneesHandler,
      ],
    };
  }
}
