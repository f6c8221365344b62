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

export interface CommandOutcome<TState, TEvent = unknown> {
  readonly state: TState;
  /** Global position of the last event written, or null when the command changed nothing. */
  readonly position: LogPosition | null;
  readonly appended: number;
  /** The events the command decided (and appended). */
  readonly events: readonly TEvent[];
}

export class ConcurrencyConflictError extends Error {
  constructor(readonly streamId: string, readonly attempts: number) {
    super(`The record was changed by someone else ${attempts} times in a row; please try again`);
    this.name = 'ConcurrencyConflictError';
  }
}

/**
 * Load (fold the stream), decide (pure), append with the expected revision.
 * A concurrent writer makes the append fail; the command is then re-run on
 * the fresh state, a bounded number of times, before giving up with a conflict.
 */
export class AggregateRepository {
  /** Tail of the queue of commands per stream in this process (see execute). */
  private readonly streamQueues = new Map<string, Promise<unknown>>();
  /** Appends that lost to a concurrent writer and were decided again: a health figure for hot streams. */
  conflictsRetried = 0;

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
   * Commands to one stream from this process run one after another: a crowd
   * applying to one voyage then costs a queue, not a storm of optimistic
   * conflicts. Writers in other processes are still caught by the expected
   * revision and retried.
   */
  execute<TState, TCommand, TEvent extends DomainEvent>(
    aggregate: Aggregate<TState, TCommand, TEvent>,
    streamId: string,
    command: TCommand,
    metadata: CommandMetadata,
  ): Promise<CommandOutcome<TState, TEvent>> {
    const previous = this.streamQueues.get(streamId) ?? Promise.resolve();
    const run = previous.then(
      () => this.decideAndAppend(aggregate, streamId, command, metadata),
      () => this.decideAndAppend(aggregate, streamId, command, metadata),
    );
    const tail = run.catch(() => undefined);
    this.streamQueues.set(streamId, tail);
    void tail.then(() => {
      if (this.streamQueues.get(streamId) === tail) this.streamQueues.delete(streamId);
    });
    return run;
  }

  private async decideAndAppend<TState, TCommand, TEvent extends DomainEvent>(
    aggregate: Aggregate<TState, TCommand, TEvent>,
    streamId: string,
    command: TCommand,
    metadata: CommandMetadata,
  ): Promise<CommandOutcome<TState, TEvent>> {
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      const { state, revision } = await this.load(aggregate, streamId);
      const now = this.clock();
      const decided = aggregate.decide(command, state, now);
      if (decided.length === 0) return { state, position: null, appended: 0, events: [] };
      try {
        const result = await this.store.appendToStream(
          streamId,
          decided.map((event) => ({
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
        return {
          state: decided.reduce(aggregate.evolve, state),
          position: result.position,
          appended: decided.length,
          events: decided,
        };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        this.conflictsRetried++;
        // Random, growing pause (capped) so writers in other processes do not collide again in lockstep.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** attempt)));
      }
    }
    throw new ConcurrencyConflictError(streamId, this.maxAttempts);
  }
}
