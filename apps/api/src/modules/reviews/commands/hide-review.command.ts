import type { HiddenReviewResponse } from '@crew/contracts';
import type { LogPosition } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { ApplicationError } from '../../../platform/application-error';
import { isUuid } from '../../../platform/http/uuid';
import { AGGREGATE_REPOSITORY, DATA_SOURCE } from '../../../platform/tokens';
import { recordAdminAction } from '../../admin/admin-audit-log';
import { ReviewClock } from '../review-clock';
import { reviewNotFound } from '../review-voyage';

/** The code of a hidden review in the admin audit trail. */
export const REVIEW_HIDDEN_ACTION = 'review.hidden';

export class HideReview {
  constructor(
    readonly reviewId: string,
    readonly reason: string,
    readonly metadata: CommandMetadata,
  ) {}
}

export interface HideReviewResult {
  readonly response: HiddenReviewResponse;
  /** Where the audit event was written, so the admin history can be awaited. */
  readonly written: { readonly position: LogPosition | null; readonly streamId: string };
}

/**
 * An administrator hides a review: it leaves every profile and average, and
 * the hiding is kept with the administrator and the reason. Open reports of
 * it are settled with it. The hiding is also an administrator action in the
 * audit trail (`review.hidden` in the review's admin-actions stream: the
 * review id, the reason and, in the metadata, the administrator; never the
 * review's text), written while the review is locked, so a concurrent second
 * hide finds it hidden and records nothing.
 */
@CommandHandler(HideReview)
export class HideReviewHandler implements ICommandHandler<HideReview, HideReviewResult> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
    private readonly clock: ReviewClock,
  ) {}

  async execute({ reviewId, reason, metadata }: HideReview): Promise<HideReviewResult> {
    if (!isUuid(reviewId)) throw reviewNotFound();
    const adminId = metadata.userId ?? '';
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      const [review] = await manager.query<{ hidden_at: Date | null }[]>('SELECT hidden_at FROM reviews WHERE id = $1 FOR UPDATE', [reviewId]);
      if (!review) throw reviewNotFound();
      if (review.hidden_at) throw new ApplicationError('conflict', 'REVIEW_ALREADY_HIDDEN', 'This review is already hidden');
      // Recorded first: if the log refuses it, the review stays as it was.
      const written = await recordAdminAction(this.repository, metadata, { subjectType: 'review', subjectId: reviewId, action: REVIEW_HIDDEN_ACTION, reason });
      await manager.query('UPDATE reviews SET hidden_at = $2, hidden_by = $3, hidden_reason = $4 WHERE id = $1', [reviewId, now, adminId, reason]);
      await manager.query(`UPDATE review_reports SET status = 'resolved' WHERE review_id = $1 AND status = 'open'`, [reviewId]);
      return { response: { message: 'Review hidden.', review_id: reviewId, hidden_at: now.toISOString(), hidden_by: adminId, reason }, written };
    });
  }
}
