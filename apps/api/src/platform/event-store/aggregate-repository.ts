import { randomUUID } from 'node:crypto';
import { foldEvents, type Aggregate, type DomainEvent } from '@crew/domain';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type LogPosition,
} from './event-store.port';

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
  constructor(readonly streamId: string, readonly attempts: number) {
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

  constructor(
    private readonly store: EventStore,
    private readonly clock: () => Date = () => new Date(),
    private readonly maxAttempts = 16,
  ) {}

  async load<TState, TCommand, TEvent extends DomainEvent>(
    aggregate: Aggregate<TState, TCommand, TEvent>,
    streamId: string,
  ): Promise<{ state: TState; revision: bigint | null }> {
    const events = await this.store.readStream(streamId);
    const last = events[events.length - 1];
    return {
      state: foldEvents(aggregate, events.map((e) => ({ type: e.type, data: e.data }))),
      revision: last ? last.revision : null,
    };
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
      const toAppend: { event: DomainEvent; metadata: CommandMetadata }[] = [];
      for (const queued of group) {
        try {
          const decided = aggregate.decide(queued.command, state, now);
          // After deciding, so who may not change the stream at all hears that first.
          const expected = queued.expectedRevisions;
          if (expected && !expected.some((r) => r === current)) throw new StaleRevisionError(streamId, expected, current);
          if (decided.length > 0) current = (current ?? -1n) + BigInt(decided.length);
          state = decided.reduce(aggregate.evolve, state);
          settled.push({ queued, events: decided, state, error: null });
          for (const event of decided) toAppend.push({ event, metadata: queued.metadata });
        } catch (error) {
          // A refusal stands only if the state it was decided on is written as is; it is settled after the append.
          settled.push({ queued, events: [], state, error });
        }
      }
      let position: LogPosition | null = null;
      if (toAppend.length > 0) {
        try {
          const result = await this.store.appendToStream(
            streamId,
            toAppend.map(({ event, metadata }) => ({
              id: randomUUID(),
              type: event.type,
              data: event.data,
              metadata: {
                userId: metadata.userId,
                correlationId: metadata.correlationId,
                causationId: metadata.causationId ?? null,
                timestamp: now.toISOString(),
              },
            })),
            revision === null ? 'no_stream' : revision,
          );
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
