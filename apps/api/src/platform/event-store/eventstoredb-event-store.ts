import {
  ANY,
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

/**
 * EventStoreDB / KurrentDB adapter. Positions are EventStoreDB's own
 * (commit, prepare) pair, so checkpoints are portable across restarts.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly client: EventStoreDBClient;

  constructor(connectionString: string) {
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((e) => jsonEvent({ id: e.id, type: e.type, data: e.data, metadata: e.metadata as unknown as JsonObject })),
        { expectedRevision: toExpected(expectedRevision) },
      );
      const position = result.position ?? { commit: 0n, prepare: 0n };
      return { nextExpectedRevision: result.nextExpectedRevision, position };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion;
        throw new WrongExpectedRevisionError(
          streamId,
          expectedRevision,
          typeof actual === 'bigint' ? actual : 'no_stream',
        );
      }
      throw error;
    }
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

  subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = this.client.subscribeToAll({
      fromPosition: isStart(options.after) ? START : options.after,
      filter: excludeSystemEvents(),
    });
    const running = (async () => {
      try {
        for await (const resolved of subscription) {
          const event = toRecorded(resolved);
          if (event && comparePositions(event.position, options.after) > 0) await options.onEvent(event);
        }
      } catch (error) {
        options.onError?.(error);
      }
    })();
    return {
      close: async () => {
        await subscription.unsubscribe();
        await running;
      },
    };
  }

  /** EventStoreDB cannot count cheaply: read ahead at most 10 000 events. */
  async backlogAfter(after: LogPosition): Promise<{ events: bigint; oldestRecordedAt: Date | null }> {
    const ahead = await this.readAll(after, 10_000);
    return { events: BigInt(ahead.length), oldestRecordedAt: ahead[0]?.recordedAt ?? null };
  }

  async ping(): Promise<void> {
    await this.readAll(LOG_START, 1);
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}
