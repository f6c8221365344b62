import { Voyage, voyageStreamId, type VoyageCommand, type VoyagePlan } from '@crew/domain';
import { voyageSummaryProjector } from '@crew/projections';
import { randomUUID } from 'node:crypto';
import { ListVoyages, ListVoyagesHandler } from '../src/modules/voyages/queries/list-voyages.query';
import { voyageFilters } from '../src/modules/voyages/voyage-read-model';
import { rebuildProjection, verifyProjection } from '../src/platform/projections/projection-rebuild';
import type { Application } from '../src/application';
import { insertUser, startTestRuntime, type TestRuntime } from './support/harness';

let testRuntime: TestRuntime;
let runtime: Application;
let skipperId: string;
const BOAT_ID = randomUUID();

const plan = (overrides: Partial<VoyagePlan> = {}): VoyagePlan => ({
  title: 'Solent to Brittany',
  description: 'A week of tidal sailing across the Channel.',
  startDate: '2099-07-01',
  endDate: '2099-07-08',
  minExperience: 'beginner',
  skills: ['Helm/Steering'],
  crewNeeded: 4,
  contribution: { type: 'shared_costs', amount: 120, currency: 'GBP', details: 'Food' },
  isCustom: false,
  customNotes: '',
  stops: [
    { name: 'Cowes', portId: 'gbcow', coordinates: [-1.3, 50.76] },
    { name: 'Saint-Malo', portId: 'frsml', coordinates: [-2.03, 48.65] },
  ],
  custom: null,
  ...overrides,
});

const run = async (voyageId: string, command: VoyageCommand) => {
  const outcome = await runtime.repository.execute(Voyage, voyageStreamId(voyageId), command, { userId: skipperId, correlationId: randomUUID() });
  if (outcome.position) expect(await runtime.progress.waitFor(outcome.position, ['voyage-summaries'], 5_000)).toBe(true);
  return outcome;
};

const rows = (): Promise<Record<string, unknown>[]> =>
  runtime.dataSource.query(
    `SELECT voyage_id, skipper_id, revision::int, status, title, start_date::text, duration_days, total_distance_nm, crew_needed, contribution_type,
            contribution_amount::text, departure_port, arrival_port, longitude, latitude, segments, last_commit, last_prepare
       FROM voyage_summaries ORDER BY voyage_id`,
  );

beforeAll(async () => {
  testRuntime = await startTestRuntime({ env: { DATA_DIR: '/tmp/crew-voyage-test' } });
  ({ runtime } = testRuntime);
  skipperId = await insertUser(runtime.dataSource, { email: 'skip@crew.test', firstName: 'Ellen', lastName: 'MacArthur', type: 'skipper', verified: false });
});

afterAll(() => testRuntime.close());

describe('voyage summaries', () => {
  it('shows a published voyage with its route, distance, skipper and search vector, and follows every change', async () => {
    const voyageId = randomUUID();
    const boat = { id: BOAT_ID, ownerId: skipperId, isActive: true };
    await run(voyageId, { type: 'PublishVoyage', actorId: skipperId, plan: plan(), boat });
    const [row] = await rows();
    expect(row).toMatchObject({
      voyage_id: voyageId,
      skipper_id: skipperId,
      revision: 0,
      status: 'active',
      title: 'Solent to Brittany',
      start_date: '2099-07-01',
      duration_days: 7,
      crew_needed: 4,
      contribution_type: 'shared_costs',
      contribution_amount: '120.00',
      departure_port: 'Cowes',
      arrival_port: 'Saint-Malo',
      longitude: -1.3,
      latitude: 50.76,
    });
    expect(row!['total_distance_nm']).toBeGreaterThan(100);

    await run(voyageId, { type: 'EditVoyage', actorId: skipperId, plan: plan({ crewNeeded: 6, title: 'Solent to Brittany and back' }), boat });
    await run(voyageId, { type: 'ChangeVoyageContribution', actorId: skipperId, contribution: { type: 'free', amount: null, currency: 'GBP', details: '' } });
    await run(voyageId, { type: 'ChangeVoyageStatus', actorId: skipperId, status: 'planning' });
    const [edited] = await rows();
    expect(edited).toMatchObject({ title: 'Solent to Brittany and back', crew_needed: 6, contribution_type: 'free', contribution_amount: null, status: 'planning' });
    // The row carries the revision of the last event of its stream: the voyage's ETag.
    const stream = await runtime.eventStore.readStream(voyageStreamId(voyageId));
    expect(edited!['revision']).toBe(Number(stream[stream.length - 1]!.revision));
    expect(stream.length).toBeGreaterThan(3);

    const found: unknown[] = await runtime.dataSource.query(`SELECT voyage_id FROM voyage_summaries WHERE search @@ plainto_tsquery('simple', 'brittany malo')`);
    expect(found).toEqual([{ voyage_id: voyageId }]);

    await run(voyageId, { type: 'CancelVoyage', actorId: skipperId, reason: 'Gales' });
    expect((await rows())[0]).toMatchObject({ status: 'cancelled' });
  });

  it('keeps no personal data: the skipper name is matched in users at read time, renamed or erased', async () => {
    const columns: { column_name: string }[] = await runtime.dataSource.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'voyage_summaries'`);
    expect(columns.map((c) => c.column_name).filter((name) => /name|email|phone/.test(name))).toEqual([]);

    const other = { id: await insertUser(runtime.dataSource, { email: 'tracy@crew.test', firstName: 'Tracy', lastName: 'Édwards', type: 'skipper', verified: false }) };
    const voyageId = randomUUID();
    const outcome = await runtime.repository.execute(
      Voyage,
      voyageStreamId(voyageId),
      { type: 'PublishVoyage', actorId: other!.id, plan: plan({ title: 'Round the island' }), boat: { id: BOAT_ID, ownerId: other!.id, isActive: true } },
      { userId: other!.id, correlationId: randomUUID() },
    );
    expect(await runtime.progress.waitFor(outcome.position!, ['voyage-summaries'], 5_000)).toBe(true);
    const list = new ListVoyagesHandler(runtime.dataSource);
    const search = async (text: string): Promise<string[]> => (await list.execute(new ListVoyages({ search: text, limit: 20, offset: 0 }, null))).voyages.map((v) => v.id);

    // Every word starts a word of the voyage or of its skipper's name, accents ignored, across both.
    expect(await search('tracy')).toEqual([voyageId]);
    expect(await search('edwa isla')).toEqual([voyageId]);
    expect(await search('tracy caribbean')).toEqual([]);
    await runtime.dataSource.query(`UPDATE users SET first_name = 'Dee' WHERE id = $1`, [other!.id]);
    expect(await search('tracy')).toEqual([]);
    expect(await search('dee')).toEqual([voyageId]);
    expect((await list.execute(new ListVoyages({ search: 'dee', limit: 20, offset: 0 }, null))).voyages[0]!.skipper).toMatchObject({ first_name: 'Dee', last_name: 'Édwards' });
    await runtime.dataSource.query('DELETE FROM users WHERE id = $1', [other!.id]);
    expect(await search('dee')).toEqual([]);
    const [row] = await runtime.dataSource.query<Record<string, unknown>[]>('SELECT * FROM voyage_summaries WHERE voyage_id = $1', [voyageId]);
    expect(JSON.stringify(row)).not.toMatch(/Dee|Tracy|Édwards|tracy@crew/);
  });

  it('keeps drafts as drafts until published', async () => {
    const voyageId = randomUUID();
    await run(voyageId, { type: 'SaveVoyageDraft', actorId: skipperId, plan: plan({ title: 'Draft idea' }), boat: null });
    const draft: { status: string }[] = await runtime.dataSource.query('SELECT status FROM voyage_summaries WHERE voyage_id = $1', [voyageId]);
    expect(draft).toEqual([{ status: 'draft' }]);
    await run(voyageId, { type: 'PublishVoyage', actorId: skipperId, plan: plan({ title: 'Draft idea, now real' }), boat: { id: BOAT_ID, ownerId: skipperId, isActive: true } });
    const live: { status: string; title: string }[] = await runtime.dataSource.query('SELECT status, title FROM voyage_summaries WHERE voyage_id = $1', [voyageId]);
    expect(live).toEqual([{ status: 'active', title: 'Draft idea, now real' }]);
  });

  it('rebuilds from the log into exactly the rows it had, generated search vector included', async () => {
    const before = await rows();
    const search = await runtime.dataSource.query('SELECT voyage_id, search::text FROM voyage_summaries ORDER BY voyage_id');
    const result = await rebuildProjection(voyageSummaryProjector, runtime.eventStore, runtime.dataSource);
    expect(result.events).toBeGreaterThan(0);
    expect(await rows()).toEqual(before);
    expect(await runtime.dataSource.query('SELECT voyage_id, search::text FROM voyage_summaries ORDER BY voyage_id')).toEqual(search);
  });

  it('rebuilds into the live rows after edits, cancellations, deletions and republishes: a new table with every index, the search vector and the places', async () => {
    const boat = { id: BOAT_ID, ownerId: skipperId, isActive: true };
    const adminId = randomUUID();
    const crewId = await insertUser(runtime.dataSource, { email: 'rebuild-crew@crew.test', firstName: 'Pip', lastName: 'Hare', type: 'crew', verified: false });
    const [edited, cancelled, deleted, republished, moderated, crewed] = Array.from({ length: 6 }, () => randomUUID()) as [string, string, string, string, string, string];
    const northland = [
      { name: 'Auckland', portId: null, coordinates: [174.7633, -36.8485] as [number, number] },
      { name: 'Russell', portId: null, coordinates: [174.1222, -35.2615] as [number, number] },
    ];
    await run(edited, { type: 'PublishVoyage', actorId: skipperId, plan: plan({ title: 'Channel hop' }), boat });
    await run(edited, {
      type: 'EditVoyage',
      actorId: skipperId,
      plan: plan({ title: 'Northland week', description: 'Islands, not tides.', stops: northland, crewNeeded: 3 }),
      boat,
    });
    await run(edited, { type: 'ChangeVoyageContribution', actorId: skipperId, contribution: { type: 'paid', amount: 450, currency: 'EUR', details: 'Berths' } });
    await run(cancelled, { type: 'PublishVoyage', actorId: skipperId, plan: plan({ title: 'Biscay crossing' }), boat });
    await run(cancelled, { type: 'CancelVoyage', actorId: skipperId, reason: 'Weather window closed' });
    await run(deleted, { type: 'PublishVoyage', actorId: skipperId, plan: plan({ title: 'Listing to remove' }), boat });
    await run(deleted, { type: 'DeleteVoyage', actorId: adminId, reason: 'Duplicate listing', because: 'admin' });
    await run(republished, { type: 'SaveVoyageDraft', actorId: skipperId, plan: plan({ title: 'Draft of a delivery' }), boat: null });
    await run(republished, { type: 'PublishVoyage', actorId: skipperId, plan: plan({ title: 'Delivery to Lisbon', stops: northland }), boat });
    await run(republished, { type: 'EditVoyage', actorId: skipperId, plan: plan({ title: 'Delivery to Lisbon, republished' }), boat });
    await run(moderated, { type: 'PublishVoyage', actorId: skipperId, plan: plan({ title: 'Reported listing' }), boat });
    await run(moderated, { type: 'SuspendVoyage', actorId: adminId, reason: 'Checking the boat' });
    await run(moderated, { type: 'ReinstateVoyage', actorId: adminId, reason: '' });
    await run(moderated, { type: 'FlagVoyageForReview', actorId: adminId, notes: 'Second report' });
    await run(crewed, { type: 'PublishVoyage', actorId: skipperId, plan: plan({ title: 'Crewed passage', stops: northland }), boat });
    const applicationId = randomUUID();
    await run(crewed, { type: 'SubmitApplication', actorId: crewId, actorUserType: 'crew', applicationId, message: 'Happy to stand watches.', segmentOrders: [1] });
    await run(crewed, { type: 'AcceptApplication', actorId: skipperId, applicationId });
    await run(crewed, { type: 'ChangeVoyageStatus', actorId: skipperId, status: 'planning' });

    // Whole rows as text: every column, the generated search vector and the places included.
    const table = async () => ({
      rows: await runtime.dataSource.query<{ row: string }[]>('SELECT t::text AS row FROM voyage_summaries t ORDER BY voyage_id'),
      indexes: await runtime.dataSource.query<{ name: string; definition: string; options: string[] | null }[]>(
        `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition, c.reloptions AS options
           FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = 'voyage_summaries'::regclass ORDER BY c.relname`,
      ),
      options: (await runtime.dataSource.query<{ options: string[] | null }[]>(`SELECT reloptions AS options FROM pg_class WHERE oid = 'voyage_summaries'::regclass`))[0]?.options,
    });
    const oid = async (): Promise<number> => (await runtime.dataSource.query<{ oid: number }[]>(`SELECT 'voyage_summaries'::regclass::oid::int AS oid`))[0]!.oid;
    const live = await table();
    const ids = live.rows.map(({ row }) => row.slice(1, 37));
    expect(ids).toEqual(expect.arrayContaining([edited, cancelled, republished, moderated, crewed]));
    expect(ids).not.toContain(deleted);
    expect(live.rows.find(({ row }) => row.startsWith(`(${edited}`))?.row).toMatch(/Northland week.*New Zealand.*Bay of Islands.*'zealand':/);
    const before = await oid();

    const rebuilt = await rebuildProjection(voyageSummaryProjector, runtime.eventStore, runtime.dataSource);
    expect(rebuilt.parked).toBe(0);
    expect(await table()).toEqual(live);
    // The rebuilt table took the live one's place (its indexes built once after the replay), and nothing of the old one is left.
    expect(await oid()).not.toBe(before);
    const leftovers: unknown[] = await runtime.dataSource.query(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rebuild_%'`);
    expect(leftovers).toEqual([]);

    await rebuildProjection(voyageSummaryProjector, runtime.eventStore, runtime.dataSource, { batchSize: 1 });
    expect(await table()).toEqual(live);
    expect(await verifyProjection(voyageSummaryProjector, runtime.eventStore, runtime.dataSource)).toMatchObject({ equal: true, parkedOnlyLive: [], parkedOnlyRebuilt: [] });
  });

  it('keeps the browse indexes the migrations gave it: the text index without names, its short pending list, one covering index with all five browse flags', async () => {
    const indexes: { indexname: string; indexdef: string; options: string[] | null }[] = await runtime.dataSource.query(
      `SELECT i.indexname, i.indexdef, c.reloptions AS options
         FROM pg_indexes i JOIN pg_class c ON c.relname = i.indexname
        WHERE i.tablename = 'voyage_summaries' AND i.schemaname = current_schema()`,
    );
    const byName = new Map(indexes.map((index) => [index.indexname, index]));
    expect(byName.get('voyage_summaries_search_idx')?.options).toEqual(['gin_pending_list_limit=256']);
    // One covering index whose predicate holds every flag browse filters on, so a filtered total never reads the heap.
    const browse = byName.get('voyage_summaries_browse_idx')?.indexdef ?? '';
    expect(browse).toMatch(/INCLUDE \(duration_days, contribution_type, longitude, latitude\)/);
    for (const flag of [/status <> 'draft'/, /status <> 'cancelled'/, /NOT suspended/, /NOT archived/, /NOT owner_suspended/]) expect(browse).toMatch(flag);
    expect(byName.has('voyage_summaries_open_browse_idx')).toBe(false);
    expect(byName.has('voyage_summaries_open_browse_live_idx')).toBe(false);
    const [{ search }] = (await runtime.dataSource.query(
      `SELECT pg_get_expr(d.adbin, d.adrelid) AS search FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
        WHERE d.adrelid = 'voyage_summaries'::regclass AND a.attname = 'search'`,
    )) as { search: string }[];
    expect(search).not.toContain('skipper');
  });

  it('names the places every leg passes for search (ports, countries, seas, coasts, island groups) and writes them again the same on a rebuild', async () => {
    const voyageId = randomUUID();
    const boat = { id: BOAT_ID, ownerId: skipperId, isActive: true };
    // Split from the port table; Hvar and Komiža as points dropped on the map, their country the nearest port's.
    const stops = [
      { name: 'Split', portId: 'hrspu', coordinates: [16.45, 43.5] as [number, number] },
      { name: 'Hvar town quay', portId: null, coordinates: [16.4428, 43.1725] as [number, number] },
      { name: 'Komiža', portId: null, coordinates: [16.0931, 43.0431] as [number, number] },
    ];
    await run(voyageId, { type: 'PublishVoyage', actorId: skipperId, plan: plan({ title: 'Island hopping', description: 'Stone towns and swim stops.', stops }), boat });
    const list = new ListVoyagesHandler(runtime.dataSource);
    const found = async (text: string): Promise<[string, string[]]> => [
      text,
      (await list.execute(new ListVoyages({ search: text, limit: 20, offset: 0 }, null))).voyages.map((v) => v.id),
    ];
    for (const place of ['Croatia', 'Hrvatska', 'Adriatic', 'Adriatic Sea', 'Dalmatia', 'dalmatian coast', 'Mediterranean', 'medit', 'Hvar', 'komiza split']) {
      expect(await found(place)).toEqual([place, [voyageId]]);
    }
    for (const elsewhere of ['Caribbean', 'Aegean', 'Greek Islands', 'Baltic', 'Atlantic']) expect(await found(elsewhere)).toEqual([elsewhere, []]);
    const placesOf = async (): Promise<string[]> =>
      ((await runtime.dataSource.query<{ places: string }[]>('SELECT places FROM voyage_summaries WHERE voyage_id = $1', [voyageId]))[0]?.places ?? '').split(', ');
    expect(await placesOf()).toEqual(expect.arrayContaining(['Split', 'Hvar town quay', 'Komiža', 'Croatia', 'Mediterranean', 'Adriatic', 'Dalmatia']));

    // A new route, new places.
    const balearics = [
      { name: 'Palma', portId: null, coordinates: [2.6376, 39.5666] as [number, number] },
      { name: 'Mahón', portId: null, coordinates: [4.2651, 39.8885] as [number, number] },
    ];
    await run(voyageId, { type: 'EditVoyage', actorId: skipperId, plan: plan({ title: 'Island hopping', description: 'Stone towns and swim stops.', stops: balearics }), boat });
    expect(await found('Dalmatia')).toEqual(['Dalmatia', []]);
    for (const place of ['Balearic Islands', 'Balearics', 'Menorca', 'Mallorca', 'Spain', 'Mediterranean']) expect(await found(place)).toEqual([place, [voyageId]]);
    expect(await placesOf()).not.toContain('Croatia');

    const everything = () => runtime.dataSource.query('SELECT voyage_id, places, search::text FROM voyage_summaries ORDER BY voyage_id');
    const before = await everything();
    await rebuildProjection(voyageSummaryProjector, runtime.eventStore, runtime.dataSource);
    expect(await everything()).toEqual(before);
  });

  it('browses the voyages that can still be joined through one index: with any filter, the total is an index-only scan', async () => {
    const [index] = await runtime.dataSource.query<{ indexdef: string }[]>(
      `SELECT indexdef FROM pg_indexes WHERE indexname = 'voyage_summaries_open_idx' AND schemaname = current_schema()`,
    );
    expect(index?.indexdef).toMatch(/\(start_date, voyage_id\) INCLUDE \(duration_days, contribution_type, longitude, latitude\)/);
    for (const flag of [/status = ANY \(ARRAY\['planning'::text, 'active'::text\]\)/, /NOT suspended/, /NOT archived/, /NOT owner_suspended/])
      expect(index?.indexdef).toMatch(flag);
    const filters = [{}, { contribution: 'free' as const }, { duration: 'weeks' as const, bbox: '-10,40,10,55' }, { departure_from: '2099-01-01', departure_to: '2099-12-31' }];
    for (const filter of filters) {
      const { where, params } = voyageFilters({ limit: 20, offset: 0, ...filter });
      // The planner is kept off the table's pages to show what the index alone can answer.
      const plan = await runtime.dataSource.transaction(async (manager) => {
        await manager.query('SET LOCAL enable_seqscan = off');
        await manager.query('SET LOCAL enable_bitmapscan = off');
        const [row] = await manager.query<{ 'QUERY PLAN': unknown }[]>(`EXPLAIN (FORMAT JSON) SELECT count(*) FROM voyage_summaries v WHERE ${where}`, params);
        return JSON.stringify(row!['QUERY PLAN']);
      });
      expect([filter, plan]).toEqual([filter, expect.stringContaining('"Node Type":"Index Only Scan"')]);
      expect(plan).toContain('"Index Name":"voyage_summaries_open_idx"');
      // Departing after today: a range of the index's key, not a filter over every row.
      expect(plan).toMatch(/"Index Cond":"[^"]*start_date > /);
    }
  });

  it('applies a replayed batch only once', async () => {
    const before = await rows();
    const log = await runtime.eventStore.readAll({ commit: 0n, prepare: 0n }, 10_000);
    await runtime.dataSource.transaction((manager) => voyageSummaryProjector.project(log, manager));
    expect(await rows()).toEqual(before);
  });
});
