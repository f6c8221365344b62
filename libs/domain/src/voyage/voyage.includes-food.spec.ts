import { describe, expect, it } from '@jest/globals';
import { foldEvents } from '../shared/aggregate';
import type { JsonObject } from '../shared/event';
import type { RecordedEvent } from '../shared/event-log';
import { UpcasterRegistry } from '../shared/upcaster';
import { DeciderSpecification } from '../testing/decider-specification';
import { BOAT, NOW, SKIPPER, publishedVoyage, voyagePlan } from '../testing/voyage-fixtures';
import { Voyage } from './voyage.aggregate';
import type { VoyageCommand } from './voyage.commands';
import type { VoyageEvent } from './voyage.events';
import { voyageUpcasters } from './voyage.upcasters';

/**
 * "Includes food" is what the skipper says with the form's checkbox, kept in
 * the voyage's details; voyages saved before the checkbox read as not
 * including food. And the moderation queue: a voyage flagged for review stays
 * flagged until an administrator clears the flag.
 */
const given = DeciderSpecification.for(Voyage, { now: NOW });
const ADMIN = 'admin-1';

describe('includes food', () => {
  it('is kept from the plan when a voyage is published or saved as a draft, and is false when the plan says nothing', () => {
    given([])
      .when({ type: 'PublishVoyage', actorId: SKIPPER, plan: voyagePlan({ includesFood: true }), boat: BOAT })
      .thenMatches([{ type: 'VoyagePublished', data: { details: { includesFood: true } } }]);
    given([])
      .when({ type: 'SaveVoyageDraft', actorId: SKIPPER, plan: voyagePlan({ includesFood: true }), boat: BOAT })
      .thenMatches([{ type: 'VoyageDraftSaved', data: { details: { includesFood: true } } }]);
    given([])
      .when({ type: 'PublishVoyage', actorId: SKIPPER, plan: voyagePlan(), boat: BOAT })
      .thenMatches([{ type: 'VoyagePublished', data: { details: { includesFood: false } } }]);
  });

  it('changes with an edit (details edited), and an edit that leaves it as it was records nothing about it', () => {
    const published = publishedVoyage();
    given([published])
      .when({ type: 'EditVoyage', actorId: SKIPPER, plan: voyagePlan({ includesFood: true }), boat: BOAT })
      .then([{ type: 'VoyageDetailsEdited', data: { details: { ...published.data.details, includesFood: true } } }]);
    given([published])
      .when({ type: 'EditVoyage', actorId: SKIPPER, plan: voyagePlan({ includesFood: false }), boat: BOAT })
      .thenNothing();
  });

  it('is what the folded state shows after an edit', () => {
    const published = publishedVoyage();
    const edited: VoyageEvent = { type: 'VoyageDetailsEdited', data: { details: { ...published.data.details, includesFood: true } } };
    expect(foldEvents(Voyage, [published, edited]).snapshot?.details.includesFood).toBe(true);
  });

  describe('events from before the checkbox', () => {
    const registry = new UpcasterRegistry(voyageUpcasters);
    const recorded = (type: string, data: JsonObject): RecordedEvent => ({
      id: 'e1',
      streamId: 'voyage-v1',
      type,
      revision: 0n,
      position: { commit: 1n, prepare: 1n },
      data,
      metadata: { userId: SKIPPER, correlationId: 'c', causationId: null, timestamp: '2026-05-01T10:00:00.000Z' },
      recordedAt: new Date('2026-05-01T10:00:00.000Z'),
    });
    const oldDetails = {
      title: 'Biscay',
      description: 'Food and meals provided',
      startDate: '',
      endDate: '',
      boatId: 'b',
      minExperience: 'beginner',
      skills: [],
      isCustom: false,
      customNotes: '',
    };

    it.each(['VoyageDraftSaved', 'VoyagePublished', 'VoyageDetailsEdited'])('read %s without it as not including food, whatever the text says', (type) => {
      const upcast = registry.apply(recorded(type, { skipperId: SKIPPER, details: oldDetails }));
      expect(upcast.data['details']).toEqual({ ...oldDetails, includesFood: false });
      expect(upcast.data['skipperId']).toBe(SKIPPER);
    });

    it('leave an event that says it as it is', () => {
      const current = recorded('VoyagePublished', { details: { ...oldDetails, includesFood: true } });
      expect(registry.apply(current)).toBe(current);
    });
  });
});

describe('the moderation queue', () => {
  const published = publishedVoyage();
  const flagged: VoyageEvent = { type: 'VoyageFlaggedForReview', data: { notes: 'Photos look borrowed' } };
  const clear = (notes = 'Checked with the skipper'): VoyageCommand => ({ type: 'ClearVoyageFlag', actorId: ADMIN, notes });

  it('keeps a flagged voyage flagged until the flag is cleared, with the notes given', () => {
    expect(foldEvents(Voyage, [published]).flagged).toBe(false);
    expect(foldEvents(Voyage, [published, flagged]).flagged).toBe(true);
    given([published, flagged])
      .when(clear())
      .then([{ type: 'VoyageFlagCleared', data: { notes: 'Checked with the skipper' } }]);
    expect(foldEvents(Voyage, [published, flagged, { type: 'VoyageFlagCleared', data: { notes: '' } }]).flagged).toBe(false);
  });

  it('refuses to clear a voyage that is not flagged, or no longer is', () => {
    given([published]).when(clear()).thenThrows('conflict', 'VOYAGE_NOT_FLAGGED', 'This voyage is not flagged for review');
    given([published, flagged, { type: 'VoyageFlagCleared', data: { notes: '' } }])
      .when(clear())
      .thenThrows('conflict', 'VOYAGE_NOT_FLAGGED');
  });

  it('refuses to clear the flag of a voyage that does not exist or was deleted', () => {
    given([]).when(clear()).thenThrows('not_found', 'VOYAGE_NOT_FOUND');
    given([published, flagged, { type: 'VoyageDeleted', data: { skipperId: SKIPPER, reason: '', because: 'admin' } }])
      .when(clear())
      .thenThrows('not_found', 'VOYAGE_NOT_FOUND');
  });

  it('trims the notes and refuses notes that are too long', () => {
    given([published, flagged])
      .when(clear('  Reviewed  '))
      .then([{ type: 'VoyageFlagCleared', data: { notes: 'Reviewed' } }]);
    given([published, flagged])
      .when(clear('x'.repeat(5_000)))
      .thenThrows('validation', 'REASON_INVALID');
  });

  it('flags again after a clear', () => {
    given([published, flagged, { type: 'VoyageFlagCleared', data: { notes: '' } }])
      .when({ type: 'FlagVoyageForReview', actorId: ADMIN, notes: 'Again' })
      .then([{ type: 'VoyageFlaggedForReview', data: { notes: 'Again' } }]);
  });
});
