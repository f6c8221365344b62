import { randomUUID } from 'node:crypto';
import type { ReportResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApiError } from '../../../platform/http/api-error';
import { isUuid } from '../../../platform/http/uuid';
import { DATA_SOURCE } from '../../../platform/tokens';

export class ReportMessage {
  constructor(
    readonly userId: string,
    readonly messageId: string,
    readonly reason: string,
  ) {}
}

const notFound = (): ApiError => new ApiError(404, 'MESSAGE_NOT_FOUND', 'Message not found');

/**
 * Records a report in `message_reports` for the support desk (which turns
 * open reports into tickets). Only a member of the conversation may report,
 * only a message the other person sent, once.
 */
@CommandHandler(ReportMessage)
export class ReportMessageHandler implements ICommandHandler<ReportMessage, ReportResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId, messageId, reason }: ReportMessage): Promise<ReportResponse> {
    if (!isUuid(messageId)) throw notFound();
    const [message] = await this.dataSource.query<{ sender_id: string }[]>(
      `SELECT m.sender_id FROM messages m
         JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND cm.user_id = $2
        WHERE m.id = $1`,
      [messageId, userId],
    );
    if (!message) throw notFound();
    if (message.sender_id === userId) throw new ApiError(403, 'CANNOT_REPORT_OWN', 'You cannot report your own message.');
    const id = randomUUID();
    const inserted = await this.dataSource.query<{ id: string }[]>(
      `INSERT INTO message_reports (id, message_id, reporter_id, reason) VALUES ($1, $2, $3, $4)
       ON CONFLICT ON CONSTRAINT message_reports_once DO NOTHING RETURNING id`,
      [id, messageId, userId, reason],
    );
    if (inserted.length === 0) throw new ApiError(409, 'ALREADY_REPORTED', 'You have already reported this message.');
    return { report_id: id, message: 'Thank you. Our support team will look at this message.' };
  }
}
