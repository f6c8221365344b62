import { REVIEW_MESSAGES, REVIEW_REVEAL_DAYS, REVIEW_TEXT } from '@crew/rules';
import { foldEvents } from '../shared/aggregate';
import { DomainError, type DomainErrorKind } from '../shared/result';
import { SKIPPER, crewMember, givenVoyage, publishedVoyage, statusChanged } from '../testing/voyage-fixtures';
import { Voyage } from './voyage.aggregate';
import { checkReviewContent, reviewPairing } from './voyage.completion';
import type { VoyageEvent } from './voyage.events';

/*
 * What a member reads when a review is refused, and the order in which a
 * completion records its crew.
 */
const DAY = 86_400_000;
const completedAt = new Date('2026-07-10T18:00:00Z');

/** The refusal a call makes: kind, code and message. */
const refusalOf = (call: () => unknown): { kind: DomainErrorKind; code: string; message: string } => {
  try {
    call();
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('completing a voyage with many crew', () => {
  it('records them in name order whatever order they were accepted in', () => {
    const names = ['yann', 'mia', 'zoe', 'bea', 'tom', 'anna', 'kai', 'eli'];
    const events = [publishedVoyage({ crewNeeded: 10 }), ...names.flatMap((name, index) => crewMember(`a${index}`, name)), statusChanged('in_progress', 'active')];
    const [, completed] = givenVoyage(events).when({ type: 'ChangeVoyageStatus', actorId: SKIPPER, status: 'completed' }, completedAt).events();
    const sorted = [...names].sort();
    expect(completed).toMatchObject({ type: 'VoyageCompleted', data: { invited: [SKIPPER, ...sorted] } });
    expect((completed as Extract<VoyageEvent, { type: 'VoyageCompleted' }>).data.crew.map((member) => member.crewId)).toEqual(sorted);
  });
});

describe('who may review whom, in words the member reads', () => {
  const sailed: VoyageEvent[] = [publishedVoyage(), ...crewMember('a1', 'anna'), ...crewMember('a2', 'ben', [2]), statusChanged('in_progress', 'active')];
  const completion: VoyageEvent = {
    type: 'VoyageCompleted',
    data: {
      completedAt: completedAt.toISOString(),
      crew: [
        { crewId: 'anna', segmentOrders: [1, 2, 3] },
        { crewId: 'ben', segmentOrders: [2] },
      ],
      invited: [SKIPPER, 'anna', 'ben'],
    },
  };
  const done = foldEvents(Voyage, [...sailed, statusChanged('completed', 'in_progress'), completion]);
  const soon = new Date(completedAt.getTime() + DAY);
  const refusal = (reviewer: string, reviewee: string, now = soon, view = done) => refusalOf(() => reviewPairing(view, reviewer, reviewee, now));

  it('does not find a voyage that was never published or has no route', () => {
    expect(refusal(SKIPPER, 'anna', soon, Voyage.initialState())).toEqual({ kind: 'not_found', code: 'VOYAGE_NOT_FOUND', message: 'Voyage not found' });
    expect(refusal(SKIPPER, 'anna', soon, { ...done, snapshot: null })).toMatchObject({ kind: 'not_found', code: 'VOYAGE_NOT_FOUND' });
  });

  it('says reviews open at completion', () => {
    expect(refusal(SKIPPER, 'anna', soon, foldEvents(Voyage, sailed))).toEqual({
      kind: 'conflict',
      code: 'VOYAGE_NOT_COMPLETED',
      message: 'Reviews open once the skipper marks the voyage as completed',
    });
  });

  it('says who may review, whom, and when', () => {
    expect(refusal('cleo', SKIPPER)).toEqual({
      kind: 'forbidden',
      code: 'NOT_VOYAGE_CREW',
      message: 'Only the skipper and the accepted crew of this voyage can review each other',
    });
    expect(refusal('anna', 'anna')).toEqual({ kind: 'rule', code: 'CANNOT_REVIEW_SELF', message: 'You cannot review yourself' });
    expect(refusal(SKIPPER, 'cleo')).toEqual({ kind: 'rule', code: 'REVIEWEE_NOT_ON_VOYAGE', message: 'That person did not sail on this voyage' });
    expect(refusal('anna', 'ben')).toEqual({ kind: 'rule', code: 'CREW_REVIEWS_SKIPPER_ONLY', message: 'Crew review the skipper, and the skipper reviews the crew' });
    expect(refusal('ben', SKIPPER, new Date(completedAt.getTime() + REVIEW_REVEAL_DAYS * DAY))).toEqual({
      kind: 'conflict',
      code: 'REVIEW_WINDOW_CLOSED',
      message: `Reviews for this voyage closed ${REVIEW_REVEAL_DAYS} days after it was completed`,
    });
  });
});

describe('the stars and text of a review, in words the member reads', () => {
  const text = 'A calm and careful skipper.';

  it('refuses stars out of range or in halves', () => {
    for (const rating of [0, 6, 4.5, Number.NaN]) {
      expect(refusalOf(() => checkReviewContent(rating, text))).toEqual({ kind: 'validation', code: 'RATING_INVALID', message: REVIEW_MESSAGES.ratingInvalid });
    }
  });

  it('refuses text with characters not allowed, naming the review', () => {
    expect(refusalOf(() => checkReviewContent(4, 'A calm\u0000 and careful skipper.'))).toEqual({
      kind: 'validation',
      code: 'REVIEW_TEXT_INVALID',
      message: 'The review contains characters that are not allowed (control characters or broken Unicode)',
    });
  });

  it('refuses text that is not text at all, as an untyped caller might send', () => {
    for (const notText of [42, null, undefined, { text }]) {
      expect(refusalOf(() => checkReviewContent(4, notText as unknown as string))).toMatchObject({ kind: 'validation', code: 'REVIEW_TEXT_INVALID' });
    }
  });

  it('refuses text too short once trimmed, or too long', () => {
    expect(refusalOf(() => checkReviewContent(4, ` ${'x'.repeat(REVIEW_TEXT.min - 1)} `))).toEqual({
      kind: 'validation',
      code: 'REVIEW_TEXT_TOO_SHORT',
      message: REVIEW_MESSAGES.textTooShort,
    });
    expect(checkReviewContent(4, ` ${'x'.repeat(REVIEW_TEXT.min)} `)).toEqual({ rating: 4, text: 'x'.repeat(REVIEW_TEXT.min) });
    expect(refusalOf(() => checkReviewContent(4, 'x'.repeat(REVIEW_TEXT.max + 1)))).toEqual({
      kind: 'validation',
      code: 'REVIEW_TEXT_TOO_LONG',
      message: REVIEW_MESSAGES.textTooLong,
    });
    expect(checkReviewContent(4, 'x'.repeat(REVIEW_TEXT.max)).text).toHaveLength(REVIEW_TEXT.max);
  });
});
