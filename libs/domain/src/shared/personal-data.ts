import type { DomainEvent, JsonObject, JsonValue } from './event';

/** Where a text value sits in an event's data: object keys, in order. */
export type DataPath = readonly string[];

/**
 * What in an aggregate's events is personal data, and whose. The event store
 * encrypts these values with the member's own key (docs/privacy.md), so that
 * destroying the key erases them from the log itself. The paths depend only on
 * the event (a reader decrypts without folding); the member may need the state
 * the event was decided on (a voyage's texts belong to its skipper).
 */
export interface PersonalDataMap<TState, TEvent extends DomainEvent> {
  /** The text values of this event a member wrote or that describe them (empty: none). */
  readonly paths: (event: TEvent) => readonly DataPath[];
  /** The member those values belong to, given the state after the event; null: nobody's (left in the clear). */
  readonly subject: (event: TEvent, stateAfter: TState) => string | null;
}

/** The value at `path`, or undefined when a step is missing or not an object. */
export const valueAt = (data: JsonObject, path: DataPath): JsonValue | undefined => {
  let value: JsonValue | undefined = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = value[key];
  }
  return value;
};

/** A copy of `data` with the value at `path` replaced (only the objects on the path are copied); unchanged when the path is missing. */
export const withValueAt = (data: JsonObject, path: DataPath, value: JsonValue): JsonObject => {
  const [key, ...rest] = path;
  if (key === undefined || !(key in data)) return data;
  if (rest.length === 0) return { ...data, [key]: value };
  const inner = data[key];
  // Stryker disable next-line ConditionalExpression: `typeof undefined` is not 'object' either; the check says what is excluded.
  if (inner === null || inner === undefined || typeof inner !== 'object' || Array.isArray(inner)) return data;
  const changed = withValueAt(inner, rest, value);
  return changed === inner ? data : { ...data, [key]: changed };
};
