import { allProjectors } from '@crew/projections';
import { generateEventLog, loadGeneratorPorts } from '../apps/api/src/cli/event-log-generator';
import { createDataSource, migrate } from '../apps/api/src/platform/database/data-source';
import { PostgresEventStore } from '../apps/api/src/platform/event-store/postgres-event-store';
import { rebuildProjection } from '../apps/api/src/platform/projections/projection-rebuild';
import { callgrindAvailable, countRebuildInstructions, type InstructionCount } from './rebuild-instructions';
import { atLeast, atMost, createBenchDatabase, figure, round, type BenchResult, type Figure } from './support';

/**
 * Rebuild throughput of every projection on a log of a million events in the
 * platform's proportions (generateEventLog: 50,000 voyages with their edits
 * and status changes, 500,000 application events, configuration changes),
 * written straight into the event store with payloads the aggregates
 * decided. Each projector in `allProjectors` (so every one added later too)
 * is rebuilt with the real rebuildProjection: shadow replay in batches, tail
 * replay and the atomic swap into its live tables. Goal: 20,000 events/s each.
 *
 * Beside the wall-clock rates, which move with the machine's load, each
 * projector's rebuild is counted in instructions per event by callgrind on a
 * small log of its own (INSTRUCTION_LOG_EVENTS; no goal): see rebuild-instructions.ts.
 *
 * BENCH_REBUILD_EVENTS overrides the log size (for a quick look);
 * BENCH_INSTRUCTIONS=0 skips the callgrind count.
 */

const DEFAULT_EVENTS = 1_000_000;
const GOAL_EVENTS_PER_SECOND = 20_000;
const INSTRUCTION_LOG_EVENTS = 3_000;

/** Instructions per event of each projector's rebuild, on a small log in a database of its own. */
const instructionCounts = async (log: (line: string) => void): Promise<InstructionCount[] | string> => {
  if (process.env['BENCH_INSTRUCTIONS'] === '0') return 'skipped (BENCH_INSTRUCTIONS=0)';
  if (!callgrindAvailable()) return 'skipped: valgrind (callgrind) is not installed';
  const database = await createBenchDatabase();
  const dataSource = createDataSource(database.url);
  const store = new PostgresEventStore({ connectionString: database.url });
  try {
    await dataSource.initialize();
    await migrate(dataSource);
    await store.initialize();
    await generateEventLog(dataSource, { events: INSTRUCTION_LOG_EVENTS, ports: await loadGeneratorPorts(dataSource), seed: 3 });
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

export const runRebuildBenchmark = async (databaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const size = Number(process.env['BENCH_REBUILD_EVENTS'] ?? DEFAULT_EVENTS);
  const instructions = await instructionCounts(log);
  const dataSource = createDataSource(databaseUrl);
  const store = new PostgresEventStore({ connectionString: databaseUrl });
  try {
    await dataSource.initialize();
    await migrate(dataSource);
    await store.initialize();

    const ports = await loadGeneratorPorts(dataSource);
    const generated = await generateEventLog(dataSource, { events: size, ports, log });
    // Autovacuum would analyse a log this size soon anyway; do it now so the
    // planner's statistics do not depend on when autovacuum happens to run.
    await dataSource.query('VACUUM ANALYZE events');
    const [{ total }] = (await dataSource.query('SELECT count(*)::int AS total FROM events')) as { total: number }[];
    log(`generated ${generated.events} events (${generated.voyages} voyages) in ${Math.round(generated.milliseconds)} ms; log now ${total} events`);

    const figures: Record<string, Figure> = {};
    const perProjection: Record<string, unknown> = {};
    const expected = expectedRows(generated.byType, generated.voyages);
    let missing = 0;
    for (const projector of allProjectors) {
      const result = await rebuildProjection(projector, store, dataSource);
      const perSecond = result.events / (result.milliseconds / 1_000);
      const check = expected[projector.name];
      const rows = check ? ((await dataSource.query(check.sql)) as { n: number }[])[0]!.n : null;
      if (check && rows !== check.rows) {
        missing += Math.abs(check.rows - (rows ?? 0));
        log(`INCOMPLETE ${projector.name}: ${rows} rows, expected ${check.rows}`);
      }
      if (result.events !== total) missing += Math.abs(total - result.events);
      log(`${projector.name}: ${result.events} events in ${Math.round(result.milliseconds)} ms (${Math.round(perSecond)} events/s)`);
      figures[projector.name] = figure(`${projector.name} rebuild`, round(perSecond, 0), 'events/s', atLeast(GOAL_EVENTS_PER_SECOND));
      perProjection[projector.name] = { events: result.events, milliseconds: round(result.milliseconds, 0), rows, expectedRows: check?.rows ?? null, parked: result.parked };
    }
    if (Array.isArray(instructions)) {
      for (const count of instructions) {
        figures[`${count.projection}-instructions`] = figure(`${count.projection} instructions per event (Node process)`, round(count.perEvent, 0), 'instructions');
      }
    }
    figures['missing'] = figure('rows or events missing after rebuilds', missing, 'rows', atMost(0));
    return {
      name: 'rebuild',
      title: `Projection rebuilds (every projection, ${total.toLocaleString('en')} events)`,
      figures,
      details: {
        eventsInLog: total,
        voyages: generated.voyages,
        eventsByType: generated.byType,
        generateMilliseconds: round(generated.milliseconds, 0),
        generation: 'generateEventLog: aggregates decide every event, inserted with unnest in chunks of 10,000 (one transaction id each), then VACUUM ANALYZE events',
        rebuildBatchSize: 'default',
        projections: perProjection,
        instructions: Array.isArray(instructions)
          ? {
              method: `callgrind (valgrind --tool=callgrind --instr-atstart=no --smc-check=all) over the Node process of one rebuild per projector, on a log of ${INSTRUCTION_LOG_EVENTS} generated events, after a warm-up rebuild; PostgreSQL's work is not counted`,
              counts: instructions,
            }
          : instructions,
      },
    };
  } finally {
    await store.close();
    if (dataSource.isInitialized) await dataSource.destroy();
  }
};
