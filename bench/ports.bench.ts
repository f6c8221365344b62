import { Client } from 'pg';
import { SEARCH_PORTS_SQL, SEARCH_PORTS_STATEMENT } from '../apps/api/src/modules/geo/queries/search-ports.query';
import { createDataSource, migrate } from '../apps/api/src/platform/database/data-source';
import { Ports1764300000000 } from '../apps/api/src/platform/database/migrations/1764300000000-ports';
import { Harbours1764720000000 } from '../apps/api/src/platform/database/migrations/1764720000000-harbours';
import { PortNames1766120000000 } from '../apps/api/src/platform/database/migrations/1766120000000-port-names';
import { SailorsNames1766612840000 } from '../apps/api/src/platform/database/migrations/1766612840000-sailors-names';
import { atMost, figure, median, percentile, round, type BenchResult } from './support';

/** Destinations a crew member types, with the spellings people use. */
const PLACES = [
  'Cherbourg',
  'Saint-Malo',
  'St Malo',
  'Cowes',
  'Hamble',
  'Dartmouth',
  'St Helier',
  'Guernsey',
  'Portsmouth',
  'Southampton',
  'Lymington',
  'Falmouth',
  'Plymouth',
  'Brest',
  'La Rochelle',
  'Lorient',
  'La Coruna',
  'Vigo',
  'Lisbon',
  'Lagos',
  'Gibraltar',
  'Malaga',
  'Palma',
  'Ibiza',
  'Barcelona',
  'Marseille',
  'Antibes',
  'Cannes',
  'Nice',
  'Genova',
  'Portofino',
  'Napoli',
  'Palermo',
  'Valletta',
  'Split',
  'Dubrovnik',
  'Corfu',
  'Piraeus',
  'Rhodes',
  'Bodrum',
  'Kiel',
  'Copenhagen',
  'Göteborg',
  'Stockholm',
  'Helsinki',
  'Tallinn',
  'Oslo',
  'Bergen',
  'Aberdeen',
  'Den Helder',
  'Las Palmas',
  'Santa Cruz de Tenerife',
  'Mindelo',
  'Horta',
  'Bermuda',
  'Antigua',
  'English Harbour',
  'Rodney Bay',
  'Fort-de-France',
  'Bridgetown',
  'Nassau',
  'Miami',
  'Annapolis',
  'Newport',
  'Halifax',
  'Cartagena',
  'Colón',
  'Panama',
  'Galápagos',
  'Papeete',
  'Auckland',
  'Sydney',
  'Hobart',
  'Fremantle',
  'Darwin',
  'Phuket',
  'Singapore',
  'Port Louis',
  'Cape Town',
  'Durban',
  'Salvador',
  'Rio de Janeiro',
  'Ushuaia',
  'Stanley',
  'Reykjavík',
  'Tromsø',
  'Longyearbyen',
  'Honolulu',
  'San Diego',
  'Vancouver',
];

/** A deterministic mix: prefixes of 2, 3 and 5 letters as typed, whole names, and one-letter typos. */
const queryMix = (): { q: string; majorOnly: boolean }[] => {
  const mix: { q: string; majorOnly: boolean }[] = [];
  PLACES.forEach((place, i) => {
    const variants = [place.slice(0, 2), place.slice(0, 3), place.slice(0, 5), place, `${place.slice(0, -2)}${place.slice(-1)}`];
    // Three variants per place (rotating), so every kind of query appears about equally often.
    for (const variant of [variants[i % 5], variants[(i + 2) % 5], variants[(i + 4) % 5]]) {
      if (variant && variant.trim().length >= 2) mix.push({ q: variant, majorOnly: i % 7 === 0 });
    }
  });
  return mix.slice(0, 200);
};

const WARM_UP = 50;

/**
 * Port search in the database: the exact prepared statement the API runs
 * (SEARCH_PORTS_STATEMENT, limit 8) for 200 realistic queries, one at a time on
 * one connection after a warm-up; p50/p95 of the round trip to PostgreSQL (the
 * database time plus a little), and p95 of the server's own planning +
 * execution time (EXPLAIN ANALYZE EXECUTE, timing off). Also how long the
 * ports, harbours, port names and sailors' names migrations' seeds take on a fresh database, replayed in a
 * scratch schema inside a transaction that is rolled back.
 */
export const runPortsBenchmark = async (databaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const dataSource = createDataSource(databaseUrl, { poolSize: 2 });
  await dataSource.initialize();
  let seedMs: number;
  let harboursSeedMs: number;
  let portNamesSeedMs: number;
  let sailorsNamesSeedMs: number;
  try {
    await migrate(dataSource);
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    const started = performance.now();
    try {
      await runner.query('CREATE SCHEMA ports_seed_bench; SET LOCAL search_path = ports_seed_bench, public');
      await new Ports1764300000000().up(runner);
      const harboursStarted = performance.now();
      await new Harbours1764720000000().up(runner);
      harboursSeedMs = performance.now() - harboursStarted;
      const portNamesStarted = performance.now();
      await new PortNames1766120000000().up(runner);
      portNamesSeedMs = performance.now() - portNamesStarted;
      const sailorsNamesStarted = performance.now();
      await new SailorsNames1766612840000().up(runner);
      sailorsNamesSeedMs = performance.now() - sailorsNamesStarted;
      seedMs = performance.now() - started;
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  } finally {
    await dataSource.destroy();
  }

  const client = new Client({ connectionString: databaseUrl, application_name: 'crew-bench-ports' });
  await client.connect();
  try {
    const total = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM ports WHERE listed')).rows[0]?.n ?? 0);
    log(
      `seed of ${total} ports replayed in ${Math.round(seedMs)} ms (harbours migration ${Math.round(harboursSeedMs)} ms, port names ${Math.round(portNamesSeedMs)} ms, sailors' names ${Math.round(sailorsNamesSeedMs)} ms)`,
    );

    const mix = queryMix();
    const roundTrips: number[] = [];
    const serverTimes: number[] = [];
    let empty = 0;
    // Every other query in another language than English (the answer's names are looked up in it).
    const localeOf = (index: number) => (['en', 'fr', 'de', 'es', 'it'] as const)[index % 5];
    const search = (q: string, majorOnly: boolean, index: number) => client.query({ ...SEARCH_PORTS_STATEMENT, values: [q, 8, majorOnly, localeOf(index)] });
    for (const [index, { q, majorOnly }] of mix.slice(0, WARM_UP).entries()) await search(q, majorOnly, index);
    for (const [index, { q, majorOnly }] of mix.entries()) {
      const started = performance.now();
      const { rows } = await search(q, majorOnly, index);
      roundTrips.push(performance.now() - started);
      if (rows.length === 0) empty++;
    }
    // The server's own time for the same prepared statement (SQL-level PREPARE shares the plan cache rules).
    await client.query(`PREPARE bench_ports(text, int, boolean, text) AS ${SEARCH_PORTS_SQL}`);
    for (const [index, { q, majorOnly }] of [...mix.slice(0, WARM_UP), ...mix].entries()) {
      const { rows } = await client.query<{ 'QUERY PLAN': { 'Planning Time': number; 'Execution Time': number }[] }>(
        `EXPLAIN (ANALYZE, TIMING OFF, SUMMARY, FORMAT JSON) EXECUTE bench_ports(${client.escapeLiteral(q)}, 8, ${majorOnly}, '${localeOf(index)}')`,
      );
      const plan = rows[0]?.['QUERY PLAN'][0];
      if (plan) serverTimes.push(plan['Planning Time'] + plan['Execution Time']);
    }
    serverTimes.splice(0, WARM_UP);
    log(`${mix.length} queries (${mix.filter((m) => m.majorOnly).length} major only), ${empty} without results`);

    return {
      name: 'ports',
      title: 'Port search in PostgreSQL (prefix, word start, trigram similarity; limit 8)',
      figures: {
        p50: figure('search p50 (round trip)', round(median(roundTrips)), 'ms'),
        p95: figure('search p95 (round trip)', round(percentile(roundTrips, 95)), 'ms', atMost(5)),
        serverP95: figure('search p95 (planning + execution)', round(percentile(serverTimes, 95)), 'ms'),
        seed: figure('migration seed (ports + harbours + port names + sailors’ names)', Math.round(seedMs), 'ms', atMost(2_000)),
      },
      details: {
        rows: total,
        harboursSeedMs: Math.round(harboursSeedMs),
        portNamesSeedMs: Math.round(portNamesSeedMs),
        sailorsNamesSeedMs: Math.round(sailorsNamesSeedMs),
        queries: mix.length,
        warmUp: WARM_UP,
        emptyResults: empty,
        roundTripMaxMs: round(Math.max(...roundTrips)),
        serverP50Ms: round(median(serverTimes)),
        sample: mix.slice(0, 12).map((m) => m.q),
      },
    };
  } finally {
    await client.end();
  }
};
