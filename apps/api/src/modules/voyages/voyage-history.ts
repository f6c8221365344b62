import { Voyage, type RecordedEvent, type VoyageState } from '@crew/domain';
import type { EventStore } from '../../platform/event-store/event-store.port';

/** How many voyages' folded state the reactor keeps between batches. */
const REMEMBERED_VOYAGES = 1_000;

interface Folded {
  /** Revision of the last event folded in; -1 for none. */
  readonly revision: bigint;
  readonly state: VoyageState;
}

/**
 * The voyage as it stood at each event, folded from the voyage's own stream:
 * the reactor depends on the events alone, never on another projection's
 * rows or progress, so it can run ahead of `voyage-summaries` and still
 * mail. The folded state is kept between batches, so each batch reads only
 * the events of a stream it has not folded yet (a replay folds again).
 */
export class VoyageHistory {
  private readonly folded = new Map<string, Folded>();
  private readonly pending = new Map<string, { events: RecordedEvent[]; next: number }>();

  constructor(private readonly store: EventStore) {}

  /** Reads, once per stream, what the batch's events need; `earliest` is each stream's first revision in the batch. */
  async load(earliest: ReadonlyMap<string, bigint>): Promise<void> {
    this.pending.clear();
    for (const [streamId, revision] of earliest) {
      let folded = this.folded.get(streamId);
      if (!folded || folded.revision > revision) folded = { revision: -1n, state: Voyage.initialState() };
      this.folded.set(streamId, folded);
      this.pending.set(streamId, { events: await this.store.readStream(streamId, folded.revision + 1n), next: 0 });
    }
  }

  /** Loads what `records` (events of voyage streams, in log order) need. */
  loadFor(records: readonly RecordedEvent[]): Promise<void> {
    const earliest = new Map<string, bigint>();
    for (const recorded of records) {
      const seen = earliest.get(recorded.streamId);
      if (seen === undefined || recorded.revision < seen) earliest.set(recorded.streamId, recorded.revision);
    }
    return this.load(earliest);
  }

  /** The voyage right after `recorded` (events of one stream must be asked for in log order). */
  at(recorded: RecordedEvent): VoyageState {
    const stream = this.pending.get(recorded.streamId);
    let folded = this.folded.get(recorded.streamId);
    if (!stream || !folded) throw new Error(`stream ${recorded.streamId} was not loaded`);
    for (let next = stream.events[stream.next]; next && next.revision <= recorded.revision; next = stream.events[++stream.next]) {
      const event = { type: next.type, data: next.data };
      folded = { revision: next.revision, state: Voyage.isEvent(event) ? Voyage.evolve(folded.state, event) : folded.state };
    }
    // Most recently used last: the oldest is forgotten first.
    this.folded.delete(recorded.streamId);
    this.folded.set(recorded.streamId, folded);
    for (const oldest of this.folded.keys()) {
      if (this.folded.size <= REMEMBERED_VOYAGES) break;
      this.folded.delete(oldest);
    }
    return folded.state;
  }
}
