import type {
  AppendResult,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  LogPosition,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
  SubscriptionHealth,
} from '../event-store/event-store.port';
import type { PersonalDataCipher } from './personal-data-cipher';

/**
 * Opens the sealed personal values of every event read from the store
 * (streams for folding, the global log for projectors, reactors and rebuilds),
 * so no reader handles ciphertext, and a value whose member was erased reads
 * as "(removed)" everywhere alike. Sealing happens where events are decided
 * (the aggregate repository knows whose they are).
 */
export class DecryptingEventStore implements EventStore {
  /**
   * Events opened for subscriptions, by the event the store read: the subscriptions of a process share the store's
   * reads (PostgresEventStore.shared), so each event is opened once for all of them, not once per projector. Held only
   * as long as the event read is.
   */
  private readonly opened = new WeakMap<RecordedEvent, Promise<RecordedEvent>>();

  constructor(
    readonly inner: EventStore,
    private readonly cipher: PersonalDataCipher,
  ) {}

  get kind(): EventStore['kind'] {
    return this.inner.kind;
  }

  appendToStream(streamId: string, events: readonly EventToAppend[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    return this.inner.appendToStream(streamId, events, expectedRevision);
  }

  async readStream(streamId: string, fromRevision?: bigint): Promise<RecordedEvent[]> {
    return this.cipher.openEvents(await this.inner.readStream(streamId, fromRevision));
  }

  async readAll(after: LogPosition, maxCount: number): Promise<RecordedEvent[]> {
    return this.cipher.openEvents(await this.inner.readAll(after, maxCount));
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    return this.inner.subscribeToAll({
      ...options,
      onEvent: async (event) => {
        let opening = this.opened.get(event);
        if (!opening) {
          opening = this.cipher.openEvents([event]).then(([opened = event]) => opened);
          this.opened.set(event, opening);
        }
        return options.onEvent(await opening);
      },
    });
  }

  readVersion(): string {
    return this.inner.readVersion?.() ?? '';
  }

  backlogAfter(after: LogPosition): ReturnType<EventStore['backlogAfter']> {
    return this.inner.backlogAfter(after);
  }

  subscriptionHealth(): SubscriptionHealth | null {
    return this.inner.subscriptionHealth?.() ?? null;
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
