import { createHash, randomUUID } from 'node:crypto';
import type { Aggregate, DomainEvent, EventMetadata, JsonValue } from '@crew/domain';
import { WrongExpectedRevisionError, type EventStore, type LogPosition, type RecordedEvent } from './event-store.port';
import type { PersonalDataCipher } from '../privacy/personal-data-cipher';
import type { SnapshotStore, StoredSnapshot } from './snapshot-store';

export interface CommandMetadata {
  readonly userId: string | null;
  readonly correlationId: string;
  readonly causationId?: string | null;
}

/** Metadata of a command a signed-in user sent over HTTP: who, and the request id to correlate by. */
export const commandMetadataOf = (user: { readonly id: string }, request: { readonly id: unknown }): CommandMetadata => ({
  userId: user.id,
  correlationId: String(request.id),
});

export interface CommandOutcome<TState, TEvent = unknown> {
  readonly state: TState;
  /** Global position of the last event written, or null when the command changed nothing. */
  readonly position: LogPosition | null;
  readonly appended: number;
  /** The events the command decided (and appended). */
  readonly events: readonly TEvent[];
}

/**
 * The caller edited what it loaded at another revision (HTTP If-Match): the
 * stream has moved on since, so the change is refused rather than applied
 * over someone else's.
 */
export class StaleRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: readonly bigint[],
    readonly actual: bigint | null,
  ) {
    super(`${streamId} is at revision ${actual === null ? 'none' : actual.toString()}, not ${expected.join(' or ')}`);
    this.name = 'StaleRevisionError';
  }
}

/** Options of one command. */
export interface ExecuteOptions {
  /** Decide only if the stream is at one of these revisions (the client's If-Match); otherwise StaleRevisionError. */
  readonly expectedRevisions?: readonly bigint[];
}

export class ConcurrencyConflictError extends Error {
  constructor(
    readonly streamId: string,
    readonly attempts: number,
  ) {
    super(`The record was changed by someone else ${attempts} times in a row; please try again`);
    this.name = 'ConcurrencyConflictError';
  }
}

interface QueuedCommand {
  readonly command: unknown;
  readonly metadata: CommandMetadata;
  readonly expectedRevisions: readonly bigint[] | undefined;
  readonly resolve: (outcome: CommandOutcome<unknown, DomainEvent>) => void;
  readonly reject: (error: unknown) => void;
}

interface StreamQueue {
  readonly aggregate: Aggregate<unknown, unknown, DomainEvent>;
  readonly waiting: QueuedCommand[];
}

/** At most this many queued commands are decided together and appended in one write. */
const MAX_GROUP = 100;

export interface AggregateRepositoryOptions {
  readonly clock?: () => Date;
  readonly maxAttempts?: number;
  /** Streams whose folded state this process keeps in memory (least recently used dropped first); 0: none. */
  readonly cachedStreams?: number;
  /** Where snapshots of aggregates with a `stateVersion` are kept; none: every cold load folds the whole stream. */
  readonly snapshots?: SnapshotStore | null;
  /** A snapshot is written once the stream has grown this many events (or a tenth of its length, if more) past the last one. */
  readonly snapshotEvery?: number;
  /** Seals the personal values of appended events with their member's key; none: stored as decided. */
  readonly personalData?: PersonalDataCipher | null;
  /** Told when writing a snapshot fails (it is only a cache: the command is not affected). */
  readonly onSnapshotError?: (error: unknown) => void;
}

/** A folded state and the stream position it was folded to. */
interface FoldedState {
  /** Aggregate, state version and the store's read version: a state kept under another key is not used. */
  readonly key: string;
  readonly state: unknown;
  readonly revision: bigint;
  readonly lastEventId: string;
  /** Revision of the newest snapshot known to be stored (-1: none). */
  readonly snapshotRevision: bigint;
  /** The stored snapshot did not match the stream: overwrite it whatever its revision. */
  readonly replaceSnapshot?: boolean;
}

const DEFAULT_CACHED_STREAMS = 1_000;
const DEFAULT_SNAPSHOT_EVERY = 100;

/**
 * Load (fold the stream), decide (pure), append with the expected revision.
 * A concurrent writer makes the append fail; the command is then re-run on
 * the fresh state, a bounded number of times, before giving up with a conflict.
 */
export class AggregateRepository {
  /** Commands waiting for their stream, per stream, in this process (see execute). */
  private readonly queues = new Map<string, StreamQueue>();
  /** Appends that lost to a concurrent writer and were decided again: a health figure for hot streams. */
  conflictsRetried = 0;
  /** Appends made and commands they carried: commands / appends is the group-commit gain. */
  appendsMade = 0;
  commandsAppended = 0;

  /** Loads served from a cached state or a snapshot, and how many events they still folded. */
  readonly loads = { cached: 0, fromSnapshot: 0, full: 0, eventsFolded: 0, snapshotsWritten: 0, staleDropped: 0 };
  private readonly clock: () => Date;
  private readonly maxAttempts: number;
  private readonly cachedStreams: number;
  private readonly snapshots: SnapshotStore | null;
  private readonly snapshotEvery: bigint;
  private readonly personalData: PersonalDataCipher | null;
  /** Folded states by stream, in least-recently-used order (a Map iterates in insertion order). */
  private readonly cache = new Map<string, FoldedState>();
  private readonly pendingSnapshots = new Set<Promise<void>>();
  private readonly keys = new Map<string, string>();

  constructor(
    private readonly store: EventStore,
    private readonly options: AggregateRepositoryOptions = {},
  ) {
    this.clock = options.clock ?? (() => new Date());
    this.maxAttempts = options.maxAttempts ?? 16;
    this.cachedStreams = options.cachedStreams ?? DEFAULT_CACHED_STREAMS;
    this.snapshots = options.snapshots ?? null;
    this.snapshotEvery = BigInt(options.snapshotEvery ?? DEFAULT_SNAPSHOT_EVERY);
    this.personalData = options.personalData ?? null;
  }

  /** Drops these streams' folded states from this process (an erased member's texts in them are gone). */
  forget(streamIds: readonly string[]): void {
    for (const streamId of streamIds) this.cache.delete(streamId);
  }

  /**
   * The state of a stream and its revision. Folding the whole stream on every
   * command makes a long stream slow to change, so the folded state is kept
   * (in memory, and as a snapshot beside the stream) with the revision and
   * event id it was folded to. A load reads the stream from that revision on:
   * the first event read must be the one the state ended with (else the state
   * is dropped and the whole stream folded), and the rest are folded onto it.
   * Nothing is trusted that the stream does not confirm, so dropping every
   * cached state and snapshot gives the same answers, only slower.
   */
  async load<TState, TCommand, TEvent extends DomainEvent>(aggregate: Aggregate<TState, TCommand, TEvent>, streamId: string): Promise<{ state: TState; revision: bigint | null }> {
    const key = this.keyOf(aggregate);
    let base = this.cached(streamId, key);
    const fromCache = base !== null;
    if (!base && this.snapshots && aggregate.stateVersion !== undefined) base = await this.loadSnapshot(streamId, key);
    if (base) {
      const events = await this.store.readStream(streamId, base.revision);
      const first = events[0];
      if (first && first.revision === base.revision && first.id === base.lastEventId) {
        if (fromCache) this.loads.cached++;
        else this.loads.fromSnapshot++;
        return this.folded(aggregate, streamId, base, events.slice(1));
      }
      // The stream does not hold what the state was folded from (it was replaced): fold it afresh.
      this.loads.staleDropped++;
      this.cache.delete(streamId);
    }
    this.loads.full++;
    const empty: FoldedState = { key, state: aggregate.initialState(), revision: -1n, lastEventId: '', snapshotRevision: -1n, replaceSnapshot: base !== null && !fromCache };
    return this.folded(aggregate, streamId, empty, await this.store.readStream(streamId));
  }

  /** Resolves once every snapshot being written has been written (or failed). */
  async snapshotsSettled(): Promise<void> {
    while (this.pendingSnapshots.size > 0) await Promise.all(this.pendingSnapshots);
  }

  /** Forgets every state kept in memory (as a restarted process would). */
  forgetCachedStates(): void {
    this.cache.clear();
  }

  private keyOf(aggregate: { readonly streamPrefix: string; readonly stateVersion?: number }): string {
    const readVersion = this.store.readVersion?.() ?? '';
    const raw = `${aggregate.streamPrefix}\u0000${aggregate.stateVersion ?? 'none'}\u0000${readVersion}`;
    let key = this.keys.get(raw);
    if (!key) {
      // Short and fixed-length, as the snapshot table's key; upcaster code can be long.
      key = `${aggregate.streamPrefix}:v${aggregate.stateVersion ?? 0}:${createHash('sha256').update(raw).digest('base64url').slice(0, 22)}`;
      this.keys.set(raw, key);
    }
    return key;
  }

  private cached(streamId: string, key: string): FoldedState | null {
    const entry = this.cache.get(streamId);
    if (!entry) return null;
    if (entry.key !== key) {
      this.cache.delete(streamId);
      return null;
    }
    return entry;
  }

  private async loadSnapshot(streamId: string, key: string): Promise<FoldedState | null> {
    const snapshots = this.snapshots;
    if (!snapshots) return null;
    try {
      const snapshot = await snapshots.load(streamId, key);
      return snapshot ? { key, state: snapshot.state, revision: snapshot.revision, lastEventId: snapshot.lastEventId, snapshotRevision: snapshot.revision } : null;
    } catch (error) {
      // A snapshot is never needed: without one the stream is folded from its start.
      this.options.onSnapshotError?.(error);
      return null;
    }
  }

  /** Folds `events` onto `base`, keeps the result, and writes a snapshot when the stream has grown enough since the last. */
  private folded<TState, TCommand, TEvent extends DomainEvent>(
    aggregate: Aggregate<TState, TCommand, TEvent>,
    streamId: string,
    base: FoldedState,
    events: readonly RecordedEvent[],
  ): { state: TState; revision: bigint | null } {
    let state = base.state as TState;
    for (const event of events) {
      const domainEvent: DomainEvent = { type: event.type, data: event.data };
      if (aggregate.isEvent(domainEvent)) state = aggregate.evolve(state, domainEvent);
    }
    this.loads.eventsFolded += events.length;
    const last = events[events.length - 1];
    if (!last && base.revision < 0n) return { state, revision: null };
    const revision = last ? last.revision : base.revision;
    const entry: FoldedState = { key: base.key, state, revision, lastEventId: last ? last.id : base.lastEventId, snapshotRevision: base.snapshotRevision };
    const replace = base.replaceSnapshot === true;
    this.remember(streamId, entry);
    // The interval grows with the stream (a tenth of it), so a long stream's large state is not rewritten every few commands.
    const every = revision / 10n > this.snapshotEvery ? revision / 10n : this.snapshotEvery;
    if (this.snapshots && aggregate.stateVersion !== undefined && (replace || revision - base.snapshotRevision >= every)) {
      this.writeSnapshot(this.snapshots, streamId, entry, replace);
    }
    return { state, revision };
  }

  private remember(streamId: string, entry: FoldedState): void {
    if (this.cachedStreams <= 0) return;
    this.cache.delete(streamId);
    this.cache.set(streamId, entry);
    if (this.cache.size > this.cachedStreams) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
  }

  /** Written in the background: the command does not wait for it. */
  private writeSnapshot(snapshots: SnapshotStore, streamId: string, entry: FoldedState, replace: boolean): void {
    const snapshot: StoredSnapshot = { revision: entry.revision, lastEventId: entry.lastEventId, state: entry.state as JsonValue };
    const cached = this.cache.get(streamId);
    if (cached === entry) this.cache.set(streamId, { ...entry, snapshotRevision: entry.revision });
    const pending = snapshots
      .save(streamId, entry.key, snapshot, replace)
      .then(() => {
        this.loads.snapshotsWritten++;
      })
      .catch((error: unknown) => this.options.onSnapshotError?.(error))
      .finally(() => this.pendingSnapshots.delete(pending));
    this.pendingSnapshots.add(pending);
  }

  /**
   * Decides a command on the stream's current state without writing
   * anything: throws the refusal a real attempt would meet now. For a handler
   * that must write something outside the log before the command (rows the
   * event names by id) only if the command will be accepted.
   */
  async check<TState, TCommand, TEvent extends DomainEvent>(aggregate: Aggregate<TState, TCommand, TEvent>, streamId: string, command: TCommand): Promise<void> {
    const { state } = await this.load(aggregate, streamId);
    aggregate.decide(command, state, this.clock());
  }

  /**
   * Commands to one stream from this process never race each other: they
   * queue, and whatever queued while a write was in flight is decided
   * together, in arrival order, each on the state the previous ones left, and
   * appended in one write (group commit). A crowd applying to one voyage then
   * costs a few writes, not a storm of optimistic conflicts. Writers in other
   * processes are still caught by the expected revision, and the group is
   * decided again.
   */
  execute<TState, TCommand, TEvent extends DomainEvent>(
    aggregate: Aggregate<TState, TCommand, TEvent>,
    streamId: string,
    command: TCommand,
    metadata: CommandMetadata,
    options: ExecuteOptions = {},
  ): Promise<CommandOutcome<TState, TEvent>> {
    return new Promise<CommandOutcome<TState, TEvent>>((resolve, reject) => {
      const queued: QueuedCommand = {
        command,
        metadata,
        expectedRevisions: options.expectedRevisions,
        resolve: resolve as (outcome: CommandOutcome<unknown, DomainEvent>) => void,
        reject,
      };
      const existing = this.queues.get(streamId);
      if (existing) {
        existing.waiting.push(queued);
        return;
      }
      const queue: StreamQueue = { aggregate: aggregate as unknown as Aggregate<unknown, unknown, DomainEvent>, waiting: [queued] };
      this.queues.set(streamId, queue);
      void this.drain(streamId, queue);
    });
  }

  private async drain(streamId: string, queue: StreamQueue): Promise<void> {
    while (queue.waiting.length > 0) {
      const group = queue.waiting.splice(0, MAX_GROUP);
      try {
        await this.decideAndAppend(queue.aggregate, streamId, group);
      } catch (error) {
        for (const queued of group) queued.reject(error);
      }
    }
    this.queues.delete(streamId);
  }

  /** Decides the group on the current state and appends every event in one write; settles each caller after the write. */
  private async decideAndAppend(aggregate: Aggregate<unknown, unknown, DomainEvent>, streamId: string, group: readonly QueuedCommand[]): Promise<void> {
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      const { state: initial, revision } = await this.load(aggregate, streamId);
      const now = this.clock();
      let state = initial;
      // The stream's revision as each command of the group would see it.
      let current: bigint | null = revision;
      const settled: { queued: QueuedCommand; events: DomainEvent[]; state: unknown; error: unknown }[] = [];
      const toAppend: { event: DomainEvent; metadata: CommandMetadata; stateAfter: unknown }[] = [];
      for (const queued of group) {
        try {
          const decided = aggregate.decide(queued.command, state, now);
          // After deciding, so who may not change the stream at all hears that first.
          const expected = queued.expectedRevisions;
          if (expected && !expected.some((r) => r === current)) throw new StaleRevisionError(streamId, expected, current);
          if (decided.length > 0) current = (current ?? -1n) + BigInt(decided.length);
          for (const event of decided) {
            state = aggregate.evolve(state, event);
            toAppend.push({ event, metadata: queued.metadata, stateAfter: state });
          }
          settled.push({ queued, events: decided, state, error: null });
        } catch (error) {
          // A refusal stands only if the state it was decided on is written as is; it is settled after the append.
          settled.push({ queued, events: [], state, error });
        }
      }
      let position: LogPosition | null = null;
      if (toAppend.length > 0) {
        try {
          const events = await Promise.all(
            toAppend.map(async ({ event, metadata, stateAfter }) => {
              const recorded: EventMetadata = {
                userId: metadata.userId,
                correlationId: metadata.correlationId,
                causationId: metadata.causationId ?? null,
                timestamp: now.toISOString(),
              };
              const sealed = this.personalData ? await this.personalData.sealEvent(aggregate, streamId, event, stateAfter, recorded) : { data: event.data, metadata: recorded };
              return { id: randomUUID(), type: event.type, ...sealed };
            }),
          );
          const result = await this.store.appendToStream(streamId, events, revision === null ? 'no_stream' : revision);
          position = result.position;
          this.appendsMade++;
          this.commandsAppended += settled.filter((entry) => entry.events.length > 0).length;
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          this.conflictsRetried++;
          // Random, growing pause (capped) so writers in other processes do not collide again in lockstep.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** attempt)));
          continue;
        }
      }
      for (const entry of settled) {
        if (entry.error !== null) entry.queued.reject(entry.error);
        else
          entry.queued.resolve({
            state: entry.state,
            // The group's last position: waiting for it also covers this command's own events.
            position: entry.events.length > 0 ? position : null,
            appended: entry.events.length,
            events: entry.events,
          });
      }
      return;
    }
    throw new ConcurrencyConflictError(streamId, this.maxAttempts);
  }
}
