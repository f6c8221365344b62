import type { Projector } from '@crew/projections';
import type { DataSource, QueryRunner } from 'typeorm';
import type { EventStore, LogPosition, RecordedEvent } from '../event-store/event-store.port';
import { advanceCheckpoint, CheckpointMovedError, loadCheckpoint, recordCheckpointError } from './checkpoint-store';

/** Anything that follows the log from a checkpoint: projectors and reactors. */
export type LogConsumer = Pick<Projector, 'name' | 'project'>;

export type RunnerState = 'starting' | 'standby' | 'running' | 'error' | 'stopped';

export interface RunnerLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface ProjectionRunnerOptions {
  readonly batchSize?: number;
  /** How often a standby process retries to become the active runner. */
  readonly standbyRetryMs?: number;
  readonly errorBackoffMs?: number;
  readonly logger?: RunnerLogger;
  /** Called after each committed batch (same process); other processes hear NOTIFY. */
  readonly onProgress?: (name: string, position: LogPosition) => void;
}

/** Advisory-lock namespace for "one active runner per consumer" across processes. */
export const RUNNER_LOCK_NAMESPACE = 7302;

const silent: RunnerLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

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
  private readonly batchSize: number;
  private readonly logger: RunnerLogger;

  constructor(
    readonly consumer: LogConsumer,
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
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

  start(): void {
    this.loop ??= this.leaderLoop();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.stopSignal.resolve();
    this.wakeStandby.resolve();
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
        const rows: { locked: boolean }[] = await runner.query(
          'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
          [RUNNER_LOCK_NAMESPACE, this.name],
        );
        leader = rows[0]?.locked === true;
        if (!leader) {
          this._state = 'standby';
          await runner.release();
          runner = null;
          await this.pause(this.options.standbyRetryMs ?? 2_000);
          continue;
        }
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
            await runner
              .query('SELECT pg_advisory_unlock($1, hashtext($2))', [RUNNER_LOCK_NAMESPACE, this.name])
              .catch(() => undefined);
          }
          await runner.release().catch(() => undefined);
        }
      }
    }
  }

  /** Follows the log until stopped; throws on the first failed batch. */
  private async follow(runner: QueryRunner): Promise<void> {
    let checkpoint = await loadCheckpoint(runner.manager, this.name);
    this._position = checkpoint;
    const buffer: RecordedEvent[] = [];
    let failure: unknown = null;
    let chain: Promise<void> = Promise.resolve();
    let flushScheduled = false;
    this.stopSignal = deferred();
    const stopSignal = this.stopSignal;
    if (this.stopping) stopSignal.resolve();

    const applyBatch = async (): Promise<void> => {
      if (failure !== null || buffer.length === 0) return;
      const events = buffer.splice(0, this.batchSize);
      const last = events[events.length - 1]!;
      await runner.startTransaction();
      try {
        // Read models and their checkpoint commit together and can be replayed, so the batch
        // need not wait for its own WAL flush: a server crash loses both or neither.
        await runner.query('SET LOCAL synchronous_commit TO off');
        // Lock the checkpoint row first: a concurrent rebuild waits for this batch, never deadlocks with it.
        const rows: { log_commit: string; log_prepare: string }[] = await runner.query(
          'SELECT log_commit, log_prepare FROM projection_checkpoints WHERE name = $1 FOR UPDATE',
          [this.name],
        );
        const stored = rows[0];
        if (!stored || BigInt(stored.log_commit) !== checkpoint.commit || BigInt(stored.log_prepare) !== checkpoint.prepare) {
          throw new CheckpointMovedError(this.name);
        }
        await this.consumer.project(events, runner.manager);
        await advanceCheckpoint(runner.manager, this.name, checkpoint, last.position);
        await runner.commitTransaction();
      } catch (error) {
        await runner.rollbackTransaction().catch(() => undefined);
        failure = error;
        stopSignal.resolve();
        return;
      }
      checkpoint = last.position;
      this._position = checkpoint;
      this._lastError = null;
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
