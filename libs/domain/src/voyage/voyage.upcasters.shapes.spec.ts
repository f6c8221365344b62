import type { JsonObject } from '../shared/event';
import type { RecordedEvent } from '../shared/event-log';
import { UpcasterRegistry } from '../shared/upcaster';
import { eventUpcasters } from '../upcasters';
import { voyageUpcasters } from './voyage.upcasters';

const recorded = (type: string, data: JsonObject, timestamp = '2026-05-01T10:00:00.000Z', recordedAt = new Date('2026-05-02T10:00:00.000Z')): RecordedEvent => ({
  id: 'e1',
  streamId: 'voyage-v1',
  type,
  revision: 0n,
  position: { commit: 1n, prepare: 1n },
  data,
  metadata: { userId: null, correlationId: 'c', causationId: null, timestamp },
  recordedAt,
});
const registry = new UpcasterRegistry(eventUpcasters);

describe('voyage upcasters', () => {
  it('are the platform’s upcasters, each saying why it exists', () => {
    expect(eventUpcasters).toEqual(voyageUpcasters);
    expect(voyageUpcasters.map((upcaster) => upcaster.eventType)).toEqual([
      'VoyageDraftSaved',
      'VoyagePublished',
      'VoyageDetailsEdited',
      'VoyageDraftSaved',
      'VoyagePublished',
      'VoyageDetailsEdited',
      'FloatPlanFiled',
    ]);
    expect(voyageUpcasters[1]!.description).toBe(
      'VoyagePublished with required skills written as words (before the skill taxonomy, version 1): each skill as its taxonomy key, words naming no skill kept as written',
    );
    expect(voyageUpcasters[4]!.description).toBe('VoyagePublished from before the skipper said whether meals are included: includesFood false');
    expect(voyageUpcasters[6]!.description).toMatch(/^FloatPlanFiled without filedAt: /);
  });

  it.each([
    ['no details', {}],
    ['details that are no object', { details: 'Navigation' }],
    ['details that are a list', { details: ['Navigation'] }],
    ['null details', { details: null }],
    ['details without a skill list', { details: { skills: 'Navigation', includesFood: false } }],
  ])('leave an event with %s as it is', (_label, data) => {
    const event = recorded('VoyagePublished', data as JsonObject);
    expect(registry.apply(event)).toBe(event);
  });

  it('keep the rest of the details when they map the skills', () => {
    const upcast = registry.apply(recorded('VoyagePublished', { details: { title: 'Biscay', skills: ['Navigation'], includesFood: true }, crewNeeded: 2 }));
    expect(upcast.data).toEqual({ details: { title: 'Biscay', skills: ['navigation'], includesFood: true }, crewNeeded: 2 });
  });

  it('date a float plan without its filing time by when the event was stamped, else recorded', () => {
    const stamped = registry.apply(recorded('FloatPlanFiled', { version: 1 }));
    expect(stamped.data).toEqual({ version: 1, filedAt: '2026-05-01T10:00:00.000Z' });
    expect(registry.apply(recorded('FloatPlanFiled', { version: 1 }, 'not a time')).data['filedAt']).toBe('2026-05-02T10:00:00.000Z');
    const undated = recorded('FloatPlanFiled', { version: 1 }, 'not a time', new Date(Number.NaN));
    expect(registry.apply(undated)).toBe(undated);
  });
});
