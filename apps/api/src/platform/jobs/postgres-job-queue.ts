import type { JsonObject } from '@crew/domain';
import { Client } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { MAX_ATTEMPTS, RETRY_BACKOFF_MS, type JobHandler, type JobQueue, type JobQueueCounts, type JobSpec } from './job-queue.port';

interface ClaimedJob {
  id: string;
  name: string;
  data: JsonObject;
  attempts: number;
  max_attempts: number;
}

export interface PostgresJobQueueOptions {
  /** How long a claimed job stays reserved; a worker killed mid-job frees it after this. */
  readonly leaseMs?: number;
  readonly pollMs?: number;
  readonly backoffMs?: number;
  readonly onError?: (message: string) => void;
}

/**
 * Durable in-process queue for the embedded mode (no Redis). Jobs are rows
 * written in the reactor's transaction; workers claim them with
 * SKIP LOCKED and a lease, so a crash between the event and the send loses
 * nothing: the lease runs out and another attempt picks the job up.
 */
export class PostgresJobQueue implements JobQueue {
  readonly mode = 'postgres' as const;
  private stopped = false;
  private loops: Promise<void>[] = [];
  private listener: Client | null = null;
  private wakers = new Set<() => void>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly connectionString: string,
    private readonly options: PostgresJobQueueOptions = {},
  ) {}

  async enqueue(jobs: readonly JobSpec[], manager: EntityManager): Promise<void> {
    if (jobs.length === 0) return;
    await manager.query(
      `INSERT INTO job_queue (id, name, data, max_attempts, run_at)
       SELECT id, name, data, max_attempts, now() + delay_ms * interval '1 millisecond'
         FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::int[], $5::int[]) AS j(id, name, data, max_attempts, delay_ms)
       ON CONFLICT (id) DO NOTHING`,
      [
        jobs.map((j) => j.id),
        jobs.map((j) => j.name),
        jobs.map((j) => JSON.stringify(j.data)),
        jobs.map(() => MAX_ATTEMPTS),
        jobs.map((j) => Math.max(0, Math.round(j.delayMs ?? 0))),
      ],
    );
    await manager.query(`SELECT pg_notify('job_queue', '')`);
  }

  async startWorker(handlers: ReadonlyMap<string, JobHandler>, options: { concurrency?: number } = {}): Promise<void> {
    const listener = new Client({ connectionString: this.connectionString, application_name: 'crew-job-listener' });
    listener.on('notification', () => this.wakeAll());
    listener.on('error', () => (this.listener = null));
    await listener.connect();
    await listener.query('LISTEN job_queue');
    this.listener = listener;
    for (let i = 0; i < (options.concurrency ?? 2); i++) this.loops.push(this.workLoop(handlers));
  }

  private wakeAll(): void {
    for (const wake of [...this.wakers]) wake();
  }

  private idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakers.add(wake);
    });
  }

  private async claim(): Promise<ClaimedJob | null> {
    const leaseMs = this.options.leaseMs ?? 60_000;
    const rows: ClaimedJob[] = await this.dataSource.query(
      `UPDATE job_queue SET status = 'running', attempts = attempts + 1,
              locked_until = now() + ($1::int * interval '1 millisecond')
        WHERE id = (
          SELECT id FROM job_queue
           WHERE (status = 'pending' AND run_at <= now()) OR (status = 'running' AND locked_until < now())
           ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, name, data, attempts, max_attempts`,
      [leaseMs],
    );
    // The driver answers UPDATE ... RETURNING as [rows, count].
    const claimed = (Array.isArray(rows[0]) ? rows[0] : rows) as ClaimedJob[];
    return claimed[0] ?? null;
  }

  private async workLoop(handlers: ReadonlyMap<string, JobHandler>): Promise<void> {
    while (!this.stopped) {
      let job: ClaimedJob | null = null;
      try {
        job = await this.claim();
      } catch (error) {
        if (this.stopped) return;
        this.options.onError?.(`job queue: cannot claim a job: ${String(error)}`);
      }
      if (!job) {
        await this.idle(this.options.pollMs ?? 1_000);
        continue;
      }
      const handler = handlers.get(job.name);
      try {
        if (!handler) throw new Error(`No handler for job ${job.name}`);
        await handler(job.data, { jobId: job.id, attempt: job.attempts });
        await this.dataSource.query(`UPDATE job_queue SET status = 'done', finished_at = now(), locked_until = NULL, last_error = NULL WHERE id = $1`, [job.id]);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const final = job.attempts >= job.max_attempts;
        const delay = (this.options.backoffMs ?? RETRY_BACKOFF_MS) * 2 ** (job.attempts - 1);
        this.options.onError?.(`job ${job.id} attempt ${job.attempts} failed: ${message}`);
        await this.dataSource
          .query(
            `UPDATE job_queue SET status = $2, last_error = $3, locked_until = NULL,
                    run_at = now() + ($4::int * interval '1 millisecond'),
                    finished_at = CASE WHEN $2 = 'failed' THEN now() END
              WHERE id = $1`,
            [job.id, final ? 'failed' : 'pending', message.slice(0, 2000), delay],
          )
          .catch(() => undefined);
      }
    }
  }

  async counts(): Promise<JobQueueCounts> {
    const rows: { status: string; n: number }[] = await this.dataSource.query(`SELECT status, count(*)::int AS n FROM job_queue WHERE status <> 'done' GROUP BY status`);
    const n = (status: string): number => rows.find((r) => r.status === status)?.n ?? 0;
    return { waiting: n('pending'), active: n('running'), failed: n('failed') };
  }

  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1 FROM job_queue LIMIT 1');
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.wakeAll();
    await Promise.all(this.loops);
    await this.listener?.end().catch(() => undefined);
  }
}
