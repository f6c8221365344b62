import { foldEvents } from '../shared/aggregate';
import { NOW, SKIPPER, accepted, crewMember, givenVoyage, publishedVoyage, statusChanged, submitted } from '../testing/voyage-fixtures';
import { Voyage } from './voyage.aggregate';
import { isCrewComplete, legOccupancy, liveApplicants } from './voyage.applications';
import type { VoyageCommand } from './voyage.commands';
import type { VoyageEvent } from './voyage.events';

const apply = (crewId: string, applicationId: string, message = 'Five seasons of Solent racing.', segmentOrders: number[] = []): VoyageCommand => ({
  type: 'SubmitApplication',
  actorId: crewId,
  actorUserType: 'crew',
  applicationId,
  message,
  segmentOrders,
});
const accept = (applicationId: string): VoyageCommand => ({ type: 'AcceptApplication', actorId: SKIPPER, applicationId });
const voyage = publishedVoyage();
const suspended: VoyageEvent = { type: 'VoyageSuspended', data: { skipperId: SKIPPER, reason: 'Reported' } };
const archived: VoyageEvent = { type: 'VoyageArchived', data: { startDate: '2026-07-01' } };

describe('applying', () => {
  it('keeps a message of 10 to 2,000 characters once trimmed, dated when it was made', () => {
    givenVoyage([voyage])
      .when(apply('anna', 'a1', `  ${'x'.repeat(10)}  `))
      .then([{ type: 'ApplicationSubmitted', data: { applicationId: 'a1', crewId: 'anna', segmentOrders: [], submittedAt: NOW.toISOString() } }]);
    givenVoyage([voyage])
      .when(apply('anna', 'a1', 'x'.repeat(2_000)))
      .thenMatches([{ type: 'ApplicationSubmitted' }]);
    givenVoyage([voyage])
      .when(apply('anna', 'a1', 'x'.repeat(9)))
      .thenThrows('validation', 'MESSAGE_TOO_SHORT');
    givenVoyage([voyage])
      .when(apply('anna', 'a1', 'x'.repeat(2_001)))
      .thenThrows('validation', 'MESSAGE_TOO_LONG');
  });

  it('refuses a suspended voyage and one archived at departure, but lets its pending applications be withdrawn', () => {
    givenVoyage([voyage, suspended]).when(apply('anna', 'a1')).thenThrows('conflict', 'VOYAGE_SUSPENDED');
    givenVoyage([voyage, archived]).when(apply('anna', 'a1')).thenThrows('conflict', 'VOYAGE_NOT_OPEN');
    givenVoyage([voyage, submitted('a1', 'anna'), suspended])
      .when({ type: 'WithdrawApplication', actorId: 'anna', applicationId: 'a1' })
      .then([{ type: 'ApplicationWithdrawn', data: { applicationId: 'a1', crewId: 'anna' } }]);
  });

  it('lets crew whose application expired apply again', () => {
    givenVoyage([voyage, submitted('a1', 'anna'), { type: 'ApplicationExpired', data: { applicationId: 'a1', crewId: 'anna', reason: 'unanswered' } }])
      .when(apply('anna', 'a2'))
      .thenMatches([{ type: 'ApplicationSubmitted', data: { applicationId: 'a2' } }]);
  });

  it('names the full legs asked for', () => {
    givenVoyage([voyage, ...crewMember('a1', 'anna', [1, 3]), ...crewMember('a2', 'ben', [3, 1])])
      .when(apply('cleo', 'a3', undefined, [1, 2]))
      .thenThrows('conflict', 'LEG_FULL');
    givenVoyage([voyage, ...crewMember('a1', 'anna', [1, 3]), ...crewMember('a2', 'ben', [3, 1])])
      .when(apply('cleo', 'a3', undefined, [2]))
      .thenMatches([{ type: 'ApplicationSubmitted', data: { segmentOrders: [2] } }]);
    expect(() =>
      givenVoyage([voyage, ...crewMember('a1', 'anna', [1, 3]), ...crewMember('a2', 'ben', [1])])
        .when(apply('cleo', 'a3', undefined, [3, 1]))
        .events(),
    ).toThrow('Leg 1 has no berth left');
  });
});

describe('accepting', () => {
  it('refuses on a cancelled voyage, on one under way, and on a suspended or archived one', () => {
    const pending = [voyage, submitted('a1', 'anna')];
    givenVoyage([...pending, { type: 'VoyageCancelled', data: { previous: 'active', reason: '' } }])
      .when(accept('a1'))
      .thenThrows('conflict', 'VOYAGE_CANCELLED');
    givenVoyage([...pending, statusChanged('in_progress', 'active')])
      .when(accept('a1'))
      .thenThrows('conflict', 'VOYAGE_NOT_OPEN');
    givenVoyage([...pending, suspended])
      .when(accept('a1'))
      .thenThrows('conflict', 'VOYAGE_SUSPENDED');
    givenVoyage([...pending, archived])
      .when(accept('a1'))
      .thenThrows('conflict', 'VOYAGE_NOT_OPEN');
    givenVoyage([...pending, statusChanged('planning', 'active')])
      .when(accept('a1'))
      .then([accepted('a1', 'anna')]);
  });

  it('refuses the last berth of a leg to a leg applicant, and fills the voyage with it for a whole-voyage one', () => {
    const oneBerth = [publishedVoyage({ crewNeeded: 1 }), submitted('a1', 'anna', [2]), submitted('a2', 'ben')];
    givenVoyage([...oneBerth, accepted('a1', 'anna', [2])])
      .when(accept('a2'))
      .thenThrows('conflict', 'VOYAGE_FULL');
    givenVoyage([...oneBerth, submitted('a3', 'cleo', [2, 3]), accepted('a1', 'anna', [2])])
      .when(accept('a3'))
      .thenThrows('conflict', 'LEG_FULL');
    givenVoyage(oneBerth)
      .when(accept('a2'))
      .then([accepted('a2', 'ben'), statusChanged('full', 'active')]);
    givenVoyage([...oneBerth, statusChanged('planning', 'active')])
      .when(accept('a2'))
      .then([accepted('a2', 'ben'), statusChanged('full', 'planning')]);
  });

  it('finds the application or says it is not there', () => {
    givenVoyage([voyage]).when(accept('nope')).thenThrows('not_found', 'APPLICATION_NOT_FOUND');
    givenVoyage([]).when(accept('a1')).thenThrows('not_found', 'VOYAGE_NOT_FOUND');
  });
});

describe('the applications a voyage holds', () => {
  it('remembers when each was made, and the outcome of each', () => {
    const state = foldEvents(Voyage, [
      voyage,
      submitted('a1', 'anna', [], '2026-06-01T10:00:00.000Z'),
      submitted('a2', 'ben'),
      { type: 'ApplicationExpired', data: { applicationId: 'a2', crewId: 'ben', reason: 'departed' } },
      submitted('a3', 'cleo', [2]),
      { type: 'ApplicationRejected', data: { applicationId: 'a3', crewId: 'cleo', reason: 'skipper' } },
      { type: 'ApplicationWithdrawn', data: { applicationId: 'unknown', crewId: 'dan' } },
    ]);
    expect(state.applications).toEqual({
      a1: { crewId: 'anna', status: 'pending', segmentOrders: [], submittedAt: '2026-06-01T10:00:00.000Z' },
      a2: { crewId: 'ben', status: 'expired', segmentOrders: [] },
      a3: { crewId: 'cleo', status: 'rejected', segmentOrders: [2] },
    });
    expect(liveApplicants(state)).toEqual(['anna']);
  });

  it('counts no crew, and no complete crew, on a voyage without legs', () => {
    const none = Voyage.initialState();
    expect(legOccupancy(none)).toEqual([]);
    expect(isCrewComplete(none)).toBe(false);
  });

  it('names each live applicant once', () => {
    const state = foldEvents(Voyage, [
      voyage,
      submitted('a1', 'anna'),
      { type: 'ApplicationWithdrawn', data: { applicationId: 'a1', crewId: 'anna' } },
      ...crewMember('a2', 'anna'),
      submitted('a3', 'ben'),
    ]);
    expect(liveApplicants(state)).toEqual(['anna', 'ben']);
  });
});
