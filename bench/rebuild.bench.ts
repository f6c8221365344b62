import { allProjectors } from '@crew/projections';
import type { DataSource } from 'typeorm';
import { generateEventLog, loadGeneratorPorts, type EventLogOptions, type GeneratedLog } from '../apps/api/src/cli/event-log-generator';
import { createDataSource, migrate } from '../apps/api/src/platform/database/data-source';
import { PostgresEventStore } from '../apps/api/src/platform/event-store/postgres-event-store';
import { rebuildProjection } from '../apps/api/src/platform/projections/projection-rebuild';
import { callgrindAvailable, countRebuildInstructions, type InstructionCount } from './rebuild-instructions';
import { serverCpuAvailable, startServerCpuMeter } from './server-cpu';
import { atLeast, atMost, createBenchDatabase, figure, median, round, type BenchResult, type Figure } from './support';

/**
 * Rebuild throughput of every projection on two logs, each written straight
 * into the event store with payloads the aggregates decided:
 *
 * - `rebuild`: a million events in the platform's proportions
 *   (generateEventLog: about 50,000 voyages with their edits and status
 *   changes, 500,000 application events, configuration changes);
 * - `rebuild-voyages`: 100,000 publications of new voyages and nothing else
 *   (the `voyage-creations` mix), where every event is a new row of
 *   voyage_summaries with its places and search vector.
 *
 * Each projector in `allProjectors` (so every one added later too) is rebuilt
 * with the real rebuildProjection (shadow replay in batches, indexes, tail
 * replay and the swap into its live tables), BENCH_REBUILD_ROUNDS times
 * (default 3); the median counts. Goal: 30,000 events/s each, on both logs.
 *
 * Beside the wall-clock rates, which move with the machine's load, each
 * rebuild's CPU time is split between the Node process (process.cpuUsage) and
 * PostgreSQL's backends for the database (server-cpu.ts), in microseconds per
 * event; and each projector's rebuild is counted in instructions per event by
 * callgrind on a small log of the same kind (INSTRUCTION_LOG_EVENTS; the Node
 * process only): see rebuild-instructions.ts.
 *
 * BENCH_REBUILD_EVENTS overrides the mixed log's size (for a quick look),
 * BENCH_REBUILD_VOYAGES the creations log's; BENCH_INSTRUCTIONS=0 skips the
 * callgrind counts.
 */

const MIXED_EVENTS = 1_000_000;
const CREATIONS_EVENTS = 100_000;
const GOAL_EVENTS_PER_SECOND = 30_000;
const INSTRUCTION_LOG_EVENTS = 3_000;
// Voyage creations run between neighbouring ports of the whole catalogue, as npm run voyages:generate draws them.
const CREATION_PORTS = 20_000;

type Mix = NonNullable<EventLogOptions['mix']>;

/** Instructions per event of each projector's rebuild, on a small log of the mix in a database of its own. */
const instructionCounts = async (mix: Mix, log: (line: string) => void): Promise<InstructionCount[] | string> => {
  if (process.env['BENCH_INSTRUCTIONS'] === '0') return 'skipped (BENCH_INSTRUCTIONS=0)';
  if (!callgrindAvailable()) return 'skipped: valgrind (callgrind) is not installed';
  const database = await createBenchDatabase();
  const dataSource = createDataSource(database.url);
  const store = new PostgresEventStore({ connectionString: database.url });
  try {
    await dataSource.initialize();
    await migrate(dataSource);
    await store.initialize();
    const ports = await loadGeneratorPorts(dataSource, mix === 'voyage-creations' ? CREATION_PORTS : undefined);
    await generateEventLog(dataSource, { events: INSTRUCTION_LOG_EVENTS, ports, seed: 3, mix });
    await dataSource.query('VACUUM ANALYZE events');
    return await countRebuildInstructions(database.url, log);
  } finally {
    await store.close();
    if (dataSource.isInitialized) await dataSource.destroy();
    await database.drop();
  }
};

/** Rows each projection must hold after the rebuild, from what the generator wrote. */
const expectedRows = (byType: Readonly<Record<string, number>>, voyages: number): Readonly<Record<string, { sql: string; rows: number }>> => ({
  'voyage-summaries': { sql: 'SELECT count(*)::int AS n FROM voyage_summaries', rows: voyages },
  applications: { sql: 'SELECT count(*)::int AS n FROM applications', rows: byType['ApplicationSubmitted'] ?? 0 },
  'config-history': {
    sql: 'SELECT count(*)::int AS n FROM config_history',
    rows: ['MonetizationToggled', 'RolloutPercentageChanged', 'FreeTrialPeriodChanged', 'SubscriptionPriceChanged', 'AccessListUserAdded', 'AccessListUserRemoved']
      .map((type) => byType[type] ?? 0)
      .reduce((sum, n) => sum + n, 0),
  },
});

/** One projection's rebuilds on one log: the median rate and CPU split, and every round. */
interface ProjectionFigures {
  readonly events: number;
  readonly eventsPerSecond: number;
  readonly nodeMicrosecondsPerEvent: number;
  readonly postgresMicrosecondsPerEvent: number | null;
  readonly rounds: readonly { milliseconds: number; eventsPerSecond: number; nodeMs: number; postgresMs: number | null }[];
  readonly rows: number | null;
  readonly expectedRows: number | null;
  readonly parked: number;
}

/** Rebuilds every projection `rounds` times on the log in the database and measures each. */
const rebuildEvery = async (
  databaseUrl: string,
  dataSource: DataSource,
  store: PostgresEventStore,
  generated: GeneratedLog,
  rounds: number,
  log: (line: string) => void,
): Promise<{ projections: Record<string, ProjectionFigures>; missing: number; total: number }> => {
  const [{ total }] = (await dataSource.query('SELECT count(*)::int AS total FROM events')) as { total: number }[];
  const expected = expectedRows(generated.byType, generated.voyages);
  const projections: Record<string, ProjectionFigures> = {};
  let missing = 0;
  for (const projector of allProjectors) {
    const measured: ProjectionFigures['rounds'][number][] = [];
    let last = { events: 0, parked: 0 };
    for (let round = 0; round < rounds; round++) {
      const meter = serverCpuAvailable() ? await startServerCpuMeter(databaseUrl) : null;
      const cpu = process.cpuUsage();
      const result = await rebuildProjection(projector, store, dataSource);
      const used = process.cpuUsage(cpu);
      const postgresMs = meter ? await meter.stop() : null;
      last = { events: result.events, parked: result.parked };
      measured.push({
        milliseconds: result.milliseconds,
        eventsPerSecond: result.events / (result.milliseconds / 1_000),
        nodeMs: (used.user + used.system) / 1_000,
        postgresMs,
      });
    }
    const check = expected[projector.name];
    const rows = check ? ((await dataSource.query(check.sql)) as { n: number }[])[0]!.n : null;
    if (check && rows !== check.rows) {
      missing += Math.abs(check.rows - (rows ?? 0));
      log(`INCOMPLETE ${projector.name}: ${rows} rows, expected ${check.rows}`);
    }
    if (last.events !== total) missing += Math.abs(total - last.events);
    const perEvent = (ms: number): number => (last.events > 0 ? (ms * 1_000) / last.events : 0);
    const postgres = measured.every((m) => m.postgresMs !== null) ? median(measured.map((m) => perEvent(m.postgresMs ?? 0))) : null;
    const figures: ProjectionFigures = {
      events: last.events,
      eventsPerSecond: median(measured.map((m) => m.eventsPerSecond)),
      nodeMicrosecondsPerEvent: median(measured.map((m) => perEvent(m.nodeMs))),
      postgresMicrosecondsPerEvent: postgres,
      rounds: measured.map((m) => ({
        ...m,
        milliseconds: round(m.milliseconds, 0),
        eventsPerSecond: round(m.eventsPerSecond, 0),
        nodeMs: round(m.nodeMs, 0),
        postgresMs: m.postgresMs,
      })),
      rows,
      expectedRows: check?.rows ?? null,
      parked: last.parked,
    };
    projections[projector.name] = figures;
    log(
      `${projector.name}: ${figures.events} events, median ${Math.round(figures.eventsPerSecond)} events/s of ${rounds} (${measured.map((m) => Math.round(m.eventsPerSecond)).join(', ')}); ` +
        `CPU per event: Node ${figures.nodeMicrosecondsPerEvent.toFixed(1)} µs, PostgreSQL ${postgres === null ? 'n/a' : `${postgres.toFixed(1)} µs`}`,
    );
  }
  return { projections, missing, total };
};

const runOn = async (
  name: string,
  mix: Mix,
  size: number,
  databaseUrl: string,
  log: (line: string) => void,
): Promise<{ result: Omit<BenchResult, 'name' | 'title'>; total: number; generated: GeneratedLog }> => {
  const rounds = Math.max(1, Number(process.env['BENCH_REBUILD_ROUNDS'] ?? 3));
  const instructions = await instructionCounts(mix, log);
  const dataSource = createDataSource(databaseUrl);
  const store = new PostgresEventStore({ connectionString: databaseUrl });
  try {
    await dataSource.initialize();
    await migrate(dataSource);
    await store.initialize();

    const ports = await loadGeneratorPorts(dataSource, mix === 'voyage-creations' ? CREATION_PORTS : undefined);
    const generated = await generateEventLog(dataSource, { events: size, ports, log, mix });
    // Autovacuum would analyse a log this size soon anyway; do it now so the
    // planner's statistics do not depend on when autovacuum happens to run.
    await dataSource.query('VACUUM ANALYZE events');
    log(`generated ${generated.events} events (${generated.voyages} voyages) in ${Math.round(generated.milliseconds)} ms`);

    const { projections, missing, total } = await rebuildEvery(databaseUrl, dataSource, store, generated, rounds, log);
    const figures: Record<string, Figure> = {};
    for (const [projection, measured] of Object.entries(projections)) {
      figures[projection] = figure(`${projection} rebuild`, round(measured.eventsPerSecond, 0), 'events/s', atLeast(GOAL_EVENTS_PER_SECOND));
      figures[`${projection}-node-cpu`] = figure(`${projection} Node CPU per event`, round(measured.nodeMicrosecondsPerEvent, 1), 'µs');
      if (measured.postgresMicrosecondsPerEvent !== null) {
        figures[`${projection}-postgres-cpu`] = figure(`${projection} PostgreSQL CPU per event`, round(measured.postgresMicrosecondsPerEvent, 1), 'µs');
      }
    }
    if (Array.isArray(instructions)) {
      for (const count of instructions) {
        figures[`${count.projection}-instructions`] = figure(`${count.projection} instructions per event (Node process)`, round(count.perEvent, 0), 'instructions');
      }
    }
    figures['missing'] = figure('rows or events missing after rebuilds', missing, 'rows', atMost(0));
    return {
      total,
      generated,
      result: {
        figures,
        details: {
          log: name,
          eventsInLog: total,
          voyages: generated.voyages,
          eventsByType: generated.byType,
          generateMilliseconds: round(generated.milliseconds, 0),
          generation: `generateEventLog (mix ${mix}): aggregates decide every event, inserted in chunks of 10,000 (one transaction id each), then VACUUM ANALYZE events`,
          rebuildBatchSize: 'default',
          rounds,
          cpu: serverCpuAvailable()
            ? 'median CPU per event of the Node process (process.cpuUsage) and of the database backends of PostgreSQL (/proc/<pid>/stat, sampled every 100 ms; WAL writer, checkpointer and autovacuum not counted)'
            : 'PostgreSQL CPU not measured (/proc unavailable)',
          projections,
          instructions: Array.isArray(instructions)
            ? {
                method: `callgrind (valgrind --tool=callgrind --instr-atstart=no --smc-check=all) over the Node process of one rebuild per projector, on a log of ${INSTRUCTION_LOG_EVENTS} generated events (mix ${mix}), after a warm-up rebuild; PostgreSQL's work is not counted`,
                counts: instructions,
              }
            : instructions,
        },
      },
    };
  } finally {
    await store.close();
    if (dataSource.isInitialized) await dataSource.destroy();
  }
};

/** The mixed log of a million events, in the bench's own database (the runs after it use the large log it leaves). */
export const runRebuildBenchmark = async (databaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const size = Number(process.env['BENCH_REBUILD_EVENTS'] ?? MIXED_EVENTS);
  const { result, total } = await runOn('platform', 'platform', size, databaseUrl, log);
  return { name: 'rebuild', title: `Projection rebuilds (every projection, ${total.toLocaleString('en')} events in the platform's proportions)`, ...result };
};

/** A log of voyage creations only, in a database of its own. */
export const runVoyageCreationsRebuildBenchmark = async (_databaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const size = Number(process.env['BENCH_REBUILD_VOYAGES'] ?? CREATIONS_EVENTS);
  const database = await createBenchDatabase();
  try {
    const { result, total } = await runOn('voyage-creations', 'voyage-creations', size, database.url, log);
    return { name: 'rebuild-voyages', title: `Projection rebuilds (every projection, a log of ${total.toLocaleString('en')} voyage creations)`, ...result };
  } finally {
    await database.drop();
  }
};
