import { PLATFORM_CONFIG_DEFAULTS, Subscription, subscriptionStreamId } from '@crew/domain';
import type { DataSource } from 'typeorm';
import type { AggregateRepository } from '../../platform/event-store/aggregate-repository';
import { Every, runExclusively } from '../../platform/jobs/exclusive-pass';
import type { JobQueue } from '../../platform/jobs/job-queue.port';
import { sendEmailJob } from '../../platform/mail/send-email.job';
import { ROLLOUT_BUCKET_SQL } from '../admin/queries/get-admin-overview.query';
import './subscription-mail';

/** Advisory-lock key of the clock: one process runs a tick at a time. */
const CLOCK_LOCK = [7303, 1] as const;
/** How long before its end a trial's reminder goes out. */
const TRIAL_NOTICE_DAYS = 3;
const BATCH = 500;

export interface ClockTickResult {
  readonly expired: number;
  readonly trialNotices: number;
}

/**
 * Time-driven subscription work, so that it happens on time even if nobody
 * logs in: a paid or granted year that has run out is expired (an event in the
 * member's stream, which mails them), and members whose free trial ends within
 * three days get one reminder (job id per member and trial end: never twice).
 * Runs in the worker role every minute; a tick is idempotent.
 */
export class SubscriptionClock {
  private readonly schedule: Every;

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: AggregateRepository,
    private readonly queue: JobQueue,
    private readonly baseUrl: string,
    onError: (message: string) => void,
    everyMs = 60_000,
  ) {
    this.schedule = new Every('subscription clock', everyMs, () => this.tick(), onError);
  }

  start(): void {
    this.schedule.start();
  }

  stop(): Promise<void> {
    return this.schedule.stop();
  }

  /** One pass: expiries, then trial reminders. Skipped (zeros) while another process runs one. */
  async tick(now = new Date()): Promise<ClockTickResult> {
    return runExclusively(this.dataSource, CLOCK_LOCK, async () => ({ expired: await this.expire(now), trialNotices: await this.remindTrials(now) }), {
      expired: 0,
      trialNotices: 0,
    });
  }

  private async expire(now: Date): Promise<number> {
    const due = await this.dataSource.query<{ user_id: string }[]>(
      `SELECT user_id FROM subscriptions
        WHERE state IN ('active', 'cancelling', 'payment_failed') AND end_date <= $1 ORDER BY end_date LIMIT ${BATCH}`,
      [now],
    );
    let expired = 0;
    for (const { user_id } of due) {
      // The stream decides: a renewal the read model has not shown yet leaves nothing to expire.
      const outcome = await this.repository.execute(
        Subscription,
        subscriptionStreamId(user_id),
        { type: 'ExpireIfDue' },
        { userId: null, correlationId: `subscription-clock:${now.toISOString()}` },
      );
      expired += outcome.appended > 0 ? 1 : 0;
    }
    return expired;
  }

  private async remindTrials(now: Date): Promise<number> {
    const ending = await this.dataSource.query<{ id: string; trial_ends_at: Date; price: number }[]>(
      `WITH c AS (
         SELECT coalesce((SELECT (value #>> '{}')::boolean FROM platform_config WHERE key = 'monetization_enabled'), $2) AS enabled,
                coalesce((SELECT (value #>> '{}')::int FROM platform_config WHERE key = 'rollout_percentage'), $3) AS rollout,
                coalesce((SELECT (value #>> '{}')::int FROM platform_config WHERE key = 'free_trial_period_days'), $4) AS trial_days,
                coalesce((SELECT (value #>> '{}')::float8 FROM platform_config WHERE key = 'subscription_price_gbp'), $5) AS price
       )
       SELECT u.id, u.created_at + make_interval(days => c.trial_days) AS trial_ends_at, c.price
         FROM users u CROSS JOIN c
        WHERE c.enabled AND u.user_type IN ('crew', 'both') AND NOT u.is_admin
          AND u.created_at > $1::timestamptz - make_interval(days => c.trial_days)
          AND u.created_at <= $1::timestamptz - make_interval(days => c.trial_days) + make_interval(days => ${TRIAL_NOTICE_DAYS})
          AND ${ROLLOUT_BUCKET_SQL} < c.rollout
          AND NOT EXISTS (SELECT 1 FROM config_access_list l WHERE l.user_id = u.id)
          AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = u.id AND s.state IN ('active', 'cancelling', 'payment_failed') AND s.end_date > $1)
        LIMIT ${BATCH}`,
      [
        now,
        PLATFORM_CONFIG_DEFAULTS.monetizationEnabled,
        PLATFORM_CONFIG_DEFAULTS.rolloutPercentage,
        PLATFORM_CONFIG_DEFAULTS.freeTrialPeriodDays,
        PLATFORM_CONFIG_DEFAULTS.subscriptionPriceGbp,
      ],
    );
    if (ending.length === 0) return 0;
    const jobs = ending.map((row) => {
      const trialEndsAt = row.trial_ends_at.toISOString();
      // One reminder per member and trial end: a changed trial length may remind again, for the new end.
      return sendEmailJob(`trial-ending:${trialEndsAt}`, { template: 'trial-ending', recipientId: row.id, params: { baseUrl: this.baseUrl, trialEndsAt, priceGbp: row.price } });
    });
    await this.queue.enqueue(jobs, this.dataSource.manager);
    return jobs.length;
  }
}
