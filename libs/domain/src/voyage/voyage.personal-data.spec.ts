import { foldEvents } from '../shared/aggregate';
import { valueAt } from '../shared/personal-data';
import { SKIPPER, publishedVoyage } from '../testing/voyage-fixtures';
import { Voyage } from './voyage.aggregate';
import type { VoyageEvent } from './voyage.events';
import { voyagePersonalData } from './voyage.personal-data';

const published = publishedVoyage();
const state = foldEvents(Voyage, [published]);
const event = (type: VoyageEvent['type'], data: Record<string, unknown>): VoyageEvent => ({ type, data }) as unknown as VoyageEvent;
const paths = (type: VoyageEvent['type']): string[] => voyagePersonalData.paths(event(type, {})).map((path) => path.join('.'));

describe("a voyage's personal data", () => {
  it('is the skipper’s words in the listing, the contribution, agreements, float plans and why they cancelled', () => {
    expect(paths('VoyageDraftSaved')).toEqual(['details.title', 'details.description', 'details.customNotes', 'contribution.details']);
    expect(paths('VoyagePublished')).toEqual(paths('VoyageDraftSaved'));
    expect(paths('VoyageDetailsEdited')).toEqual(['details.title', 'details.description', 'details.customNotes']);
    expect(paths('VoyageContributionChanged')).toEqual(['contribution.details']);
    expect(paths('CrewAgreementIssued')).toEqual(['terms.contributionCovers', 'terms.duties', 'terms.watchSystem', 'terms.houseRules', 'terms.leavingEarly', 'terms.insurance']);
    expect(paths('FloatPlanFiled')).toEqual(['boatDescription', 'callSign', 'notes']);
    expect(paths('CheckInRecorded')).toEqual(['note']);
    expect(paths('VoyageCancelled')).toEqual(['reason']);
  });

  it('leaves ids, dates, numbers, statuses, routes and administrators’ reasons in the clear', () => {
    for (const type of [
      'VoyageRouteChanged',
      'VoyageStatusChanged',
      'ApplicationSubmitted',
      'ApplicationAccepted',
      'SailingLogConfirmed',
      'FloatPlanOverdue',
      'VoyageSuspended',
      'VoyageReinstated',
      'VoyageFlaggedForReview',
      'VoyageDeleted',
    ] as const)
      expect(paths(type)).toEqual([]);
  });

  it('finds every path it names in a published voyage, as text', () => {
    for (const path of voyagePersonalData.paths(published)) expect(typeof valueAt(published.data, path)).toBe('string');
  });

  it('belongs to the skipper, except a check-in note, which is its reporter’s; nobody’s before the voyage exists', () => {
    expect(voyagePersonalData.subject(published, state)).toBe(SKIPPER);
    expect(voyagePersonalData.subject(event('VoyageCancelled', { reason: 'storm' }), state)).toBe(SKIPPER);
    expect(voyagePersonalData.subject(event('CheckInRecorded', { note: 'all well', reportedBy: 'crew-7' }), state)).toBe('crew-7');
    expect(voyagePersonalData.subject(event('VoyageCancelled', { reason: 'storm' }), Voyage.initialState())).toBeNull();
  });

  it('is stated on the aggregate, so the event store seals it', () => {
    expect(Voyage.personalData).toBe(voyagePersonalData);
  });
});
