import {
  comparePositions,
  evolveSubscription,
  initialSubscriptionState,
  isSubscriptionEvent,
  userIdOfSubscriptionStream,
  type LogPosition,
  type RecordedEvent,
  type SubscriptionState,
} from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { Projector } from '../projector';
import type { Written } from '../row-forms';
import type { SubscriptionRow } from './subscription.rows';

/** What the fold needs of a stored row, its dates as ISO text. */
type StoredRow = Omit<Written<SubscriptionRow>, 'status' | 'updated_at'>;

/** The display status the admin list and the subscription status rule read: live states are 'active'. */
const STATUS_OF: Record<SubscriptionRow['state'], SubscriptionRow['status'] | null> = {
  active: 'active',
  cancelling: 'active',
  payment_failed: 'active',
  expired: 'expired',
  revoked: 'cancelled',
  checkout_pending: null,
};

const stateOf = (row: StoredRow): SubscriptionState => ({
  ...initialSubscriptionState(),
  state: row.state,
  source: row.source,
  startedAt: row.start_date,
  periodEnd: row.end_date,
  cancelAtPeriodEnd: row.cancel_at_period_end,
  providerCustomerId: row.stripe_customer_id,
  providerSubscriptionId: row.provider_subscription_id,
});

/**
 * `subscriptions`: one row per member whose subscription was ever paid or
 * granted, folded with the aggregate's own `evolve`, so the row says exactly
 * what the stream says. A checkout that was never paid leaves no row. Rows of
 * members whose account is gone are not written (the account's deletion
 * removed them).
 */
export const subscriptionProjector: Projector = {
  name: 'subscriptions',
  tables: ['subscriptions'],
  handles: (recorded) => isSubscriptionEvent(recorded),
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const relevant = events.filter((recorded) => isSubscriptionEvent(recorded));
    if (relevant.length === 0) return;
    const userIds = [...new Set(relevant.map((recorded) => userIdOfSubscriptionStream(recorded.streamId)))];
    const stored = await manager.query<Omit<SubscriptionRow, 'status' | 'updated_at'>[]>(
      `SELECT user_id, state, source, start_date, end_date, cancel_at_period_end, stripe_customer_id, provider_subscription_id,
              last_commit::text AS last_commit, last_prepare::text AS last_prepare
         FROM subscriptions WHERE user_id = ANY($1::uuid[])`,
      [userIds],
    );
    const folded = new Map<string, { state: SubscriptionState; at: LogPosition; timestamp: string; changed: boolean }>();
    for (const row of stored) {
      const state = stateOf({ ...row, start_date: row.start_date.toISOString(), end_date: row.end_date.toISOString() });
      folded.set(row.user_id, { state, at: { commit: BigInt(row.last_commit), prepare: BigInt(row.last_prepare) }, timestamp: '', changed: false });
    }
    for (const recorded of relevant) {
      const event = { type: recorded.type, data: recorded.data };
      if (!isSubscriptionEvent(event)) continue;
      const userId = userIdOfSubscriptionStream(recorded.streamId);
      const entry = folded.get(userId) ?? { state: initialSubscriptionState(), at: { commit: -1n, prepare: -1n }, timestamp: '', changed: false };
      if (comparePositions(recorded.position, entry.at) <= 0) continue;
      folded.set(userId, { state: evolveSubscription(entry.state, event), at: recorded.position, timestamp: recorded.metadata.timestamp, changed: true });
    }
    const rows = [...folded.entries()].flatMap(([userId, { state, at, timestamp, changed }]) => {
      const status = state.state === 'none' ? null : STATUS_OF[state.state];
      if (!changed || status === null || state.startedAt === null || state.periodEnd === null || state.source === null) return [];
      return [{ userId, status, state, at, timestamp }];
    });
    if (rows.length === 0) return;
    await manager.query(
      `INSERT INTO subscriptions (user_id, status, state, source, start_date, end_date, cancel_at_period_end, stripe_customer_id,
                                  provider_subscription_id, updated_at, last_commit, last_prepare)
       SELECT r.* FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::boolean[], $8::text[],
                              $9::text[], $10::timestamptz[], $11::bigint[], $12::bigint[])
              AS r(user_id, status, state, source, start_date, end_date, cancel_at_period_end, stripe_customer_id, provider_subscription_id,
                   updated_at, last_commit, last_prepare)
        WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id)
       ON CONFLICT (user_id) DO UPDATE SET status = EXCLUDED.status, state = EXCLUDED.state, source = EXCLUDED.source,
         start_date = EXCLUDED.start_date, end_date = EXCLUDED.end_date, cancel_at_period_end = EXCLUDED.cancel_at_period_end,
         stripe_customer_id = EXCLUDED.stripe_customer_id, provider_subscription_id = EXCLUDED.provider_subscription_id,
         updated_at = EXCLUDED.updated_at, last_commit = EXCLUDED.last_commit, last_prepare = EXCLUDED.last_prepare`,
      [
        rows.map((r) => r.userId),
        rows.map((r) => r.status),
        rows.map((r) => r.state.state),
        rows.map((r) => r.state.source),
        rows.map((r) => r.state.startedAt),
        rows.map((r) => r.state.periodEnd),
        rows.map((r) => r.state.cancelAtPeriodEnd),
        rows.map((r) => r.state.providerCustomerId),
        rows.map((r) => r.state.providerSubscriptionId),
        rows.map((r) => r.timestamp),
        rows.map((r) => r.at.commit.toString()),
        rows.map((r) => r.at.prepare.toString()),
      ],
    );
  },
};
