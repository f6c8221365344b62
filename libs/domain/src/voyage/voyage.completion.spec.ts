import { REVIEW_REVEAL_DAYS } from '@crew/rules';
import { foldEvents } from '../shared/aggregate';
import { DomainError } from '../shared/result';
import { Voyage, buildSegments } from './voyage.aggregate';
import type { VoyageCommand } from './voyage.commands';
import { checkReviewContent, reviewPairing } from './voyage.completion';
import type { PortStop, VoyageEvent, VoyageSnapshot } from './voyage.events';

const SKIPPER = 'skipper-1';
const NOW = new Date('2026-07-12T09:00:00.000Z');
const DAY = 86_400_000;
const port = (name: string, lon: number, lat: number): PortStop => ({ name, portId: name.toLowerCase(), coordinates: [lon, lat] });

/** A three-leg voyage needing four crew. */
function published(): VoyageEvent {
  const plan = {
    title: 'Channel hop',
    description: '',
    startDate: '2026-07-01',
    endDate: '2026-07-10',
    minExperience: 'beginner' as const,
    skills: [],
    crewNeeded: 4,
    contribution: { type: 'free' as const, amount: null, currency: 'GBP' as const, details: '' },
    isCustom: false,
    customNotes: '',
    stops: [port('Cowes', -1.3, 50.76), port('Cherbourg', -1.62, 49.65), port('Saint-Malo', -2.03, 48.65), port('Guernsey', -2.54, 49.45)],
    custom: null,
  };
  const { segments, totalDistanceNm } = buildSegments(plan);
  const snapshot: VoyageSnapshot = {
    skipperId: SKIPPER,
    details: {
      title: plan.title,
      description: '',
      startDate: plan.startDate,
      endDate: plan.endDate,
      boatId: 'boat-1',
      minExperience: 'beginner',
      skills: [],
      isCustom: false,
      customNotes: '',
      includesFood: false,
    },
    segments,
    totalDistanceNm,
    crewNeeded: 4,
    contribution: plan.contribution,
  };
  return { type: 'VoyagePublished', data: snapshot };
}

const submitted = (applicationId: string, crewId: string, segmentOrders: number[] = []): VoyageEvent => ({
  type: 'ApplicationSubmitted',
  data: { applicationId, crewId, segmentOrders },
});
const accepted = (applicationId: string, crewId: string, segmentOrders: number[] = []): VoyageEvent => ({
  type: 'ApplicationAccepted',
  data: { applicationId, crewId, segmentOrders },
});
const status = (to: 'in_progress' | 'active' | 'completed', from: 'active' | 'in_progress' | 'completed'): VoyageEvent => ({
  type: 'VoyageStatusChanged',
  data: { status: to, previous: from },
});
const complete: VoyageCommand = { type: 'ChangeVoyageStatus', actorId: SKIPPER, status: 'completed' };
const decide = (events: VoyageEvent[], command: VoyageCommand, now = NOW) => Voyage.decide(command, foldEvents(Voyage, events), now);

/** Anna sails every leg, Ben legs 2 and 3, Cleo's application is still pending. */
const crewed: VoyageEvent[] = [
  published(),
  submitted('a1', 'anna'),
  accepted('a1', 'anna'),
  submitted('a2', 'ben', [3, 2]),
  accepted('a2', 'ben', [3, 2]),
  submitted('a3', 'cleo', [1]),
  status('in_progress', 'active'),
];

describe('completing a voyage', () => {
  it('records each accepted crew member with the legs they sailed, and invites the skipper and the crew', () => {
    expect(decide(crewed, complete)).toEqual([
      { type: 'VoyageStatusChanged', data: { status: 'completed', previous: 'in_progress' } },
      {
        type: 'VoyageCompleted',
        data: {
          completedAt: NOW.toISOString(),
          crew: [
            { crewId: 'anna', segmentOrders: [1, 2, 3] },
            { crewId: 'ben', segmentOrders: [2, 3] },
          ],
          invited: [SKIPPER, 'anna', 'ben'],
        },
      },
    ]);
  });

  it('completes a voyage without crew, inviting only the skipper', () => {
    const events = decide([published()], complete);
    expect(events[1]).toEqual({ type: 'VoyageCompleted', data: { completedAt: NOW.toISOString(), crew: [], invited: [SKIPPER] } });
  });

  it('invites nobody twice when the status is flipped back and completed again', () => {
    const first = decide(crewed, complete);
    const reopened = [...crewed, ...first, status('in_progress', 'completed')];
    const again = decide(reopened, complete, new Date(NOW.getTime() + DAY));
    expect(again[1]).toMatchObject({ type: 'VoyageCompleted', data: { invited: [] } });
    // The record keeps the first completion as the start of each crew member's review window.
    const state = foldEvents(Voyage, [...reopened, ...again]);
    expect(state.completion).toEqual({
      firstCompletedAt: NOW.toISOString(),
      crew: { anna: { segmentOrders: [1, 2, 3], completedAt: NOW.toISOString() }, ben: { segmentOrders: [2, 3], completedAt: NOW.toISOString() } },
    });
  });

  it('records nothing when the voyage is already completed, and only its skipper may complete it', () => {
    const done = [...crewed, ...decide(crewed, complete)];
    expect(decide(done, complete)).toEqual([]);
    expect(() => decide(crewed, { ...complete, actorId: 'anna' } as VoyageCommand)).toThrow(DomainError);
  });

  it('moves to in progress with a plain status change', () => {
    expect(decide([published()], { type: 'ChangeVoyageStatus', actorId: SKIPPER, status: 'in_progress' })).toEqual([status('in_progress', 'active')]);
  });
});

describe('who may review whom', () => {
  const done = [...crewed, ...decide(crewed, complete)];
  const state = foldEvents(Voyage, done);
  const refusal = (events: VoyageEvent[], reviewer: string, reviewee: string, now = new Date(NOW.getTime() + DAY)) => {
    try {
      reviewPairing(foldEvents(Voyage, events), reviewer, reviewee, now);
      return null;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return `${error.kind}:${error.code}`;
    }
  };

  it('lets the skipper and each crew member review each other until the window closes', () => {
    const later = new Date(NOW.getTime() + DAY);
    expect(reviewPairing(state, SKIPPER, 'anna', later)).toEqual({ reviewerRole: 'skipper', revealAt: new Date(NOW.getTime() + REVIEW_REVEAL_DAYS * DAY) });
    expect(reviewPairing(state, 'ben', SKIPPER, later).reviewerRole).toBe('crew');
    expect(refusal(done, 'ben', SKIPPER, new Date(NOW.getTime() + REVIEW_REVEAL_DAYS * DAY))).toBe('conflict:REVIEW_WINDOW_CLOSED');
  });

  it('refuses before completion, outsiders, crew reviewing crew and oneself', () => {
    expect(refusal(crewed, SKIPPER, 'anna')).toBe('conflict:VOYAGE_NOT_COMPLETED');
    expect(refusal([...done, status('in_progress', 'completed')], SKIPPER, 'anna')).toBe('conflict:VOYAGE_NOT_COMPLETED');
    expect(refusal(done, 'cleo', SKIPPER)).toBe('forbidden:NOT_VOYAGE_CREW');
    expect(refusal(done, SKIPPER, 'cleo')).toBe('rule:REVIEWEE_NOT_ON_VOYAGE');
    expect(refusal(done, 'anna', 'ben')).toBe('rule:CREW_REVIEWS_SKIPPER_ONLY');
    expect(refusal(done, 'anna', 'anna')).toBe('rule:CANNOT_REVIEW_SELF');
    expect(refusal([], 'anna', SKIPPER)).toBe('not_found:VOYAGE_NOT_FOUND');
  });

  it('checks stars and text as a review keeps them', () => {
    expect(checkReviewContent(5, '  A calm and careful skipper.  ')).toEqual({ rating: 5, text: 'A calm and careful skipper.' });
    for (const [rating, text, code] of [
      [0, 'A calm and careful skipper.', 'RATING_INVALID'],
      [4.5, 'A calm and careful skipper.', 'RATING_INVALID'],
      [3, '   too short    text      ', 'REVIEW_TEXT_TOO_SHORT'],
      [3, 'x'.repeat(2001), 'REVIEW_TEXT_TOO_LONG'],
      [3, 'A calm and careful\u0000 skipper.', 'REVIEW_TEXT_INVALID'],
    ] as const) {
      expect(() => checkReviewContent(rating, text)).toThrow(expect.objectContaining({ code }));
    }
  });
});
