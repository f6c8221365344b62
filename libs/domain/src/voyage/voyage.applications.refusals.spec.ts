import { foldEvents } from '../shared/aggregate';
import { SKIPPER, accepted, crewMember, givenVoyage, publishedVoyage, statusChanged, submitted } from '../testing/voyage-fixtures';
import { Voyage } from './voyage.aggregate';
import { isCrewComplete } from './voyage.applications';
import type { ApplicantUserType, VoyageCommand } from './voyage.commands';
import type { VoyageEvent } from './voyage.events';

/*
 * What a member reads when an application is refused, and the capacity rules
 * at their edges. The fixture voyage has three legs and needs two crew.
 */
const apply = (crewId: string, applicationId: string, options: { legs?: number[]; message?: string; userType?: ApplicantUserType } = {}): VoyageCommand => ({
  type: 'SubmitApplication',
  actorId: crewId,
  actorUserType: options.userType ?? 'crew',
  applicationId,
  message: options.message ?? 'Five seasons of Solent racing.',
  segmentOrders: options.legs ?? [],
});
const accept = (applicationId: string, actorId = SKIPPER): VoyageCommand => ({ type: 'AcceptApplication', actorId, applicationId });
const reject = (applicationId: string, actorId = SKIPPER): VoyageCommand => ({ type: 'RejectApplication', actorId, applicationId });
const withdraw = (applicationId: string, actorId: string): VoyageCommand => ({ type: 'WithdrawApplication', actorId, applicationId });
const voyage = publishedVoyage();
const oneBerth = publishedVoyage({ crewNeeded: 1 });
const withdrawn = (applicationId: string, crewId: string): VoyageEvent => ({ type: 'ApplicationWithdrawn', data: { applicationId, crewId } });
const rejected = (applicationId: string, crewId: string): VoyageEvent => ({ type: 'ApplicationRejected', data: { applicationId, crewId, reason: 'skipper' } });

describe('refusing an application, in words the applicant reads', () => {
  it('tells the skipper they cannot apply to their own voyage, and a skipper account that it cannot apply at all', () => {
    givenVoyage([voyage])
      .when(apply(SKIPPER, 'a1', { userType: 'both' }))
      .thenThrows('forbidden', 'OWN_VOYAGE', 'You cannot apply to your own voyage');
    givenVoyage([voyage])
      .when(apply('sam', 'a1', { userType: 'skipper' }))
      .thenThrows('forbidden', 'CREW_ONLY', 'Skipper accounts cannot apply for voyages');
  });

  it('tells a crew member who already applied, and one who was not selected', () => {
    givenVoyage([voyage, submitted('a1', 'anna')])
      .when(apply('anna', 'a2'))
      .thenThrows('conflict', 'ALREADY_APPLIED', 'You have already applied to this voyage');
    givenVoyage([voyage, submitted('a1', 'anna'), rejected('a1', 'anna')])
      .when(apply('anna', 'a2'))
      .thenThrows('conflict', 'ALREADY_REJECTED', 'You have already applied to this voyage and were not selected');
  });

  it('says a voyage under way is not accepting applications', () => {
    givenVoyage([voyage, statusChanged('in_progress', 'active')])
      .when(apply('anna', 'a1'))
      .thenThrows('conflict', 'VOYAGE_NOT_OPEN', 'This voyage is not accepting applications');
  });

  it('names the message as what holds the characters not allowed', () => {
    givenVoyage([voyage])
      .when(apply('anna', 'a1', { message: 'Five seasons\u0007 of racing' }))
      .thenThrows('validation', 'MESSAGE_INVALID', /^Your message contains characters that are not allowed/);
  });

  it('names every leg the voyage does not have', () => {
    givenVoyage([voyage])
      .when(apply('anna', 'a1', { legs: [5, 2, 4] }))
      .thenThrows('validation', 'UNKNOWN_LEG', /^This voyage has no leg 4, 5$/);
  });

  it('says the voyage is full to a whole-voyage applicant when any one leg has no berth left', () => {
    // Leg 1 is full, legs 2 and 3 are not: the voyage is not marked full, yet the whole voyage cannot be sailed.
    const legOneFull = [oneBerth, ...crewMember('a1', 'anna', [1])];
    expect(foldEvents(Voyage, legOneFull).status).toBe('active');
    givenVoyage(legOneFull).when(apply('ben', 'a2')).thenThrows('conflict', 'VOYAGE_FULL', 'Voyage is full');
  });

  it('names every full leg asked for', () => {
    givenVoyage([oneBerth, ...crewMember('a1', 'anna', [1]), ...crewMember('a2', 'ben', [3])])
      .when(apply('cleo', 'a3', { legs: [3, 1] }))
      .thenThrows('conflict', 'LEG_FULL', /^Leg 1, 3 has no berth left$/);
  });
});

describe('deciding on an application, in words the member reads', () => {
  const pending = [voyage, submitted('a1', 'anna')];

  it('tells anyone but the skipper that only the skipper decides', () => {
    givenVoyage(pending).when(accept('a1', 'anna')).thenThrows('forbidden', 'NOT_VOYAGE_OWNER', 'Only the skipper of this voyage can decide on its applications');
    givenVoyage(pending).when(reject('a1', 'ben')).thenThrows('forbidden', 'NOT_VOYAGE_OWNER', 'Only the skipper of this voyage can decide on its applications');
  });

  it('says what became of an application that is no longer pending', () => {
    givenVoyage([...pending, withdrawn('a1', 'anna')])
      .when(accept('a1'))
      .thenThrows('conflict', 'APPLICATION_NOT_PENDING', 'This application is withdrawn, not pending');
    givenVoyage([...pending, accepted('a1', 'anna')])
      .when(reject('a1'))
      .thenThrows('conflict', 'APPLICATION_NOT_PENDING', 'This application is accepted, not pending');
  });

  it('names every leg already full when the skipper accepts a leg applicant', () => {
    givenVoyage([oneBerth, submitted('a1', 'anna', [1, 3]), ...crewMember('a2', 'ben', [1]), ...crewMember('a3', 'cleo', [3])])
      .when(accept('a1'))
      .thenThrows('conflict', 'LEG_FULL', /^Leg 1, 3 has no berth left$/);
  });

  it('leaves the voyage open when a leg applicant fills one leg only', () => {
    const legOne = [oneBerth, submitted('a1', 'anna', [1])];
    givenVoyage(legOne)
      .when(accept('a1'))
      .then([accepted('a1', 'anna', [1])]);
    expect(isCrewComplete(foldEvents(Voyage, [...legOne, accepted('a1', 'anna', [1])]))).toBe(false);
  });
});

describe('withdrawing, in words the member reads', () => {
  it('lets only the applicant withdraw, and only a pending application', () => {
    givenVoyage([voyage, submitted('a1', 'anna')])
      .when(withdraw('a1', 'ben'))
      .thenThrows('forbidden', 'NOT_APPLICANT', 'Only the applicant can withdraw this application');
    givenVoyage([voyage, ...crewMember('a1', 'anna')])
      .when(withdraw('a1', 'anna'))
      .thenThrows('conflict', 'APPLICATION_NOT_PENDING', 'Only a pending application can be withdrawn');
  });

  it('remembers a withdrawn application as withdrawn', () => {
    const state = foldEvents(Voyage, [voyage, submitted('a1', 'anna', [2]), withdrawn('a1', 'anna')]);
    expect(state.applications).toEqual({ a1: { crewId: 'anna', status: 'withdrawn', segmentOrders: [2] } });
  });
});
