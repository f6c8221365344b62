import type { JsonObject } from '@crew/domain';
import type { EntityManager } from 'typeorm';

export interface JobSpec {
  /** Deterministic id (`<eventId>:<recipient>:<template>`): the same job is never queued twice. */
  readonly id: string;
  readonly name: string;
  readonly data: JsonObject;
  /** Run no sooner than this many milliseconds from now (a delayed job); at once when absent. */
  readonly delayMs?: number;
}

export type JobHandler = (data: JsonObject, context: { jobId: string; attempt: number }) => Promise<void>;

export interface JobQueueCounts {
  readonly waiting: number;
  readonly active: number;
  readonly failed: number;
}

export interface JobQueue {
  readonly mode: 'bullmq' | 'postgres';
  /**
   * Queues jobs. The PostgreSQL queue writes them through `manager`, so they
   * commit with the reactor's checkpoint; BullMQ adds them at once (ids
   * deduplicate a replay).
   */
  enqueue(jobs: readonly JobSpec[], manager: EntityManager): Promise<void>;
  /** Starts processing with these handlers; refuses a job name without a handler. */
  startWorker(handlers: ReadonlyMap<string, JobHandler>, options?: { concurrency?: number }): Promise<void>;
  counts(): Promise<JobQueueCounts>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const RETRY_BACKOFF_MS = 1_000;
export const MAX_ATTEMPTS = 5;
