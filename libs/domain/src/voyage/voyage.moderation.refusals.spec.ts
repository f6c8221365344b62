import { foldEvents } from '../shared/aggregate';
import { SKIPPER, crewMember, givenVoyage, publishedVoyage, statusChanged, submitted } from '../testing/voyage-fixtures';
import { Voyage } from './voyage.aggregate';
import type { VoyageCommand } from './voyage.commands';
import type { VoyageEvent } from './voyage.events';
import type { VoyageStatus } from './voyage.rules';
import { decideModeration, type VoyageModerationCommand } from './voyage.moderation';

/*
 * What an administrator reads when a moderation command is refused, the
 * statuses each command accepts, and erasing a skipper's account.
 */
const ADMIN = 'admin-1';
const voyage = publishedVoyage();
const suspended: VoyageEvent = { type: 'VoyageSuspended', data: { skipperId: SKIPPER, reason: 'Misleading listing' } };
const deleted: VoyageEvent = { type: 'VoyageDeleted', data: { skipperId: SKIPPER, reason: '', because: 'admin' } };
const draft: VoyageEvent = { ...voyage, type: 'VoyageDraftSaved' };
const suspend = (reason = 'Misleading listing'): VoyageCommand => ({ type: 'SuspendVoyage', actorId: ADMIN, reason });
const reinstate = (reason = 'Fixed'): VoyageCommand => ({ type: 'ReinstateVoyage', actorId: ADMIN, reason });
const flag = (notes: string): VoyageCommand => ({ type: 'FlagVoyageForReview', actorId: ADMIN, notes });
const eraseSkipper: VoyageCommand = { type: 'DeleteVoyage', actorId: ADMIN, reason: 'Account erased', because: 'skipper_erased' };
const NOT_ALLOWED = 'contains characters that are not allowed (control characters or broken Unicode)';

/** The voyage in this status, as its skipper set it. */
const inStatus = (status: VoyageStatus): VoyageEvent[] => (status === 'active' ? [voyage] : [voyage, statusChanged(status, 'active')]);

describe('suspending', () => {
  it.each(['planning', 'active', 'full'] as const)('suspends a voyage that is %s', (status) => {
    givenVoyage(inStatus(status)).when(suspend()).then([suspended]);
  });

  it.each(['in_progress', 'completed'] as const)('refuses a voyage that is %s, saying only an active voyage can be', (status) => {
    givenVoyage(inStatus(status)).when(suspend()).thenThrows('conflict', 'VOYAGE_NOT_ACTIVE', 'Only an active voyage can be suspended');
  });

  it('says a reason is required, and that the voyage is already suspended', () => {
    givenVoyage([voyage])
      .when(suspend('  '))
      .thenThrows('validation', 'REASON_REQUIRED', /^The reason is required$/);
    givenVoyage([voyage, suspended]).when(suspend()).thenThrows('conflict', 'VOYAGE_ALREADY_SUSPENDED', 'This voyage is already suspended');
  });
});

describe('reinstating', () => {
  it('takes an empty reason, and refuses one with characters not allowed, naming it', () => {
    givenVoyage([voyage, suspended])
      .when(reinstate(''))
      .then([{ type: 'VoyageReinstated', data: { skipperId: SKIPPER, reason: '' } }]);
    givenVoyage([voyage, suspended]).when(reinstate('Fixed\u0000')).thenThrows('validation', 'REASON_INVALID', `The reason ${NOT_ALLOWED}`);
  });

  it('says the voyage is not suspended', () => {
    givenVoyage([voyage]).when(reinstate()).thenThrows('conflict', 'VOYAGE_NOT_SUSPENDED', 'This voyage is not suspended');
  });
});

describe('flagging for review', () => {
  it('takes empty notes, and refuses notes with characters not allowed, naming them', () => {
    givenVoyage([voyage])
      .when(flag(''))
      .then([{ type: 'VoyageFlaggedForReview', data: { notes: '' } }]);
    givenVoyage([voyage]).when(flag('Check\u0007 the photos')).thenThrows('validation', 'REASON_INVALID', `The notes ${NOT_ALLOWED}`);
  });

  it('says a draft cannot be moderated', () => {
    givenVoyage([draft]).when(flag('')).thenThrows('conflict', 'VOYAGE_IS_DRAFT', 'A draft is not published and cannot be moderated');
  });
});

describe('deleting', () => {
  it('refuses a reason with characters not allowed, naming it', () => {
    givenVoyage([voyage])
      .when({ type: 'DeleteVoyage', actorId: ADMIN, reason: 'Dup\u0000', because: 'admin' })
      .thenThrows('validation', 'REASON_INVALID', `The reason ${NOT_ALLOWED}`);
  });

  it('does not find a deleted voyage, whatever else is known of it', () => {
    const state = foldEvents(Voyage, [voyage, ...crewMember('a1', 'anna'), deleted]);
    expect(state.snapshot).not.toBeNull();
    const commands: VoyageModerationCommand[] = [
      { type: 'SuspendVoyage', actorId: ADMIN, reason: 'Spam' },
      { type: 'ReinstateVoyage', actorId: ADMIN, reason: '' },
      { type: 'FlagVoyageForReview', actorId: ADMIN, notes: '' },
      { type: 'DeleteVoyage', actorId: ADMIN, reason: '', because: 'skipper_erased' },
    ];
    for (const command of commands) {
      expect(() => decideModeration(command, state)).toThrow(expect.objectContaining({ kind: 'not_found', code: 'VOYAGE_NOT_FOUND', message: 'Voyage not found' }));
    }
  });
});

describe("erasing a skipper's account", () => {
  it.each(['planning', 'active', 'full', 'in_progress'] as const)('is refused while a voyage %s has accepted crew', (status) => {
    givenVoyage([voyage, ...crewMember('a1', 'anna'), ...(status === 'active' ? [] : [statusChanged(status, 'active')])])
      .when(eraseSkipper)
      .thenThrows('conflict', 'SKIPPER_HAS_ACCEPTED_CREW', 'The skipper has accepted crew on a voyage still to sail');
  });

  it('cancels a live voyage with only pending applications, telling the applicants, then deletes it', () => {
    givenVoyage([voyage, submitted('a1', 'anna')])
      .when(eraseSkipper)
      .then([
        { type: 'VoyageCancelled', data: { previous: 'active', reason: 'Account erased', notifiedCrewIds: ['anna'] } },
        { type: 'ApplicationRejected', data: { applicationId: 'a1', crewId: 'anna', reason: 'voyage_cancelled' } },
        { type: 'VoyageDeleted', data: { skipperId: SKIPPER, reason: 'Account erased', because: 'skipper_erased' } },
      ]);
  });
});
