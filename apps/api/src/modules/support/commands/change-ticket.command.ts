import { SupportTicket, type SupportTicketCommand, type TicketPriority, type TicketStatus } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { ApplicationError } from '../../../platform/application-error';
import { AGGREGATE_REPOSITORY, DATA_SOURCE } from '../../../platform/tokens';
import { ticketStream, type TicketWritten } from './ticket-write';

export type TicketChange = { readonly status: TicketStatus } | { readonly priority: TicketPriority } | { readonly assigneeId: string | null };

/** Support staff set a ticket's status (any of the four), its priority, or who handles it. */
export class ChangeTicket {
  constructor(
    readonly ticketId: string,
    readonly change: TicketChange,
    readonly metadata: CommandMetadata,
  ) {}
}

@CommandHandler(ChangeTicket)
export class ChangeTicketHandler implements ICommandHandler<ChangeTicket, TicketWritten> {
  constructor(
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
  ) {}

  async execute({ ticketId, change, metadata }: ChangeTicket): Promise<TicketWritten> {
    const streamId = await ticketStream(this.repository, ticketId, null);
    let command: SupportTicketCommand;
    if ('status' in change) command = { type: 'ChangeTicketStatus', to: change.status };
    else if ('priority' in change) command = { type: 'ChangeTicketPriority', to: change.priority };
    else {
      if (change.assigneeId !== null) {
        const [admin] = await this.dataSource.query<{ id: string }[]>(`SELECT id FROM users WHERE id = $1 AND (is_admin OR user_type = 'admin')`, [change.assigneeId]);
        if (!admin) throw new ApplicationError('rule', 'ASSIGNEE_NOT_ADMIN', 'Tickets can only be assigned to an administrator');
      }
      command = { type: 'AssignTicket', assigneeId: change.assigneeId };
    }
    const outcome = await this.repository.execute(SupportTicket, streamId, command, metadata);
    return { ticketId: ticketId.toLowerCase(), streamId, position: outcome.position };
  }
}
