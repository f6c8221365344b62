import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { DomainError, UpcasterRegistry, Voyage, voyageStreamId, type VoyageCommand, type VoyageEvent, type VoyagePlan, type VoyageState } from '@crew/domain';
import { AggregateRepository, type CommandMetadata } from '../src/platform/event-store/aggregate-repository';
import type { EventToAppend } from '../src/platform/event-store/event-store.port';
import { PostgresEventStore } from '../src/platform/event-store/postgres-event-store';
import type { SnapshotStore } from '../src/platform/event-store/snapshot-store';
import { UpcastingEventStore } from '../src/platform/event-store/upcasting-event-store';
import { createTestDatabase, type TestDatabase } from './support/database';

/**
 * Loading a long stream from a cached state or a snapshot must decide exactly
 * as folding the whole stream does; a state the stream does not confirm is
 * never used. Against real PostgreSQL.
 */

const SKIPPER = randomUUID();
const metadata: CommandMetadata = { userId: SKIPPER, correlationId: 'snapshot-test' };

const plan = (crewNeeded: number): VoyagePlan => ({
  title: 'Snapshot passage',
  description: '',
  startDate: '2031-06-01',
  endDate: '2031-06-10',
  minExperience: 'beginner',
  skills: [],
  crewNeeded,
  contribution: { type: 'free', amount: null, currency: 'EUR', details: '' },
  isCustom: false,
  customNotes: '',
  stops: [
    { name: 'Falmouth', portId: null, coordinates: [-5.07, 50.15] },
    { name: 'Brest', portId: null, coordinates: [-4.49, 48.38] },
  ],
  custom: null,
});

const appended = (event: VoyageEvent): EventToAppend => ({
  id: randomUUID(),
  type: event.type,
  data: event.data,
  metadata: { userId: null, correlationId: 'snapshot-test', causationId: null, timestamp: new Date().toISOString() },
});

/** What a command decides, or the code it is refused with. */
const outcomeOf = async (repository: AggregateRepository, streamId: string, command: VoyageCommand): Promise<string> => {
  try {
    const outcome = await repository.execute(Voyage, streamId, command, metadata);
    return outcome.events.map((event) => event.type).join(',') || 'nothing';
  } catch (error) {
    if (error instanceof DomainError) return `refused ${error.code}`;
    throw error;
  }
};

describe('aggregate loading from cached states and snapshots', () => {
  let database: TestDatabase;
  let inner: PostgresEventStore;
  let snapshots: SnapshotStore;
  let admin: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    inner = new PostgresEventStore({ connectionString: database.url, poolSize: 4 });
    await inner.initialize();
    snapshots = inner.snapshots();
    admin = new Client({ connectionString: database.url });
    await admin.connect();
  });

  afterAll(async () => {
    await admin.end();
    await inner.close();
    await database.drop();
  });

  /** A published voyage with 300 applications (some withdrawn) and contribution edits, for crew 'crew-0'... */
  const longVoyage = async (crewNeeded: number): Promise<{ streamId: string; applications: { applicationId: string; crewId: string }[] }> => {
    const streamId = voyageStreamId(randomUUID());
    await new AggregateRepository(inner).execute(
      Voyage,
      streamId,
      { type: 'PublishVoyage', actorId: SKIPPER, plan: plan(crewNeeded), boat: { id: 'boat', ownerId: SKIPPER, isActive: true } },
      metadata,
    );
    const applications: { applicationId: string; crewId: string }[] = [];
    const events: VoyageEvent[] = [];
    for (let i = 0; i < 300; i++) {
      const application = { applicationId: randomUUID(), crewId: randomUUID() };
      applications.push(application);
      events.push({ type: 'ApplicationSubmitted', data: { ...application, segmentOrders: [] } });
      if (i % 3 === 0) events.push({ type: 'ApplicationWithdrawn', data: application });
      if (i % 50 === 0) events.push({ type: 'VoyageContributionChanged', data: { contribution: { type: 'paid', amount: i, currency: 'EUR', details: '' } } });
    }
    await inner.appendToStream(streamId, events.map(appended), 0n);
    return { streamId, applications };
  };

  /** The state as a process with nothing kept folds it. */
  const fullFold = (streamId: string): Promise<{ state: VoyageState; revision: bigint | null }> => new AggregateRepository(inner, { cachedStreams: 0 }).load(Voyage, streamId);

  it('decides the same from a cached state, from a snapshot and from the whole stream', async () => {
    const { streamId, applications } = await longVoyage(3);
    const kept = new AggregateRepository(inner, { snapshots });
    await kept.load(Voyage, streamId);
    await kept.snapshotsSettled();
    expect(kept.loads.snapshotsWritten).toBe(1);

    // Each command goes first to one repository (cached state, or a fresh one from the snapshot) and then the same to one folding everything.
    const pending = applications.filter((_, i) => i % 3 !== 0);
    const commands: VoyageCommand[] = [
      { type: 'AcceptApplication', actorId: SKIPPER, applicationId: pending[0]!.applicationId },
      { type: 'SubmitApplication', actorId: applications[1]!.crewId, actorUserType: 'crew', applicationId: randomUUID(), message: 'Applying a second time', segmentOrders: [] },
      { type: 'WithdrawApplication', actorId: applications[0]!.crewId, applicationId: applications[0]!.applicationId },
      { type: 'AcceptApplication', actorId: SKIPPER, applicationId: pending[1]!.applicationId },
      { type: 'AcceptApplication', actorId: SKIPPER, applicationId: pending[2]!.applicationId },
      { type: 'AcceptApplication', actorId: SKIPPER, applicationId: pending[3]!.applicationId },
      { type: 'SubmitApplication', actorId: randomUUID(), actorUserType: 'crew', applicationId: randomUUID(), message: 'Is there room left?', segmentOrders: [] },
    ];
    const decisions: string[] = [];
    for (const [i, command] of commands.entries()) {
      const repository = i % 2 === 0 ? kept : new AggregateRepository(inner, { snapshots });
      const first = await outcomeOf(repository, streamId, command);
      decisions.push(first);
      // After every command the kept state is the one folding the whole stream gives.
      expect(await kept.load(Voyage, streamId)).toEqual(await fullFold(streamId));
    }
    expect(decisions).toEqual([
      'ApplicationAccepted',
      'refused ALREADY_APPLIED',
      'refused APPLICATION_NOT_PENDING',
      'ApplicationAccepted',
      'ApplicationAccepted,VoyageStatusChanged',
      'refused VOYAGE_FULL',
      'refused VOYAGE_FULL',
    ]);
    expect(kept.loads.cached).toBeGreaterThan(0);

    // A process that starts from the snapshot, and one that folds all, answer alike.
    const fromSnapshot = new AggregateRepository(inner, { snapshots });
    const loaded = await fromSnapshot.load(Voyage, streamId);
    expect(fromSnapshot.loads).toMatchObject({ fromSnapshot: 1, full: 0 });
    expect(loaded).toEqual(await fullFold(streamId));
  });

  it('folds what other processes appended after the cached state', async () => {
    const { streamId, applications } = await longVoyage(20);
    const mine = new AggregateRepository(inner, { snapshots });
    const other = new AggregateRepository(inner, { snapshots });
    await mine.load(Voyage, streamId);
    await other.execute(Voyage, streamId, { type: 'AcceptApplication', actorId: SKIPPER, applicationId: applications[1]!.applicationId }, metadata);
    // mine's cached state is one event behind: the expected revision it appends with must still be right.
    const outcome = await mine.execute(Voyage, streamId, { type: 'RejectApplication', actorId: SKIPPER, applicationId: applications[2]!.applicationId }, metadata);
    expect(outcome.events.map((e) => e.type)).toEqual(['ApplicationRejected']);
    expect(mine.conflictsRetried).toBe(0);
    expect(outcome.state).toEqual((await fullFold(streamId)).state);
    expect(outcome.state.applications[applications[1]!.applicationId]!.status).toBe('accepted');
  });

  it('ignores a snapshot the stream does not confirm, and one taken under other upcasters or state version', async () => {
    const { streamId } = await longVoyage(20);
    const truth = await fullFold(streamId);
    const lastEvent = (await inner.readStream(streamId)).at(-1)!;
    const first = new AggregateRepository(inner, { snapshots });
    await first.load(Voyage, streamId);
    await first.snapshotsSettled();
    const stored = async (): Promise<{ snapshot_key: string; revision: string; last_event_id: string }[]> =>
      (
        await admin.query<{ snapshot_key: string; revision: string; last_event_id: string }>(
          'SELECT snapshot_key, revision, last_event_id FROM stream_snapshots WHERE stream_id = $1 ORDER BY taken_at',
          [streamId],
        )
      ).rows;
    const snapshotKey = (await stored())[0]!.snapshot_key;
    const forged = JSON.stringify({ ...truth.state, status: 'cancelled', applications: {} } satisfies VoyageState);
    const forge = (revision: bigint, eventId: string): Promise<unknown> =>
      admin.query('UPDATE stream_snapshots SET revision = $3, last_event_id = $4, state = $5 WHERE stream_id = $1 AND snapshot_key = $2', [
        streamId,
        snapshotKey,
        revision.toString(),
        eventId,
        forged,
      ]);

    // An event id that is not the stream's (the stream was replaced, or the snapshot is corrupt): ignored, and replaced.
    await forge(lastEvent.revision, randomUUID());
    const wrongId = new AggregateRepository(inner, { snapshots });
    expect(await wrongId.load(Voyage, streamId)).toEqual(truth);
    expect(wrongId.loads).toMatchObject({ staleDropped: 1, full: 1 });
    await wrongId.snapshotsSettled();
    expect(await stored()).toEqual([{ snapshot_key: snapshotKey, revision: lastEvent.revision.toString(), last_event_id: lastEvent.id }]);

    // A revision the stream has not reached.
    await forge(lastEvent.revision + 10n, lastEvent.id);
    const ahead = new AggregateRepository(inner, { snapshots });
    expect(await ahead.load(Voyage, streamId)).toEqual(truth);
    await ahead.snapshotsSettled();

    // The stream's own position with a forged state is believed, which is why a snapshot is keyed by all that shapes the fold...
    await forge(lastEvent.revision, lastEvent.id);
    expect((await new AggregateRepository(inner, { snapshots }).load(Voyage, streamId)).state.status).toBe('cancelled');
    // ...so another state version does not read it,
    const nextVersion = { ...Voyage, stateVersion: (Voyage.stateVersion ?? 0) + 1 };
    expect((await new AggregateRepository(inner, { snapshots }).load(nextVersion, streamId)).state).toEqual(truth.state);
    // nor does a process once another upcaster is in force (its events read differently), neither from memory nor from the table.
    const upcasters = new UpcasterRegistry();
    const upcasting = new AggregateRepository(new UpcastingEventStore(inner, upcasters), { snapshots });
    expect((await upcasting.load(Voyage, streamId)).state.status).toBe('cancelled');
    upcasters.register({
      eventType: 'VoyageContributionChanged',
      description: 'test: contributions read as free',
      upcast: (event) => ({ ...event, data: { contribution: { type: 'free', amount: null, currency: 'EUR', details: '' } } }),
    });
    const upcast = await upcasting.load(Voyage, streamId);
    expect(upcast.state.status).toBe('active');
    expect(upcast.state.snapshot?.contribution.type).toBe('free');
    expect(upcasting.loads).toMatchObject({ fromSnapshot: 1, full: 1 });
    await upcasting.snapshotsSettled();

    // Dropping every snapshot changes nothing but speed.
    await admin.query('TRUNCATE stream_snapshots');
    expect(await new AggregateRepository(inner, { snapshots }).load(Voyage, streamId)).toEqual(truth);
  });

  it('answers commands when snapshots cannot be read or written', async () => {
    const { streamId, applications } = await longVoyage(20);
    const errors: unknown[] = [];
    const broken: SnapshotStore = {
      load: () => Promise.reject(new Error('snapshot table unreachable')),
      save: () => Promise.reject(new Error('snapshot table unreachable')),
      delete: () => Promise.reject(new Error('snapshot table unreachable')),
    };
    const repository = new AggregateRepository(inner, { snapshots: broken, onSnapshotError: (error) => errors.push(error), cachedStreams: 0 });
    const outcome = await repository.execute(Voyage, streamId, { type: 'AcceptApplication', actorId: SKIPPER, applicationId: applications[1]!.applicationId }, metadata);
    await repository.snapshotsSettled();
    expect(outcome.events.map((e) => e.type)).toEqual(['ApplicationAccepted']);
    expect(outcome.state).toEqual((await fullFold(streamId)).state);
    expect(errors.length).toBeGreaterThanOrEqual(2);
  });
});
