import type { UpcasterRegistry } from '@crew/domain';
import type { AppendResult, EventStore, EventToAppend, ExpectedRevision, LogPosition, RecordedEvent, SubscribeOptions, Subscription, SubscriptionHealth } from './event-store.port';

/**
 * Applies the upcasters to every event read from the store (streams for
 * aggregate folding, the global log for projectors, reactors and rebuilds),
 * so a bad or old event shape is corrected in one place without editing the
 * log. With no upcaster for an event's type the event passes through as is.
 */
export class UpcastingEventStore implements EventStore {
  constructor(
    readonly inner: EventStore,
    readonly upcasters: UpcasterRegistry,
  ) {}

  get kind(): EventStore['kind'] {
    return this.inner.kind;
  }

  appendToStream(streamId: string, events: readonly EventToAppend[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    return this.inner.appendToStream(streamId, events, expectedRevision);
  }

  async readStream(streamId: string, fromRevision?: bigint): Promise<RecordedEvent[]> {
    return (await this.inner.readStream(streamId, fromRevision)).map((event) => this.upcasters.apply(event));
  }

  async readAll(after: LogPosition, maxCount: number): Promise<RecordedEvent[]> {
    return (await this.inner.readAll(after, maxCount)).map((event) => this.upcasters.apply(event));
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    return this.inner.subscribeToAll({ ...options, onEvent: (event) => options.onEvent(this.upcasters.apply(event)) });
  }

  readVersion(): string {
    const inner = this.inner.readVersion?.();
    return inner ? `${this.upcasters.fingerprint()}\u0002${inner}` : this.upcasters.fingerprint();
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
