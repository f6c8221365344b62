import type { JsonValue } from './event';

/**
 * Structural equality of JSON values, blind to key order. State folded from
 * stored events does not keep the key order it was written with (PostgreSQL's
 * jsonb sorts keys), so comparing serialised text would see changes that are
 * not there.
 */
export function sameValue(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  const keys = Object.keys(a).filter((key) => a[key] !== undefined);
  return keys.length === Object.keys(b).filter((key) => b[key] !== undefined).length && keys.every((key) => sameValue(a[key], b[key]));
}
