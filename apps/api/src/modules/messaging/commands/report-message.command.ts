import { randomUUID } from 'node:crypto';
import type { ReportResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { isUuid } from '../../../platform/http/uuid';
import { DATA_SOURCE } from '../../../platform/tokens';
import { OpenTicketFromReport } from '../../support/commands/open-ticket.command';

export class ReportMessage {
  constructor(
    readonly userId: string,
    readonly messageId: string,
    readonly reason: string,
  ) {}
}

const notFound = (): ApplicationError => new ApplicationError('not_found', 'MESSAGE_NOT_FOUND', 'Message not found');

/**
 * Records a report in `message_reports` and opens its support ticket (one per
 * report; the ticket quotes the reason, not the message: staff read the
 * message where it is kept). Only a member of the conversation may report,
 * only a message the other person sent, once.
 */
@CommandHandler(ReportMessage)
export class ReportMessageHandler implements ICommandHandler<ReportMessage, ReportResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly commands: CommandBus,
  ) {}

  async execute({ userId, messageId, reason }: ReportMessage): Promise<ReportResponse> {
    if (!isUuid(messageId)) throw notFound();
    const [message] = await this.dataSource.query<{ sender_id: string }[]>(
      `SELECT m.sender_id FROM messages m
         JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND cm.user_id = $2
        WHERE m.id = $1`,
      [messageId, userId],
    );
    if (!message) throw notFound();
    if (message.sender_id === userId) throw new ApplicationError('forbidden', 'CANNOT_REPORT_OWN', 'You cannot report your own message.');
    const id = randomUUID();
    const inserted = await this.dataSource.query<{ id: string }[]>(
      `INSERT INTO message_reports (id, message_id, reporter_id, reason) VALUES ($1, $2, $3, $4)
       ON CONFLICT ON CONSTRAINT message_reports_once DO NOTHING RETURNING id`,
      [id, messageId, userId, reason],
    );
    if (inserted.length === 0) {
      // Reported before: make sure its ticket exists (the first attempt may have stopped short of it), then say so.
      const [earlier] = await this.dataSource.query<{ id: string; reason: string }[]>('SELECT id, reason FROM message_reports WHERE message_id = $1 AND reporter_id = $2', [
        messageId,
        userId,
      ]);
      if (earlier) await this.openTicket(earlier.id, messageId, userId, earlier.reason);
      throw new ApplicationError('conflict', 'ALREADY_REPORTED', 'You have already reported this message.');
    }
    await this.openTicket(id, messageId, userId, reason);
    return { report_id: id, message: 'Thank you. Our support team will look at this message.' };
  }

  private async openTicket(reportId: string, messageId: string, reporterId: string, reason: string): Promise<void> {
    await this.commands.execute(new OpenTicketFromReport('message', reportId, messageId, reporterId, reason, { userId: reporterId, correlationId: reportId }));
  }
}
