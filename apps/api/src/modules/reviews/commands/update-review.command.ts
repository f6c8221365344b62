import type { ReviewResponse } from '@crew/contracts';
import { checkReviewContent } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { isUuid } from '../../../platform/http/uuid';
import { DATA_SOURCE } from '../../../platform/tokens';
import { ReviewClock } from '../review-clock';
import { isVisible, loadReview, toReviewResponse } from '../review-read-model';
import { reviewNotFound } from '../review-voyage';

export class UpdateReview {
  constructor(
    readonly reviewId: string,
    readonly authorId: string,
    readonly rating: number,
    readonly text: string,
  ) {}
}

const alreadyVisible = (): ApplicationError => new ApplicationError('conflict', 'REVIEW_ALREADY_VISIBLE', 'This review is already shown and can no longer be changed');

/** Its author may change a review until it shows (double-blind: never after the other side can read it). */
@CommandHandler(UpdateReview)
export class UpdateReviewHandler implements ICommandHandler<UpdateReview, ReviewResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly clock: ReviewClock,
  ) {}

  async execute({ reviewId, authorId, rating, text }: UpdateReview): Promise<ReviewResponse> {
    const now = this.clock.now();
    if (!isUuid(reviewId)) throw reviewNotFound();
    const row = await loadReview(this.dataSource, reviewId);
    if (!row) throw reviewNotFound();
    if (row.reviewer_id !== authorId) throw new ApplicationError('forbidden', 'NOT_REVIEW_AUTHOR', 'Only its author can change a review');
    if (row.hidden_at) throw new ApplicationError('conflict', 'REVIEW_HIDDEN', 'This review was hidden by the Crew Finder team');
    if (isVisible(row, now)) throw alreadyVisible();
    const content = checkReviewContent(rating, text);
    // Only while still not shown: the other side may have reviewed a moment ago.
    const changed = await this.dataSource.query<{ id: string }[]>(
      `WITH changed AS (
         UPDATE reviews SET rating = $2, body = $3, updated_at = $4 WHERE id = $1 AND hidden_at IS NULL AND visible_from > $4 RETURNING id
       ) SELECT id FROM changed`,
      [reviewId, content.rating, content.text, now],
    );
    if (changed.length === 0) throw alreadyVisible();
    const updated = await loadReview(this.dataSource, reviewId);
    if (!updated) throw reviewNotFound();
    return toReviewResponse(updated, now);
  }
}
