import { foldEvents } from '../shared/aggregate';
import { crewMember, givenVoyage, publishedVoyage } from '../testing/voyage-fixtures';
import { Voyage } from './voyage.aggregate';
import type { VoyageCommand } from './voyage.commands';
import type { VoyageEvent } from './voyage.events';

/*
 * A check-in made without a connection reaches us later (docs/features/offline.md): it is dated when it was made
 * on the device, from its departure day on; a phone's clock set wrong never gets a check-in refused, only dated
 * when it arrived. The voyage (fixtures) departs on 2026-07-01.
 */
const CHECK_IN = '6c7d8e9f-0a1b-4c2d-8e3f-4a5b6c7d8e9f';
const arrivedAtServer = new Date('2026-07-01T18:00:00Z');
const crewed: VoyageEvent[] = [publishedVoyage(), ...crewMember('a1', 'anna')];
const checkIn = (observedAt: string | null, overrides: Partial<Extract<VoyageCommand, { type: 'RecordCheckIn' }>> = {}): VoyageCommand => ({
  type: 'RecordCheckIn',
  actorId: 'anna',
  checkInId: CHECK_IN,
  kind: 'position',
  lat: 49.9,
  lon: -1.9,
  note: '',
  observedAt,
  ...overrides,
});
const recorded = (reportedAt: string, observedAt: string | null, position: [number, number], kind: 'position' | 'arrived' = 'position'): VoyageEvent => ({
  type: 'CheckInRecorded',
  data: {
    checkInId: `${CHECK_IN.slice(0, -2)}${reportedAt.slice(11, 13)}`,
    kind,
    lat: position[1],
    lon: position[0],
    note: '',
    reportedBy: 'anna',
    reportedAt,
    ...(observedAt ? { observedAt } : {}),
    planVersion: null,
  },
});

describe('a check-in sent later than it was made', () => {
  it('is dated when it was made on the device, in UTC', () => {
    givenVoyage(crewed)
      .when(checkIn('2026-07-01T15:30:00+02:00'), arrivedAtServer)
      .thenMatches([{ type: 'CheckInRecorded', data: { observedAt: '2026-07-01T13:30:00.000Z', reportedAt: arrivedAtServer.toISOString() } }]);
  });

  it.each([
    ['made just now (sent at once)', '2026-07-01T17:59:30Z'],
    ['ahead of now (a clock set wrong)', '2026-07-02T09:00:00Z'],
    ['before the departure day (a clock set wrong)', '2026-06-20T09:00:00Z'],
  ])('is dated when it arrived when %s, and still recorded', (_label, observedAt) => {
    const [event] = Voyage.decide(checkIn(observedAt), foldEvents(Voyage, crewed), arrivedAtServer);
    expect(event).toMatchObject({ type: 'CheckInRecorded', data: { reportedAt: arrivedAtServer.toISOString() } });
    expect(event?.data).not.toHaveProperty('observedAt');
  });

  it('refuses a time that is no date and time', () => {
    givenVoyage(crewed).when(checkIn('yesterday at noon'), arrivedAtServer).thenThrows('validation', 'CHECK_IN_TIME_INVALID', 'date and time');
    givenVoyage(crewed).when(checkIn('2026-07-01T25:00:00Z'), arrivedAtServer).thenThrows('validation', 'CHECK_IN_TIME_INVALID');
  });

  it('gives the voyage its position as made, and never an older one over a newer one', () => {
    const trust = (events: VoyageEvent[]) => foldEvents(Voyage, [...crewed, ...events]).trust;
    const newer = recorded('2026-07-01T16:00:00.000Z', null, [-2, 50]);
    const madeEarlier = recorded('2026-07-01T17:00:00.000Z', '2026-07-01T14:00:00.000Z', [-1.9, 49.9]);
    expect(trust([newer, madeEarlier]).lastPosition).toEqual({ lat: 50, lon: -2, reportedAt: '2026-07-01T16:00:00.000Z' });
    expect(trust([madeEarlier]).lastPosition).toEqual({ lat: 49.9, lon: -1.9, reportedAt: '2026-07-01T14:00:00.000Z' });
  });
});
