/**
 * The domain's own minimal event types. No library types leak in here: the
 * event store adapters translate to and from these shapes.
 */
export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** An event as the domain decides it: a type tag and a JSON payload. */
export interface DomainEvent<TType extends string = string, TData extends JsonObject = JsonObject> {
  readonly type: TType;
  readonly data: TData;
}

/** What a command handler knows about who asked and when. */
export interface CommandContext {
  readonly userId: string | null;
  readonly now: Date;
}
