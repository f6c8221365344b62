import { Module } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { contribute, LogReactor } from '../../platform/contributions';
import type { Platform } from '../../platform/platform';
import { PLATFORM } from '../../platform/tokens';
import { ticketNoticesReactor } from './reactors/ticket-notices.reactor';
import { supportMail } from './support-mail';
import { eraseRequesterTicketsStep } from './erasure/erase-requester-tickets.step';
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
@Module({
  controllers: [SupportTicketsController, AdminSupportTicketsController],
  providers: [
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
    contribute('support.mail', () => supportMail),
    contribute('support.erasure', eraseRequesterTicketsStep, [CommandBus]),
    contribute('support.ticket-notices', (platform: Platform) => new LogReactor(ticketNoticesReactor(platform.jobQueue, platform.baseUrl, platform.eventStore)), [PLATFORM]),
  ],
})
export class SupportModule {}
