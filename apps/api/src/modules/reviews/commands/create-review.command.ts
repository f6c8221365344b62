import type { ReviewResponse } from '@crew/contracts';
import { checkReviewContent, reviewPairing } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { AggregateRepository } from '../../../platform/event-store/aggregate-repository';
import { ApplicationError } from '../../../platform/application-error';
import { AGGREGATE_REPOSITORY, DATA_SOURCE } from '../../../platform/tokens';
import { ReviewClock } from '../review-clock';
import { loadReview, toReviewResponse } from '../review-read-model';
import { loadVoyage } from '../review-voyage';

export class CreateReview {
  constructor(
    readonly voyageId: string,
    readonly reviewerId: string,
    readonly revieweeId: string,
    readonly rating: number,
    readonly text: string,
  ) {}
}

/**
 * A review of the skipper or a crew member of a completed voyage, once per
 * reviewer, reviewee and voyage. Hidden until the other side has reviewed
 * too (then both show at once) or 14 days have passed. The pair is locked
 * while it is written, so two reviews of each other sent together still
 * find each other.
 */
@CommandHandler(CreateReview)
export class CreateReviewHandler implements ICommandHandler<CreateReview, ReviewResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
    private readonly clock: ReviewClock,
  ) {}

  async execute({ voyageId, reviewerId, revieweeId, rating, text }: CreateReview): Promise<ReviewResponse> {
    const now = this.clock.now();
    const voyage = await loadVoyage(this.repository, voyageId);
    const pairing = reviewPairing(voyage, reviewerId, revieweeId, now);
    const content = checkReviewContent(rating, text);
    const [reviewee] = await this.dataSource.query<{ id: string }[]>('SELECT id FROM users WHERE id = $1', [revieweeId]);
    if (!reviewee) throw new ApplicationError('rule', 'REVIEWEE_NOT_ON_VOYAGE', 'That person is no longer a member');

    const reviewId = await this.dataSource.transaction(async (manager) => {
      const pair = [reviewerId, revieweeId].sort().join(':');
      await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`review:${voyageId}:${pair}`]);
      const inserted = await manager.query<{ id: string }[]>(
        `INSERT INTO reviews (voyage_id, reviewer_id, reviewee_id, reviewer_role, rating, body, created_at, updated_at, visible_from)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8)
         ON CONFLICT ON CONSTRAINT reviews_once DO NOTHING
         RETURNING id`,
        [voyageId, reviewerId, revieweeId, pairing.reviewerRole, content.rating, content.text, now, pairing.revealAt],
      );
      const id = inserted[0]?.id;
      if (!id) throw new ApplicationError('conflict', 'ALREADY_REVIEWED', 'You have already reviewed this person for this voyage');
      // Both sides have reviewed each other: both reviews show from now on.
      await manager.query(
        `UPDATE reviews SET visible_from = least(visible_from, $4)
          WHERE voyage_id = $1
            AND ((reviewer_id = $2 AND reviewee_id = $3) OR (reviewer_id = $3 AND reviewee_id = $2))
            AND EXISTS (SELECT 1 FROM reviews o WHERE o.voyage_id = $1 AND o.reviewer_id = $3 AND o.reviewee_id = $2)`,
        [voyageId, reviewerId, revieweeId, now],
      );
      return id;
    });
    const row = await loadReview(this.dataSource, reviewId);
    if (!row) throw new ApplicationError('conflict', 'REVIEW_GONE', 'The review was removed meanwhile');
    return toReviewResponse(row, now);
  }
}
