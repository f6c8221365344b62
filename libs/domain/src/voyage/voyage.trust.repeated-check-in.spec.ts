import { foldEvents } from '../shared/aggregate';
import { crewMember, givenVoyage, publishedVoyage, statusChanged } from '../testing/voyage-fixtures';
import { Voyage } from './voyage.aggregate';
import type { VoyageCommand } from './voyage.commands';
import type { VoyageEvent } from './voyage.events';

/*
 * A check-in sent again with the id of one already recorded (a phone resending
 * what it queued offline: docs/features/offline.md) records nothing new, even
 * when the voyage has moved on since; the same id for another check-in is refused.
 */
const CHECK_IN = '5b6c7d8e-9f01-4a2b-8c3d-4e5f6a7b8c9d';
const underWay = new Date('2026-07-01T12:00:00Z');
const crewed: VoyageEvent[] = [publishedVoyage(), ...crewMember('a1', 'anna'), ...crewMember('a2', 'zoe')];
const checkIn = (overrides: Partial<Extract<VoyageCommand, { type: 'RecordCheckIn' }>> = {}): VoyageCommand => ({
  type: 'RecordCheckIn',
  actorId: 'anna',
  checkInId: CHECK_IN,
  kind: 'position',
  lat: 49.9,
  lon: -1.9,
  note: 'Off the Lizard',
  ...overrides,
});
const recorded: VoyageEvent = {
  type: 'CheckInRecorded',
  data: { checkInId: CHECK_IN, kind: 'position', lat: 49.9, lon: -1.9, note: 'Off the Lizard', reportedBy: 'anna', reportedAt: underWay.toISOString(), planVersion: null },
};

describe('a check-in sent again', () => {
  it('records nothing the second time (its note compared as recorded, trimmed)', () => {
    givenVoyage([...crewed, recorded])
      .when(checkIn(), underWay)
      .thenNothing();
    givenVoyage([...crewed, recorded])
      .when(checkIn({ note: '  Off the Lizard ' }), underWay)
      .thenNothing();
  });

  it('answers as the first even once the voyage is completed', () => {
    givenVoyage([...crewed, recorded, statusChanged('completed', 'active')])
      .when(checkIn(), underWay)
      .thenNothing();
  });

  it.each([
    ['another kind', { kind: 'arrived' as const }],
    ['another position', { lat: 50 }],
    ['no position', { kind: 'departed' as const, lat: null, lon: null }],
    ['another note', { note: 'Off Start Point' }],
    ['another member', { actorId: 'zoe' }],
  ])('refuses the same id with %s', (_label, overrides) => {
    givenVoyage([...crewed, recorded])
      .when(checkIn(overrides), underWay)
      .thenThrows('conflict', 'IDEMPOTENCY_KEY_REUSED', 'already used for another check-in');
  });

  it('remembers each recorded check-in by id, as it was asked for', () => {
    expect(foldEvents(Voyage, [...crewed, recorded]).trust.checkIns).toEqual({
      [CHECK_IN]: { reportedBy: 'anna', kind: 'position', lat: 49.9, lon: -1.9, note: 'Off the Lizard' },
    });
  });
});
