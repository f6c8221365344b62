import 'reflect-metadata';
import { LOG_START } from '../platform/event-store/event-store.port';
import { rebuildProjection } from '../platform/projections/projection-rebuild';
import type { Runtime } from '../platform/runtime';
import { runWithRuntime } from './cli-runtime';

const USAGE = `Usage:
  npm run projections -- status
  npm run projections -- rebuild <name|all>`;

const status = async (runtime: Runtime): Promise<void> => {
  const names = [...runtime.projectors, ...runtime.reactors].map((p) => p.name);
  const rows: { name: string; log_commit: string; log_prepare: string; updated_at: Date; last_error: string | null }[] =
    await runtime.dataSource.query('SELECT * FROM projection_checkpoints WHERE name = ANY($1)', [names]);
  const table = await Promise.all(
    names.map(async (name) => {
      const row = rows.find((r) => r.name === name);
      const position = row ? { commit: BigInt(row.log_commit), prepare: BigInt(row.log_prepare) } : LOG_START;
      const backlog = await runtime.eventStore.backlogAfter(position);
      return {
        projection: name,
        position: row ? `${row.log_commit}/${row.log_prepare}` : 'not started',
        'lag (events)': Number(backlog.events),
        'lag (ms)': backlog.oldestRecordedAt ? Date.now() - backlog.oldestRecordedAt.getTime() : 0,
        updated: row ? row.updated_at.toISOString() : '-',
        error: row?.last_error ?? '',
      };
    }),
  );
  console.table(table);
};

const rebuild = async (runtime: Runtime, which: string): Promise<void> => {
  const targets = which === 'all' ? runtime.projectors : runtime.projectors.filter((p) => p.name === which);
  if (targets.length === 0) {
    const known = runtime.projectors.map((p) => p.name).join(', ');
    throw new Error(`No projection named "${which}". Known: ${known} (reactors are never replayed).`);
  }
  for (const projector of targets) {
    process.stdout.write(`rebuilding ${projector.name} ...`);
    const result = await rebuildProjection(projector, runtime.eventStore, runtime.dataSource);
    const rate = result.milliseconds > 0 ? Math.round((result.events / result.milliseconds) * 1000) : result.events;
    process.stdout.write(` ${result.events} events in ${Math.round(result.milliseconds)} ms (${rate} events/s)\n`);
  }
};

const [command, argument] = process.argv.slice(2);
if (command !== 'status' && !(command === 'rebuild' && argument)) {
  console.error(USAGE);
  process.exit(2);
}
runWithRuntime((runtime) => (command === 'status' ? status(runtime) : rebuild(runtime, argument!)));
