import type { RecordedEvent } from './event-log';

/**
 * A read-time correction of stored events. The log is never edited: an event
 * of an old shape, or one written with a value today's read models cannot
 * hold, is rewritten each time it is read, for projectors, reactors and
 * aggregate folding alike. An upcaster must be pure and deterministic (a
 * rebuild gives the same rows) and should return the event unchanged when it
 * has nothing to correct, so it stays safe as more events of its type arrive.
 */
export interface Upcaster {
  /** The stored event type it reads. */
  readonly eventType: string;
  /** Why it exists: shown next to parked events and in the list in docs/architecture.md. */
  readonly description: string;
  /** The event as today's code expects it; may change its data and even its type. */
  readonly upcast: (event: RecordedEvent) => RecordedEvent;
}

/** The upcasters in force, by event type, applied in the order they were registered. */
export class UpcasterRegistry {
  private readonly byType = new Map<string, Upcaster[]>();
  private fingerprintMemo: string | null = null;

  constructor(upcasters: readonly Upcaster[] = []) {
    for (const upcaster of upcasters) this.register(upcaster);
  }

  register(upcaster: Upcaster): void {
    this.fingerprintMemo = null;
    const list = this.byType.get(upcaster.eventType) ?? [];
    list.push(upcaster);
    this.byType.set(upcaster.eventType, list);
  }

  list(): Upcaster[] {
    return [...this.byType.values()].flat();
  }

  /**
   * Changes whenever the upcasters in force change (one added, or its code
   * edited): states folded from upcast events are cached under it, so a new
   * upcaster makes every cached state and snapshot stale.
   */
  fingerprint(): string {
    this.fingerprintMemo ??= this.list()
      .map((upcaster) => `${upcaster.eventType}\u0000${upcaster.description}\u0000${upcaster.upcast.toString()}`)
      .join('\u0001');
    return this.fingerprintMemo;
  }

  /** The event after every upcaster of its type (and of the types they turn it into). */
  apply(event: RecordedEvent): RecordedEvent {
    let current = event;
    const seen = new Set<Upcaster>();
    for (;;) {
      const next = this.byType.get(current.type)?.find((upcaster) => !seen.has(upcaster));
      if (!next) return current;
      seen.add(next);
      current = next.upcast(current);
    }
  }
}
