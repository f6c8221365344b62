import { isSubscriptionEvent, isVoyageEvent, userIdOfSubscriptionStream, voyageIdOfStream, type RecordedEvent, type SubscriptionEvent, type VoyageEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { Projector } from '../projector';
import type { Written } from '../row-forms';
import type { AnalyticsApplicationRow, AnalyticsDailyRow, AnalyticsUserActivityRow, AnalyticsVoyageRow } from './analytics-metrics.rows';

/** The counters of one UTC day, in the column order of analytics_daily. */
export const DAILY_COUNTERS = [
  'voyages_created',
  'voyages_published',
  'voyages_completed',
  'voyages_cancelled',
  'applications_submitted',
  'applications_accepted',
  'applications_rejected',
  'applications_withdrawn',
  'responses',
  'response_seconds',
  'cohort_pending',
  'cohort_accepted',
  'cohort_rejected',
  'cohort_withdrawn',
  'subscriptions_activated',
  'subscriptions_renewed',
  'subscriptions_expired',
  'revenue_pence',
] as const satisfies readonly (keyof Counters)[];
export type DailyCounter = (typeof DAILY_COUNTERS)[number];
type Counters = Omit<Written<AnalyticsDailyRow>, 'day'>;

const BIG = new Set<DailyCounter>(['response_seconds', 'revenue_pence']);

const DAILY_SQL = `INSERT INTO analytics_daily (day, ${DAILY_COUNTERS.join(', ')})
SELECT * FROM unnest($1::date[], ${DAILY_COUNTERS.map((name, i) => `$${i + 2}::${BIG.has(name) ? 'bigint' : 'int'}[]`).join(', ')})
ON CONFLICT (day) DO UPDATE SET ${DAILY_COUNTERS.map((name) => `${name} = analytics_daily.${name} + EXCLUDED.${name}`).join(', ')}`;

const VOYAGES_SQL = `INSERT INTO analytics_voyages (voyage_id, skipper_id, created_day, published_day, completed_day, destination, applications, accepted)
SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::date[], $4::date[], $5::date[], $6::text[], $7::int[], $8::int[])
ON CONFLICT (voyage_id) DO UPDATE SET published_day = EXCLUDED.published_day, completed_day = EXCLUDED.completed_day,
  destination = EXCLUDED.destination, applications = EXCLUDED.applications, accepted = EXCLUDED.accepted`;

const APPLICATIONS_SQL = `INSERT INTO analytics_applications (application_id, voyage_id, submitted_at, status)
SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::text[])
ON CONFLICT (application_id) DO UPDATE SET status = EXCLUDED.status`;

const ACTIVITY_SQL = `INSERT INTO analytics_user_activity (user_id, role, last_day)
SELECT * FROM unnest($1::uuid[], $2::text[], $3::date[])
ON CONFLICT (user_id, role) DO UPDATE SET last_day = GREATEST(analytics_user_activity.last_day, EXCLUDED.last_day)`;

const PAYMENTS_SQL = `INSERT INTO analytics_payments (user_id, period_start, period_end, paid_at, amount_pence)
SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[], $4::timestamptz[], $5::bigint[])
ON CONFLICT (user_id, period_start) DO NOTHING`;

// An expiry or revocation ends every paid period of the member that was paid by then and runs past it.
const PAYMENT_ENDS_SQL = `UPDATE analytics_payments p SET ended_at = u.ended_at
  FROM unnest($1::uuid[], $2::timestamptz[]) AS u(user_id, ended_at)
 WHERE p.user_id = u.user_id AND p.ended_at IS NULL AND p.paid_at <= u.ended_at AND p.period_end > u.ended_at`;

/** The rows the fold keeps in memory: a submission time as ISO text. */
type VoyageRow = Written<AnalyticsVoyageRow>;
type ApplicationRow = Written<AnalyticsApplicationRow>;

const COHORT = { pending: 'cohort_pending', accepted: 'cohort_accepted', rejected: 'cohort_rejected', withdrawn: 'cohort_withdrawn' } as const;

/** The UTC calendar day of an ISO time. */
export const utcDay = (iso: string): string => new Date(iso).toISOString().slice(0, 10);

/** Events a skipper acts through on their own voyage (moderation and deletion are an administrator's). */
const SKIPPER_ACTIONS = new Set<string>([
  'VoyageDraftSaved',
  'VoyagePublished',
  'VoyageDetailsEdited',
  'VoyageRouteChanged',
  'VoyageCrewNeededChanged',
  'VoyageContributionChanged',
  'VoyageStatusChanged',
  'VoyageCompleted',
  'VoyageCancelled',
  'ApplicationAccepted',
]);

const isGbp = (currency: string): boolean => currency.toUpperCase() === 'GBP';

const destinationOf = (segments: readonly { arrival: { name: string } }[]): string | null => {
  const name = segments[segments.length - 1]?.arrival.name.trim();
  return name ? name : null;
};

/**
 * Platform analytics, folded from the log into day buckets (UTC days of the
 * events' times): voyages created, published, completed and cancelled;
 * applications submitted, accepted, rejected and withdrawn, the skipper's
 * response time, and per submission day the status its applications have now
 * (the breakdown); subscription activations, renewals, expiries and the
 * amounts paid (GBP, in pence). Beside the days it keeps what the figures
 * need of the log and nothing more: per voyage its skipper, destination and
 * application counts; per application its submission time; per member and
 * role the last day they acted; per paid period its amount and end. Ids only,
 * never names: screens join them at read time.
 *
 * A batch costs a few statements whatever its size: the voyages and
 * applications it names are read at once, the events are folded in memory in
 * log order, and each table gets one multi-row upsert (day counters are
 * added). The runner applies a batch and its checkpoint in one transaction,
 * so no event is ever counted twice; one event is the same fold with a batch
 * of one.
 */
export const analyticsMetricsProjector: Projector = {
  name: 'analytics-metrics',
  tables: ['analytics_daily', 'analytics_voyages', 'analytics_applications', 'analytics_user_activity', 'analytics_payments'],
  handles: (recorded) => isVoyageEvent(recorded) || isSubscriptionEvent(recorded),
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const voyageEvents: { recorded: RecordedEvent; event: VoyageEvent; voyageId: string }[] = [];
    const subscriptionEvents: { recorded: RecordedEvent; event: SubscriptionEvent }[] = [];
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data };
      if (isVoyageEvent(event)) voyageEvents.push({ recorded, event, voyageId: voyageIdOfStream(recorded.streamId) });
      else if (isSubscriptionEvent(event)) subscriptionEvents.push({ recorded, event });
    }
    if (voyageEvents.length === 0 && subscriptionEvents.length === 0) return;

    const voyageIds = [...new Set(voyageEvents.map((e) => e.voyageId))];
    const decidedIds = [
      ...new Set(
        voyageEvents.flatMap(({ event }) =>
          event.type === 'ApplicationAccepted' || event.type === 'ApplicationRejected' || event.type === 'ApplicationWithdrawn' ? [event.data.applicationId] : [],
        ),
      ),
    ];
    const [storedVoyages, storedApplications] = await Promise.all([
      voyageIds.length === 0
        ? Promise.resolve([] as VoyageRow[])
        : manager.query<VoyageRow[]>(
            `SELECT voyage_id, skipper_id, created_day::text AS created_day, published_day::text AS published_day, completed_day::text AS completed_day,
                    destination, applications, accepted
               FROM analytics_voyages WHERE voyage_id = ANY($1::uuid[])`,
            [voyageIds],
          ),
      decidedIds.length === 0
        ? Promise.resolve([] as ApplicationRow[])
        : manager.query<ApplicationRow[]>(
            `SELECT application_id, voyage_id, to_char(submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS submitted_at, status
               FROM analytics_applications WHERE application_id = ANY($1::uuid[])`,
            [decidedIds],
          ),
    ]);
    const voyages = new Map(storedVoyages.map((row) => [row.voyage_id, row]));
    const applications = new Map(storedApplications.map((row) => [row.application_id, row]));
    const changedVoyages = new Set<string>();
    const deletedVoyages = new Set<string>();
    const changedApplications = new Set<string>();
    const days = new Map<string, Counters>();
    const activity = new Map<string, { userId: string; role: AnalyticsUserActivityRow['role']; day: string }>();
    const payments: { userId: string; periodStart: string; periodEnd: string; paidAt: string; amount: number }[] = [];
    const paymentEnds: { userId: string; at: string }[] = [];

    const add = (day: string, counter: DailyCounter, by = 1): void => {
      let counters = days.get(day);
      if (!counters) {
        counters = Object.fromEntries(DAILY_COUNTERS.map((name) => [name, 0])) as Counters;
        days.set(day, counters);
      }
      counters[counter] += by;
    };
    const acted = (userId: string, role: 'skipper' | 'crew', day: string): void => {
      for (const r of [role, 'any'] as const) {
        const key = `${userId}|${r}`;
        const known = activity.get(key);
        if (!known || known.day < day) activity.set(key, { userId, role: r, day });
      }
    };

    for (const { recorded, event, voyageId } of voyageEvents) {
      const at = recorded.metadata.timestamp;
      const day = utcDay(at);
      let voyage = voyages.get(voyageId);
      switch (event.type) {
        case 'VoyageDraftSaved':
        case 'VoyagePublished': {
          if (!voyage) {
            voyage = {
              voyage_id: voyageId,
              skipper_id: event.data.skipperId,
              created_day: day,
              published_day: null,
              completed_day: null,
              destination: null,
              applications: 0,
              accepted: 0,
            };
            voyages.set(voyageId, voyage);
            deletedVoyages.delete(voyageId);
            add(day, 'voyages_created');
          }
          voyage.destination = destinationOf(event.data.segments);
          if (event.type === 'VoyagePublished' && voyage.published_day === null) {
            voyage.published_day = day;
            add(day, 'voyages_published');
          }
          changedVoyages.add(voyageId);
          break;
        }
        case 'VoyageRouteChanged':
          if (voyage) {
            voyage.destination = destinationOf(event.data.segments);
            changedVoyages.add(voyageId);
          }
          break;
        case 'VoyageCompleted':
          if (voyage && voyage.completed_day === null) {
            voyage.completed_day = day;
            changedVoyages.add(voyageId);
            add(day, 'voyages_completed');
          }
          break;
        case 'VoyageCancelled':
          add(day, 'voyages_cancelled');
          break;
        case 'VoyageDeleted':
          if (voyage) {
            voyages.delete(voyageId);
            changedVoyages.delete(voyageId);
            deletedVoyages.add(voyageId);
          }
          break;
        case 'ApplicationSubmitted': {
          const { applicationId, crewId } = event.data;
          if (applications.has(applicationId)) break;
          applications.set(applicationId, { application_id: applicationId, voyage_id: voyageId, submitted_at: at, status: 'pending' });
          changedApplications.add(applicationId);
          add(day, 'applications_submitted');
          add(day, 'cohort_pending');
          if (voyage) {
            voyage.applications++;
            changedVoyages.add(voyageId);
          }
          acted(crewId, 'crew', day);
          break;
        }
        case 'ApplicationAccepted':
        case 'ApplicationRejected':
        case 'ApplicationWithdrawn': {
          const status = event.type === 'ApplicationAccepted' ? 'accepted' : event.type === 'ApplicationRejected' ? 'rejected' : 'withdrawn';
          add(day, status === 'accepted' ? 'applications_accepted' : status === 'rejected' ? 'applications_rejected' : 'applications_withdrawn');
          const application = applications.get(event.data.applicationId);
          if (application && application.status === 'pending') {
            const submittedDay = utcDay(application.submitted_at);
            add(submittedDay, COHORT.pending, -1);
            add(submittedDay, COHORT[status]);
            application.status = status;
            changedApplications.add(application.application_id);
            const byTheSkipper = status === 'accepted' || (event.type === 'ApplicationRejected' && event.data.reason === 'skipper');
            if (byTheSkipper) {
              add(day, 'responses');
              add(day, 'response_seconds', Math.max(0, Math.round((Date.parse(at) - Date.parse(application.submitted_at)) / 1000)));
            }
          }
          if (status === 'accepted' && voyage) {
            voyage.accepted++;
            changedVoyages.add(voyageId);
          }
          if (event.type === 'ApplicationWithdrawn') acted(event.data.crewId, 'crew', day);
          else if (event.type === 'ApplicationRejected' && event.data.reason === 'skipper' && voyage) acted(voyage.skipper_id, 'skipper', day);
          break;
        }
        default:
          break;
      }
      if (voyage && SKIPPER_ACTIONS.has(event.type) && voyages.has(voyageId)) acted(voyage.skipper_id, 'skipper', day);
    }

    for (const { recorded, event } of subscriptionEvents) {
      const userId = userIdOfSubscriptionStream(recorded.streamId);
      const day = utcDay(recorded.metadata.timestamp);
      switch (event.type) {
        case 'SubscriptionActivated':
        case 'SubscriptionRenewed': {
          add(day, event.type === 'SubscriptionActivated' ? 'subscriptions_activated' : 'subscriptions_renewed');
          if (!isGbp(event.data.currency)) break;
          add(day, 'revenue_pence', event.data.amountPaid);
          payments.push({ userId, periodStart: event.data.periodStart, periodEnd: event.data.periodEnd, paidAt: recorded.metadata.timestamp, amount: event.data.amountPaid });
          break;
        }
        case 'SubscriptionExpired':
          add(day, 'subscriptions_expired');
          paymentEnds.push({ userId, at: event.data.endedAt });
          break;
        case 'SubscriptionRevoked':
          paymentEnds.push({ userId, at: event.data.revokedAt });
          break;
        default:
          break;
      }
    }

    const writes: (() => Promise<unknown>)[] = [];
    if (days.size > 0) {
      const rows = [...days.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      writes.push(() => manager.query(DAILY_SQL, [rows.map(([day]) => day), ...DAILY_COUNTERS.map((name) => rows.map(([, counters]) => counters[name]))]));
    }
    const voyageRows = [...changedVoyages].flatMap((id) => {
      const row = voyages.get(id);
      return row ? [row] : [];
    });
    if (voyageRows.length > 0) {
      writes.push(() =>
        manager.query(VOYAGES_SQL, [
          voyageRows.map((r) => r.voyage_id),
          voyageRows.map((r) => r.skipper_id),
          voyageRows.map((r) => r.created_day),
          voyageRows.map((r) => r.published_day),
          voyageRows.map((r) => r.completed_day),
          voyageRows.map((r) => r.destination),
          voyageRows.map((r) => r.applications),
          voyageRows.map((r) => r.accepted),
        ]),
      );
    }
    const applicationRows = [...changedApplications].flatMap((id) => {
      const row = applications.get(id);
      return row ? [row] : [];
    });
    if (applicationRows.length > 0) {
      writes.push(() =>
        manager.query(APPLICATIONS_SQL, [
          applicationRows.map((r) => r.application_id),
          applicationRows.map((r) => r.voyage_id),
          applicationRows.map((r) => r.submitted_at),
          applicationRows.map((r) => r.status),
        ]),
      );
    }
    if (activity.size > 0) {
      const rows = [...activity.values()];
      writes.push(() => manager.query(ACTIVITY_SQL, [rows.map((r) => r.userId), rows.map((r) => r.role), rows.map((r) => r.day)]));
    }
    for (const write of writes) await write();
    if (payments.length > 0) {
      await manager.query(PAYMENTS_SQL, [
        payments.map((p) => p.userId),
        payments.map((p) => p.periodStart),
        payments.map((p) => p.periodEnd),
        payments.map((p) => p.paidAt),
        payments.map((p) => p.amount),
      ]);
    }
    if (paymentEnds.length > 0) await manager.query(PAYMENT_ENDS_SQL, [paymentEnds.map((p) => p.userId), paymentEnds.map((p) => p.at)]);
    if (deletedVoyages.size > 0) await manager.query('DELETE FROM analytics_voyages WHERE voyage_id = ANY($1::uuid[])', [[...deletedVoyages]]);
  },
};
