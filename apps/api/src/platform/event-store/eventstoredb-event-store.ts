import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type Position,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type { JsonObject } from '@crew/domain';
import {
  comparePositions,
  LOG_START,
  positionToString,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type LogPosition,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  type SubscriptionHealth,
} from './event-store.port';

const toExpected = (expected: ExpectedRevision): AppendExpectedRevision =>
  expected === 'any' ? ANY : expected === 'no_stream' ? NO_STREAM : expected === 'stream_exists' ? STREAM_EXISTS : expected;

const isStart = (p: LogPosition): boolean => comparePositions(p, LOG_START) === 0;

const toRecorded = (resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null => {
  const event = resolved.event;
  if (!event || event.type.startsWith('$') || event.streamId.startsWith('$')) return null;
  const position: Position | undefined = event.position;
  if (!position) return null;
  return {
    id: event.id,
    streamId: event.streamId,
    type: event.type,
    revision: event.revision,
    position: { commit: position.commit, prepare: position.prepare },
    data: event.data as JsonObject,
    metadata: event.metadata as unknown as EventMetadata,
    recordedAt: event.created instanceof Date ? event.created : new Date(Number(event.created) / 10_000),
  };
};

/** The client calls the adapter makes: the real EventStoreDBClient, or a stand-in in unit tests. */
export type EventStoreDbClient = Pick<EventStoreDBClient, 'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'>;

export interface EventStoreDbOptions {
  /** First and longest pause before resubscribing after the server ended a subscription (doubling in between). */
  readonly resubscribeBackoffMs?: readonly [first: number, max: number];
  /** Events read per page when counting a backlog. */
  readonly backlogPageSize?: number;
}

/** Thrown when an append succeeded but its global position cannot be known: read-your-writes would silently break. */
export class MissingAppendPositionError extends Error {
  constructor(readonly streamId: string) {
    super(`EventStoreDB gave no position for the append to ${streamId}, and none could be read back from the stream`);
    this.name = 'MissingAppendPositionError';
  }
}

/**
 * EventStoreDB / KurrentDB adapter. Positions are EventStoreDB's own
 * (commit, prepare) pair, so checkpoints are portable across restarts.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly client: EventStoreDbClient;
  private readonly backoff: readonly [number, number];
  private readonly backlogPageSize: number;
  private closed = false;
  private readonly health: { resubscribing: number; resubscribes: number; last: SubscriptionHealth['last'] } = {
    resubscribing: 0,
    resubscribes: 0,
    last: null,
  };

  constructor(connection: string | EventStoreDbClient, options: EventStoreDbOptions = {}) {
    this.client = typeof connection === 'string' ? EventStoreDBClient.connectionString(connection) : connection;
    this.backoff = options.resubscribeBackoffMs ?? [500, 30_000];
    this.backlogPageSize = options.backlogPageSize ?? 10_000;
  }

  async appendToStream(streamId: string, events: readonly EventToAppend[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    let result: { nextExpectedRevision: bigint; position?: Position };
    try {
      result = await this.client.appendToStream(
        streamId,
        events.map((e) => jsonEvent({ id: e.id, type: e.type, data: e.data, metadata: e.metadata as unknown as JsonObject })),
        { expectedRevision: toExpected(expectedRevision) },
      );
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion;
        throw new WrongExpectedRevisionError(streamId, expectedRevision, typeof actual === 'bigint' ? actual : 'no_stream');
      }
      throw error;
    }
    // Never 0/0: the caller waits for this position before it reads its own write.
    const position = result.position ?? (await this.lastPositionOf(streamId));
    if (!position) throw new MissingAppendPositionError(streamId);
    return { nextExpectedRevision: result.nextExpectedRevision, position: { commit: position.commit, prepare: position.prepare } };
  }

  /**
   * The position of the stream's last event. Right after an append it is the
   * append's own position, or a later one if someone appended since, which is
   * still safe to wait for.
   */
  private async lastPositionOf(streamId: string): Promise<Position | null> {
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision: END, direction: BACKWARDS, maxCount: 1 })) {
        return resolved.event?.position ?? null;
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
    return null;
  }

  async readStream(streamId: string, fromRevision = 0n): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: fromRevision === 0n ? START : fromRevision,
        direction: FORWARDS,
      })) {
        const event = toRecorded(resolved);
        if (event) out.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  async readAll(after: LogPosition, maxCount: number): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    // readAll starts *at* fromPosition; ask for one more and drop the event at `after`.
    for await (const resolved of this.client.readAll({
      fromPosition: isStart(after) ? START : after,
      direction: FORWARDS,
      maxCount: maxCount + 1,
    })) {
      const event = toRecorded(resolved);
      if (event && comparePositions(event.position, after) > 0) out.push(event);
      if (out.length === maxCount) break;
    }
    return out;
  }

  /**
   * A catch-up subscription that outlives the server ending it: when the
   * stream of events ends without an error (a server restart, a leader
   * change, an idle timeout), it subscribes again from the last event it
   * delivered, after a pause that doubles up to a limit, and health says so.
   * An error still goes to onError: the runner then restarts from its checkpoint.
   */
  subscribeToAll(options: SubscribeOptions): Subscription {
    let stopped = false;
    let position = options.after;
    let current: ReturnType<EventStoreDbClient['subscribeToAll']> | null = null;
    let wake: (() => void) | null = null;
    const pause = (ms: number): Promise<void> =>
      new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done(): void {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });

    const running = (async () => {
      let quietEnds = 0;
      while (!stopped && !this.closed) {
        const subscription = this.client.subscribeToAll({ fromPosition: isStart(position) ? START : position, filter: excludeSystemEvents() });
        current = subscription;
        try {
          for await (const resolved of subscription) {
            const event = toRecorded(resolved);
            if (event && comparePositions(event.position, position) > 0) {
              await options.onEvent(event);
              position = event.position;
              quietEnds = 0;
            }
            if (stopped) break;
          }
        } catch (error) {
          if (!stopped && !this.closed) options.onError?.(error);
          return;
        }
        if (stopped || this.closed) return;
        quietEnds++;
        const wait = Math.min(this.backoff[1], this.backoff[0] * 2 ** (quietEnds - 1));
        this.health.last = {
          at: new Date(),
          reason: `the server ended a subscription; resubscribing from ${positionToString(position)} after ${wait} ms`,
        };
        this.health.resubscribing++;
        try {
          await pause(wait);
        } finally {
          this.health.resubscribing--;
        }
        if (!stopped && !this.closed) this.health.resubscribes++;
      }
    })();
    return {
      close: async () => {
        stopped = true;
        wake?.();
        await current?.unsubscribe();
        await running;
      },
    };
  }

  subscriptionHealth(): SubscriptionHealth {
    return { resubscribing: this.health.resubscribing, resubscribes: this.health.resubscribes, last: this.health.last };
  }

  /**
   * Counts every event after `after` (EventStoreDB keeps no count of $all):
   * reads the backlog page by page to its end, so the figure is exact however
   * far a consumer is behind, at the price of reading that backlog.
   */
  async backlogAfter(after: LogPosition): Promise<{ events: bigint; oldestRecordedAt: Date | null }> {
    let events = 0n;
    let oldestRecordedAt: Date | null = null;
    let from = after;
    for (;;) {
      const page = await this.readAll(from, this.backlogPageSize);
      const last = page[page.length - 1];
      if (!last) break;
      oldestRecordedAt ??= page[0]!.recordedAt;
      events += BigInt(page.length);
      from = last.position;
    }
    return { events, oldestRecordedAt };
  }

  async ping(): Promise<void> {
    await this.readAll(LOG_START, 1);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client.dispose();
  }
}
