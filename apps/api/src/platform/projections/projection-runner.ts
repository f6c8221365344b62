import type { DataSource, QueryRunner } from 'typeorm';
import type { EventStore, LogPosition, RecordedEvent } from '../event-store/event-store.port';
import { advanceCheckpoint, CheckpointAdvances, CheckpointMovedError, loadCheckpoint, recordCheckpointError } from './checkpoint-store';
import {
  applyEachIsolated,
  BATCH_ATTEMPTS,
  BATCH_RETRY_PAUSES_MS,
  holdBlocked,
  isTransientFailure,
  loadBlockedStreams,
  parkEvents,
  type BlockedStreams,
  type LogConsumer,
  type ParkedEntry,
} from './parked-events';

export type { LogConsumer } from './parked-events';

export type RunnerState = 'starting' | 'standby' | 'running' | 'error' | 'stopped';

export interface RunnerLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface ProjectionRunnerOptions {
  readonly batchSize?: number;
  /**
   * How long a standby waits on the active runner's lock before it asks
   * again (default 5 s). It takes over the moment the lock is freed, not at
   * the end of the wait.
   */
  readonly standbyRetryMs?: number;
  readonly errorBackoffMs?: number;
  readonly logger?: RunnerLogger;
  /** Called after each committed batch (same process); other processes hear NOTIFY. */
  readonly onProgress?: (name: string, position: LogPosition) => void;
  /** Pauses between attempts of a failing batch before it is applied event by event (see parked-events.ts). */
  readonly batchRetryPausesMs?: readonly number[];
  /** Shared by a process's runners: their checkpoints moved over events they ignore go together (checkpoint-store.ts). */
  readonly advances?: CheckpointAdvances;
}

/** Advisory-lock namespace for "one active runner per consumer" across processes. */
export const RUNNER_LOCK_NAMESPACE = 7302;

const silent: RunnerLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** lock_not_available (the wait's lock_timeout) and query_canceled (stop() ends the wait). */
const isEndedLockWait = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '55P03' || code === '57014';
};

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}
const deferred = (): Deferred => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

/**
 * Runs one consumer: becomes the single active runner through a session
 * advisory lock (others stay on standby), follows the log from the
 * checkpoint, and commits each batch of read-model changes together with the
 * checkpoint advance in one transaction.
 */
export class ProjectionRunner {
  private stopping = false;
  private loop: Promise<void> | null = null;
  private wakeStandby: Deferred = deferred();
  private stopSignal: Deferred = deferred();
  private _state: RunnerState = 'starting';
  private _position: LogPosition | null = null;
  private _lastError: string | null = null;
  private _parked = 0;
  /** The backend waiting on the lock while on standby: stop() cancels its wait. */
  private waitingBackend: number | null = null;
  /** Streams with a parked event: their later events are parked behind it. Empty (and free) normally. */
  private blocked: BlockedStreams = new Map();
  private readonly batchSize: number;
  private readonly logger: RunnerLogger;
  private readonly advances: CheckpointAdvances;

  constructor(
    readonly consumer: LogConsumer,
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    // Alone, an advance goes on its own, as advanceCheckpoint.
    this.advances = options.advances ?? new CheckpointAdvances();
    this.logger = options.logger ?? silent;
  }

  get name(): string {
    return this.consumer.name;
  }
  get state(): RunnerState {
    return this._state;
  }
  get position(): LogPosition | null {
    return this._position;
  }
  get lastError(): string | null {
    return this._lastError;
  }
  /** Events this runner has parked since it started. */
  get parked(): number {
    return this._parked;
  }

  start(): void {
    this.loop ??= this.leaderLoop();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.stopSignal.resolve();
    this.wakeStandby.resolve();
    const waiting = this.waitingBackend;
    if (waiting !== null) await this.dataSource.query('SELECT pg_cancel_backend($1)', [waiting]).catch(() => undefined);
    await this.loop;
    this._state = 'stopped';
  }

  private async pause(ms: number): Promise<void> {
    this.wakeStandby = deferred();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.wakeStandby.promise, new Promise<void>((r) => (timer = setTimeout(r, ms)))]);
    clearTimeout(timer);
  }

  private async leaderLoop(): Promise<void> {
    while (!this.stopping) {
      let runner: QueryRunner | null = null;
      let leader = false;
      try {
        runner = this.dataSource.createQueryRunner();
        await runner.connect();
        leader = await this.takeLock(runner);
        if (!leader) {
          await runner.release();
          runner = null;
          continue;
        }
        // Read models and checkpoints commit together and can be replayed, so no commit on this
        // connection need wait for its WAL flush: a server crash loses both or neither.
        await runner.query('SET synchronous_commit TO off');
        this._state = 'running';
        this.logger.info(`projection ${this.name}: active runner`);
        await this.follow(runner);
      } catch (error) {
        if (this.stopping) break;
        if (error instanceof CheckpointMovedError) {
          // A rebuild (or a stale twin) moved the checkpoint: resume from the new one at once.
          this.logger.info(`projection ${this.name}: checkpoint moved, resuming from the stored one`);
          continue;
        }
        this._state = 'error';
        this._lastError = error instanceof Error ? error.message : String(error);
        this.logger.error(`projection ${this.name} failed: ${this._lastError}`);
        await recordCheckpointError(this.dataSource.manager, this.name, error).catch(() => undefined);
        await this.pause(this.options.errorBackoffMs ?? 1_000);
      } finally {
        if (runner && !runner.isReleased) {
          if (leader) {
            await runner.query('SELECT pg_advisory_unlock($1, hashtext($2))', [RUNNER_LOCK_NAMESPACE, this.name]).catch(() => undefined);
          }
          // The connection goes back to the pool: other work on it must wait for its WAL flush again.
          await runner.query('RESET synchronous_commit').catch(() => undefined);
          await runner.release().catch(() => undefined);
        }
      }
    }
  }

  /**
   * Takes the lock that makes this the active runner of its consumer, or
   * waits on it as the standby: PostgreSQL grants it the moment the active
   * runner's session ends (a process killed with SIGKILL included, its
   * connections closing with it), so the standby takes over at once rather
   * than at its next poll. The wait is bounded (lock_timeout), then asked
   * again; stop() cancels it.
   */
  private async takeLock(runner: QueryRunner): Promise<boolean> {
    const [tried] = (await runner.query('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked, pg_backend_pid() AS pid', [RUNNER_LOCK_NAMESPACE, this.name])) as {
      locked: boolean;
      pid: number;
    }[];
    if (tried?.locked === true) return true;
    this._state = 'standby';
    if (this.stopping || !tried) return false;
    this.waitingBackend = tried.pid;
    let granted = false;
    try {
      await runner.query(`SET lock_timeout = ${Math.max(1, Math.round(this.options.standbyRetryMs ?? 5_000))}`);
      if (this.stopping) return false;
      await runner.query('SELECT pg_advisory_lock($1, hashtext($2))', [RUNNER_LOCK_NAMESPACE, this.name]);
      granted = true;
    } catch (error) {
      if (!isEndedLockWait(error)) throw error;
    } finally {
      this.waitingBackend = null;
      await runner.query('RESET lock_timeout').catch(() => undefined);
      // A wait cancelled just as the lock was granted leaves it held: never hand a pooled connection back holding it.
      if (!granted) await runner.query('SELECT pg_advisory_unlock($1, hashtext($2))', [RUNNER_LOCK_NAMESPACE, this.name]).catch(() => undefined);
    }
    if (granted && this.stopping) {
      await runner.query('SELECT pg_advisory_unlock($1, hashtext($2))', [RUNNER_LOCK_NAMESPACE, this.name]).catch(() => undefined);
      return false;
    }
    return granted;
  }

  /**
   * Commits one batch and the checkpoint advance in one transaction. 'batch'
   * hands the projector the whole batch (the fast path); 'isolate' applies
   * the events one at a time in savepoints and parks those that fail.
   * Events of streams with a parked event are parked behind it either way.
   */
  private async commitBatch(runner: QueryRunner, events: readonly RecordedEvent[], from: LogPosition, mode: 'batch' | 'isolate'): Promise<ParkedEntry[]> {
    const last = events[events.length - 1]!;
    if (!this.concerns(events)) {
      // Nothing here for this consumer (most events, for most consumers): only the checkpoint moves.
      await this.advances.advance(runner.manager, this.name, from, last.position);
      return [];
    }
    await runner.startTransaction();
    try {
      // Lock the checkpoint row first: a concurrent rebuild or retry waits for this batch, never deadlocks with it.
      const rows: { log_commit: string; log_prepare: string }[] = await runner.query('SELECT log_commit, log_prepare FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [
        this.name,
      ]);
      const stored = rows[0];
      if (!stored || BigInt(stored.log_commit) !== from.commit || BigInt(stored.log_prepare) !== from.prepare) {
        throw new CheckpointMovedError(this.name);
      }
      // A retry may have cleared a stream since it was blocked: ask again, only when it matters.
      if (this.blocked.size > 0 && events.some((event) => this.blocked.has(event.streamId))) {
        this.blocked = await loadBlockedStreams(runner.manager, this.name);
      }
      let parked: ParkedEntry[];
      // Streams this batch blocks count only once it commits.
      const blocked = new Map(this.blocked);
      if (mode === 'batch') {
        const { apply, held } = holdBlocked(events, blocked);
        if (apply.length > 0) await this.consumer.project(apply, runner.manager);
        parked = held;
      } else {
        parked = await applyEachIsolated(this.consumer, events, runner, blocked, BATCH_ATTEMPTS + 1);
      }
      await parkEvents(runner.manager, this.name, parked);
      await advanceCheckpoint(runner.manager, this.name, from, last.position);
      await runner.commitTransaction();
      this.blocked = blocked;
      return parked;
    } catch (error) {
      await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    }
  }

  /** Whether the batch holds an event the consumer acts on, or one that must be parked behind its stream's. */
  private concerns(events: readonly RecordedEvent[]): boolean {
    const handles = this.consumer.handles;
    if (!handles) return true;
    return events.some((event) => handles(event) || (this.blocked.size > 0 && this.blocked.has(event.streamId)));
  }

  /** Follows the log until stopped; throws when a batch cannot be committed even event by event. */
  private async follow(runner: QueryRunner): Promise<void> {
    let checkpoint = await loadCheckpoint(runner.manager, this.name);
    this.blocked = await loadBlockedStreams(runner.manager, this.name);
    this._position = checkpoint;
    const buffer: RecordedEvent[] = [];
    let failure: unknown = null;
    let chain: Promise<void> = Promise.resolve();
    let flushScheduled = false;
    this.stopSignal = deferred();
    const stopSignal = this.stopSignal;
    if (this.stopping) stopSignal.resolve();
    const pauses = this.options.batchRetryPausesMs ?? BATCH_RETRY_PAUSES_MS;

    const applyBatch = async (): Promise<void> => {
      if (failure !== null || buffer.length === 0) return;
      const events = buffer.splice(0, this.batchSize);
      let parked: ParkedEntry[] = [];
      for (let attempt = 1; ; attempt++) {
        const mode = attempt <= BATCH_ATTEMPTS ? 'batch' : 'isolate';
        try {
          parked = await this.commitBatch(runner, events, checkpoint, mode);
          break;
        } catch (error) {
          const retryable = mode === 'batch' && !(error instanceof CheckpointMovedError) && !this.stopping;
          if (!retryable) {
            failure = error;
            stopSignal.resolve();
            return;
          }
          this._lastError = error instanceof Error ? error.message : String(error);
          if (attempt < BATCH_ATTEMPTS) {
            this.logger.warn(`projection ${this.name}: batch failed (attempt ${attempt} of ${BATCH_ATTEMPTS}), retrying: ${this._lastError}`);
            let timer: NodeJS.Timeout | undefined;
            await Promise.race([stopSignal.promise, new Promise((resolve) => (timer = setTimeout(resolve, pauses[attempt - 1] ?? 0)))]);
            clearTimeout(timer);
          } else if (isTransientFailure(error)) {
            // The platform is unwell, not the events: stop, wait and resume from the checkpoint.
            failure = error;
            stopSignal.resolve();
            return;
          } else {
            this.logger.warn(`projection ${this.name}: batch failed ${BATCH_ATTEMPTS} times, applying its ${events.length} events one by one`);
          }
        }
      }
      const last = events[events.length - 1]!;
      checkpoint = last.position;
      this._position = checkpoint;
      this._lastError = null;
      if (parked.length > 0) {
        this._parked += parked.length;
        for (const entry of parked) {
          if (entry.heldBehind === null) {
            this.logger.error(`projection ${this.name}: parked ${entry.event.type} ${entry.event.id} (stream ${entry.event.streamId}): ${entry.error}`);
          }
        }
        const held = parked.filter((entry) => entry.heldBehind !== null).length;
        if (held > 0) this.logger.warn(`projection ${this.name}: ${held} later event(s) held behind parked events of their stream`);
      }
      this.options.onProgress?.(this.name, checkpoint);
    };
    const flush = (): Promise<void> => (chain = chain.then(applyBatch));

    const subscription = this.store.subscribeToAll({
      after: checkpoint,
      onEvent: async (event) => {
        if (failure !== null) throw failure;
        buffer.push(event);
        if (buffer.length >= this.batchSize) {
          await flush();
        } else if (!flushScheduled) {
          // Let the rest of the current read arrive, then commit it as one batch.
          flushScheduled = true;
          setImmediate(() => {
            flushScheduled = false;
            void flush();
          });
        }
      },
      onError: (error) => {
        failure ??= error;
        stopSignal.resolve();
      },
    });
    await stopSignal.promise;
    await subscription.close();
    await chain;
    if (failure !== null && !this.stopping) throw failure;
  }
}
