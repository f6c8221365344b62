import { reject } from '../shared/result';
import { isCleanText, isNumberBetween } from '../shared/values';
import type { CompletedCrew, VoyageEvent, VoyageSnapshot } from './voyage.events';
import type { ApplicationEntry } from './voyage.applications';
import type { VoyageStatus } from './voyage.rules';

// Stars, text and the double-blind window are stated once in libs/rules (review-rules.ts).
import { disallowedCharactersMessage, REVIEW_MESSAGES, REVIEW_RATING, REVIEW_REVEAL_DAYS, REVIEW_TEXT } from '@crew/rules';

/**
 * What the voyage remembers of its completion: when it was first completed,
 * and each crew member on board then (or at a later completion), with the legs
 * they sailed and when they were first recorded (their review window opens then).
 */
export interface CompletionRecord {
  readonly firstCompletedAt: string;
  readonly crew: Readonly<Record<string, { readonly segmentOrders: readonly number[]; readonly completedAt: string }>>;
}

/** The part of the voyage's state completion reads. */
interface CompletionView {
  readonly snapshot: VoyageSnapshot | null;
  readonly applications: Readonly<Record<string, ApplicationEntry>>;
  readonly completion: CompletionRecord | null;
}

/**
 * Completing a voyage (the owner picks "completed"): the status change, then
 * `VoyageCompleted` with every accepted crew member and the legs they sailed
 * (a whole-voyage crew member sailed every leg), and whom to invite to review:
 * the skipper and the crew on the first completion, only crew not recorded
 * before on a later one, so flipping the status back and forth invites nobody twice.
 */
export function completionEvents(view: CompletionView, previous: VoyageStatus, now: Date): VoyageEvent[] {
  const snapshot = view.snapshot;
  if (!snapshot) return [];
  const allLegs = snapshot.segments.map((segment) => segment.order);
  const crew: CompletedCrew[] = [];
  for (const entry of Object.values(view.applications)) {
    if (entry.status !== 'accepted' || crew.some((c) => c.crewId === entry.crewId)) continue;
    const legs = entry.segmentOrders.length === 0 ? allLegs : allLegs.filter((order) => entry.segmentOrders.includes(order));
    crew.push({ crewId: entry.crewId, segmentOrders: legs });
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator: crew ids are unique here and the engine's sort reads only whether a comparison is negative, so how equal or greater ids compare cannot change the order
  crew.sort((a, b) => (a.crewId < b.crewId ? -1 : a.crewId > b.crewId ? 1 : 0));
  const before = view.completion;
  const invited = [...(before ? [] : [snapshot.skipperId]), ...crew.map((c) => c.crewId).filter((id) => !before?.crew[id])];
  return [
    { type: 'VoyageStatusChanged', data: { status: 'completed', previous } },
    { type: 'VoyageCompleted', data: { completedAt: now.toISOString(), crew, invited } },
  ];
}

export function evolveCompletion(record: CompletionRecord | null, event: Extract<VoyageEvent, { type: 'VoyageCompleted' }>): CompletionRecord {
  const at = event.data.completedAt;
  const crew = { ...(record?.crew ?? {}) };
  for (const member of event.data.crew) {
    const known = crew[member.crewId];
    crew[member.crewId] = { segmentOrders: member.segmentOrders, completedAt: known?.completedAt ?? at };
  }
  return { firstCompletedAt: record?.firstCompletedAt ?? at, crew };
}

/** The part of the voyage's state the review rules read. */
export interface ReviewView {
  readonly status: string;
  readonly deleted: boolean;
  readonly snapshot: VoyageSnapshot | null;
  readonly completion: CompletionRecord | null;
}

export interface ReviewPairing {
  /** The reviewer's place on the voyage. */
  readonly reviewerRole: 'skipper' | 'crew';
  /** When the review shows at the latest (and the pair's reviews close): 14 days after the crew member's completion. */
  readonly revealAt: Date;
}

const DAY_MS = 86_400_000;

/** When reviews between the skipper and a crew member recorded at `completedAt` show at the latest, and close. */
export const reviewsCloseAt = (completedAt: string): Date => new Date(Date.parse(completedAt) + REVIEW_REVEAL_DAYS * DAY_MS);

/** When the skipper and a crew member's reviews of each other show at the latest. */
export const revealAtFor = (record: CompletionRecord, crewId: string): Date | null => {
  const member = record.crew[crewId];
  return member ? reviewsCloseAt(member.completedAt) : null;
};

/**
 * Who may review whom (docs/features/completion-and-reviews.md): once the voyage is completed, the skipper
 * and each crew member it recorded review each other, until the double-blind
 * window closes. Everyone else is refused with the reason.
 */
export function reviewPairing(view: ReviewView, reviewerId: string, revieweeId: string, now: Date): ReviewPairing {
  if (view.deleted || !view.snapshot || view.status === 'none' || view.status === 'draft') return reject('not_found', 'VOYAGE_NOT_FOUND', 'Voyage not found');
  const skipperId = view.snapshot.skipperId;
  const record = view.completion;
  // Stryker disable next-line OptionalChaining: only called once the record is known to be there (the check below refuses first)
  const onBoard = (userId: string): boolean => userId === skipperId || Boolean(record?.crew[userId]);
  if (view.status !== 'completed' || !record) {
    return reject('conflict', 'VOYAGE_NOT_COMPLETED', 'Reviews open once the skipper marks the voyage as completed');
  }
  if (!onBoard(reviewerId)) return reject('forbidden', 'NOT_VOYAGE_CREW', 'Only the skipper and the accepted crew of this voyage can review each other');
  if (reviewerId === revieweeId) return reject('rule', 'CANNOT_REVIEW_SELF', 'You cannot review yourself');
  if (!onBoard(revieweeId)) return reject('rule', 'REVIEWEE_NOT_ON_VOYAGE', 'That person did not sail on this voyage');
  if (reviewerId !== skipperId && revieweeId !== skipperId) {
    return reject('rule', 'CREW_REVIEWS_SKIPPER_ONLY', 'Crew review the skipper, and the skipper reviews the crew');
  }
  const crewId = reviewerId === skipperId ? revieweeId : reviewerId;
  const revealAt = revealAtFor(record, crewId) as Date;
  if (now.getTime() >= revealAt.getTime()) {
    return reject('conflict', 'REVIEW_WINDOW_CLOSED', `Reviews for this voyage closed ${REVIEW_REVEAL_DAYS} days after it was completed`);
  }
  return { reviewerRole: reviewerId === skipperId ? 'skipper' : 'crew', revealAt };
}

/** Stars and text as a review keeps them: 1 to 5 whole stars, 20 to 2,000 characters once trimmed, no control characters. */
export function checkReviewContent(rating: number, text: string): { rating: number; text: string } {
  if (!isNumberBetween(rating, REVIEW_RATING.min, REVIEW_RATING.max, true)) reject('validation', 'RATING_INVALID', REVIEW_MESSAGES.ratingInvalid);
  if (typeof text !== 'string' || !isCleanText(text)) reject('validation', 'REVIEW_TEXT_INVALID', disallowedCharactersMessage('The review'));
  const trimmed = text.trim();
  if (trimmed.length < REVIEW_TEXT.min) reject('validation', 'REVIEW_TEXT_TOO_SHORT', REVIEW_MESSAGES.textTooShort);
  if (trimmed.length > REVIEW_TEXT.max) reject('validation', 'REVIEW_TEXT_TOO_LONG', REVIEW_MESSAGES.textTooLong);
  return { rating, text: trimmed };
}
