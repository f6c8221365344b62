import { portSchema, type Port } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHttpApp } from '../src/http-app';
import { loadConfig } from '../src/platform/config/app-config';
import { createRuntime, type Runtime } from '../src/platform/runtime';
import { createTestDatabase, type TestDatabase } from './support/database';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let database: TestDatabase;
let runtime: Runtime;
let app: NestFastifyApplication;

/** Roughly what the search compares: no accents, lower case. */
const plain = (name: string): string => name.normalize('NFD').replace(/\p{M}/gu, '').replace(/ø/g, 'o').toLowerCase();

const get = (url: string) => app.getHttpAdapter().getInstance().inject({ method: 'GET', url });

const search = async (q: string, extra = ''): Promise<Port[]> => {
  const response = await get(`/api/geo/ports/search?q=${encodeURIComponent(q)}${extra}`);
  expect(response.statusCode).toBe(200);
  return response.json<{ ports: Port[] }>().ports;
};

beforeAll(async () => {
  database = await createTestDatabase();
  runtime = await createRuntime(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/crew-ports-test' }), database.url, quiet);
  app = await createHttpApp(runtime, { logger: false });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
});

afterAll(async () => {
  await app.close();
  await runtime.close();
  await database.drop();
});

describe('ports table', () => {
  it('is seeded with sea ports and coastal towns, every row complete', async () => {
    const [counts] = await runtime.dataSource.query<{ total: number; ports: number; towns: number; incomplete: number }[]>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE port_type = 'commercial_port')::int AS ports,
              count(*) FILTER (WHERE port_type <> 'commercial_port')::int AS towns,
              count(*) FILTER (WHERE search_name = '' OR full_name = '' OR country = '' OR city = '')::int AS incomplete
         FROM ports`,
    );
    expect(counts!.ports).toBeGreaterThan(1_000);
    expect(counts!.towns).toBeGreaterThan(5_000);
    expect(counts!.incomplete).toBe(0);
  });
});

describe('GET /api/geo/ports/search', () => {
  it.each([
    ['cherb', 'Cherbourg', 'France'],
    ['Saint-Malo', 'Saint-Malo', 'France'],
    ['cowes', 'Cowes', 'United Kingdom'],
    ['hamble', 'Hamble-le-Rice', 'United Kingdom'],
    ['dartmouth', 'Dartmouth', 'United Kingdom'],
    ['st helier', 'Saint Helier', 'Jersey'],
  ])('finds the sailing harbour for "%s"', async (q, name, country) => {
    const ports = await search(q);
    const found = ports.find((p) => p.name === name && p.country === country);
    expect(found).toBeDefined();
    expect(found!.full_name).toBe(`${name}, ${country}`);
    expect(found!.sailing_region).toBe('Channel/North Sea');
  });

  it('answers every field of the port search result with valid values', async () => {
    const ports = await search('cherbourg');
    const cherbourg = ports[0]!;
    expect(cherbourg).toEqual({
      id: expect.stringMatching(/^gn\d+$/),
      name: 'Cherbourg',
      full_name: 'Cherbourg, France',
      country: 'France',
      city: 'Cherbourg',
      latitude: expect.closeTo(49.64, 1),
      longitude: expect.closeTo(-1.62, 1),
      sailing_region: 'Channel/North Sea',
      port_type: 'harbour',
      is_major_port: false,
    });
    for (const port of [...ports, ...(await search('port'))]) expect(portSchema.strict().parse(port)).toEqual(port);
  });

  it('ranks names starting with the text before names merely similar to it, major ports first', async () => {
    const ports = await search('southampton');
    expect(ports[0]).toMatchObject({ name: 'Southampton', country: 'United Kingdom', port_type: 'commercial_port', is_major_port: true });

    const prefixed = await search('port');
    // Every answer starts with "port" (after accents are dropped): the prefix tier fills the page.
    for (const port of prefixed) expect(plain(port.name)).toMatch(/^port/);
    const firstMinor = prefixed.findIndex((p) => !p.is_major_port);
    if (firstMinor >= 0) expect(prefixed.slice(firstMinor).every((p) => !p.is_major_port)).toBe(true);

    // "malo": the names starting with it come before Saint-Malo (a later word), which comes before Malmö (similar).
    const malo = (await search('malo', '&limit=25')).map((p) => p.name);
    expect(malo).toContain('Saint-Malo');
    expect(malo.indexOf('Saint-Malo')).toBeGreaterThan(0);
    expect(malo.slice(0, malo.indexOf('Saint-Malo')).every((n) => plain(n).startsWith('malo'))).toBe(true);
    if (malo.includes('Malmö')) expect(malo.indexOf('Malmö')).toBeGreaterThan(malo.indexOf('Saint-Malo'));
  });

  it('puts major ports first among equals', async () => {
    const dartmouth = await search('dartmouth');
    expect(dartmouth.slice(0, 2).map((p) => [p.country, p.is_major_port])).toEqual([
      ['Canada', true],
      ['United Kingdom', false],
    ]);
  });

  it('ignores accents and punctuation, and reads St as Saint', async () => {
    const coruna = await search('La Coruna');
    expect(coruna[0]).toMatchObject({ name: 'La Coruña (A Coruña)', country: 'Spain', is_major_port: true });
    expect((await search('la coruña'))[0]?.id).toBe(coruna[0]!.id);
    expect((await search('St Malo'))[0]).toMatchObject({ name: 'Saint-Malo' });
    expect((await search('saint malo'))[0]).toMatchObject({ name: 'Saint-Malo' });
    expect((await search('MALMO'))[0]).toMatchObject({ name: 'Malmö', country: 'Sweden' });
  });

  it('tolerates typos', async () => {
    expect((await search('Cherbourgh'))[0]).toMatchObject({ name: 'Cherbourg', country: 'France' });
    expect((await search('Southamptn')).map((p) => p.name)).toContain('Southampton');
    expect((await search('lisbon')).map((p) => p.name)).toContain('Lisboa');
  });

  it('returns only major ports with major_only=true', async () => {
    const all = await search('dartmouth');
    expect(all.some((p) => !p.is_major_port)).toBe(true);
    const major = await search('dartmouth', '&major_only=true');
    expect(major.length).toBeGreaterThan(0);
    expect(major.every((p) => p.is_major_port)).toBe(true);
    expect((await search('sa', '&major_only=true&limit=25')).every((p) => p.is_major_port)).toBe(true);
  });

  it('returns 8 ports by default and honours limit', async () => {
    expect(await search('sa')).toHaveLength(8);
    expect(await search('sa', '&limit=3')).toHaveLength(3);
    expect(await search('sa', '&limit=25')).toHaveLength(25);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await search('qxzqxz')).toEqual([]);
    expect(await search('--')).toEqual([]);
  });

  it.each([
    ['q=c', 'q'],
    ['q=%20c%20', 'q'],
    ['', 'q'],
    ['q=cherb&limit=0', 'limit'],
    ['q=cherb&limit=26', 'limit'],
    ['q=cherb&limit=abc', 'limit'],
    ['q=cherb&major_only=yes', 'major_only'],
  ])('refuses "%s" with 400 VALIDATION_FAILED on %s', async (query, field) => {
    const response = await get(`/api/geo/ports/search?${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; error: string; details: { path: string }[] }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.map((d) => d.path)).toContain(field);
    // A refusal must not be kept by caches as if it were an answer.
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('is public and cacheable', async () => {
    const response = await get('/api/geo/ports/search?q=cowes');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });
});
