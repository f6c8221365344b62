import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '../shared/event-log';
import { UpcasterRegistry } from '../shared/upcaster';
import type { JsonObject } from '../shared/event';
import { voyageUpcasters } from './voyage.upcasters';

const recorded = (type: string, data: JsonObject): RecordedEvent => ({
  id: 'e1',
  streamId: 'voyage-v1',
  type,
  revision: 0n,
  position: { commit: 1n, prepare: 1n },
  data,
  metadata: { userId: 'skipper-1', correlationId: 'c', causationId: null, timestamp: '2026-05-01T10:00:00.000Z' },
  recordedAt: new Date('2026-05-01T10:00:00.000Z'),
});

const details = (skills: unknown[]): JsonObject =>
  ({
    title: 'Biscay crossing',
    description: '',
    startDate: '',
    endDate: '',
    boatId: 'b',
    minExperience: 'beginner',
    skills,
    isCustom: false,
    customNotes: '',
    includesFood: false,
  }) as JsonObject;

describe('skill upcasters', () => {
  const registry = new UpcasterRegistry(voyageUpcasters);

  it.each(['VoyageDraftSaved', 'VoyagePublished'])('maps the required skills of an older %s onto taxonomy keys', (type) => {
    const old = recorded(type, { skipperId: 'skipper-1', details: details(['Navigation', 'GPS electronics', 'Night Watches', 'night watches', 'Ukulele']), segments: [] });
    const upcast = registry.apply(old);
    expect((upcast.data['details'] as { skills: string[] }).skills).toEqual(['navigation', 'gps_electronics', 'night_watches', 'Ukulele']);
    expect(upcast.data['skipperId']).toBe('skipper-1');
  });

  it('maps an older VoyageDetailsEdited, and leaves an event already in keys as it is', () => {
    const edited = registry.apply(recorded('VoyageDetailsEdited', { details: details(['Helm/Steering', 'Cooking']) }));
    expect((edited.data['details'] as { skills: string[] }).skills).toEqual(['helm_steering', 'galley_cooking']);
    const current = recorded('VoyageDetailsEdited', { details: details(['helm_steering', 'galley_cooking']) });
    expect(registry.apply(current)).toBe(current);
    // Applying it twice changes nothing more: what a rebuild reads equals what the live projection read.
    expect(registry.apply(edited)).toBe(edited);
  });

  it.each([
    ['a key followed by words', ['navigation', 'Night Watches'], ['navigation', 'night_watches']],
    ['a key twice', ['navigation', 'navigation'], ['navigation']],
    ['a key and a blank', ['navigation', '  '], ['navigation']],
  ])('maps a list holding %s', (_label, skills, expected) => {
    const upcast = registry.apply(recorded('VoyagePublished', { details: details(skills) }));
    expect((upcast.data['details'] as { skills: string[] }).skills).toEqual(expected);
  });
});
