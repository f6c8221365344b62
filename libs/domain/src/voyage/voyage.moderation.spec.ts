import { ADMIN_REASON_MAX } from '@crew/rules';
import { foldEvents } from '../shared/aggregate';
import { DomainError, type DomainErrorKind } from '../shared/result';
import { Voyage } from './voyage.aggregate';
import type { VoyageCommand } from './voyage.commands';
import type { VoyageEvent, VoyageSnapshot } from './voyage.events';

const SKIPPER = 'skipper-1';
const ADMIN = 'admin-1';
const CREW = 'crew-1';
const NOW = new Date('2026-06-01T12:00:00Z');

const snapshot: VoyageSnapshot = {
  skipperId: SKIPPER,
  details: {
    title: 'Solent shakedown',
    description: '',
    startDate: '2026-07-01',
    endDate: '2026-07-03',
    boatId: 'boat-1',
    minExperience: 'beginner',
    skills: [],
    isCustom: true,
    customNotes: '',
    includesFood: false,
  },
  segments: [
    {
      order: 1,
      departure: { name: 'Cowes', portId: null, coordinates: null },
      arrival: { name: 'Yarmouth', portId: null, coordinates: null },
      distanceNm: 15,
      distanceManualOverride: true,
      crewNeeded: 1,
      estimatedDurationHours: 48,
      estimatedDepartureDate: '2026-07-01',
      estimatedArrivalDate: '2026-07-03',
      crossesLand: false,
    },
  ],
  totalDistanceNm: 15,
  crewNeeded: 2,
  contribution: { type: 'free', amount: null, currency: 'GBP', details: '' },
};
const published: VoyageEvent = { type: 'VoyagePublished', data: snapshot };
const draft: VoyageEvent = { type: 'VoyageDraftSaved', data: snapshot };
const submitted = (applicationId: string, crewId = CREW): VoyageEvent => ({ type: 'ApplicationSubmitted', data: { applicationId, crewId, segmentOrders: [] } });
const accepted = (applicationId: string, crewId = CREW): VoyageEvent => ({ type: 'ApplicationAccepted', data: { applicationId, crewId, segmentOrders: [] } });
const suspended: VoyageEvent = { type: 'VoyageSuspended', data: { skipperId: SKIPPER, reason: 'Misleading listing' } };

const given = (...events: VoyageEvent[]) => ({
  when: (command: VoyageCommand) => {
    const run = () => Voyage.decide(command, foldEvents(Voyage, events), NOW);
    return {
      then: (expected: VoyageEvent[]) => expect(run()).toEqual(expected),
      thenRejects: (kind: DomainErrorKind, code: string, message?: string) => {
        let caught: unknown;
        try {
          run();
        } catch (error) {
          caught = error;
        }
        expect(caught).toBeInstanceOf(DomainError);
        expect({ kind: (caught as DomainError).kind, code: (caught as DomainError).code }).toEqual({ kind, code });
        if (message) expect((caught as DomainError).message).toBe(message);
      },
    };
  },
});

describe('Voyage moderation', () => {
  describe('suspend', () => {
    it('suspends an active voyage with the trimmed reason and its skipper id', () => {
      given(published).when({ type: 'SuspendVoyage', actorId: ADMIN, reason: '  Misleading listing ' }).then([suspended]);
    });

    it('needs a reason', () => {
      given(published).when({ type: 'SuspendVoyage', actorId: ADMIN, reason: '   ' }).thenRejects('validation', 'REASON_REQUIRED');
    });

    it('refuses a reason with control characters', () => {
      given(published).when({ type: 'SuspendVoyage', actorId: ADMIN, reason: 'bad\u0000' }).thenRejects('validation', 'REASON_INVALID');
    });

    it('takes a reason up to the one limit of an administrator’s reasons, not one character more', () => {
      const reason = (length: number) => 'a'.repeat(length);
      given(published)
        .when({ type: 'SuspendVoyage', actorId: ADMIN, reason: reason(ADMIN_REASON_MAX) })
        .then([{ ...suspended, data: { skipperId: SKIPPER, reason: reason(ADMIN_REASON_MAX) } }]);
      given(published)
        .when({ type: 'SuspendVoyage', actorId: ADMIN, reason: reason(ADMIN_REASON_MAX + 1) })
        .thenRejects('validation', 'REASON_INVALID', `The reason must be at most ${ADMIN_REASON_MAX} characters`);
    });

    it.each([
      ['a draft', [draft]],
      ['a cancelled voyage', [published, { type: 'VoyageCancelled', data: { previous: 'active', reason: '' } } as VoyageEvent]],
      ['a completed voyage', [published, { type: 'VoyageStatusChanged', data: { status: 'completed', previous: 'active' } } as VoyageEvent]],
    ])('refuses %s (only an active voyage)', (_label, events) => {
      given(...events)
        .when({ type: 'SuspendVoyage', actorId: ADMIN, reason: 'Spam' })
        .thenRejects('conflict', 'VOYAGE_NOT_ACTIVE');
    });

    it('refuses to suspend twice', () => {
      given(published, suspended).when({ type: 'SuspendVoyage', actorId: ADMIN, reason: 'Again' }).thenRejects('conflict', 'VOYAGE_ALREADY_SUSPENDED');
    });

    it('closes the voyage to applications and acceptances while suspended', () => {
      given(published, suspended)
        .when({ type: 'SubmitApplication', actorId: CREW, actorUserType: 'crew', applicationId: 'app-1', message: 'Ten years on the Solent.', segmentOrders: [] })
        .thenRejects('conflict', 'VOYAGE_SUSPENDED', 'This voyage is not accepting applications');
      given(published, submitted('app-1'), suspended).when({ type: 'AcceptApplication', actorId: SKIPPER, applicationId: 'app-1' }).thenRejects('conflict', 'VOYAGE_SUSPENDED');
    });

    it('still lets crew withdraw and the skipper reject while suspended', () => {
      given(published, submitted('app-1'), suspended)
        .when({ type: 'WithdrawApplication', actorId: CREW, applicationId: 'app-1' })
        .then([{ type: 'ApplicationWithdrawn', data: { applicationId: 'app-1', crewId: CREW } }]);
    });
  });

  describe('reinstate', () => {
    it('reinstates a suspended voyage, which takes applications again', () => {
      const reinstated: VoyageEvent = { type: 'VoyageReinstated', data: { skipperId: SKIPPER, reason: 'Fixed' } };
      given(published, suspended).when({ type: 'ReinstateVoyage', actorId: ADMIN, reason: 'Fixed' }).then([reinstated]);
      given(published, suspended, reinstated)
        .when({ type: 'SubmitApplication', actorId: CREW, actorUserType: 'crew', applicationId: 'app-1', message: 'Ten years on the Solent.', segmentOrders: [] })
        .then([{ ...submitted('app-1'), data: { ...submitted('app-1').data, submittedAt: NOW.toISOString() } } as VoyageEvent]);
    });

    it('refuses a voyage that is not suspended', () => {
      given(published).when({ type: 'ReinstateVoyage', actorId: ADMIN, reason: '' }).thenRejects('conflict', 'VOYAGE_NOT_SUSPENDED');
    });
  });

  describe('flag for review', () => {
    it('records the notes', () => {
      given(published)
        .when({ type: 'FlagVoyageForReview', actorId: ADMIN, notes: ' Check the photos ' })
        .then([{ type: 'VoyageFlaggedForReview', data: { notes: 'Check the photos' } }]);
    });

    it('refuses a draft and an unknown voyage', () => {
      given(draft).when({ type: 'FlagVoyageForReview', actorId: ADMIN, notes: '' }).thenRejects('conflict', 'VOYAGE_IS_DRAFT');
      given().when({ type: 'FlagVoyageForReview', actorId: ADMIN, notes: '' }).thenRejects('not_found', 'VOYAGE_NOT_FOUND');
    });
  });

  describe('delete', () => {
    it('cancels a live voyage first (settling and telling its applicants), then deletes it', () => {
      given(published, submitted('app-1'))
        .when({ type: 'DeleteVoyage', actorId: ADMIN, reason: 'Duplicate', because: 'admin' })
        .then([
          { type: 'VoyageCancelled', data: { previous: 'active', reason: 'Duplicate', notifiedCrewIds: [CREW] } },
          { type: 'ApplicationRejected', data: { applicationId: 'app-1', crewId: CREW, reason: 'voyage_cancelled' } },
          { type: 'VoyageDeleted', data: { skipperId: SKIPPER, reason: 'Duplicate', because: 'admin' } },
        ]);
    });

    it('deletes a draft without a cancellation', () => {
      given(draft)
        .when({ type: 'DeleteVoyage', actorId: ADMIN, reason: '', because: 'admin' })
        .then([{ type: 'VoyageDeleted', data: { skipperId: SKIPPER, reason: '', because: 'admin' } }]);
    });

    it('refuses while crew are accepted, and says how many', () => {
      given(published, submitted('app-1'), accepted('app-1'))
        .when({ type: 'DeleteVoyage', actorId: ADMIN, reason: '', because: 'admin' })
        .thenRejects('conflict', 'VOYAGE_HAS_ACCEPTED_CREW', 'Cannot delete voyage: There are 1 accepted crew members on this voyage. Please cancel the voyage instead.');
    });

    it('deletes a cancelled voyage even with crew once accepted', () => {
      given(published, submitted('app-1'), accepted('app-1'), { type: 'VoyageCancelled', data: { previous: 'active', reason: '', notifiedCrewIds: [CREW] } })
        .when({ type: 'DeleteVoyage', actorId: ADMIN, reason: '', because: 'admin' })
        .then([{ type: 'VoyageDeleted', data: { skipperId: SKIPPER, reason: '', because: 'admin' } }]);
    });

    it('erasing a skipper: refused while a voyage still to sail has accepted crew, allowed for a completed one', () => {
      given(published, submitted('app-1'), accepted('app-1'))
        .when({ type: 'DeleteVoyage', actorId: ADMIN, reason: '', because: 'skipper_erased' })
        .thenRejects('conflict', 'SKIPPER_HAS_ACCEPTED_CREW');
      given(published, submitted('app-1'), accepted('app-1'), { type: 'VoyageStatusChanged', data: { status: 'completed', previous: 'active' } })
        .when({ type: 'DeleteVoyage', actorId: ADMIN, reason: '', because: 'skipper_erased' })
        .then([{ type: 'VoyageDeleted', data: { skipperId: SKIPPER, reason: '', because: 'skipper_erased' } }]);
    });

    it('a deleted voyage is not found by any command', () => {
      const deleted: VoyageEvent = { type: 'VoyageDeleted', data: { skipperId: SKIPPER, reason: '', because: 'admin' } };
      given(published, deleted).when({ type: 'ChangeVoyageStatus', actorId: SKIPPER, status: 'completed' }).thenRejects('not_found', 'VOYAGE_NOT_FOUND');
      given(published, deleted).when({ type: 'SuspendVoyage', actorId: ADMIN, reason: 'x' }).thenRejects('not_found', 'VOYAGE_NOT_FOUND');
    });
  });
});
