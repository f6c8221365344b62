import { randomBytes, randomUUID } from 'node:crypto';
import { configHistoryProjector } from '@crew/projections';
import { Client } from 'pg';
import { createDataSource, migrate } from '../apps/api/src/platform/database/data-source';
import {
  comparePositions,
  LOG_START,
  positionFromString,
  type EventToAppend,
  type ExpectedRevision,
  type LogPosition,
} from '../apps/api/src/platform/event-store/event-store.port';
import { PostgresEventStore } from '../apps/api/src/platform/event-store/postgres-event-store';
import { ProjectionRunner } from '../apps/api/src/platform/projections/projection-runner';
import { atLeast, atMost, figure, percentile, quietLogger, round, waitUntil, type BenchResult } from './support';

/**
 * Event-store appends and projection lag, measured together because the lag
 * only means something under write load.
 *
 * Writers: `writers` concurrent loops (10, and 50 for the throughput goal),
 * each appending one SubscriptionPriceChanged event at a time to its own stream
 * with the exact expected revision (the aggregate-repository pattern), through
 * one PostgresEventStore (a connection per writer, at most 20), which batches
 * appends that queue while others are in flight into one transaction.
 *
 * Projection: the real config-history projector in a ProjectionRunner with its
 * production defaults, on its own store and DataSource (own pools and LISTEN
 * connection, as in a separate projector process), so its reads do not queue
 * behind the writers' pool.
 *
 * Lag of an event = time from its append being acknowledged to the writer
 * (commit done) until the runner has committed a batch containing it, i.e. its
 * config_history row is visible to any reader. Detected by the runner's
 * onProgress callback, which fires right after that commit. An event already
 * covered when its ack arrives counts as 0 ms. Also reported: the same lag as
 * another process sees it through the runner's NOTIFY projection_progress
 * (what ProjectionProgress.waitFor relies on), and the lag counted from the
 * start of the append. Each appended event must end up with exactly one row.
 */

/** Connections of the writers' store: one per writer, at most this many (PostgreSQL is shared). */
const MAX_WRITER_POOL = 20;
const WARMUP_SECONDS = 1;
const MEASURE_SECONDS = 5;
const CATCH_UP_TIMEOUT_MS = 30_000;

interface Pending {
  readonly position: LogPosition;
  readonly startedAt: number;
  readonly ackedAt: number;
}

/** Matches appended events with the first checkpoint report that covers them. */
class LagTracker {
  private reached: LogPosition = LOG_START;
  private pending: Pending[] = [];
  readonly sinceAck: number[] = [];
  readonly sinceStart: number[] = [];
  coveredBeforeAck = 0;

  appended(event: Pending): void {
    if (comparePositions(event.position, this.reached) <= 0) {
      this.coveredBeforeAck++;
      this.record(event, event.ackedAt);
    } else {
      this.pending.push(event);
    }
  }

  progress(position: LogPosition, at: number): void {
    if (comparePositions(position, this.reached) > 0) this.reached = position;
    if (this.pending.length === 0) return;
    const still: Pending[] = [];
    for (const event of this.pending) {
      if (comparePositions(event.position, position) <= 0) this.record(event, at);
      else still.push(event);
    }
    this.pending = still;
  }

  get unresolved(): number {
    return this.pending.length;
  }

  private record(event: Pending, visibleAt: number): void {
    this.sinceAck.push(Math.max(0, visibleAt - event.ackedAt));
    this.sinceStart.push(Math.max(0, visibleAt - event.startedAt));
  }
}

const priceChanged = (priceGbp: number): EventToAppend => ({
  id: randomUUID(),
  type: 'SubscriptionPriceChanged',
  data: { priceGbp, previous: priceGbp - 1, description: null },
  metadata: { userId: null, correlationId: randomUUID(), causationId: null, timestamp: new Date().toISOString() },
});

/**
 * Runs the append + lag measurement on whatever log the database holds; run-all
 * calls it on a fresh log and again after the rebuild seeded 200 000 events
 * (`suffix` names the second set of results), because a read path that
 * degrades with the size of the log only shows on a large one.
 */
export const runAppendBenchmark = async (databaseUrl: string, log: (line: string) => void, suffix = '', writers = 10): Promise<BenchResult[]> => {
  const WRITERS = writers;
  const writerStore = new PostgresEventStore({ connectionString: databaseUrl, poolSize: Math.min(WRITERS, MAX_WRITER_POOL) });
  const runnerStore = new PostgresEventStore({ connectionString: databaseUrl });
  const dataSource = createDataSource(databaseUrl);
  const listener = new Client({ connectionString: databaseUrl, application_name: 'crew-bench-progress' });
  let runner: ProjectionRunner | null = null;
  try {
    await dataSource.initialize();
    await migrate(dataSource);
    await writerStore.initialize();
    await listener.connect();
    const [{ before }] = (await dataSource.query('SELECT count(*)::int AS before FROM events')) as { before: number }[];

    const inProcess = new LagTracker();
    const viaNotify = new LagTracker();
    let measuring = false;
    let runnerAt: LogPosition = LOG_START;
    let runnerBatches = 0;
    listener.on('notification', (message) => {
      const [name, position] = (message.payload ?? '').split(' ');
      if (name === configHistoryProjector.name && position) viaNotify.progress(positionFromString(position), performance.now());
    });
    await listener.query('LISTEN projection_progress');

    runner = new ProjectionRunner(configHistoryProjector, runnerStore, dataSource, {
      logger: quietLogger,
      onProgress: (_name, position) => {
        runnerAt = position;
        runnerBatches++;
        inProcess.progress(position, performance.now());
      },
    });
    runner.start();

    // Open every pooled connection first, so connection set-up is not timed.
    await Promise.all(Array.from({ length: Math.min(WRITERS, MAX_WRITER_POOL) }, () => writerStore.ping()));

    const latencies: number[] = [];
    const appendedIds: string[] = [];
    let head: LogPosition = LOG_START;
    const runId = randomBytes(4).toString('hex');
    const measureFrom = performance.now() + WARMUP_SECONDS * 1_000;
    const endAt = measureFrom + MEASURE_SECONDS * 1_000;
    let lastAck = measureFrom;

    const writer = async (index: number): Promise<void> => {
      const stream = `platform_config-bench-${runId}-${index}`;
      let expected: ExpectedRevision = 'no_stream';
      for (let price = 1; performance.now() < endAt; price++) {
        const startedAt = performance.now();
        const event = priceChanged(price);
        const result = await writerStore.appendToStream(stream, [event], expected);
        const ackedAt = performance.now();
        expected = result.nextExpectedRevision;
        appendedIds.push(event.id);
        if (comparePositions(result.position, head) > 0) head = result.position;
        if (startedAt < measureFrom) continue; // warm-up: projected, not measured
        measuring = true;
        lastAck = ackedAt;
        latencies.push(ackedAt - startedAt);
        inProcess.appended({ position: result.position, startedAt, ackedAt });
        viaNotify.appended({ position: result.position, startedAt, ackedAt });
      }
    };
    log(`${WRITERS} writers on a log of ${before} events: ${WARMUP_SECONDS} s warm-up + ${MEASURE_SECONDS} s measured, config-history runner following`);
    await Promise.all(Array.from({ length: WRITERS }, (_, i) => writer(i)));
    if (!measuring) throw new Error('no append completed inside the measured window');

    const caughtUp = await waitUntil(() => comparePositions(runnerAt, head) >= 0 && viaNotify.unresolved === 0, CATCH_UP_TIMEOUT_MS);
    if (!caughtUp) log(`runner did not catch up within ${CATCH_UP_TIMEOUT_MS / 1000} s`);
    // Every appended event must have produced exactly one row (duplicates are absorbed by the primary key).
    const [{ rows }] = (await dataSource.query('SELECT count(*)::int AS rows FROM config_history WHERE event_id = ANY($1::uuid[])', [appendedIds])) as { rows: number }[];
    const appended = appendedIds.length;

    const seconds = (lastAck - measureFrom) / 1_000;
    const append: BenchResult = {
      name: `append${suffix}`,
      title: `Event store append (PostgreSQL, ${WRITERS} writers, 1 event each, log of ${before} events at start)`,
      figures: {
        p50: figure('latency p50', round(percentile(latencies, 50)), 'ms', WRITERS <= 10 ? atMost(5) : null),
        p99: figure('latency p99', round(percentile(latencies, 99)), 'ms'),
        throughput: figure('throughput', round(latencies.length / seconds, 0), 'appends/s', atLeast(WRITERS >= 50 ? 5_000 : 500)),
      },
      details: {
        writers: WRITERS,
        writerPool: Math.min(WRITERS, MAX_WRITER_POOL),
        // Appends per transaction: what batching several streams' appends into one commit gained.
        appendsPerTransaction: round(writerStore.appendStats.appends / Math.max(1, writerStore.appendStats.transactions)),
        eventsInLogAtStart: before,
        warmupSeconds: WARMUP_SECONDS,
        measuredSeconds: round(seconds, 3),
        measuredAppends: latencies.length,
        totalAppends: appended,
        maxMs: round(percentile(latencies, 100)),
        concurrentProjectionRunner: configHistoryProjector.name,
      },
    };
    const lag: BenchResult = {
      name: `projectionLag${suffix}`,
      title: `Projection lag under that load (config-history, append ack -> row committed, log of ${before} events at start)`,
      figures: {
        p50: figure('lag p50', round(percentile(inProcess.sinceAck, 50)), 'ms'),
        p99: figure('lag p99', round(percentile(inProcess.sinceAck, 99)), 'ms', atMost(100)),
        notifyP99: figure('lag p99 seen via NOTIFY', round(percentile(viaNotify.sinceAck, 99)), 'ms'),
        fromStartP99: figure('lag p99 from append start', round(percentile(inProcess.sinceStart, 99)), 'ms'),
        missing: figure('appended events without a row', appended - rows, 'events', atMost(0)),
      },
      details: {
        measured: 'append acknowledged to writer -> runner committed the batch holding the event (onProgress, same process)',
        samples: inProcess.sinceAck.length,
        unresolved: inProcess.unresolved,
        coveredBeforeAck: inProcess.coveredBeforeAck,
        notifyP50Ms: round(percentile(viaNotify.sinceAck, 50)),
        fromStartP50Ms: round(percentile(inProcess.sinceStart, 50)),
        maxMs: round(percentile(inProcess.sinceAck, 100)),
        runnerBatchSize: 'default (500)',
        // The runner commits whatever one read returned: many small transactions under load.
        runnerBatches,
        meanEventsPerBatch: round(appended / Math.max(1, runnerBatches)),
        caughtUp,
        rowsProjected: rows,
        eventsAppended: appended,
      },
    };
    if (rows !== appended) log(`config_history has ${rows} rows for the ${appended} events appended`);
    return [append, lag];
  } finally {
    await runner?.stop();
    await listener.end().catch(() => undefined);
    await runnerStore.close();
    await writerStore.close();
    if (dataSource.isInitialized) await dataSource.destroy();
  }
};
