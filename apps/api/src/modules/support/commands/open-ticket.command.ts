import { createHash, randomUUID } from 'node:crypto';
import { SupportTicket, supportTicketStreamId, type TicketPriority } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { AGGREGATE_REPOSITORY } from '../../../platform/tokens';
import type { TicketWritten } from './ticket-write';

/** The Help centre's "Contact support" form. */
export class OpenTicket {
  constructor(
    readonly requesterId: string,
    readonly title: string,
    readonly description: string,
    readonly priority: TicketPriority,
    readonly metadata: CommandMetadata,
  ) {}
}

@CommandHandler(OpenTicket)
export class OpenTicketHandler implements ICommandHandler<OpenTicket, TicketWritten> {
  constructor(@Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository) {}

  async execute({ requesterId, title, description, priority, metadata }: OpenTicket): Promise<TicketWritten> {
    const ticketId = randomUUID();
    const streamId = supportTicketStreamId(ticketId);
    const outcome = await this.repository.execute(
      SupportTicket,
      streamId,
      { type: 'OpenTicket', requesterId, title, description, priority, source: 'contact_form', sourceId: null, subjectId: null },
      metadata,
    );
    return { ticketId, streamId, position: outcome.position };
  }
}

export type ReportKind = 'review' | 'message';

/** The ticket a report opens: the same id every time for the same report, so retrying opens it once. */
export const ticketIdOfReport = (kind: ReportKind, reportId: string): string => {
  const hash = createHash('sha1').update(`${kind}-report:${reportId.toLowerCase()}`).digest('hex');
  // A name-based (version 5 layout) uuid.
  return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-5${hash.slice(13, 16)}-${((parseInt(hash.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hash.slice(18, 20)}-${hash.slice(20, 32)}`;
};

const REPORT_TITLE: Record<ReportKind, string> = { review: 'Reported review', message: 'Reported message' };

/**
 * A member reported a review or a message: it goes to the support desk as a
 * ticket (docs/features/support-tickets.md), opened by the reporter, high priority, naming the
 * report and what it reports. Other contexts send this command; it is
 * idempotent per report.
 */
export class OpenTicketFromReport {
  constructor(
    readonly kind: ReportKind,
    readonly reportId: string,
    readonly subjectId: string,
    readonly reporterId: string,
    readonly reason: string,
    readonly metadata: CommandMetadata,
  ) {}
}

@CommandHandler(OpenTicketFromReport)
export class OpenTicketFromReportHandler implements ICommandHandler<OpenTicketFromReport, TicketWritten> {
  constructor(@Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository) {}

  async execute({ kind, reportId, subjectId, reporterId, reason, metadata }: OpenTicketFromReport): Promise<TicketWritten> {
    const ticketId = ticketIdOfReport(kind, reportId);
    const streamId = supportTicketStreamId(ticketId);
    const trimmed = reason.trim();
    const description = trimmed.length >= 10 ? trimmed : `The ${kind} was reported: ${trimmed}`;
    const outcome = await this.repository.execute(
      SupportTicket,
      streamId,
      {
        type: 'OpenTicket',
        requesterId: reporterId,
        title: REPORT_TITLE[kind],
        description,
        priority: 'high',
        source: kind === 'review' ? 'review_report' : 'message_report',
        sourceId: reportId,
        subjectId,
      },
      metadata,
    );
    return { ticketId, streamId, position: outcome.position };
  }
}
