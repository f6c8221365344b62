import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApiError } from '../../../platform/http/api-error';
import { isUuid } from '../../../platform/http/uuid';
import { DATA_SOURCE } from '../../../platform/tokens';
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

/** A member flags a review they can see for the support desk (once each); the author cannot report their own. */
@CommandHandler(ReportReview)
export class ReportReviewHandler implements ICommandHandler<ReportReview, { reportId: string }> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly clock: ReviewClock,
  ) {}

  async execute({ reviewId, reporterId, reason }: ReportReview): Promise<{ reportId: string }> {
    if (!isUuid(reviewId)) throw reviewNotFound();
    const row = await loadReview(this.dataSource, reviewId);
    if (!row || !isVisible(row, this.clock.now())) throw reviewNotFound();
    if (row.reviewer_id === reporterId) throw new ApiError(403, 'OWN_REVIEW', 'You cannot report your own review');
    const [report] = await this.dataSource.query<{ id: string }[]>(
      `INSERT INTO review_reports (review_id, reporter_id, reason) VALUES ($1, $2, $3)
       ON CONFLICT ON CONSTRAINT review_reports_once DO NOTHING RETURNING id`,
      [reviewId, reporterId, reason],
    );
    if (!report) throw new ApiError(409, 'ALREADY_REPORTED', 'You have already reported this review; the support team will look at it');
    return { reportId: report.id };
  }
}
