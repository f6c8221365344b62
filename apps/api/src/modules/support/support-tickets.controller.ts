import {
  supportTicketRoutes,
  type AdminTicketActionResponse,
  type AdminTicketDetail,
  type AdminTicketListResponse,
  type AdminTicketReplyResponse,
  type MyTicketsResponse,
  type SupportAssigneesResponse,
  type SupportStatsResponse,
  type TicketActionResponse,
  type TicketDetail,
  type TicketPriorityValue,
  type TicketStatusValue,
} from '@crew/contracts';
import { sharedText } from '@crew/rules';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { AdminOnly, Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import { commandMetadataOf } from '../../platform/event-store/aggregate-repository';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import type { ProjectionProgress } from '../../platform/projections/projection-progress';
import { readOwnWrite } from '../../platform/projections/read-your-writes';
import { PROJECTION_PROGRESS } from '../../platform/tokens';
import type { User } from '../accounts/user.entity';
import { ChangeTicket, type TicketChange } from './commands/change-ticket.command';
import { OpenTicket } from './commands/open-ticket.command';
import { RateTicket } from './commands/rate-ticket.command';
import { ReplyToTicket } from './commands/reply-to-ticket.command';
import type { TicketWritten } from './commands/ticket-write';
import { GetAdminTicket, GetSupportStats, ListAdminTickets } from './queries/admin-tickets.query';
import { GetMyTicket, GetMyTickets } from './queries/get-my-tickets.query';
import { ListSupportAssignees } from './queries/list-support-assignees.query';
import { SUPPORT_READ_MODELS, ticketNotFound } from './ticket-read-model';

/** A member's support tickets: contact support, read the conversation, reply, rate. */
@Controller('api/support/tickets')
@Authenticated()
export class SupportTicketsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
  ) {}

  @Post()
  async open(
    @Body(new ZodValidationPipe(supportTicketRoutes.openTicket.body)) body: { title: string; description: string; priority?: TicketPriorityValue },
    @CurrentUser() user: User,
    @Req() request: FastifyRequest,
  ): Promise<TicketActionResponse> {
    const written = await this.commands.execute<OpenTicket, TicketWritten>(
      new OpenTicket(user.id, body.title, body.description, body.priority ?? 'medium', commandMetadataOf(user, request)),
    );
    return this.answer(written, user, 'Thank you. Your ticket is open; our support team responds within 24 hours.');
  }

  @Get()
  mine(@CurrentUser() user: User): Promise<MyTicketsResponse> {
    return this.queries.execute(new GetMyTickets(user.id));
  }

  @Get(':id')
  one(@Param('id') id: string, @CurrentUser() user: User): Promise<TicketDetail> {
    return this.queries.execute(new GetMyTicket(id, user.id));
  }

  @Post(':id/reply')
  async reply(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(supportTicketRoutes.replyToMyTicket.body)) body: { message: string },
    @CurrentUser() user: User,
    @Req() request: FastifyRequest,
  ): Promise<TicketActionResponse> {
    const written = await this.commands.execute<ReplyToTicket, TicketWritten>(new ReplyToTicket(id, user.id, false, body.message, commandMetadataOf(user, request)));
    return this.answer(written, user, 'Your reply has been sent to the support team.');
  }

  @Post(':id/rating')
  @HttpCode(200)
  async rate(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(supportTicketRoutes.rateMyTicket.body)) body: { satisfied: boolean },
    @CurrentUser() user: User,
    @Req() request: FastifyRequest,
  ): Promise<TicketActionResponse> {
    const written = await this.commands.execute<RateTicket, TicketWritten>(new RateTicket(id, user.id, body.satisfied, commandMetadataOf(user, request)));
    return this.answer(written, user, 'Thank you for your feedback.');
  }

  private async answer(written: TicketWritten, user: User, message: string): Promise<TicketActionResponse> {
    const ticket = await readOwnWrite(this.progress, written, SUPPORT_READ_MODELS, () =>
      this.queries.execute<GetMyTicket, TicketDetail>(new GetMyTicket(written.ticketId, user.id)),
    );
    return { message, ticket };
  }
}

/** The admin Support Dashboard's ticket paths. */
@Controller('api/admin/support')
@AdminOnly()
export class AdminSupportTicketsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
  ) {}

  @Get('stats')
  stats(): Promise<SupportStatsResponse> {
    return this.queries.execute(new GetSupportStats());
  }

  /** Who a ticket can be assigned to (the modal's "Assign to"). */
  @Get('assignees')
  assignees(): Promise<SupportAssigneesResponse> {
    return this.queries.execute(new ListSupportAssignees());
  }

  @Get('tickets')
  list(
    @Query(new ZodValidationPipe(supportTicketRoutes.adminTickets.query))
    query: {
      status?: TicketStatusValue;
      priority?: TicketPriorityValue;
      search?: string;
      page: number;
    },
  ): Promise<AdminTicketListResponse> {
    return this.queries.execute(new ListAdminTickets(query));
  }

  @Get('tickets/:id')
  one(@Param('id') id: string): Promise<AdminTicketDetail> {
    return this.queries.execute(new GetAdminTicket(id));
  }

  @Put('tickets/:id/status')
  status(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(supportTicketRoutes.adminTicketStatus.body)) body: { status: TicketStatusValue },
    @CurrentUser() admin: User,
    @Req() request: FastifyRequest,
  ): Promise<AdminTicketActionResponse> {
    return this.change(
      id,
      { status: body.status },
      admin,
      request,
      sharedText('Ticket marked {status, select, open {open} pending {pending} resolved {resolved} closed {closed} other {{status}}}', { status: body.status }),
    );
  }

  @Put('tickets/:id/priority')
  priority(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(supportTicketRoutes.adminTicketPriority.body)) body: { priority: TicketPriorityValue },
    @CurrentUser() admin: User,
    @Req() request: FastifyRequest,
  ): Promise<AdminTicketActionResponse> {
    return this.change(
      id,
      { priority: body.priority },
      admin,
      request,
      sharedText('Priority set to {priority, select, low {low} medium {medium} high {high} urgent {urgent} other {{priority}}}', { priority: body.priority }),
    );
  }

  @Put('tickets/:id/assignee')
  assignee(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(supportTicketRoutes.adminTicketAssignee.body)) body: { assignee_id: string | null },
    @CurrentUser() admin: User,
    @Req() request: FastifyRequest,
  ): Promise<AdminTicketActionResponse> {
    return this.change(id, { assigneeId: body.assignee_id }, admin, request, body.assignee_id === null ? 'Ticket unassigned' : 'Ticket assigned');
  }

  @Post('tickets/:id/reply')
  async reply(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(supportTicketRoutes.adminTicketReply.body)) body: { message: string },
    @CurrentUser() admin: User,
    @Req() request: FastifyRequest,
  ): Promise<AdminTicketReplyResponse> {
    const written = await this.commands.execute<ReplyToTicket, TicketWritten & { replyId: string }>(
      new ReplyToTicket(id, admin.id, true, body.message, commandMetadataOf(admin, request)),
    );
    const ticket = await this.read(written);
    const reply = ticket.replies.find((r) => r.id === written.replyId);
    if (!reply) throw ticketNotFound();
    return { message: 'Reply sent', reply, ticket };
  }

  private async change(id: string, change: TicketChange, admin: User, request: FastifyRequest, message: string): Promise<AdminTicketActionResponse> {
    const written = await this.commands.execute<ChangeTicket, TicketWritten>(new ChangeTicket(id, change, commandMetadataOf(admin, request)));
    return { message, ticket: await this.read(written) };
  }

  private read(written: TicketWritten): Promise<AdminTicketDetail> {
    return readOwnWrite(this.progress, written, SUPPORT_READ_MODELS, () => this.queries.execute<GetAdminTicket, AdminTicketDetail>(new GetAdminTicket(written.ticketId)));
  }
}
