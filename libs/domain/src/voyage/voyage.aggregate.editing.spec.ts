import { foldEvents } from '../shared/aggregate';
import { BOAT, CHERBOURG, COWES, GUERNSEY, SAINT_MALO, SKIPPER, crewMember, givenVoyage, publishedVoyage, statusChanged, submitted, voyagePlan } from '../testing/voyage-fixtures';
import { Voyage, buildSegments } from './voyage.aggregate';
import type { VoyageCommand, VoyagePlan } from './voyage.commands';
import type { VoyageEvent } from './voyage.events';
import { initialTrustState } from './voyage.trust';

const edit = (overrides: Partial<VoyagePlan> = {}): VoyageCommand => ({ type: 'EditVoyage', actorId: SKIPPER, plan: voyagePlan(overrides), boat: BOAT });
const typesOf = (events: readonly VoyageEvent[]) => events.map((event) => event.type);
const exactly = (text: string): RegExp => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
const fold = (...events: VoyageEvent[]) => foldEvents(Voyage, events);
/** Two crew aboard for the whole voyage. */
const twoAboard = [...crewMember('a1', 'crew-1'), ...crewMember('a2', 'crew-2')];

describe('Voyage editing', () => {
  it('records new details as they will be shown', () => {
    const published = publishedVoyage();
    givenVoyage([published])
      .when(edit({ title: 'Channel hop, again' }))
      .then([{ type: 'VoyageDetailsEdited', data: { details: { ...published.data.details, title: 'Channel hop, again' } } }]);
  });

  it('records a new contribution made in the full form', () => {
    const contribution = { type: 'shared_costs', amount: 80, currency: 'EUR', details: 'Food' } as const;
    givenVoyage([publishedVoyage()])
      .when(edit({ contribution }))
      .then([{ type: 'VoyageContributionChanged', data: { contribution } }]);
  });

  it('keeps every leg crew have applied for, and lets the route shrink to the last of them', () => {
    givenVoyage([publishedVoyage(), submitted('a1', 'crew-1', [3])])
      .when(edit({ stops: [COWES, CHERBOURG, SAINT_MALO] }))
      .thenThrows('validation', 'ROUTE_DROPS_APPLIED_LEGS', exactly('Crew have applied for leg 3: the route must keep at least 3 legs'));
    givenVoyage([publishedVoyage(), submitted('a1', 'crew-1', [2])])
      .when(edit({ stops: [COWES, CHERBOURG, SAINT_MALO] }))
      .thenMatches([{ type: 'VoyageRouteChanged', data: { segments: [{ arrival: CHERBOURG }, { arrival: SAINT_MALO }] } }]);
  });

  it('says how many crew are aboard when crew needed drops below them', () => {
    givenVoyage([publishedVoyage({ crewNeeded: 3 }), ...twoAboard])
      .when(edit({ crewNeeded: 1 }))
      .thenThrows('validation', 'CREW_NEEDED_BELOW_ACCEPTED', exactly('Crew needed cannot be less than the 2 crew already accepted'));
  });

  describe('fullness follows a change of crew needed', () => {
    it('fills an active voyage whose crew needed comes down to the crew aboard', () => {
      const events = givenVoyage([publishedVoyage({ crewNeeded: 3 }), ...twoAboard])
        .when(edit({ crewNeeded: 2 }))
        .events();
      expect(typesOf(events)).toStrictEqual(['VoyageRouteChanged', 'VoyageCrewNeededChanged', 'VoyageStatusChanged']);
      expect(events[2]).toEqual(statusChanged('full', 'active'));
    });

    it('records no new status for a voyage already full', () => {
      const events = givenVoyage([publishedVoyage({ crewNeeded: 3 }), ...twoAboard, statusChanged('full', 'active')])
        .when(edit({ crewNeeded: 2 }))
        .events();
      expect(typesOf(events)).toStrictEqual(['VoyageRouteChanged', 'VoyageCrewNeededChanged']);
    });

    it('leaves the status alone while berths stay open', () => {
      const events = givenVoyage([publishedVoyage()])
        .when(edit({ crewNeeded: 3 }))
        .events();
      expect(typesOf(events)).toStrictEqual(['VoyageRouteChanged', 'VoyageCrewNeededChanged']);
      expect(events[1]).toEqual({ type: 'VoyageCrewNeededChanged', data: { crewNeeded: 3, previous: 2 } });
    });
  });
});

describe('Voyage state folded from its events', () => {
  const published = publishedVoyage();
  const base = fold(published);

  it('takes edited details without touching the route', () => {
    const details = { ...published.data.details, title: 'Channel hop, again' };
    expect(fold(published, { type: 'VoyageDetailsEdited', data: { details } })).toEqual({ ...base, snapshot: { ...base.snapshot, details } });
  });

  it('takes a changed route without touching crew needed', () => {
    const { segments, totalDistanceNm } = buildSegments(voyagePlan({ stops: [COWES, GUERNSEY] }));
    expect(fold(published, { type: 'VoyageRouteChanged', data: { segments, totalDistanceNm } })).toEqual({ ...base, snapshot: { ...base.snapshot, segments, totalDistanceNm } });
  });

  it('takes a changed contribution without touching the status', () => {
    const contribution = { type: 'paid', amount: 120, currency: 'USD', details: 'Berth fee' } as const;
    expect(fold(published, { type: 'VoyageContributionChanged', data: { contribution } })).toEqual({ ...base, snapshot: { ...base.snapshot, contribution } });
  });

  describe('a voyage archived as departed', () => {
    const archived: VoyageEvent = { type: 'VoyageArchived', data: { startDate: '2026-07-01' } };

    it('stays archived through any status but sailing', () => {
      expect(fold(published, archived, statusChanged('planning', 'active')).trust.archived).toBe(true);
      expect(fold(published, archived, statusChanged('full', 'active')).trust.archived).toBe(true);
    });

    it('is no longer archived once started or completed', () => {
      expect(fold(published, archived, statusChanged('in_progress', 'active')).trust).toEqual(initialTrustState());
      expect(fold(published, archived, statusChanged('completed', 'active')).trust).toEqual(initialTrustState());
    });
  });

  it('is flagged, and nothing else, when flagged for review (the moderation queue)', () => {
    expect(fold(published, { type: 'VoyageFlaggedForReview', data: { notes: 'Check the price' } })).toEqual({ ...base, flagged: true });
  });

  it('is deleted, and nothing else, by its deletion', () => {
    expect(fold(published, { type: 'VoyageDeleted', data: { skipperId: SKIPPER, reason: 'Spam', because: 'admin' } })).toEqual({ ...base, deleted: true });
  });
});
