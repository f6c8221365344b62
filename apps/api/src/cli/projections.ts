import 'reflect-metadata';
import { LOG_START } from '../platform/event-store/event-store.port';
import { countParkedEvents, listParkedEvents, retryParkedEvents } from '../platform/projections/parked-events';
import { rebuildProjection, verifyProjection } from '../platform/projections/projection-rebuild';
import { loadRebuilds, type RebuildProgress, type StoredRebuild } from '../platform/projections/rebuild-progress';
import type { Application } from '../application';
import { runWithApplication } from './cli-application';

const USAGE = `Usage:
  npm run projections -- status                      position, lag and parked events of each projection and reactor
  npm run projections -- rebuild <name|all>          replay a projection from the start while the API keeps serving
  npm run projections -- verify <name|all>           replay into shadow tables and compare with the live rows, changing nothing
  npm run projections -- parked [name]               list the events set aside because they could not be applied
  npm run projections -- retry <name|all> [eventId]  apply parked events again (after a fix or an upcaster)`;

const consumersOf = (runtime: Application) => [...runtime.projectors, ...runtime.roles.reactors];

const status = async (runtime: Application): Promise<void> => {
  const names = consumersOf(runtime).map((p) => p.name);
  const [rows, parked, rebuilds] = await Promise.all([
    runtime.dataSource.query<{ name: string; log_commit: string; log_prepare: string; updated_at: Date; last_error: string | null }[]>(
      'SELECT * FROM projection_checkpoints WHERE name = ANY($1)',
      [names],
    ),
    countParkedEvents(runtime.dataSource),
    loadRebuilds(runtime.dataSource),
  ]);
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
        parked: parked.get(name) ?? 0,
        updated: row ? row.updated_at.toISOString() : '-',
        error: row?.last_error ?? '',
        'last rebuild / verify': describeRebuild(rebuilds.get(name)),
      };
    }),
  );
  console.table(table);
  const total = [...parked.values()].reduce((sum, n) => sum + n, 0);
  if (total > 0) console.log(`${total} parked event(s): see them with "npm run projections -- parked", retry after a fix with "npm run projections -- retry all".`);
};

const parked = async (runtime: Application, which: string | undefined): Promise<void> => {
  const rows = await listParkedEvents(runtime.dataSource, which);
  if (rows.length === 0) {
    console.log(which ? `${which} has no parked events.` : 'No parked events.');
    return;
  }
  console.table(
    rows.map((row) => ({
      consumer: row.consumer,
      event: row.event_id,
      position: `${row.log_commit}/${row.log_prepare}`,
      stream: row.stream_id,
      type: row.event_type,
      attempts: row.attempts,
      'first seen': row.first_seen_at.toISOString(),
      'last seen': row.last_seen_at.toISOString(),
      error: row.error,
    })),
  );
};

const retry = async (runtime: Application, which: string, eventId: string | undefined): Promise<void> => {
  const consumers = which === 'all' ? consumersOf(runtime) : consumersOf(runtime).filter((c) => c.name === which);
  if (consumers.length === 0) {
    throw new Error(
      `No projection or reactor named "${which}". Known: ${consumersOf(runtime)
        .map((c) => c.name)
        .join(', ')}`,
    );
  }
  if (eventId !== undefined && consumers.length !== 1) throw new Error('Name one projection or reactor when retrying one event.');
  let failed = 0;
  for (const consumer of consumers) {
    const outcome = await retryParkedEvents(consumer, runtime.eventStore, runtime.dataSource, eventId === undefined ? {} : { eventId });
    if (outcome.cleared === 0 && outcome.stillParked === 0) continue;
    console.log(`${consumer.name}: ${outcome.cleared} applied and cleared, ${outcome.stillParked} still parked`);
    for (const error of outcome.errors) console.log(`  ${error.eventId}: ${error.error}`);
    failed += outcome.stillParked;
  }
  if (failed > 0) process.exitCode = 1;
};

const seconds = (value: number | null): string => (value === null ? '?' : value >= 90 ? `${Math.floor(value / 60)} min ${Math.round(value % 60)} s` : `${Math.round(value)} s`);

const describeRebuild = (run: StoredRebuild | undefined): string => {
  if (!run) return '';
  const figures = `${run.eventsDone.toLocaleString('en')} of ${run.eventsTotal.toLocaleString('en')} events, ${Math.round(run.eventsPerSecond).toLocaleString('en')}/s`;
  if (run.finishedAt) return `${run.mode} ${run.phase} ${run.finishedAt.toISOString()} (${figures})${run.error ? `: ${run.error}` : ''}`;
  if (run.interrupted) return `${run.mode} INTERRUPTED at ${figures}: start it again`;
  return `${run.mode} running: ${figures}, ${seconds(run.secondsLeft)} left`;
};

/** One line per batch on a terminal (rewritten in place), else one every 5 s, so logs stay short. */
const progressPrinter = (): ((progress: RebuildProgress) => void) => {
  let lastLine = 0;
  const tty = process.stdout.isTTY === true;
  return (p) => {
    const final = p.phase === 'done' || p.phase === 'failed';
    if (!tty && (final || p.events === 0 || performance.now() - lastLine < 5_000)) return;
    lastLine = performance.now();
    const percent = p.total > 0 ? Math.min(100, Math.floor((p.events / p.total) * 100)) : 100;
    const line = `${p.mode === 'verify' ? 'verifying' : 'rebuilding'} ${p.projection}: ${p.events.toLocaleString('en')} of ${p.total.toLocaleString('en')} events (${percent} %), ${Math.round(
      p.eventsPerSecond,
    ).toLocaleString('en')} events/s, ${p.phase === 'finishing' ? 'finishing' : `${seconds(p.secondsLeft)} left`}`;
    if (tty) process.stdout.write(`\r${line.padEnd(110)}${final ? '\n' : ''}`);
    else console.log(line);
  };
};

const targetsOf = (runtime: Application, which: string) => {
  const targets = which === 'all' ? runtime.projectors : runtime.projectors.filter((p) => p.name === which);
  if (targets.length === 0) {
    const known = runtime.projectors.map((p) => p.name).join(', ');
    throw new Error(`No projection named "${which}". Known: ${known} (reactors are never replayed).`);
  }
  return targets;
};

const rebuild = async (runtime: Application, which: string): Promise<void> => {
  for (const projector of targetsOf(runtime, which)) {
    const result = await rebuildProjection(projector, runtime.eventStore, runtime.dataSource, { onProgress: progressPrinter() });
    const rate = result.milliseconds > 0 ? Math.round((result.events / result.milliseconds) * 1000) : result.events;
    const parkedNote = result.parked > 0 ? `, ${result.parked} parked` : '';
    console.log(`rebuilt ${projector.name}: ${result.events} events in ${Math.round(result.milliseconds)} ms (${rate} events/s${parkedNote})`);
  }
};

const verify = async (runtime: Application, which: string): Promise<void> => {
  let different = 0;
  for (const projector of targetsOf(runtime, which)) {
    const result = await verifyProjection(projector, runtime.eventStore, runtime.dataSource, { onProgress: progressPrinter() });
    const at = `${result.position.commit}/${result.position.prepare}`;
    if (result.equal) {
      const rows = result.tables.map((t) => `${t.table} ${t.rows.toLocaleString('en')} rows`).join(', ');
      console.log(`${projector.name}: equal to a replay of ${result.events.toLocaleString('en')} events at ${at} (${rows}; ${result.parked} parked)`);
      continue;
    }
    different++;
    console.log(`${projector.name}: DIFFERS from a replay of ${result.events.toLocaleString('en')} events at ${at}`);
    for (const t of result.tables.filter((d) => d.onlyLive > 0 || d.onlyRebuilt > 0)) {
      console.log(`  ${t.table}: ${t.onlyLive} live row(s) the replay does not give, ${t.onlyRebuilt} replayed row(s) not live; e.g. ${t.keys.join(', ')}`);
    }
    if (result.parkedOnlyLive.length > 0) console.log(`  parked live but applied by the replay: ${result.parkedOnlyLive.slice(0, 5).join(', ')}`);
    if (result.parkedOnlyRebuilt.length > 0) console.log(`  parked by the replay but not live: ${result.parkedOnlyRebuilt.slice(0, 5).join(', ')}`);
  }
  if (different > 0) {
    console.log(`${different} projection(s) differ: "npm run projections -- rebuild <name>" replaces their rows with the replay.`);
    process.exitCode = 1;
  }
};

const [command, argument, extra] = process.argv.slice(2);
const tasks: Record<string, ((runtime: Application) => Promise<void>) | null> = {
  status: (runtime) => status(runtime),
  parked: (runtime) => parked(runtime, argument),
  rebuild: argument ? (runtime) => rebuild(runtime, argument) : null,
  verify: argument ? (runtime) => verify(runtime, argument) : null,
  retry: argument ? (runtime) => retry(runtime, argument, extra) : null,
};
const task = command ? tasks[command] : null;
if (!task) {
  console.error(USAGE);
  process.exit(2);
}
runWithApplication(task);
