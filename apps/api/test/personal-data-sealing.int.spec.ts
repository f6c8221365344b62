import { randomBytes, randomUUID } from 'node:crypto';
import { personalDataAggregates, SupportTicket, Voyage, voyageStreamId, type EventMetadata, type VoyageSnapshot } from '@crew/domain';
import type { Application } from '../src/application';
import type { PostgresEventStore } from '../src/platform/event-store/postgres-event-store';
import type { UpcastingEventStore } from '../src/platform/event-store/upcasting-event-store';
import type { DecryptingEventStore } from '../src/platform/privacy/decrypting-event-store';
import { GuardedSnapshotStore } from '../src/platform/privacy/guarded-snapshot-store';
import { open, REMOVED_TEXT, seal, sealedBy } from '../src/platform/privacy/personal-data-cipher';
import { sealLegacyEventsOnce } from '../src/platform/privacy/seal-legacy-events-once';
import { startTestRuntime, type TestRuntime } from './support/harness';

/**
 * Sealing personal data in the log (docs/privacy.md): the envelope itself,
 * the one-time sealing of events appended before sealing existed, and
 * snapshots refused for a stream that holds an erased member's values.
 */
let testRuntime: TestRuntime;
let runtime: Application;

const metadata = (): EventMetadata => ({ userId: null, correlationId: randomUUID(), causationId: null, timestamp: new Date().toISOString() });
const storedStore = (): PostgresEventStore => ((runtime.eventStore as UpcastingEventStore).inner as DecryptingEventStore).inner as PostgresEventStore;
const storedData = async (streamId: string): Promise<string[]> =>
  (await runtime.dataSource.query<{ data: unknown }[]>('SELECT data FROM events WHERE stream_id = $1 ORDER BY revision', [streamId])).map((row) => JSON.stringify(row.data));

beforeAll(async () => {
  testRuntime = await startTestRuntime({ projectors: false });
  ({ runtime } = testRuntime);
}, 60_000);

afterAll(async () => {
  await testRuntime.close();
});

describe('a sealed value', () => {
  const key = randomBytes(32);
  const member = randomUUID();

  it('opens with its member’s key into the text it sealed, and names the member', () => {
    const sealed = seal(key, member, 'Reefs at 20 knots, ünïcödé ⛵');
    expect(sealed).toMatch(new RegExp(`^pd1\\.${member}\\.[A-Za-z0-9_-]+$`));
    expect(sealed).not.toContain('Reefs');
    expect(sealedBy(sealed)).toBe(member);
    expect(open(key, sealed)).toBe('Reefs at 20 knots, ünïcödé ⛵');
    // A fresh IV each time: the same text never seals the same way twice.
    expect(seal(key, member, 'same')).not.toBe(seal(key, member, 'same'));
  });

  it('reads as removed without its key, with another key, tampered with, or moved to another member', () => {
    const sealed = seal(key, member, 'secret');
    expect(open(null, sealed)).toBe(REMOVED_TEXT);
    expect(open(randomBytes(32), sealed)).toBe(REMOVED_TEXT);
    const body = sealed.split('.')[2]!;
    const flipped = `${body.slice(0, -2)}${body.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(open(key, `pd1.${member}.${flipped}`)).toBe(REMOVED_TEXT);
    expect(open(key, `pd1.${randomUUID()}.${body}`)).toBe(REMOVED_TEXT);
    expect(open(key, 'plain text')).toBe(REMOVED_TEXT);
    expect(sealedBy('plain text')).toBeNull();
    expect(sealedBy(42)).toBeNull();
  });
});

describe('events appended before sealing existed', () => {
  const skipper = randomUUID();
  const voyageId = randomUUID();
  const streamId = voyageStreamId(voyageId);
  const snapshot: VoyageSnapshot = {
    skipperId: skipper,
    details: {
      title: 'Legacy voyage',
      description: 'Legacy words of the skipper',
      startDate: '2027-06-01',
      endDate: '2027-06-09',
      boatId: randomUUID(),
      minExperience: 'beginner',
      skills: [],
      isCustom: true,
      customNotes: '',
      includesFood: false,
    },
    segments: [],
    totalDistanceNm: 100,
    crewNeeded: 2,
    contribution: { type: 'free', amount: null, currency: 'EUR', details: 'Food shared' },
  };
  const legacy = { type: 'VoyagePublished', data: snapshot };
  const ticketStream = `${SupportTicket.streamPrefix}-${randomUUID()}`;

  it('are sealed once, in place, by the first start; readers still read them; a second start changes nothing', async () => {
    // Appended beside the repository, as code before sealing did: stored in the clear.
    await runtime.eventStore.appendToStream(streamId, [{ id: randomUUID(), type: legacy.type, data: legacy.data, metadata: metadata() }], 'no_stream');
    const requester = randomUUID();
    await runtime.eventStore.appendToStream(
      ticketStream,
      [
        {
          id: randomUUID(),
          type: 'SupportTicketOpened',
          data: {
            requesterId: requester,
            title: 'Legacy ticket title',
            description: 'Legacy ticket description',
            priority: 'medium',
            source: 'contact',
            sourceId: null,
            subjectId: null,
          },
          metadata: metadata(),
        },
      ],
      'no_stream',
    );
    expect((await storedData(streamId))[0]).toContain('Legacy words of the skipper');

    await runtime.dataSource.query('DELETE FROM personal_data_sealing');
    const logged: string[] = [];
    await sealLegacyEventsOnce(runtime.dataSource, storedStore(), runtime.personalData, personalDataAggregates, (line) => logged.push(line));
    expect(logged).toEqual([expect.stringMatching(/^sealed the personal data of \d+ events recorded before sealing$/)]);
    expect((await storedData(streamId))[0]).not.toContain('Legacy words');
    expect((await storedData(ticketStream))[0]).not.toContain('Legacy ticket');
    const [read] = await runtime.eventStore.readStream(streamId);
    expect(read!.data).toEqual(legacy.data);
    expect(read!.metadata.personalData).toBe('pd1');
    const [ticket] = await runtime.eventStore.readStream(ticketStream);
    expect(ticket!.data).toMatchObject({ title: 'Legacy ticket title', description: 'Legacy ticket description' });

    // The append-only rule is back in force.
    await expect(runtime.dataSource.query('UPDATE events SET data = data WHERE stream_id = $1', [streamId])).rejects.toThrow(/append-only/);
    const sealedOnce = await storedData(streamId);
    await runtime.dataSource.query('DELETE FROM personal_data_sealing');
    await sealLegacyEventsOnce(runtime.dataSource, storedStore(), runtime.personalData, personalDataAggregates, (line) => logged.push(line));
    expect(await storedData(streamId)).toEqual(sealedOnce);
    expect(logged).toHaveLength(1);
  });

  it('and the aggregate folds them as before, and once the skipper is erased they read as removed and keep no snapshot', async () => {
    const state = (await runtime.repository.load(Voyage, streamId)).state;
    expect(state.snapshot?.details.description).toBe('Legacy words of the skipper');

    await runtime.dataKeys.destroy(skipper);
    runtime.repository.forget([streamId]);
    const [read] = await runtime.eventStore.readStream(streamId);
    expect((read!.data['details'] as Record<string, unknown>)['description']).toBe(REMOVED_TEXT);
    expect((read!.data['details'] as Record<string, unknown>)['startDate']).toBe(legacy.data.details.startDate);

    const snapshots = new GuardedSnapshotStore(storedStore().snapshots(), runtime.dataKeys);
    await snapshots.save(streamId, 'test-key', { revision: 0n, lastEventId: read!.id, state: { kept: false } });
    expect(await snapshots.load(streamId, 'test-key')).toBeNull();
    // A stream holding no erased member's values keeps its snapshots.
    await snapshots.save(ticketStream, 'test-key', { revision: 0n, lastEventId: randomUUID(), state: { kept: true } });
    expect(await snapshots.load(ticketStream, 'test-key')).toMatchObject({ state: { kept: true } });
    expect(await snapshots.delete([ticketStream])).toBe(1);
  });
});
