import { randomUUID } from 'node:crypto';
import { EventStoreDbEventStore, MissingAppendPositionError, type EventStoreDbClient } from '../src/platform/event-store/eventstoredb-event-store';
import type { RecordedEvent } from '../src/platform/event-store/event-store.port';

/**
 * What can be proved of the EventStoreDB adapter without a server (its
 * contract suite needs one): a stand-in client with the four calls it makes.
 */
interface FakeEvent {
  id: string;
  streamId: string;
  type: string;
  revision: bigint;
  position?: { commit: bigint; prepare: bigint };
}
const resolved = (event: FakeEvent) => ({
  event: { ...event, data: { n: Number(event.revision) }, metadata: {}, created: new Date(0), isJson: true, contentType: 'application/json' },
});
const at = (n: number) => ({ commit: BigInt(n * 100), prepare: BigInt(n * 100) });
const logEvent = (n: number): FakeEvent => ({ id: randomUUID(), streamId: `s-${n % 3}`, type: 'Tested', revision: BigInt(n), position: at(n) });

/** A subscription the test controls: it yields what it is given, and ends (quietly) or stays open until unsubscribed. */
class FakeSubscription {
  private readonly queue: unknown[] = [];
  private waiting: (() => void) | null = null;
  private ended = false;
  unsubscribed = false;

  constructor(events: FakeEvent[], endQuietly: boolean) {
    this.queue.push(...events.map(resolved));
    this.ended = endQuietly;
  }

  async unsubscribe(): Promise<void> {
    this.unsubscribed = true;
    this.ended = true;
    this.waiting?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<unknown> {
    for (;;) {
      const next = this.queue.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }
}

async function* iterate<T>(items: T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

const fakeClient = (overrides: Partial<Record<keyof EventStoreDbClient, unknown>>): EventStoreDbClient =>
  ({ dispose: async () => undefined, ...overrides }) as unknown as EventStoreDbClient;

const waitUntil = async (condition: () => boolean): Promise<void> => {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('EventStoreDB adapter (stand-in client)', () => {
  it('resubscribes from the last delivered event when the server ends a subscription quietly, and says so in health', async () => {
    const subscriptions = [new FakeSubscription([logEvent(1), logEvent(2)], true), new FakeSubscription([logEvent(2), logEvent(3)], false)];
    const froms: unknown[] = [];
    const client = fakeClient({
      subscribeToAll: (options: { fromPosition: unknown }) => {
        froms.push(options.fromPosition);
        return subscriptions.shift();
      },
    });
    const store = new EventStoreDbEventStore(client, { resubscribeBackoffMs: [50, 1_000] });
    const seen: RecordedEvent[] = [];
    const errors: unknown[] = [];
    const subscription = store.subscribeToAll({ after: { commit: 0n, prepare: 0n }, onEvent: (e) => void seen.push(e), onError: (e) => errors.push(e) });

    await waitUntil(() => store.subscriptionHealth().resubscribing === 1);
    expect(seen.map((e) => e.revision)).toEqual([1n, 2n]);
    expect(store.subscriptionHealth().last?.reason).toMatch(/the server ended a subscription; resubscribing from 200\/200 after 50 ms/);

    await waitUntil(() => seen.length === 3);
    // From the checkpoint: the second subscription starts at event 2, and event 2 is not delivered twice.
    expect(froms).toEqual(['start', at(2)]);
    expect(seen.map((e) => e.revision)).toEqual([1n, 2n, 3n]);
    expect(store.subscriptionHealth()).toMatchObject({ resubscribing: 0, resubscribes: 1 });
    expect(errors).toEqual([]);
    await subscription.close();
  });

  it('backs off longer each time the server ends the subscription without delivering anything', async () => {
    let calls = 0;
    const client = fakeClient({ subscribeToAll: () => (calls++, new FakeSubscription([], calls < 4)) });
    const store = new EventStoreDbEventStore(client, { resubscribeBackoffMs: [20, 40] });
    const started = Date.now();
    const subscription = store.subscribeToAll({ after: at(5), onEvent: () => undefined });
    await waitUntil(() => calls === 4);
    // 20 + 40 + 40 (capped) ms of pauses before the fourth subscription.
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    expect(store.subscriptionHealth().resubscribes).toBe(3);
    await subscription.close();
  });

  it('takes the position of an append from the stream when the server does not return it, and never 0/0', async () => {
    const readBack: unknown[] = [];
    const client = fakeClient({
      appendToStream: async () => ({ success: true, nextExpectedRevision: 4n, position: undefined }),
      readStream: (streamId: string, options: unknown) => {
        readBack.push({ streamId, options });
        return iterate([resolved({ id: randomUUID(), streamId, type: 'Tested', revision: 4n, position: at(42) })]);
      },
    });
    const store = new EventStoreDbEventStore(client);
    const event = { id: randomUUID(), type: 'Tested', data: {}, metadata: { userId: null, correlationId: 'c', causationId: null, timestamp: '2030-01-01T00:00:00Z' } };
    await expect(store.appendToStream('s-1', [event], 'any')).resolves.toEqual({ nextExpectedRevision: 4n, position: at(42) });
    expect(readBack).toEqual([{ streamId: 's-1', options: { fromRevision: 'end', direction: 'backwards', maxCount: 1 } }]);

    const blind = new EventStoreDbEventStore(
      fakeClient({
        appendToStream: async () => ({ success: true, nextExpectedRevision: 0n }),
        readStream: () => iterate([resolved({ id: 'x', streamId: 's-2', type: 'Tested', revision: 0n })]),
      }),
    );
    await expect(blind.appendToStream('s-2', [event], 'any')).rejects.toBeInstanceOf(MissingAppendPositionError);
  });

  it('counts a backlog of any size exactly, page by page, skipping system events', async () => {
    const log: FakeEvent[] = [];
    for (let n = 1; n <= 25_003; n++) log.push(n % 1_000 === 0 ? { ...logEvent(n), type: '$metadata', streamId: '$$s' } : logEvent(n));
    const client = fakeClient({
      readAll: (options: { fromPosition: 'start' | { commit: bigint }; maxCount: number }) => {
        const from = options.fromPosition === 'start' ? 0 : log.findIndex((e) => e.position!.commit === (options.fromPosition as { commit: bigint }).commit);
        return iterate(log.slice(from, from + options.maxCount).map(resolved));
      },
    });
    const store = new EventStoreDbEventStore(client, { backlogPageSize: 10_000 });
    expect((await store.backlogAfter({ commit: 0n, prepare: 0n })).events).toBe(25_003n - 25n);
    expect((await store.backlogAfter(at(20_000))).events).toBe(5_003n - 5n);
    expect((await store.backlogAfter(at(25_003))).events).toBe(0n);
  });
});
