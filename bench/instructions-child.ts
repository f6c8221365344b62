import 'reflect-metadata';
import { createInterface } from 'node:readline';
import { allProjectors } from '@crew/projections';
import { createDataSource } from '../apps/api/src/platform/database/data-source';
import { PostgresEventStore } from '../apps/api/src/platform/event-store/postgres-event-store';
import { rebuildProjection } from '../apps/api/src/platform/projections/projection-rebuild';

/**
 * Runs under callgrind for bench/rebuild-instructions.ts: for each projector,
 * a warm-up rebuild (uninstrumented, so V8 has compiled the hot code), then
 * "READY <name>"; on "GO" one measured rebuild and "DONE <name> <events>".
 * The parent switches callgrind's instrumentation on and off around it
 * (node runs with --expose-gc, so each measurement starts from a collected heap).
 */
const collectGarbage = (): void => (globalThis as { gc?: () => void }).gc?.();

const main = async (): Promise<void> => {
  const [databaseUrl] = process.argv.slice(2);
  if (!databaseUrl) throw new Error('usage: instructions-child <database url>');
  const dataSource = createDataSource(databaseUrl, { poolSize: 4 });
  const store = new PostgresEventStore({ connectionString: databaseUrl, poolSize: 2 });
  await dataSource.initialize();
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  try {
    for (const projector of allProjectors) {
      await rebuildProjection(projector, store, dataSource);
      // Start the measurement from a collected heap (before instrumentation is on), so what an earlier projector left is not counted here.
      collectGarbage();
      process.stdout.write(`READY ${projector.name}\n`);
      const go = await lines.next();
      if (go.done || go.value !== 'GO') return;
      const result = await rebuildProjection(projector, store, dataSource);
      process.stdout.write(`DONE ${projector.name} ${result.events}\n`);
      const next = await lines.next();
      if (next.done || next.value !== 'NEXT') return;
    }
  } finally {
    await store.close();
    await dataSource.destroy();
  }
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
