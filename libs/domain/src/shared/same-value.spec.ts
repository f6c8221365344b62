import type { JsonValue } from './event';
import { sameValue } from './same-value';

/** State folded in memory may hold a key whose value is undefined (an optional field never set); stored JSON has no such key. */
const withUndefined = (value: Record<string, unknown>): JsonValue => value as JsonValue;

describe('sameValue: structural equality of JSON values', () => {
  it('sees equal values as the same, whatever the key order', () => {
    expect(sameValue({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(sameValue([], [])).toBe(true);
    expect(sameValue(null, null)).toBe(true);
    expect(sameValue(undefined, undefined)).toBe(true);
  });

  it('tells different primitives apart', () => {
    expect(sameValue(1, 2)).toBe(false);
    expect(sameValue('1', 1)).toBe(false);
    expect(sameValue(true, false)).toBe(false);
  });

  it('never sees null or a missing value as the same as an object or a list', () => {
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue({}, null)).toBe(false);
    expect(sameValue(null, [])).toBe(false);
    expect(sameValue([], null)).toBe(false);
    expect(sameValue(undefined, {})).toBe(false);
    expect(sameValue({}, undefined)).toBe(false);
    expect(sameValue(null, undefined)).toBe(false);
  });

  it('never sees a primitive as the same as an empty object', () => {
    expect(sameValue(1, {})).toBe(false);
    expect(sameValue({}, 1)).toBe(false);
    expect(sameValue('', {})).toBe(false);
    expect(sameValue({}, true)).toBe(false);
  });

  it('never sees a list as the same as an object, even one keyed like it', () => {
    expect(sameValue(['x'], { 0: 'x' })).toBe(false);
    expect(sameValue({ 0: 'x' }, ['x'])).toBe(false);
    expect(sameValue([], { length: 0 })).toBe(false);
    expect(sameValue({ length: 0 }, [])).toBe(false);
  });

  it('compares lists item by item, in order, and by length', () => {
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue([1], [1, 2])).toBe(false);
    expect(sameValue([1, 2], [1])).toBe(false);
    expect(sameValue([{ a: 1 }], [{ a: 1 }])).toBe(true);
  });

  it('compares objects key by key, both ways', () => {
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValue({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(sameValue({ a: 1 }, { b: 1 })).toBe(false);
    expect(sameValue({ a: { b: 1 } }, { a: { b: 2 } })).toBe(false);
  });

  it('sees a key holding undefined as absent, on either side', () => {
    expect(sameValue(withUndefined({ a: 1, note: undefined }), { a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, withUndefined({ a: 1, note: undefined }))).toBe(true);
    expect(sameValue(withUndefined({ a: 1, note: undefined }), { a: 1, note: 'x' })).toBe(false);
    expect(sameValue({ a: 1, note: 'x' }, withUndefined({ a: 1, note: undefined }))).toBe(false);
  });
});
