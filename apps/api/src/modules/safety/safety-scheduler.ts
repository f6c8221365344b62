import { Voyage, voyageStreamId } from '@crew/domain';
import type { DataSource } from 'typeorm';
import type { AggregateRepository } from '../../platform/event-store/aggregate-repository';
import { Every, runExclusively } from '../../platform/jobs/exclusive-pass';

/** Advisory-lock key of the scheduler: one process sweeps at a time. */
const SCHEDULER_LOCK = [7303, 2] as const;
const BATCH = 500;

export interface SafetyTickResult {
  /** Voyages swept. */
  readonly voyages: number;
  /** Events the sweeps wrote (expiries, archivings, log confirmations, overdue alerts). */
  readonly events: number;
}

/**
 * Time-driven trust and safety work, on time even when nobody is signed in:
 * pending applications expire (14 days, or at departure), voyages that
 * departed without being started are archived, crew the skipper neither
 * confirmed nor removed are confirmed into their log after 7 days, and a boat
 * whose "arrived" is missing 6 hours after its expected arrival is declared
 * overdue (never a plan filed when its alert was already due, nor one of a
 * completed or cancelled voyage). The read models only say which voyages to look at; each voyage's
 * own stream decides (`SweepVoyage`), so two schedulers, or one restarted at
 * the deadline, write each event once. Runs in the worker role every minute.
 */
export class SafetyScheduler {
  private readonly schedule: Every;

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: AggregateRepository,
    onError: (message: string) => void,
    everyMs = 60_000,
  ) {
    this.schedule = new Every('safety scheduler', everyMs, () => this.tick(), onError);
  }

  start(): void {
    this.schedule.start();
  }

  stop(): Promise<void> {
    return this.schedule.stop();
  }

  /**
   * One pass. With `lock` false it runs even while another process holds the
   * lock (the tests use it to show the stream alone keeps an alert single).
   */
  async tick(now = new Date(), options: { lock?: boolean } = {}): Promise<SafetyTickResult> {
    if (options.lock === false) return this.sweep(now);
    return runExclusively(this.dataSource, SCHEDULER_LOCK, () => this.sweep(now), { voyages: 0, events: 0 });
  }

  /** Voyages with something due at `now`, from the read models; the stream decides what is really due. */
  async dueVoyages(now: Date): Promise<string[]> {
    const rows = await this.dataSource.query<{ voyage_id: string }[]>(
      `(SELECT DISTINCT a.voyage_id FROM applications a JOIN voyage_summaries v ON v.voyage_id = a.voyage_id
         WHERE a.status = 'pending' AND (a.created_at <= $1::timestamptz - interval '14 days' OR v.start_date <= ($1::timestamptz AT TIME ZONE 'UTC')::date) LIMIT ${BATCH})
       UNION
       (SELECT voyage_id FROM voyage_summaries
         WHERE status IN ('planning', 'active', 'full') AND NOT archived AND start_date < ($1::timestamptz AT TIME ZONE 'UTC')::date LIMIT ${BATCH})
       UNION
       (SELECT DISTINCT voyage_id FROM sailing_log WHERE status = 'pending' AND completed_at <= $1::timestamptz - interval '7 days' LIMIT ${BATCH})
       UNION
       (SELECT f.voyage_id FROM float_plans f
         WHERE f.arrived_at IS NULL AND f.overdue_at IS NULL AND f.expected_arrival_at <= $1::timestamptz - interval '6 hours'
           -- never a plan whose alert was already due when it was filed, nor one of a voyage that is over: no alert is due for them, ever
           AND f.filed_at < f.expected_arrival_at + interval '6 hours'
           AND NOT EXISTS (SELECT 1 FROM voyage_summaries v WHERE v.voyage_id = f.voyage_id AND v.status IN ('completed', 'cancelled'))
         LIMIT ${BATCH})`,
      [now],
    );
    return rows.map((row) => row.voyage_id);
  }

  private async sweep(now: Date): Promise<SafetyTickResult> {
    const due = await this.dueVoyages(now);
    let events = 0;
    for (const voyageId of due) {
      const outcome = await this.repository.execute(
        Voyage,
        voyageStreamId(voyageId),
        { type: 'SweepVoyage', at: now.toISOString() },
        { userId: null, correlationId: `trust-scheduler:${now.toISOString()}` },
      );
      events += outcome.appended;
    }
    return { voyages: due.length, events };
  }
}
