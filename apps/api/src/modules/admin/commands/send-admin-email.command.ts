import { randomUUID } from 'node:crypto';
import type { AdminSendEmailRequest } from '@crew/contracts';
import type { LogPosition } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { ApplicationError } from '../../../platform/application-error';
import { AGGREGATE_REPOSITORY, DATA_SOURCE } from '../../../platform/tokens';
import { recordAdminAction, targetUser } from '../admin-audit-log';

export class SendAdminEmail {
  constructor(
    readonly userId: string,
    readonly request: AdminSendEmailRequest,
    readonly metadata: CommandMetadata,
  ) {}
}

export interface SendAdminEmailResult {
  readonly position: LogPosition | null;
  readonly streamId: string;
  readonly recipient: string;
}

/**
 * An administrator writes to a user. The subject and text go to
 * `admin_messages` (state, erased with the account); the event records the
 * template and the message's id; the admin-notices reactor turns it into a
 * send-email job, which reads the text when it sends and records the mail in
 * `email_messages`. A voyage contact must name one of the user's own voyages.
 */
@CommandHandler(SendAdminEmail)
export class SendAdminEmailHandler implements ICommandHandler<SendAdminEmail, SendAdminEmailResult> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
  ) {}

  async execute({ userId, request, metadata }: SendAdminEmail): Promise<SendAdminEmailResult> {
    const user = await targetUser(this.dataSource, userId);
    const voyageId = request.template === 'admin_voyage_contact' ? (request.voyage_id ?? null) : null;
    if (voyageId) {
      const [voyage] = await this.dataSource.query<{ skipper_id: string }[]>('SELECT skipper_id FROM voyage_summaries WHERE voyage_id = $1', [voyageId]);
      if (!voyage || voyage.skipper_id !== userId) throw new ApplicationError('rule', 'NOT_USERS_VOYAGE', 'This voyage is not one of this user’s voyages');
    }
    const messageId = randomUUID();
    await this.dataSource.query('INSERT INTO admin_messages (id, user_id, template, subject, message, voyage_id) VALUES ($1, $2, $3, $4, $5, $6)', [
      messageId,
      userId,
      request.template,
      request.subject,
      request.message,
      voyageId,
    ]);
    const written = await recordAdminAction(this.repository, metadata, {
      subjectType: 'user',
      subjectId: userId,
      action: 'user.emailed',
      reason: '',
      details: { template: request.template, message_id: messageId, voyage_id: voyageId },
    });
    return { ...written, recipient: user.email };
  }
}
