import { randomBytes } from 'node:crypto';
import { configHistoryProjector } from '@crew/projections';
import { createDataSource, migrate } from '../apps/api/src/platform/database/data-source';
import { PostgresEventStore } from '../apps/api/src/platform/event-store/postgres-event-store';
import { rebuildProjection } from '../apps/api/src/platform/projections/projection-rebuild';
import { atLeast, atMost, figure, round, type BenchResult } from './support';

/**
 * Rebuild throughput: seeds the log with SYNTHETIC_EVENTS platform-config
 * events straight through SQL (appending 200 000 events one by one would
 * take minutes and measure the append path again), then times the real
 * rebuildProjection of config-history over the whole log: shadow replay in
 * batches, tail replay and the atomic swap into the live table.
 */

const SYNTHETIC_EVENTS = 200_000;
/** Rows per seeding statement: one transaction id each, like many small appends would give. */
const SEED_CHUNK = 25_000;

/**
 * The four scalar config event types in turn, with payloads the domain
 * accepts, 100 events per stream (revision 0..99). Metadata timestamps in the
 * same ISO form as Date.toISOString().
 */
const SEED_SQL = `
INSERT INTO events (event_id, stream_id, revision, event_type, data, metadata)
SELECT gen_random_uuid(),
       'platform_config-rebuild-' || $1::text || '-' || (i / 100),
       i % 100,
       (ARRAY['SubscriptionPriceChanged', 'FreeTrialPeriodChanged', 'RolloutPercentageChanged', 'MonetizationToggled'])[i % 4 + 1],
       CASE i % 4
         WHEN 0 THEN jsonb_build_object('priceGbp', 20 + i % 50, 'previous', 30, 'description', 'bench price ' || i)
         WHEN 1 THEN jsonb_build_object('days', i % 60, 'previous', 14, 'description', NULL)
         WHEN 2 THEN jsonb_build_object('percentage', i % 101, 'previous', 50)
         ELSE jsonb_build_object('enabled', i % 2 = 1, 'previous', i % 2 = 0)
       END,
       jsonb_build_object('userId', NULL, 'correlationId', gen_random_uuid(), 'causationId', NULL,
                          'timestamp', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  FROM generate_series($2::bigint, $3::bigint) AS i`;

export const runRebuildBenchmark = async (databaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const dataSource = createDataSource(databaseUrl);
  const store = new PostgresEventStore({ connectionString: databaseUrl });
  try {
    await dataSource.initialize();
    await migrate(dataSource);
    await store.initialize();

    const seedStarted = performance.now();
    const runId = randomBytes(4).toString('hex');
    for (let from = 0; from < SYNTHETIC_EVENTS; from += SEED_CHUNK) {
      const to = Math.min(SYNTHETIC_EVENTS, from + SEED_CHUNK) - 1;
      await dataSource.query(SEED_SQL, [runId, from, to]);
    }
    // Autovacuum would analyse a log this size soon anyway; do it now so the
    // planner's statistics do not depend on when autovacuum happens to run.
    await dataSource.query('ANALYZE events');
    const seedMs = performance.now() - seedStarted;
    const [{ total, minXid, maxXid }] = (await dataSource.query(
      'SELECT count(*)::int AS total, min(transaction_id)::text AS "minXid", max(transaction_id)::text AS "maxXid" FROM events',
    )) as { total: number; minXid: string; maxXid: string }[];
    log(`seeded ${SYNTHETIC_EVENTS} events in ${Math.round(seedMs)} ms (log now ${total} events); rebuilding ${configHistoryProjector.name}`);

    const result = await rebuildProjection(configHistoryProjector, store, dataSource);
    const [{ rows }] = (await dataSource.query('SELECT count(*)::int AS rows FROM config_history')) as { rows: number }[];
    // A rebuild is only worth its speed if it is complete: every event one row.
    if (result.events !== total || rows !== total) {
      log(`INCOMPLETE: replayed ${result.events} events into ${rows} rows, the log has ${total} (transaction ids ${minXid}..${maxXid})`);
    }
    const perSecond = result.events / (result.milliseconds / 1_000);
    return {
      name: 'rebuild',
      title: `Projection rebuild (${configHistoryProjector.name}, whole log)`,
      figures: {
        throughput: figure('rebuild throughput', round(perSecond, 0), 'events/s', atLeast(10_000)),
        missing: figure('log events missing after rebuild', total - rows, 'events', atMost(0)),
      },
      details: {
        events: result.events,
        eventsInLog: total,
        transactionIds: `${minXid}..${maxXid}`,
        syntheticEvents: SYNTHETIC_EVENTS,
        milliseconds: round(result.milliseconds, 0),
        rowsAfterRebuild: rows,
        rebuildBatchSize: 'default (5000)',
        seedMilliseconds: round(seedMs, 0),
        seeding: `INSERT ... SELECT generate_series in chunks of ${SEED_CHUNK}, then ANALYZE events`,
      },
    };
  } finally {
    await store.close();
    if (dataSource.isInitialized) await dataSource.destroy();
  }
};
