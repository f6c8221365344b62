import { portSchema, type Port } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Application } from '../src/application';
import { inject, startTestApp, type TestApp } from './support/harness';

let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;

const get = (url: string) => inject(app, 'GET', url);

const search = async (q: string, extra = ''): Promise<Port[]> => {
  const response = await get(`/api/geo/ports/search?q=${encodeURIComponent(q)}${extra}`);
  expect(response.statusCode).toBe(200);
  return response.json<{ ports: Port[] }>().ports;
};

/** The search as a visitor whose browser asks for `acceptLanguage`. */
const searchIn = async (acceptLanguage: string, q: string): Promise<Port[]> => {
  const response = await inject(app, 'GET', `/api/geo/ports/search?q=${encodeURIComponent(q)}`, { headers: { 'accept-language': acceptLanguage } });
  expect(response.statusCode).toBe(200);
  return response.json<{ ports: Port[] }>().ports;
};

beforeAll(async () => {
  testApp = await startTestApp({ env: { DATA_DIR: '/tmp/crew-ports-test' }, projectors: false });
  ({ runtime, app } = testApp);
});

afterAll(() => testApp.close());

describe('ports table', () => {
  it('is seeded with sea ports and coastal towns, every row complete', async () => {
    const [counts] = await runtime.dataSource.query<{ total: number; ports: number; towns: number; incomplete: number }[]>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE port_type = 'commercial_port')::int AS ports,
              count(*) FILTER (WHERE port_type <> 'commercial_port')::int AS towns,
              count(*) FILTER (WHERE name = '' OR full_name = '' OR country = '' OR city = '')::int AS incomplete
         FROM ports`,
    );
    expect(counts!.ports).toBeGreaterThan(1_000);
    expect(counts!.towns).toBeGreaterThan(5_000);
    expect(counts!.incomplete).toBe(0);
  });

  it('finds every listed port by its own name, each name keyed as the search normalises it', async () => {
    const [check] = await runtime.dataSource.query<{ unnamed: number; mismatched: number; names: number; ports: number }[]>(
      `SELECT (SELECT count(*) FROM ports p WHERE p.listed
                 AND NOT EXISTS (SELECT 1 FROM port_names n WHERE n.port_id = p.id AND n.search_name = port_search_name(p.name)))::int AS unnamed,
              (SELECT count(*) FROM port_names WHERE search_name <> port_search_name(name))::int AS mismatched,
              (SELECT count(*) FROM port_names)::int AS names,
              (SELECT count(*) FROM ports WHERE listed)::int AS ports`,
    );
    expect(check!.unnamed).toBe(0);
    expect(check!.mismatched).toBe(0);
    expect(check!.names).toBeGreaterThan(check!.ports);
  });
});

describe('GET /api/geo/ports/search', () => {
  it.each([
    ['cherb', 'Cherbourg', 'France'],
    ['Saint-Malo', 'Saint-Malo', 'France'],
    ['cowes', 'Cowes', 'United Kingdom'],
    ['hamble', 'Hamble-le-Rice', 'United Kingdom'],
    ['dartmouth', 'Dartmouth', 'United Kingdom'],
    ['st helier', 'Saint Helier (Jersey)', 'Jersey'],
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
      local_name: null,
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

  it('ranks names starting with the text before names merely similar to it, exact names and harbours first', async () => {
    const southampton = await search('southampton');
    expect(southampton[0]).toMatchObject({ name: 'Southampton', country: 'United Kingdom', port_type: 'commercial_port', is_major_port: true });

    // Every answer has a name or another name (island, harbour, other language) starting with "port".
    const prefixed = await search('port');
    const names = await runtime.dataSource.query<{ port_id: string; search_name: string; sailing_rank: number; is_major_port: boolean }[]>(
      'SELECT port_id, search_name, sailing_rank, is_major_port FROM port_names WHERE port_id = ANY($1)',
      [prefixed.map((p) => p.id)],
    );
    for (const port of prefixed) expect(names.some((n) => n.port_id === port.id && n.search_name.startsWith('port'))).toBe(true);
    // Then sailing rank (cruising harbour, port, coastal town, town inland), then major ports.
    const order = prefixed.map((p) => {
      const own = names.filter((n) => n.port_id === p.id);
      return [Math.max(...own.map((n) => n.sailing_rank)), p.is_major_port ? 1 : 0] as const;
    });
    for (let i = 1; i < order.length; i++) {
      const [rank, major] = order[i]!;
      const [previousRank, previousMajor] = order[i - 1]!;
      expect(rank < previousRank || (rank === previousRank && major <= previousMajor)).toBe(true);
    }

    // "malo": the names starting with it come before Saint-Malo (a later word), which comes before Malmö (similar).
    const maloPorts = await search('malo', '&limit=25');
    const malo = maloPorts.map((p) => p.name);
    expect(malo).toContain('Saint-Malo');
    expect(malo.indexOf('Saint-Malo')).toBeGreaterThan(0);
    const maloNames = await runtime.dataSource.query<{ port_id: string; search_name: string }[]>('SELECT port_id, search_name FROM port_names WHERE port_id = ANY($1)', [
      maloPorts.map((p) => p.id),
    ]);
    for (const port of maloPorts.slice(0, malo.indexOf('Saint-Malo'))) {
      expect(maloNames.some((n) => n.port_id === port.id && n.search_name.startsWith('malo'))).toBe(true);
    }
    if (malo.includes('Malmö')) expect(malo.indexOf('Malmö')).toBeGreaterThan(malo.indexOf('Saint-Malo'));
  });

  it('puts a harbour before a bigger town of the same name', async () => {
    const dartmouth = await search('dartmouth');
    expect(dartmouth.slice(0, 2).map((p) => [p.country, p.is_major_port])).toEqual([
      ['United Kingdom', false],
      ['Canada', true],
    ]);
  });

  it('finds a harbour by its island, its harbour name or its name in another language, once', async () => {
    expect((await search('Alderney'))[0]).toMatchObject({ name: 'Alderney Harbour', country: 'Guernsey' });
    expect((await search('Braye'))[0]).toMatchObject({ name: 'Alderney Harbour', country: 'Guernsey' });
    expect((await search('Bequia'))[0]).toMatchObject({ name: 'Port Elizabeth (Bequia)', country: 'Saint Vincent and Grenadines' });
    expect((await search('English Harbour'))[0]).toMatchObject({ name: 'English Harbour', country: 'Antigua and Barbuda' });
    expect((await search('Rodney Bay'))[0]).toMatchObject({ name: 'Rodney Bay', country: 'Saint Lucia', port_type: 'marina' });
    // Napoli and Naples are one place: one answer, whichever name is typed.
    const sameName = (p: Port) => p.country === 'Italy' && ['Naples', 'Napoli'].includes(p.name);
    const naples = (await search('Naples', '&limit=25')).filter(sameName);
    const napoli = (await search('Napoli', '&limit=25')).filter(sameName);
    expect(naples).toHaveLength(1);
    expect(napoli.map((p) => p.id)).toEqual([naples[0]!.id]);
    // Port Elizabeth (South Africa) was listed twice, 30 km apart.
    expect((await search('Port Elizabeth', '&limit=25')).filter((p) => p.country === 'South Africa')).toHaveLength(1);
  });

  it('keeps rows that the earlier data held resolvable, unlisted from search', async () => {
    const [naplesTown] = await runtime.dataSource.query<{ listed: boolean; name: string }[]>(`SELECT listed, name FROM ports WHERE id = 'gn3172394'`);
    expect(naplesTown).toEqual({ listed: false, name: 'Naples' });
    const [{ count }] = await runtime.dataSource.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM port_names n JOIN ports p ON p.id = n.port_id WHERE NOT p.listed`);
    expect(count).toBe(0);
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
    expect((await search('Lissbon')).find((p) => p.country === 'Portugal')).toMatchObject({ name: 'Lisbon', local_name: 'Lisboa' });
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
    // One answer per language: the names depend on Accept-Language.
    expect(String(response.headers['vary'])).toMatch(/accept-language/i);
  });
});

describe('port names in each language', () => {
  const ydra = { id: 'gn261822', local_name: 'Ýdra' };
  const kerkyra = { id: 'gn2463679', local_name: 'Kérkyra' };

  it('finds a port by its name in another language and names it in the asked one, keeping its local name', async () => {
    // A German visitor typing the German exonym.
    expect((await searchIn('de', 'Korfu'))[0]).toMatchObject({ ...kerkyra, name: 'Korfu', country: 'Griechenland', full_name: 'Korfu, Griechenland' });
    // A French visitor typing the French one, and one typing the local name.
    expect((await searchIn('fr-FR,fr;q=0.9,en;q=0.8', 'Corfou'))[0]).toMatchObject({ ...kerkyra, name: 'Corfou', country: 'Grèce' });
    expect((await searchIn('fr', 'Kerkyra'))[0]).toMatchObject({ ...kerkyra, name: 'Corfou' });
    // English is the default, and the answer for a language the product does not speak.
    expect((await search('Hydra'))[0]).toMatchObject({ ...ydra, name: 'Hydra', full_name: 'Hydra, Greece', country: 'Greece', city: 'Hydra' });
    expect((await searchIn('pt-BR', 'Hydra'))[0]).toMatchObject({ ...ydra, name: 'Hydra' });
    expect((await searchIn('it', 'Idra'))[0]).toMatchObject({ ...ydra, name: 'Idra', full_name: 'Idra, Grecia' });
    expect((await searchIn('es', 'hidra'))[0]).toMatchObject({ ...ydra, name: 'Hidra', country: 'Grecia' });
    // Any language's name finds it, accents or not; the answer stays in the asked language.
    expect((await searchIn('it', 'Ydra'))[0]).toMatchObject({ ...ydra, name: 'Idra' });
    expect((await searchIn('de', 'Korfù'))[0]).toMatchObject({ ...kerkyra, name: 'Korfu' });
  });

  it('shows the local or English exonym each language uses, and the own name where a language has none', async () => {
    const lisbon = async (language: string) => (await searchIn(language, 'Lisboa')).find((p) => p.id === 'ptlis');
    expect(await lisbon('en')).toMatchObject({ name: 'Lisbon', local_name: 'Lisboa', country: 'Portugal' });
    expect(await lisbon('fr')).toMatchObject({ name: 'Lisbonne', local_name: 'Lisboa' });
    expect(await lisbon('de')).toMatchObject({ name: 'Lissabon', local_name: 'Lisboa' });
    expect(await lisbon('es')).toMatchObject({ name: 'Lisboa', local_name: null, country: 'Portugal' });
    expect(await lisbon('it')).toMatchObject({ name: 'Lisbona', local_name: 'Lisboa', country: 'Portogallo' });
    // Dubrovnik is Dubrovnik in every language, Split is Spalato in Italian only.
    for (const language of ['en', 'fr', 'de', 'es', 'it']) {
      expect((await searchIn(language, 'Dubrovnik'))[0]).toMatchObject({ name: 'Dubrovnik', local_name: null });
    }
    expect((await searchIn('it', 'Spalato'))[0]).toMatchObject({ name: 'Spalato', local_name: 'Split', country: 'Croazia' });
    expect((await searchIn('de', 'Spalato'))[0]).toMatchObject({ name: 'Split', local_name: null, country: 'Kroatien' });
  });

  it('keeps one name per language for a port, every one keyed as the search normalises it', async () => {
    const [check] = await runtime.dataSource.query<{ doubled: number; unlisted: number; locales: string[] }[]>(
      `SELECT (SELECT count(*) FROM (SELECT 1 FROM port_names WHERE locale IS NOT NULL GROUP BY port_id, locale HAVING count(*) > 1) d)::int AS doubled,
              (SELECT count(*) FROM port_names n JOIN ports p ON p.id = n.port_id WHERE n.locale IS NOT NULL AND NOT p.listed)::int AS unlisted,
              (SELECT array_agg(DISTINCT locale ORDER BY locale) FROM port_names WHERE locale IS NOT NULL) AS locales`,
    );
    expect(check).toEqual({ doubled: 0, unlisted: 0, locales: ['de', 'en', 'es', 'fr', 'it'] });
    // The local names are found too.
    const [{ unsearchable }] = await runtime.dataSource.query<{ unsearchable: number }[]>(
      `SELECT count(*)::int AS unsearchable FROM ports p
        WHERE p.local_name IS NOT NULL AND NOT EXISTS (SELECT 1 FROM port_names n WHERE n.port_id = p.id AND n.search_name = port_search_name(p.local_name))`,
    );
    expect(unsearchable).toBe(0);
  });
});
