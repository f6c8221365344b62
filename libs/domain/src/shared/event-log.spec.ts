import { LOG_START, comparePositions, positionFromString, positionToString } from './event-log';
import type { RecordedEvent } from './event-log';
import { UpcasterRegistry, type Upcaster } from './upcaster';

describe('log positions', () => {
  const at = (commit: bigint, prepare: bigint) => ({ commit, prepare });

  it('order by commit, then by prepare', () => {
    expect(comparePositions(at(1n, 9n), at(2n, 0n))).toBe(-1);
    expect(comparePositions(at(2n, 0n), at(1n, 9n))).toBe(1);
    expect(comparePositions(at(2n, 3n), at(2n, 4n))).toBe(-1);
    expect(comparePositions(at(2n, 4n), at(2n, 3n))).toBe(1);
    expect(comparePositions(at(2n, 4n), at(2n, 4n))).toBe(0);
    expect(comparePositions(LOG_START, at(0n, 1n))).toBe(-1);
  });

  it('read back what they write, and refuse anything else', () => {
    const position = at(18446744073709551615n, 7n);
    expect(positionToString(position)).toBe('18446744073709551615/7');
    expect(positionFromString(positionToString(position))).toEqual(position);
    for (const text of ['1/', '/1', '1/2/3', 'a/1', ' 1/2', '1/2 ']) expect(() => positionFromString(text)).toThrow(`Not a log position: ${text}`);
  });

  it('read back positions with several digits on either side', () => {
    expect(positionFromString('12/345')).toEqual(at(12n, 345n));
    expect(positionFromString(positionToString(at(7n, 18446744073709551615n)))).toEqual(at(7n, 18446744073709551615n));
  });

  it('start at the very beginning of the log, before any event', () => {
    expect(LOG_START).toEqual(at(0n, 0n));
    expect(positionToString(LOG_START)).toBe('0/0');
    expect(comparePositions(LOG_START, LOG_START)).toBe(0);
  });
});

describe('upcaster fingerprint', () => {
  const upcaster = (eventType: string, description: string, upcast: Upcaster['upcast'] = (event) => event): Upcaster => ({ eventType, description, upcast });

  it('changes when an upcaster is added, described otherwise, or its code changes', () => {
    const registry = new UpcasterRegistry([upcaster('A', 'one')]);
    const first = registry.fingerprint();
    expect(registry.fingerprint()).toBe(first);
    expect(new UpcasterRegistry([upcaster('A', 'one')]).fingerprint()).toBe(first);
    expect(new UpcasterRegistry([upcaster('A', 'two')]).fingerprint()).not.toBe(first);
    expect(new UpcasterRegistry([upcaster('A', 'one', (event: RecordedEvent) => ({ ...event }))]).fingerprint()).not.toBe(first);
    registry.register(upcaster('B', 'one'));
    expect(registry.fingerprint()).not.toBe(first);
    expect(new UpcasterRegistry().fingerprint()).toBe('');
  });

  it('tells the type, the description and the upcasters apart', () => {
    expect(new UpcasterRegistry([upcaster('AB', 'C')]).fingerprint()).not.toBe(new UpcasterRegistry([upcaster('A', 'BC')]).fingerprint());
    expect(new UpcasterRegistry([upcaster('A', 'x'), upcaster('B', 'y')]).fingerprint().split('\u0001')).toHaveLength(2);
  });
});
