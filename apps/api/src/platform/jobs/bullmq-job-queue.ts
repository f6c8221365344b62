import type { JsonObject } from '@crew/domain';
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { EntityManager } from 'typeorm';
import { MAX_ATTEMPTS, RETRY_BACKOFF_MS, type JobHandler, type JobQueue, type JobQueueCounts, type JobSpec } from './job-queue.port';

export interface BullJobQueueOptions {
  readonly redisUrl: string;
  readonly queueName?: string;
  /** Key prefix, so several deployments (or test files) can share one Redis. */
  readonly prefix?: string;
  /** A worker that dies mid-job loses its lock after this; the job is then retried. */
  readonly lockDurationMs?: number;
  readonly stalledIntervalMs?: number;
  readonly backoffMs?: number;
  readonly onError?: (message: string) => void;
}

const connectionFromUrl = (redisUrl: string): ConnectionOptions => {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
};

/** BullMQ on Redis: the services-mode queue, shared by any number of worker processes. */
export class BullJobQueue implements JobQueue {
  readonly mode = 'bullmq' as const;
  private readonly queue: Queue;
  private readonly connection: ConnectionOptions;
  private readonly name: string;
  private worker: Worker | null = null;

  constructor(private readonly options: BullJobQueueOptions) {
    this.connection = connectionFromUrl(options.redisUrl);
    this.name = options.queueName ?? 'crew-jobs';
    this.queue = new Queue(this.name, { connection: this.connection, prefix: options.prefix ?? 'crew' });
    this.queue.on('error', (error) => this.options.onError?.(`job queue error: ${error.message}`));
  }

  async enqueue(jobs: readonly JobSpec[], _manager: EntityManager): Promise<void> {
    if (jobs.length === 0) return;
    await this.queue.addBulk(
      jobs.map((job) => ({
        name: job.name,
        data: job.data,
        opts: {
          jobId: job.id,
          ...(job.delayMs ? { delay: Math.max(0, Math.round(job.delayMs)) } : {}),
          attempts: MAX_ATTEMPTS,
          backoff: { type: 'exponential', delay: this.options.backoffMs ?? RETRY_BACKOFF_MS },
          // Keep finished jobs a week so a replayed event finds its id and is not queued again.
          removeOnComplete: { age: 7 * 24 * 3600 },
          removeOnFail: { age: 30 * 24 * 3600 },
        },
      })),
    );
  }

  async startWorker(handlers: ReadonlyMap<string, JobHandler>, options: { concurrency?: number } = {}): Promise<void> {
    this.worker = new Worker(
      this.name,
      async (job) => {
        const handler = handlers.get(job.name);
        if (!handler) throw new Error(`No handler for job ${job.name}`);
        await handler(job.data as JsonObject, { jobId: job.id ?? '', attempt: Math.max(job.attemptsStarted, job.attemptsMade + 1) });
      },
      {
        connection: this.connection,
        prefix: this.options.prefix ?? 'crew',
        concurrency: options.concurrency ?? 4,
        lockDuration: this.options.lockDurationMs ?? 30_000,
        stalledInterval: this.options.stalledIntervalMs ?? 30_000,
        maxStalledCount: MAX_ATTEMPTS,
      },
    );
    this.worker.on('failed', (job, error) => this.options.onError?.(`job ${job?.id ?? '?'} attempt ${job?.attemptsMade ?? '?'} failed: ${error.message}`));
    this.worker.on('error', (error) => this.options.onError?.(`job worker error: ${error.message}`));
    await this.worker.waitUntilReady();
  }

  async counts(): Promise<JobQueueCounts> {
    const counts = await this.queue.getJobCounts('waiting', 'delayed', 'active', 'failed');
    return { waiting: (counts.waiting ?? 0) + (counts.delayed ?? 0), active: counts.active ?? 0, failed: counts.failed ?? 0 };
  }

  async ping(): Promise<void> {
    await this.queue.getJobCounts('waiting');
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }
}
