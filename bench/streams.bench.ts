import { randomUUID } from 'node:crypto';
import { eventUpcasters, UpcasterRegistry, Voyage, voyageStreamId, type Contribution, type VoyageEvent, type VoyagePlan } from '@crew/domain';
import { AggregateRepository } from '../apps/api/src/platform/event-store/aggregate-repository';
import type { EventStore, EventToAppend } from '../apps/api/src/platform/event-store/event-store.port';
import { PostgresEventStore } from '../apps/api/src/platform/event-store/postgres-event-store';
import { UpcastingEventStore } from '../apps/api/src/platform/event-store/upcasting-event-store';
import { atMost, figure, median, percentile, round, type BenchResult, type Figure } from './support';

/**
 * Command latency against the length of the stream it changes.
 *
 * One voyage per length (10, 100, 1,000, 5,000 events), published through the
 * command path, then grown with valid domain events appended directly in
 * batches: applications (each from its own crew member), withdrawals of some of
 * them, and contribution edits, in the mix a popular voyage gathers. Then
 * COMMANDS contribution changes are sent one after another through the
 * aggregate repository, as the API sends them (load, decide, append), and each
 * is timed; the first WARMUP are not counted. Also timed: the first command of
 * a process that never loaded the stream (a new repository), once folding the
 * whole stream (no cached state, no snapshot: what every command cost before
 * states were kept) and once starting from the snapshot kept beside the stream.
 */

const LENGTHS = [10, 100, 1_000, 5_000] as const;
const WARMUP = Number(process.env['BENCH_STREAMS_WARMUP'] ?? 20);
const COMMANDS = Number(process.env['BENCH_STREAMS_COMMANDS'] ?? 300);
const COLD_ROUNDS = Number(process.env['BENCH_STREAMS_COLD'] ?? 5);
const APPEND_BATCH = 200;

const SKIPPER = randomUUID();
const BOAT = randomUUID();

const plan = (): VoyagePlan => {
  const start = new Date(Date.now() + 30 * 86_400_000);
  const end = new Date(start.getTime() + 10 * 86_400_000);
  return {
    title: 'Long stream passage',
    description: 'A voyage that gathers many applications.',
    startDate: start.toISOString().slice(0, 10),
    endDate: end.toISOString().slice(0, 10),
    minExperience: 'beginner',
    skills: ['Navigation'],
    crewNeeded: 20,
    contribution: { type: 'shared_costs', amount: 100, currency: 'EUR', details: '' },
    isCustom: false,
    customNotes: '',
    stops: [
      { name: 'Falmouth', portId: null, coordinates: [-5.07, 50.15] },
      { name: 'Brest', portId: null, coordinates: [-4.49, 48.38] },
      { name: 'La Coruna', portId: null, coordinates: [-8.4, 43.37] },
    ],
    custom: null,
  };
};

const contribution = (amount: number): Contribution => ({ type: 'shared_costs', amount, currency: 'EUR', details: '' });

/** The i-th event of the mix: 6 applications, 2 withdrawals of earlier ones, 2 edits in every 10. */
const mixEvent = (i: number, pending: { applicationId: string; crewId: string }[]): VoyageEvent => {
  const slot = i % 10;
  const withdrawn = slot === 3 || slot === 7 ? pending.shift() : undefined;
  if (withdrawn) return { type: 'ApplicationWithdrawn', data: withdrawn };
  if (slot === 5 || slot === 9) return { type: 'VoyageContributionChanged', data: { contribution: contribution(100 + i) } };
  const applicationId = randomUUID();
  const crewId = randomUUID();
  pending.push({ applicationId, crewId });
  return { type: 'ApplicationSubmitted', data: { applicationId, crewId, segmentOrders: i % 3 === 0 ? [1] : [] } };
};

const toAppend = (event: VoyageEvent): EventToAppend => ({
  id: randomUUID(),
  type: event.type,
  data: event.data,
  metadata: { userId: null, correlationId: randomUUID(), causationId: null, timestamp: new Date().toISOString() },
});

/** Publishes a voyage and grows its stream to `length` events. */
const buildStream = async (store: EventStore, repository: AggregateRepository, length: number): Promise<string> => {
  const streamId = voyageStreamId(randomUUID());
  await repository.execute(
    Voyage,
    streamId,
    { type: 'PublishVoyage', actorId: SKIPPER, plan: plan(), boat: { id: BOAT, ownerId: SKIPPER, isActive: true } },
    {
      userId: SKIPPER,
      correlationId: randomUUID(),
    },
  );
  const pending: { applicationId: string; crewId: string }[] = [];
  let revision = 0n;
  for (let made = 1; made < length;) {
    const batch: EventToAppend[] = [];
    for (; made < length && batch.length < APPEND_BATCH; made++) batch.push(toAppend(mixEvent(made, pending)));
    revision = (await store.appendToStream(streamId, batch, revision)).nextExpectedRevision;
  }
  return streamId;
};

const changeContribution = (repository: AggregateRepository, streamId: string, amount: number): Promise<unknown> =>
  repository.execute(
    Voyage,
    streamId,
    { type: 'ChangeVoyageContribution', actorId: SKIPPER, contribution: contribution(amount) },
    {
      userId: SKIPPER,
      correlationId: randomUUID(),
    },
  );

export const runStreamsBenchmark = async (databaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const inner = new PostgresEventStore({ connectionString: databaseUrl, poolSize: 4 });
  const store = new UpcastingEventStore(inner, new UpcasterRegistry(eventUpcasters));
  try {
    await inner.initialize();
    const snapshots = inner.snapshots();
    const builder = new AggregateRepository(store, { snapshots });
    const figures: Record<string, Figure> = {};
    const perLength: Record<string, unknown> = {};
    let amount = 1_000;
    for (const length of LENGTHS) {
      const streamId = await buildStream(store, builder, length);
      // Cold: a process that never loaded this stream; first with nothing kept (the whole stream folded)...
      const fullFold: number[] = [];
      for (let round = 0; round < COLD_ROUNDS; round++) {
        const fresh = new AggregateRepository(store, { cachedStreams: 0, snapshots: null });
        const started = performance.now();
        await changeContribution(fresh, streamId, amount++);
        fullFold.push(performance.now() - started);
      }
      // ...then with the snapshot another process left beside the stream.
      const primer = new AggregateRepository(store, { snapshots, snapshotEvery: 1 });
      await primer.load(Voyage, streamId);
      await primer.snapshotsSettled();
      const fromSnapshot: number[] = [];
      for (let round = 0; round < COLD_ROUNDS; round++) {
        const fresh = new AggregateRepository(store, { snapshots });
        const started = performance.now();
        await changeContribution(fresh, streamId, amount++);
        fromSnapshot.push(performance.now() - started);
        await fresh.snapshotsSettled();
      }
      // Warm: one long-lived process sending command after command, as the API does.
      const repository = new AggregateRepository(store, { snapshots });
      const latencies: number[] = [];
      for (let i = 0; i < WARMUP + COMMANDS; i++) {
        const started = performance.now();
        await changeContribution(repository, streamId, amount++);
        if (i >= WARMUP) latencies.push(performance.now() - started);
      }
      await repository.snapshotsSettled();
      const p50 = round(percentile(latencies, 50));
      const p99 = round(percentile(latencies, 99));
      log(
        `stream of ${length} events: p50 ${p50} ms, p99 ${p99} ms; first command of a process: ${round(median(fromSnapshot))} ms from a snapshot, ${round(median(fullFold))} ms folding all`,
      );
      const key = `len${length}`;
      figures[`${key}P50`] = figure(`${length.toLocaleString('en')} events p50`, p50, 'ms');
      figures[`${key}P99`] = figure(`${length.toLocaleString('en')} events p99`, p99, 'ms', length === 5_000 ? atMost(20) : null);
      figures[`${key}Snapshot`] = figure(`${length.toLocaleString('en')} events first command, from snapshot (median)`, round(median(fromSnapshot)), 'ms');
      figures[`${key}FullFold`] = figure(`${length.toLocaleString('en')} events first command, whole stream folded (median)`, round(median(fullFold)), 'ms');
      perLength[key] = {
        streamLength: length,
        commands: COMMANDS,
        maxMs: round(percentile(latencies, 100)),
        fromSnapshotMs: fromSnapshot.map((v) => round(v)),
        fullFoldMs: fullFold.map((v) => round(v)),
        loads: repository.loads,
      };
    }
    return {
      name: 'streams',
      title: `Command latency by stream length (ChangeVoyageContribution through the aggregate repository, ${COMMANDS} commands each)`,
      figures,
      details: {
        lengths: LENGTHS,
        warmup: WARMUP,
        commands: COMMANDS,
        coldRounds: COLD_ROUNDS,
        mix: '6 applications, 2 withdrawals, 2 contribution edits per 10 events',
        perLength,
      },
    };
  } finally {
    await store.close();
  }
};
