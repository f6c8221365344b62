import { REVIEWS_PAGE_SIZE, type UserReviewsResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { isUuid } from '../../../platform/http/uuid';
import { DATA_SOURCE } from '../../../platform/tokens';
import { ReviewClock } from '../review-clock';
import { REVIEW_SELECT, ratingSummaries, toReviewResponse, type ReviewRow } from '../review-read-model';

export class GetUserReviews {
  constructor(
    readonly userId: string,
    readonly page: number,
  ) {}
}

export const memberNotFound = (): ApplicationError => new ApplicationError('not_found', 'USER_NOT_FOUND', 'User not found');

/** The reviews others can read about a member (visible, not hidden), newest first, with the average. */
@QueryHandler(GetUserReviews)
export class GetUserReviewsHandler implements IQueryHandler<GetUserReviews, UserReviewsResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly clock: ReviewClock,
  ) {}

  async execute({ userId, page }: GetUserReviews): Promise<UserReviewsResponse> {
    if (!isUuid(userId)) throw memberNotFound();
    const [member] = await this.dataSource.query<{ id: string }[]>('SELECT id FROM users WHERE id = $1', [userId]);
    if (!member) throw memberNotFound();
    const now = this.clock.now();
    const [rows, summaries] = await Promise.all([
      this.dataSource.query<ReviewRow[]>(
        `${REVIEW_SELECT}
          WHERE r.reviewee_id = $1 AND r.hidden_at IS NULL AND r.visible_from <= $2
          ORDER BY r.created_at DESC, r.id DESC LIMIT $3 OFFSET $4`,
        [userId, now, REVIEWS_PAGE_SIZE, (page - 1) * REVIEWS_PAGE_SIZE],
      ),
      ratingSummaries(this.dataSource, [userId], now),
    ]);
    const rating = summaries.get(userId) ?? { average: null, count: 0 };
    return { reviews: rows.map((row) => toReviewResponse(row, now)), rating, page, page_size: REVIEWS_PAGE_SIZE, total: rating.count };
  }
}
