import type { Port } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { describeMisses, evaluateHarbourQueries, GOAL, readHarbourQueries, TOP } from '../src/modules/geo/harbour-query-evaluation';
import type { Application } from '../src/application';
import { AREA_PREFIX_LENGTH } from '../src/modules/geo/queries/search-ports.query';
import { inject, startTestApp, type TestApp } from './support/harness';

let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;

const search = async (q: string, acceptLanguage = 'en'): Promise<Port[]> => {
  const response = await inject(app, 'GET', `/api/geo/ports/search?q=${encodeURIComponent(q)}`, { headers: { 'accept-language': acceptLanguage } });
  expect(response.statusCode).toBe(200);
  return response.json<{ ports: Port[] }>().ports;
};
const names = (ports: readonly Port[], top = TOP) => ports.slice(0, top).map((p) => `${p.name}, ${p.country}`);

beforeAll(async () => {
  testApp = await startTestApp({ env: { DATA_DIR: '/tmp/crew-harbour-queries-test' }, projectors: false });
  ({ runtime, app } = testApp);
});

afterAll(() => testApp.close());

describe('port search finds the harbours sailors name', () => {
  it(`finds at least ${GOAL * 100}% of scripts/ports/harbour-queries.tsv among the first ${TOP} answers of the search statement`, async () => {
    const driver = runtime.dataSource.driver;
    if (!(driver instanceof PostgresDriver)) throw new Error('PostgreSQL driver expected');
    const evaluation = await evaluateHarbourQueries(driver.master as Pool);
    console.log(
      `${evaluation.found}/${evaluation.total} found (${(evaluation.rate * 100).toFixed(1)}%)${evaluation.misses.length ? `; misses:\n${describeMisses(evaluation)}` : ''}`,
    );
    // A harbour of the list that no listed port is would be a mistake in the list.
    expect(evaluation.unknown).toEqual([]);
    expect(evaluation.total).toBeGreaterThanOrEqual(200);
    expect(evaluation.rate).toBeGreaterThanOrEqual(GOAL);
  }, 120_000);

  it('covers every sea the issue names, typed with and without accents', () => {
    const queries = readHarbourQueries();
    const groups = new Set(queries.map((q) => q.group));
    expect([...groups].sort()).toEqual(['atlantic', 'caribbean', 'indian-ocean', 'mediterranean', 'northern-europe', 'pacific']);
    expect(queries.some((q) => q.query !== q.query.normalize('NFD').replace(/\p{M}/gu, ''))).toBe(true);
  });

  it('answers an island nation or archipelago with its main yacht harbours, in the curated order', async () => {
    expect(names(await search('Azores'), 2)).toEqual(['Ponta Delgada, Portugal', 'Horta (Faial), Portugal']);
    expect(names(await search('Canary Islands'), 2)).toEqual(['Las Palmas de Gran Canaria, Spain', 'Santa Cruz de Tenerife, Spain']);
    expect((await search('Balearics'))[0]).toMatchObject({ name: 'Palma de Mallorca', country: 'Spain' });
    expect((await search('Aeolian Islands'))[0]).toMatchObject({ name: 'Lipari', country: 'Italy' });
    expect(names(await search('Grenadines'), 2)).toEqual(['Port Elizabeth (Bequia), Saint Vincent and Grenadines', 'Clifton (Union Island), Saint Vincent and Grenadines']);
    expect((await search('Maldives'))[0]).toMatchObject({ name: 'Male', country: 'Maldives' });
    expect((await search('Mauritius'))[0]).toMatchObject({ name: 'Port Louis', country: 'Mauritius' });
    expect((await search('Seychelles'))[0]).toMatchObject({ name: 'Port Victoria', country: 'Seychelles' });
    expect((await search('Svalbard'))[0]).toMatchObject({ name: 'Longyearbyen' });
    expect(names(await search('Lofoten'), 2)).toEqual(['Svolvær, Norway', 'Reine, Norway']);
    // Another language's name of the archipelago, and the name typed without its accent.
    expect((await search('Açores'))[0]?.name).toBe('Ponta Delgada');
    expect((await search('Aland'))[0]).toMatchObject({ name: 'Mariehamn' });
    // An archipelago's name comes before a place that merely bears it (Malta, Netherlands).
    expect((await search('Malta'))[0]).toMatchObject({ name: 'Valletta', country: 'Malta' });
  });

  it('shows the English name and keeps the local name visible and searchable', async () => {
    expect((await search('Kefalonia'))[0]).toMatchObject({ name: 'Argostoli', local_name: 'Argostóli', country: 'Greece' });
    expect((await search('Argostoli'))[0]).toMatchObject({ name: 'Argostoli', local_name: 'Argostóli' });
    expect((await search('Argostólion'))[0]).toMatchObject({ name: 'Argostoli' });
    expect((await search('Gothenburg'))[0]).toMatchObject({ name: 'Gothenburg', local_name: 'Göteborg', country: 'Sweden' });
    expect((await search('Goteborg'))[0]).toMatchObject({ name: 'Gothenburg', local_name: 'Göteborg' });
    expect((await search('Torshavn'))[0]).toMatchObject({ name: 'Tórshavn', local_name: null, country: 'Faroe Islands' });
    // In another language the same port carries that language's name.
    expect((await search('Kefalonia', 'it'))[0]).toMatchObject({ name: 'Argostoli', country: 'Grecia' });
  });

  it('finds the harbours the data lacked, shown with their island', async () => {
    expect((await search('Fiskardo'))[0]).toMatchObject({ name: 'Fiskárdo (Kefalonia)', country: 'Greece', port_type: 'harbour', sailing_region: 'Mediterranean' });
    expect((await search('Formentera'))[0]).toMatchObject({ name: 'La Savina (Formentera)', country: 'Spain' });
    expect((await search('Praslin'))[0]).toMatchObject({ name: 'Baie Sainte Anne (Praslin)', country: 'Seychelles', sailing_region: 'Indian Ocean' });
  });

  it(`matches an area's name as a prefix only from ${AREA_PREFIX_LENGTH} letters on`, async () => {
    // "Ma": harbours named Ma..., not Palma for Mallorca nor Malé for Maldives.
    const ma = await search('Ma');
    const rows = await runtime.dataSource.query<{ port_id: string }[]>(
      `SELECT DISTINCT port_id FROM port_names WHERE port_id = ANY($1) AND priority = 0 AND search_name LIKE 'ma%'`,
      [ma.map((p) => p.id)],
    );
    expect(rows).toHaveLength(ma.length);
    // "Azor" on the way to "Azores" already answers the Azores' harbours.
    expect(names(await search('Azor'))).toEqual(expect.arrayContaining(['Ponta Delgada, Portugal', 'Horta (Faial), Portugal']));
  });

  it('keys every area name as the search normalises it, for listed ports only', async () => {
    const [check] = await runtime.dataSource.query<{ mismatched: number; unlisted: number; areas: number }[]>(
      `SELECT (SELECT count(*) FROM port_names WHERE priority > 0 AND search_name <> port_search_name(name))::int AS mismatched,
              (SELECT count(*) FROM port_names n JOIN ports p ON p.id = n.port_id WHERE n.priority > 0 AND NOT p.listed)::int AS unlisted,
              (SELECT count(DISTINCT search_name) FROM port_names WHERE priority > 0)::int AS areas`,
    );
    expect(check).toEqual({ mismatched: 0, unlisted: 0, areas: expect.any(Number) });
    expect(check!.areas).toBeGreaterThan(300);
  });
});
