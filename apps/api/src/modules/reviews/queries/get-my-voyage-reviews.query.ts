import type { MyVoyageReviewsResponse, ReviewCounterpart } from '@crew/contracts';
import { revealAtFor } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { AggregateRepository } from '../../../platform/event-store/aggregate-repository';
import { AGGREGATE_REPOSITORY, DATA_SOURCE } from '../../../platform/tokens';
import { ReviewClock } from '../review-clock';
import { REVIEW_SELECT, toReviewResponse, type ReviewRow } from '../review-read-model';
import { loadVoyage } from '../review-voyage';

export class GetMyVoyageReviews {
  constructor(
    readonly voyageId: string,
    readonly userId: string,
  ) {}
}

interface Person {
  id: string;
  first_name: string;
  last_name: string;
  profile_photo_url: string | null;
}

/**
 * What the voyage page's review panel needs: whether reviews are open, and for
 * each person the signed-in user sailed with (the skipper for crew, every crew
 * member for the skipper) their own review so far and whether the other side
 * has written theirs (its content stays hidden until it shows).
 */
@QueryHandler(GetMyVoyageReviews)
export class GetMyVoyageReviewsHandler implements IQueryHandler<GetMyVoyageReviews, MyVoyageReviewsResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
    private readonly clock: ReviewClock,
  ) {}

  async execute({ voyageId, userId }: GetMyVoyageReviews): Promise<MyVoyageReviewsResponse> {
    const now = this.clock.now();
    const voyage = await loadVoyage(this.repository, voyageId);
    const record = voyage.completion;
    const skipperId = voyage.snapshot?.skipperId ?? '';
    const base = { voyage_id: voyageId, completed_at: record?.firstCompletedAt ?? null };
    if (voyage.status !== 'completed' || !record) return { ...base, open: false, reason: 'not_completed', counterparts: [] };
    const isSkipper = userId === skipperId;
    if (!isSkipper && !record.crew[userId]) return { ...base, open: false, reason: 'not_on_voyage', counterparts: [] };

    const others = isSkipper ? Object.keys(record.crew) : [skipperId];
    const [people, reviews] = await Promise.all([
      this.dataSource.query<Person[]>('SELECT id, first_name, last_name, profile_photo_url FROM users WHERE id = ANY($1::uuid[])', [others]),
      this.dataSource.query<ReviewRow[]>(`${REVIEW_SELECT} WHERE r.voyage_id = $1 AND (r.reviewer_id = $2 OR r.reviewee_id = $2)`, [voyageId, userId]),
    ]);
    const counterparts: ReviewCounterpart[] = people
      .sort((a, b) => `${a.first_name} ${a.last_name}`.localeCompare(`${b.first_name} ${b.last_name}`))
      .map((person) => {
        const mine = reviews.find((r) => r.reviewer_id === userId && r.reviewee_id === person.id) ?? null;
        const theirs = reviews.find((r) => r.reviewer_id === person.id && r.reviewee_id === userId) ?? null;
        const closesAt = revealAtFor(record, isSkipper ? person.id : userId);
        return {
          user: person,
          role: person.id === skipperId ? 'skipper' : 'crew',
          my_review: mine ? toReviewResponse(mine, now) : null,
          they_reviewed: theirs !== null,
          can_review: !mine && closesAt !== null && now.getTime() < closesAt.getTime(),
        };
      });
    const anyOpen = others.some((other) => {
      const closesAt = revealAtFor(record, isSkipper ? other : userId);
      return closesAt !== null && now.getTime() < closesAt.getTime();
    });
    return { ...base, open: anyOpen, reason: anyOpen ? null : 'window_closed', counterparts };
  }
}
