import 'reflect-metadata';
import { allProjectors } from '@crew/projections';
import { generateEventLog, loadGeneratorPorts } from '../apps/api/src/cli/event-log-generator';
import { createDataSource, migrate } from '../apps/api/src/platform/database/data-source';
import { PostgresEventStore } from '../apps/api/src/platform/event-store/postgres-event-store';
import { rebuildProjection } from '../apps/api/src/platform/projections/projection-rebuild';

/**
 * Rebuilds one projection repeatedly over a generated log, for profiling
 * (node --cpu-prof dist/bench/profile-rebuild.js <database url> <projection> [events] [rounds]).
 * The database keeps its log between runs: a second run with the same size skips generation.
 */
const main = async (): Promise<void> => {
  const [url, name, size = '200000', rounds = '3'] = process.argv.slice(2);
  const projector = allProjectors.find((p) => p.name === name);
  if (!url || !projector) throw new Error('usage: profile-rebuild <database url> <projection> [events] [rounds]');
  const dataSource = createDataSource(url);
  const store = new PostgresEventStore({ connectionString: url });
  await dataSource.initialize();
  try {
    await migrate(dataSource);
    await store.initialize();
    const [{ n }] = (await dataSource.query('SELECT count(*)::int AS n FROM events')) as { n: number }[];
    if (n < Number(size)) {
      await generateEventLog(dataSource, { events: Number(size) - n, ports: await loadGeneratorPorts(dataSource), seed: Date.now() % 100_000 });
      await dataSource.query('VACUUM ANALYZE events');
    }
    for (let round = 0; round < Number(rounds); round++) {
      const result = await rebuildProjection(projector, store, dataSource);
      console.log(`${projector.name}: ${result.events} events in ${Math.round(result.milliseconds)} ms (${Math.round(result.events / (result.milliseconds / 1000))} events/s)`);
    }
  } finally {
    await store.close();
    await dataSource.destroy();
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
