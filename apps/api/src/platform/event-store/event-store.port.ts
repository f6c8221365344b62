import type { EventMetadata, JsonObject, LogPosition, RecordedEvent } from '@crew/domain';

export { comparePositions, LOG_START, positionFromString, positionToString, type EventMetadata, type LogPosition, type RecordedEvent } from '@crew/domain';

export interface EventToAppend {
  /** Idempotency key: appending the same ids to the same stream again is a no-op. */
  readonly id: string;
  readonly type: string;
  readonly data: JsonObject;
  readonly metadata: EventMetadata;
}

/** 'no_stream': must not exist; 'stream_exists': must exist; bigint: exact last revision. */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | bigint;

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  readonly nextExpectedRevision: bigint;
  /** Global position of the last appended event. */
  readonly position: LogPosition;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export interface Subscription {
  /** Resolves once the subscription has stopped delivering. */
  close(): Promise<void>;
}

export interface SubscribeOptions {
  /** Deliver events strictly after this position (LOG_START for everything). */
  readonly after: LogPosition;
  /** Called once per event, in log order; the next is not delivered until it settles. */
  readonly onEvent: (event: RecordedEvent) => Promise<void> | void;
  readonly onError?: (error: unknown) => void;
}

/** Subscriptions that the server ended and the adapter resubscribed (EventStoreDB). */
export interface SubscriptionHealth {
  /** Subscriptions now waiting (backoff) to resubscribe. */
  readonly resubscribing: number;
  /** Resubscriptions since start. */
  readonly resubscribes: number;
  readonly last: { readonly at: Date; readonly reason: string } | null;
}

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  appendToStream(streamId: string, events: readonly EventToAppend[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /** All events of a stream in revision order; empty when the stream does not exist. */
  readStream(streamId: string, fromRevision?: bigint): Promise<RecordedEvent[]>;
  /** Events of the global log strictly after `after`, in log order. */
  readAll(after: LogPosition, maxCount: number): Promise<RecordedEvent[]>;
  subscribeToAll(options: SubscribeOptions): Subscription;
  /** How many events exist after `after`, and when the oldest of them was recorded. */
  backlogAfter(after: LogPosition): Promise<{ events: bigint; oldestRecordedAt: Date | null }>;
  /**
   * Changes whenever readStream may return stored events differently (the
   * upcasters in force): cached states and snapshots are kept under it.
   */
  readVersion?(): string;
  /** Only adapters whose server can end a live subscription report this. */
  subscriptionHealth?(): SubscriptionHealth | null;
  ping(): Promise<void>;
  close(): Promise<void>;
}
