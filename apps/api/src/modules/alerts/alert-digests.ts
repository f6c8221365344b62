import type { DataSource } from 'typeorm';
import type { Clock } from '../../platform/clock';
import type { Clockwork } from '../../platform/contributions';
import { Every, runExclusively } from '../../platform/jobs/exclusive-pass';
import type { JobQueue, JobSpec } from '../../platform/jobs/job-queue.port';
import { sendEmailsJob } from '../../platform/mail/send-emails.job';
import { DIGEST_TEMPLATE } from './reactors/voyage-alerts.reactor';

/** The session advisory lock of the digest pass: one process makes digests at a time. */
const DIGEST_LOCK: readonly [number, number] = [7_331, 2];
/** Searches per statement, and digest mails per queue call. */
const BATCH = 5_000;
/** Digest mails per send-emails job: the queue's and the reads' cost shared by 50 mails, still a small retry. */
const DIGESTS_PER_JOB = 50;

export interface DigestPassResult {
  /** Digests made in this pass. */
  readonly made: number;
  /** Digest mails handed to the queue (made now, or made by a pass that stopped before queueing them). */
  readonly queued: number;
  /** False when another process was running a pass. */
  readonly ran: boolean;
}

/**
 * The edition a search's digest is at, in its time zone: a daily digest goes
 * out each morning at 07:00 with what was found before then, a weekly one on
 * Monday at 07:00. `period` names the edition (`2026-11-27`, `2026-W48`) and
 * makes it once per search; `cutoff` is its 07:00 as a timestamp. Matches found
 * after it wait for the next edition.
 */
const EDITION = `
  CASE s.alert WHEN 'daily' THEN to_char(((now_at AT TIME ZONE s.time_zone) - interval '7 hours')::date, 'YYYY-MM-DD')
               ELSE to_char(((now_at AT TIME ZONE s.time_zone) - interval '7 hours')::date, 'IYYY-"W"IW') END AS period,
  (CASE s.alert WHEN 'daily' THEN ((now_at AT TIME ZONE s.time_zone) - interval '7 hours')::date
                ELSE date_trunc('week', (now_at AT TIME ZONE s.time_zone) - interval '7 hours')::date END + time '07:00') AT TIME ZONE s.time_zone AS cutoff`;

/**
 * Daily and weekly digests of saved-search matches. A pass (the worker's
 * clock, or `npm run alerts -- send-digests`) makes, for each search with
 * matches not yet mailed, the digest of its current edition (at most one per
 * search and edition: `saved_search_digests` is unique on both), takes its
 * matches into it, and commits; then queues the digests' mails, fifty to a
 * send-emails job named by their batch, each mail with the job id it would
 * have alone (`digest.<id>:…`), and marks them queued. A pass stopped
 * anywhere leaves either nothing (rolled back) or digests not yet marked
 * queued, which the next pass queues: the same batches and ids, so the
 * queue and the sender drop a repeat. No match is lost and none is mailed
 * twice.
 */
export class AlertDigests implements Clockwork {
  private readonly schedule: Every;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
    private readonly baseUrl: string,
    private readonly clock: Clock,
    onError: (message: string) => void,
    everyMs = 5 * 60_000,
  ) {
    this.schedule = new Every('alert digests', everyMs, () => this.tick(), onError);
  }

  start(): void {
    this.schedule.start();
  }

  stop(): Promise<void> {
    return this.schedule.stop();
  }

  /** One pass at the clock's time, unless another process runs one. */
  tick(now: Date = this.clock.now()): Promise<DigestPassResult> {
    return runExclusively(this.dataSource, DIGEST_LOCK, () => this.pass(now), { made: 0, queued: 0, ran: false });
  }

  private async pass(now: Date): Promise<DigestPassResult> {
    let queued = await this.queueUnqueued();
    let made = 0;
    let after = '00000000-0000-0000-0000-000000000000';
    // Searches in key order, a batch per transaction: each batch makes its digests in one statement.
    for (;;) {
      const searches = await this.dataSource.query<{ id: string }[]>(`SELECT id FROM saved_searches WHERE alert IN ('daily', 'weekly') AND id > $1 ORDER BY id LIMIT ${BATCH}`, [
        after,
      ]);
      if (searches.length === 0) break;
      after = searches[searches.length - 1]?.id ?? after;
      const digests = await this.dataSource.transaction(async (manager) => {
        // Each search's unmailed matches counted through the matches' key (a lateral lookup per search, never a scan).
        const made = await manager.query<{ id: string; search_id: string; covers_until: Date }[]>(
          `WITH editions AS (
             SELECT s.id AS search_id, ${EDITION} FROM saved_searches s, (SELECT $2::timestamptz AS now_at) t WHERE s.id = ANY($1::uuid[])
           )
           INSERT INTO saved_search_digests (id, search_id, period, covers_until, voyage_count, created_at)
           SELECT gen_random_uuid(), e.search_id, e.period, e.cutoff, c.n, $2::timestamptz
             FROM editions e
             CROSS JOIN LATERAL (SELECT count(*) AS n FROM saved_search_matches m
                                  WHERE m.search_id = e.search_id AND m.mailed_at IS NULL AND m.digest_id IS NULL AND m.matched_at < e.cutoff) c
            WHERE c.n > 0
           ON CONFLICT (search_id, period) DO NOTHING
           RETURNING id, search_id, covers_until`,
          [searches.map((search) => search.id), now],
        );
        if (made.length > 0) {
          await manager.query(
            `UPDATE saved_search_matches m SET digest_id = u.id
               FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS u(id, search_id, covers_until)
              WHERE m.search_id = u.search_id AND m.mailed_at IS NULL AND m.digest_id IS NULL AND m.matched_at < u.covers_until`,
            [made.map((d) => d.id), made.map((d) => d.search_id), made.map((d) => d.covers_until)],
          );
        }
        return made.length;
      });
      made += digests;
      if (digests > 0) queued += await this.queueUnqueued();
    }
    return { made, queued, ran: true };
  }

  /**
   * Queues the digests not yet queued (made just now, or by a pass that
   * stopped before queueing them), in batches: each unqueued digest is first
   * put in a batch (committed), then each batch is one send-emails job named
   * by its batch, then marked queued. A pass stopped in between queues the
   * same batches under the same ids next time, so no digest is in two jobs.
   */
  private async queueUnqueued(): Promise<number> {
    let queued = 0;
    for (;;) {
      await this.dataSource.query(
        `WITH todo AS (SELECT id, (row_number() OVER (ORDER BY id) - 1) / ${DIGESTS_PER_JOB} AS n
                         FROM saved_search_digests WHERE queued_at IS NULL AND batch_id IS NULL ORDER BY id LIMIT ${BATCH}),
              batches AS (SELECT n, gen_random_uuid() AS batch_id FROM todo GROUP BY n)
         UPDATE saved_search_digests d SET batch_id = b.batch_id FROM todo t JOIN batches b ON b.n = t.n WHERE d.id = t.id`,
      );
      const rows = await this.dataSource.query<{ batch_id: string; digests: { id: string; user_id: string }[] }[]>(
        `SELECT d.batch_id, json_agg(json_build_object('id', d.id, 'user_id', s.user_id) ORDER BY d.id) AS digests
           FROM saved_search_digests d JOIN saved_searches s ON s.id = d.search_id
          WHERE d.queued_at IS NULL AND d.batch_id IS NOT NULL GROUP BY d.batch_id LIMIT ${BATCH / DIGESTS_PER_JOB}`,
      );
      if (rows.length === 0) return queued;
      const jobs: JobSpec[] = rows.map(({ batch_id, digests }) =>
        sendEmailsJob(
          `digests.${batch_id}`,
          DIGEST_TEMPLATE,
          digests.map((digest) => ({ sourceId: `digest.${digest.id}`, recipientId: digest.user_id, params: { baseUrl: this.baseUrl, digestId: digest.id } })),
        ),
      );
      await this.dataSource.transaction(async (manager) => {
        await this.queue.enqueue(jobs, manager);
        await manager.query('UPDATE saved_search_digests SET queued_at = now() WHERE batch_id = ANY($1::uuid[]) AND queued_at IS NULL', [rows.map((row) => row.batch_id)]);
      });
      queued += rows.reduce((sum, row) => sum + row.digests.length, 0);
    }
  }
}
