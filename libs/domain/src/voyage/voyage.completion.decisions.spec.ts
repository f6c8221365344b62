import { REVIEW_REVEAL_DAYS } from '@crew/rules';
import { foldEvents } from '../shared/aggregate';
import { DomainError } from '../shared/result';
import { SKIPPER, crewMember, givenVoyage, publishedVoyage, statusChanged, submitted } from '../testing/voyage-fixtures';
import { Voyage } from './voyage.aggregate';
import type { VoyageCommand } from './voyage.commands';
import { completionEvents, revealAtFor, reviewPairing, reviewsCloseAt } from './voyage.completion';
import type { VoyageEvent } from './voyage.events';

const DAY = 86_400_000;
const complete: VoyageCommand = { type: 'ChangeVoyageStatus', actorId: SKIPPER, status: 'completed' };
const completedAt = new Date('2026-07-10T18:00:00Z');
/** Zoe applied first for legs 3 and 1, then Anna for the whole voyage; Ben's application was rejected. */
const sailed: VoyageEvent[] = [
  publishedVoyage(),
  ...crewMember('a1', 'zoe', [3, 1]),
  ...crewMember('a2', 'anna'),
  submitted('a3', 'ben'),
  { type: 'ApplicationRejected', data: { applicationId: 'a3', crewId: 'ben', reason: 'skipper' } },
  statusChanged('in_progress', 'active'),
];
const completion = (invited: string[]): VoyageEvent => ({
  type: 'VoyageCompleted',
  data: {
    completedAt: completedAt.toISOString(),
    crew: [
      { crewId: 'anna', segmentOrders: [1, 2, 3] },
      { crewId: 'zoe', segmentOrders: [1, 3] },
    ],
    invited,
  },
});

describe('completing a voyage', () => {
  it('records the accepted crew in name order with their legs in route order', () => {
    givenVoyage(sailed)
      .when(complete, completedAt)
      .then([statusChanged('completed', 'in_progress'), completion([SKIPPER, 'anna', 'zoe'])]);
  });

  it('can complete from the departure day on, not before', () => {
    givenVoyage(sailed).when(complete, new Date('2026-06-30T09:59:59Z')).thenThrows('conflict', 'VOYAGE_NOT_DEPARTED');
    givenVoyage(sailed)
      .when(complete, new Date('2026-06-30T10:00:00Z'))
      .thenMatches([{ type: 'VoyageStatusChanged' }, { type: 'VoyageCompleted' }]);
  });

  it('counts each crew member once, and completes nothing without a voyage', () => {
    const state = foldEvents(Voyage, sailed);
    const twice = { ...state, applications: { ...state.applications, again: { crewId: 'anna', status: 'accepted' as const, segmentOrders: [2] } } };
    expect(completionEvents(twice, 'in_progress', completedAt)[1]).toEqual(completion([SKIPPER, 'anna', 'zoe']));
    expect(completionEvents({ snapshot: null, applications: {}, completion: null }, 'in_progress', completedAt)).toEqual([]);
  });
});

describe('the review window', () => {
  const done = [...sailed, statusChanged('completed', 'in_progress'), completion([SKIPPER, 'anna', 'zoe'])];
  const closes = new Date(completedAt.getTime() + REVIEW_REVEAL_DAYS * DAY);
  const refusal = (events: VoyageEvent[], reviewer: string, reviewee: string, now = completedAt): string | null => {
    try {
      reviewPairing(foldEvents(Voyage, events), reviewer, reviewee, now);
      return null;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return `${error.kind}:${error.code}`;
    }
  };

  it('closes the reviews between the skipper and a crew member the days after that member was recorded', () => {
    const record = foldEvents(Voyage, done).completion!;
    expect(reviewsCloseAt(completedAt.toISOString())).toEqual(closes);
    expect(revealAtFor(record, 'zoe')).toEqual(closes);
    expect(revealAtFor(record, 'ben')).toBeNull();
    expect(reviewPairing(foldEvents(Voyage, done), 'zoe', SKIPPER, new Date(closes.getTime() - 1))).toEqual({ reviewerRole: 'crew', revealAt: closes });
    expect(refusal(done, SKIPPER, 'zoe', closes)).toBe('conflict:REVIEW_WINDOW_CLOSED');
  });

  it('knows no voyage that was deleted or is a draft, and no crew member whose application was rejected', () => {
    expect(refusal([...done, { type: 'VoyageDeleted', data: { skipperId: SKIPPER, reason: '', because: 'admin' } }], SKIPPER, 'anna')).toBe('not_found:VOYAGE_NOT_FOUND');
    expect(refusal([{ ...publishedVoyage(), type: 'VoyageDraftSaved' }], SKIPPER, 'anna')).toBe('not_found:VOYAGE_NOT_FOUND');
    expect(refusal(done, 'ben', SKIPPER)).toBe('forbidden:NOT_VOYAGE_CREW');
    expect(refusal(done, SKIPPER, SKIPPER)).toBe('rule:CANNOT_REVIEW_SELF');
  });

  it('opens only once the voyage is completed and recorded', () => {
    const view = { ...foldEvents(Voyage, done), completion: null };
    expect(() => reviewPairing(view, SKIPPER, 'anna', completedAt)).toThrow(expect.objectContaining({ code: 'VOYAGE_NOT_COMPLETED' }));
  });
});
