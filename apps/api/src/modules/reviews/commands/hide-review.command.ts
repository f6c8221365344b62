import type { HiddenReviewResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApiError } from '../../../platform/http/api-error';
import { isUuid } from '../../../platform/http/uuid';
import { DATA_SOURCE } from '../../../platform/tokens';
import { ReviewClock } from '../review-clock';
import { reviewNotFound } from '../review-voyage';

export class HideReview {
  constructor(
    readonly reviewId: string,
    readonly adminId: string,
    readonly reason: string,
  ) {}
}

/**
 * An administrator hides a review: it leaves every profile and average, and
 * the hiding is kept with the administrator and the reason. Open reports of
 * it are settled with it.
 */
@CommandHandler(HideReview)
export class HideReviewHandler implements ICommandHandler<HideReview, HiddenReviewResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly clock: ReviewClock,
  ) {}

  async execute({ reviewId, adminId, reason }: HideReview): Promise<HiddenReviewResponse> {
    if (!isUuid(reviewId)) throw reviewNotFound();
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      const [review] = await manager.query<{ hidden_at: Date | null }[]>('SELECT hidden_at FROM reviews WHERE id = $1 FOR UPDATE', [reviewId]);
      if (!review) throw reviewNotFound();
      if (review.hidden_at) throw new ApiError(409, 'REVIEW_ALREADY_HIDDEN', 'This review is already hidden');
      await manager.query('UPDATE reviews SET hidden_at = $2, hidden_by = $3, hidden_reason = $4 WHERE id = $1', [reviewId, now, adminId, reason]);
      await manager.query(`UPDATE review_reports SET status = 'resolved' WHERE review_id = $1 AND status = 'open'`, [reviewId]);
      return { message: 'Review hidden.', review_id: reviewId, hidden_at: now.toISOString(), hidden_by: adminId, reason };
    });
  }
}
