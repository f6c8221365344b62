import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { isUuid } from '../../../platform/http/uuid';
import { DATA_SOURCE } from '../../../platform/tokens';
import { OpenTicketFromReport } from '../../support/commands/open-ticket.command';
import { ReviewClock } from '../review-clock';
import { isVisible, loadReview } from '../review-read-model';
import { reviewNotFound } from '../review-voyage';

export class ReportReview {
  constructor(
    readonly reviewId: string,
    readonly reporterId: string,
    readonly reason: string,
  ) {}
}

/**
 * A member flags a review they can see for the support desk (once each); the
 * author cannot report their own. The report opens a support ticket (one per
 * report: a retry after a failure opens the same one, never a second).
 */
@CommandHandler(ReportReview)
export class ReportReviewHandler implements ICommandHandler<ReportReview, { reportId: string }> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly clock: ReviewClock,
    private readonly commands: CommandBus,
  ) {}

  async execute({ reviewId, reporterId, reason }: ReportReview): Promise<{ reportId: string }> {
    if (!isUuid(reviewId)) throw reviewNotFound();
    const row = await loadReview(this.dataSource, reviewId);
    if (!row || !isVisible(row, this.clock.now())) throw reviewNotFound();
    if (row.reviewer_id === reporterId) throw new ApplicationError('forbidden', 'OWN_REVIEW', 'You cannot report your own review');
    const [report] = await this.dataSource.query<{ id: string }[]>(
      `INSERT INTO review_reports (review_id, reporter_id, reason) VALUES ($1, $2, $3)
       ON CONFLICT ON CONSTRAINT review_reports_once DO NOTHING RETURNING id`,
      [reviewId, reporterId, reason],
    );
    if (!report) {
      // Reported before: make sure its ticket exists (the first attempt may have stopped short of it), then say so.
      const [earlier] = await this.dataSource.query<{ id: string; reason: string }[]>('SELECT id, reason FROM review_reports WHERE review_id = $1 AND reporter_id = $2', [
        reviewId,
        reporterId,
      ]);
      if (earlier) await this.openTicket(earlier.id, reviewId, reporterId, earlier.reason);
      throw new ApplicationError('conflict', 'ALREADY_REPORTED', 'You have already reported this review; the support team will look at it');
    }
    await this.openTicket(report.id, reviewId, reporterId, reason);
    return { reportId: report.id };
  }

  private async openTicket(reportId: string, reviewId: string, reporterId: string, reason: string): Promise<void> {
    await this.commands.execute(new OpenTicketFromReport('review', reportId, reviewId, reporterId, reason, { userId: reporterId, correlationId: reportId }));
  }
}
