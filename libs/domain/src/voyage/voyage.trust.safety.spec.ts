import { foldEvents } from '../shared/aggregate';
import { SKIPPER, crewMember, givenVoyage, publishedVoyage, statusChanged, submitted } from '../testing/voyage-fixtures';
import { Voyage } from './voyage.aggregate';
import type { VoyageCommand } from './voyage.commands';
import type { VoyageEvent } from './voyage.events';
import { alertDueAtFiling, decideTrust, type FloatPlanInput } from './voyage.trust';

const CONTACT = '7d1c9e0a-1b2c-4d3e-8f4a-5b6c7d8e9f01';
const CONTACT_2 = '7d1c9e0a-1b2c-4d3e-8f4a-5b6c7d8e9f02';
const CHECK_IN = '3a4b5c6d-7e8f-4a0b-9c1d-2e3f4a5b6c7d';
const filedAt = new Date('2026-06-30T18:00:00Z');
/** Zoe sails leg 3, Anna the whole voyage, Ben's application is pending. */
const crewed: VoyageEvent[] = [publishedVoyage(), ...crewMember('a1', 'zoe', [3]), ...crewMember('a2', 'anna'), submitted('a3', 'ben')];
const plan = (overrides: Partial<FloatPlanInput> = {}): FloatPlanInput => ({
  segmentOrder: null,
  departureAt: '2026-07-01T08:00:00Z',
  expectedArrivalAt: '2026-07-01T20:00:00Z',
  boatDescription: ' Sloop, 38 ft, white hull ',
  callSign: ' mabc1 ',
  notes: ' Reefs at 20 knots ',
  ...overrides,
});
const file = (overrides: Partial<FloatPlanInput> = {}, shoreContactIds: string[] = [CONTACT]): VoyageCommand => ({
  type: 'FileFloatPlan',
  actorId: SKIPPER,
  plan: plan(overrides),
  shoreContactIds,
});
const filed = (version = 1): VoyageEvent => ({
  type: 'FloatPlanFiled',
  data: {
    version,
    segmentOrder: null,
    departureAt: '2026-07-01T08:00:00.000Z',
    expectedArrivalAt: '2026-07-01T20:00:00.000Z',
    aboard: [SKIPPER, 'anna', 'zoe'],
    boatDescription: 'Sloop, 38 ft, white hull',
    callSign: 'MABC1',
    notes: 'Reefs at 20 knots',
    shoreContactIds: [CONTACT],
    region: 'uk',
    filedAt: filedAt.toISOString(),
  },
});
const checkIn = (kind: string, position: [number, number] | null = null, overrides: Partial<Extract<VoyageCommand, { type: 'RecordCheckIn' }>> = {}): VoyageCommand =>
  ({ type: 'RecordCheckIn', actorId: 'anna', checkInId: CHECK_IN, kind, lat: position?.[1] ?? null, lon: position?.[0] ?? null, note: '', ...overrides }) as VoyageCommand;
const underWay = new Date('2026-07-01T12:00:00Z');

describe('filing a float plan', () => {
  it('files a plan for the whole voyage with everyone accepted aboard, in name order, its text trimmed', () => {
    givenVoyage(crewed).when(file(), filedAt).then([filed()]);
  });

  it('puts aboard a leg’s plan only the crew on that leg, and names the coastguard where that leg departs', () => {
    givenVoyage(crewed)
      .when(file({ segmentOrder: 3 }), filedAt)
      .thenMatches([{ data: { segmentOrder: 3, aboard: [SKIPPER, 'anna', 'zoe'], region: 'france' } }]);
    givenVoyage(crewed)
      .when(file({ segmentOrder: 2 }), filedAt)
      .thenMatches([{ data: { aboard: [SKIPPER, 'anna'], region: 'france' } }]);
    givenVoyage(crewed)
      .when(file({ segmentOrder: 1 }), filedAt)
      .thenMatches([{ data: { aboard: [SKIPPER, 'anna'], region: 'uk' } }]);
  });

  it('numbers each new plan', () => {
    givenVoyage([...crewed, filed()])
      .when(file(), filedAt)
      .thenMatches([{ data: { version: 2 } }]);
  });

  it('takes a plan of up to 120 days, arriving after it departs', () => {
    givenVoyage(crewed)
      .when(file({ expectedArrivalAt: '2026-10-29T08:00:00Z' }), filedAt)
      .thenMatches([{ type: 'FloatPlanFiled' }]);
    givenVoyage(crewed)
      .when(file({ expectedArrivalAt: '2026-10-29T08:00:01Z' }), filedAt)
      .thenThrows('validation', 'PLAN_TOO_LONG', 'at most 120 days');
    givenVoyage(crewed)
      .when(file({ expectedArrivalAt: '2026-07-01T08:00:00Z' }), filedAt)
      .thenThrows('validation', 'ARRIVAL_BEFORE_DEPARTURE');
  });

  it.each([
    ['a blank boat description', { boatDescription: '   ' }, 'BOAT_DESCRIPTION_REQUIRED', 'Describe the boat'],
    ['a boat description with control characters', { boatDescription: 'Sloop\u0007' }, 'BOAT_DESCRIPTION_INVALID', 'Boat description'],
    ['an overlong call sign', { callSign: 'M'.repeat(21) }, 'CALL_SIGN_INVALID', 'Radio call sign'],
    ['a call sign with other characters', { callSign: 'MA/BC' }, 'CALL_SIGN_INVALID', 'letters, digits, spaces and dashes'],
    ['notes with control characters', { notes: 'Reef\u0000' }, 'NOTES_INVALID', 'Notes'],
    ['an unknown leg', { segmentOrder: 4 }, 'UNKNOWN_LEG', 'no leg 4'],
    ['an impossible departure', { departureAt: '2026-07-01T24:00:00Z' }, 'DEPARTURE_TIME_INVALID', 'Departure time'],
    ['an impossible arrival', { expectedArrivalAt: '2026-07-01' }, 'ARRIVAL_TIME_INVALID', 'Expected arrival'],
  ])('refuses %s', (_label, overrides, code, message) => {
    givenVoyage(crewed).when(file(overrides), filedAt).thenThrows('validation', code, message);
  });

  it('names one to five shore contacts, each once, by id', () => {
    const five = [1, 2, 3, 4, 5].map((n) => `7d1c9e0a-1b2c-4d3e-8f4a-5b6c7d8e9f0${n}`);
    givenVoyage(crewed)
      .when(file({}, five), filedAt)
      .thenMatches([{ data: { shoreContactIds: five } }]);
    givenVoyage(crewed)
      .when(file({}, [...five, '7d1c9e0a-1b2c-4d3e-8f4a-5b6c7d8e9f06']), filedAt)
      .thenThrows('validation', 'SHORE_CONTACTS_COUNT', 'between 1 and 5');
    givenVoyage(crewed)
      .when(file({}, [CONTACT, 'mum']), filedAt)
      .thenThrows('validation', 'SHORE_CONTACTS_INVALID');
    givenVoyage(crewed)
      .when(file({}, [CONTACT, CONTACT]), filedAt)
      .thenThrows('validation', 'SHORE_CONTACTS_INVALID');
    givenVoyage(crewed)
      .when(file({}, [CONTACT, CONTACT_2]), filedAt)
      .thenMatches([{ data: { shoreContactIds: [CONTACT, CONTACT_2] } }]);
  });

  it('takes no plan for a voyage that is over, nor for one that is not published', () => {
    givenVoyage([...crewed, statusChanged('completed', 'active')])
      .when(file(), filedAt)
      .thenThrows('conflict', 'VOYAGE_CLOSED');
    givenVoyage([...crewed, { type: 'VoyageCancelled', data: { previous: 'active', reason: '' } }])
      .when(file(), filedAt)
      .thenThrows('conflict', 'VOYAGE_CLOSED');
    givenVoyage([{ ...publishedVoyage(), type: 'VoyageDraftSaved' }])
      .when(file(), filedAt)
      .thenThrows('not_found', 'VOYAGE_NOT_FOUND');
    givenVoyage().when(file(), filedAt).thenThrows('not_found', 'VOYAGE_NOT_FOUND');
    givenVoyage(crewed)
      .when({ ...file(), actorId: 'anna' } as VoyageCommand, filedAt)
      .thenThrows('forbidden', 'NOT_VOYAGE_OWNER', 'Only the skipper of this voyage can file its float plan');
  });
});

describe('checking in', () => {
  const withPlan = [...crewed, filed()];

  it('records a check-in with its note trimmed, against no plan when none was filed', () => {
    givenVoyage(crewed)
      .when(checkIn('departed', null, { note: ' Off we go ' }), underWay)
      .then([
        {
          type: 'CheckInRecorded',
          data: { checkInId: CHECK_IN, kind: 'departed', lat: null, lon: null, note: 'Off we go', reportedBy: 'anna', reportedAt: underWay.toISOString(), planVersion: null },
        },
      ]);
  });

  it.each([
    ['an unknown kind', checkIn('sinking'), 'CHECK_IN_KIND_INVALID', 'departed, position, arrived'],
    ['half a position', checkIn('position', null, { lat: 50 }), 'POSITION_INCOMPLETE', 'both latitude and longitude'],
    ['a latitude off the globe', checkIn('position', [0, -90.5]), 'LATITUDE_INVALID', 'Latitude must be between -90 and 90'],
    ['a longitude off the globe', checkIn('position', [-180.5, 0]), 'LONGITUDE_INVALID', 'Longitude must be between -180 and 180'],
    ['a position update without a position', checkIn('position'), 'POSITION_REQUIRED', 'needs latitude and longitude'],
    ['a note with control characters', checkIn('arrived', null, { note: 'ok\u0007' }), 'NOTE_INVALID', 'The note'],
    ['an id that is no UUID', checkIn('arrived', null, { checkInId: 'c-1' }), 'CHECK_IN_ID_INVALID', 'UUID'],
  ])('refuses %s', (_label, command, code, message) => {
    givenVoyage(withPlan).when(command, underWay).thenThrows('validation', code, message);
  });

  it('takes positions on the edges of the globe', () => {
    givenVoyage(withPlan)
      .when(checkIn('position', [180, -90]), underWay)
      .thenMatches([{ data: { lat: -90, lon: 180, planVersion: 1 } }]);
  });

  it('says why a check-in is refused', () => {
    givenVoyage(withPlan)
      .when(checkIn('arrived', null, { actorId: 'ben' }), underWay)
      .thenThrows('forbidden', 'NOT_ABOARD', 'Only the skipper and the accepted crew');
    givenVoyage([...withPlan, { type: 'VoyageArchived', data: { startDate: '2026-07-01' } }])
      .when(checkIn('arrived'), underWay)
      .thenThrows('conflict', 'VOYAGE_ARCHIVED', 'archived');
    givenVoyage([...withPlan, statusChanged('completed', 'active')])
      .when(checkIn('arrived'), underWay)
      .thenThrows('conflict', 'VOYAGE_COMPLETED', 'completed');
    givenVoyage([...withPlan, { type: 'VoyageCancelled', data: { previous: 'active', reason: '' } }])
      .when(checkIn('arrived'), underWay)
      .thenThrows('conflict', 'VOYAGE_CANCELLED', 'cancelled');
  });
});

describe('what the voyage remembers of its float plan and check-ins', () => {
  const recorded = (kind: 'departed' | 'position' | 'arrived', planVersion: number | null, position: [number, number] | null = null, at = underWay): VoyageEvent => ({
    type: 'CheckInRecorded',
    data: { checkInId: CHECK_IN, kind, lat: position?.[1] ?? null, lon: position?.[0] ?? null, note: '', reportedBy: 'anna', reportedAt: at.toISOString(), planVersion },
  });
  const overdue = (version: number): VoyageEvent => ({
    type: 'FloatPlanOverdue',
    data: {
      version,
      expectedArrivalAt: '2026-07-01T20:00:00.000Z',
      declaredAt: '2026-07-02T02:00:00.000Z',
      lastPosition: null,
      region: 'uk',
      shoreContactIds: [CONTACT],
      aboard: [SKIPPER],
    },
  });
  const trust = (events: VoyageEvent[]) => foldEvents(Voyage, [...crewed, ...events]).trust;

  it('keeps the last reported position, not a check-in without one', () => {
    const later = new Date('2026-07-01T15:00:00Z');
    expect(trust([recorded('position', null, [-1.9, 49.9]), recorded('arrived', null, null, later)]).lastPosition).toEqual({
      lat: 49.9,
      lon: -1.9,
      reportedAt: underWay.toISOString(),
    });
  });

  it('marks the plan arrived only by an arrival against that plan, and departed only by a departure', () => {
    expect(trust([filed(1), filed(2), recorded('arrived', 1)]).floatPlan).toMatchObject({ version: 2, arrivedAt: null });
    expect(trust([filed(1), recorded('arrived', 1)]).floatPlan).toMatchObject({ version: 1, arrivedAt: underWay.toISOString() });
    expect(trust([filed(1), recorded('position', 1, [-1.9, 49.9])]).departed).toBe(false);
    expect(trust([recorded('departed', null), recorded('arrived', null)]).departed).toBe(true);
  });

  it('declares the plan it names overdue, not a newer one', () => {
    expect(trust([filed(1), overdue(1)]).floatPlan).toMatchObject({ version: 1, overdueDeclared: true });
    expect(trust([filed(1), filed(2), overdue(1)]).floatPlan).toMatchObject({ version: 2, overdueDeclared: false });
    expect(trust([overdue(1)]).floatPlan).toBeNull();
  });

  it('raises no alert for a cancelled voyage', () => {
    givenVoyage([publishedVoyage(), ...crewMember('a2', 'anna'), filed(), { type: 'VoyageCancelled', data: { previous: 'active', reason: '' } }])
      .when({ type: 'SweepVoyage' }, new Date('2026-07-03T00:00:00Z'))
      .thenNothing();
  });

  it('judges an alert due at filing only when the filing time is known', () => {
    expect(alertDueAtFiling({ expectedArrivalAt: '2026-07-01T20:00:00.000Z', filedAt: null })).toBe(false);
    expect(alertDueAtFiling({ expectedArrivalAt: '2026-07-01T20:00:00.000Z' })).toBe(false);
    expect(alertDueAtFiling({ expectedArrivalAt: '2026-07-01T20:00:00.000Z', filedAt: '2026-07-02T01:59:59.999Z' })).toBe(false);
    expect(alertDueAtFiling({ expectedArrivalAt: '2026-07-01T20:00:00.000Z', filedAt: '2026-07-02T02:00:00.000Z' })).toBe(true);
  });

  it('sweeps nothing of a voyage never published, a draft or a deleted one', () => {
    const state = foldEvents(Voyage, [...crewed]);
    const long = new Date('2026-09-01T00:00:00Z');
    expect(decideTrust({ type: 'SweepVoyage' }, Voyage.initialState(), long)).toEqual([]);
    expect(decideTrust({ type: 'SweepVoyage' }, { ...state, status: 'draft' }, long)).toEqual([]);
    expect(decideTrust({ type: 'SweepVoyage' }, { ...state, deleted: true }, long)).toEqual([]);
    expect(decideTrust({ type: 'SweepVoyage' }, state, long).map((event) => event.type)).toEqual(['ApplicationExpired', 'VoyageArchived']);
  });
});
