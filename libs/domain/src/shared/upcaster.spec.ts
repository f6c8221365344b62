import type { RecordedEvent } from './event-log';
import { UpcasterRegistry } from './upcaster';

const recorded = (type: string, data: RecordedEvent['data']): RecordedEvent => ({
  id: 'e1',
  streamId: 's-1',
  type,
  revision: 0n,
  position: { commit: 1n, prepare: 1n },
  data,
  metadata: { userId: null, correlationId: 'c', causationId: null, timestamp: '2030-01-01T00:00:00.000Z' },
  recordedAt: new Date(0),
});

describe('upcaster registry', () => {
  it('passes events of types without an upcaster through unchanged (the same object)', () => {
    const registry = new UpcasterRegistry();
    const event = recorded('Anything', { a: 1 });
    expect(registry.apply(event)).toBe(event);
  });

  it('applies the upcasters of a type in order, and follows a renamed type to its own upcasters, each once', () => {
    const registry = new UpcasterRegistry([
      { eventType: 'PriceSet', description: 'pence to pounds', upcast: (e) => ({ ...e, data: { pounds: Number(e.data['pence']) / 100 } }) },
      { eventType: 'PriceSet', description: 'renamed', upcast: (e) => ({ ...e, type: 'PriceChanged' }) },
      { eventType: 'PriceChanged', description: 'currency added', upcast: (e) => ({ ...e, data: { ...e.data, currency: 'GBP' } }) },
    ]);
    expect(registry.apply(recorded('PriceSet', { pence: 3000 }))).toMatchObject({ type: 'PriceChanged', data: { pounds: 30, currency: 'GBP' } });
    expect(registry.list().map((u) => u.description)).toEqual(['pence to pounds', 'renamed', 'currency added']);
  });
});
