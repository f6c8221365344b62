import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Pool, PoolClient, Client } from 'pg';
import { SEARCH_PORTS_STATEMENT, type PortRow } from './queries/search-ports.query';
import { portSearchName } from '../../platform/database/migrations/1764720000000-harbours';

/**
 * The evaluation of port search on what sailors type (scripts/ports/harbour-queries.tsv,
 * its header says how it was assembled): every query runs through the API's own
 * search statement, as the web client asks it (limit 8, English), and counts as
 * found when one of its harbours is among the first TOP answers. Shared by the
 * `harbours` benchmark and the test that holds the rate at or above GOAL.
 */
export const HARBOUR_QUERIES_FILE = 'scripts/ports/harbour-queries.tsv';
export const TOP = 3;
export const GOAL = 0.97;

export interface ExpectedHarbour {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** The harbour's name in the ports data, its English name or its local name. */
  name: string;
}

export interface HarbourQuery {
  query: string;
  harbours: ExpectedHarbour[];
  group: string;
  source: string;
}

export interface HarbourQueryMiss {
  query: string;
  expected: string;
  answers: string[];
}

export interface HarbourEvaluation {
  total: number;
  found: number;
  rate: number;
  byGroup: Record<string, { total: number; found: number }>;
  misses: HarbourQueryMiss[];
  /** Expected harbours that no listed port is: a mistake in the list, not in the search. */
  unknown: string[];
}

/** The repository root: the first folder above this module that holds the list (bench/ in tests, dist/bench/ when built). */
const listPath = (): string => {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, HARBOUR_QUERIES_FILE);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`${HARBOUR_QUERIES_FILE} not found above ${__dirname}`);
  }
};

export const readHarbourQueries = (file: string = listPath()): HarbourQuery[] => {
  const queries: HarbourQuery[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [query, harbours, group, source, ...rest] = line.split('\t');
    if (!query || !harbours || !group || !source || rest.length > 0) throw new Error(`${HARBOUR_QUERIES_FILE}: malformed line "${line}"`);
    queries.push({
      query,
      group,
      source,
      harbours: harbours.split('|').map((choice) => {
        const match = /^([A-Z]{2}):(.+)$/.exec(choice);
        if (!match?.[1] || !match[2]) throw new Error(`${HARBOUR_QUERIES_FILE}: "${choice}" is not CC:name (line "${line}")`);
        return { country: match[1], name: match[2] };
      }),
    });
  }
  return queries;
};

/** The keys a name answers to: the whole name, and the parts of "X (Y)" and "X, Y". */
const nameKeys = (names: readonly (string | null | undefined)[]): Set<string> => {
  const keys = new Set<string>();
  for (const name of names) {
    if (!name) continue;
    for (const part of [name, ...name.split(/\s*[(),]\s*/)]) {
      const key = portSearchName(part);
      if (key) keys.add(key);
    }
  }
  return keys;
};

const matches = (expected: ExpectedHarbour, country: string, keys: Set<string>): boolean => expected.country === country && keys.has(portSearchName(expected.name));

type Queryable = Pick<Client | Pool | PoolClient, 'query'>;

/** Runs every query of the list through the search statement (limit 8, English) and counts those found among the first TOP answers. */
export const evaluateHarbourQueries = async (db: Queryable, queries: readonly HarbourQuery[] = readHarbourQueries()): Promise<HarbourEvaluation> => {
  // Every expected harbour must be a listed port, by one of its names, English or local name.
  const { rows: ports } = await db.query<{ country_code: string; names: string[] }>(
    `SELECT p.country_code, array_remove(array_agg(DISTINCT n.name) || p.name || p.local_name, NULL) AS names
       FROM ports p LEFT JOIN port_names n ON n.port_id = p.id AND n.locale = 'en'
      WHERE p.listed GROUP BY p.id`,
  );
  const known = new Set(ports.flatMap((port) => [...nameKeys(port.names)].map((key) => `${port.country_code}:${key}`)));
  const unknown = [...new Set(queries.flatMap((q) => q.harbours.map((h) => `${h.country}:${h.name}`)))].filter((choice) => {
    const [country, ...name] = choice.split(':');
    return !known.has(`${country}:${portSearchName(name.join(':'))}`);
  });

  const misses: HarbourQueryMiss[] = [];
  const byGroup: HarbourEvaluation['byGroup'] = {};
  for (const q of queries) {
    const { rows } = await db.query<PortRow>({ ...SEARCH_PORTS_STATEMENT, values: [q.query, 8, false, 'en'] });
    const top = rows.slice(0, TOP);
    const found = top.some((row) => {
      const keys = nameKeys([row.name, row.own_name, row.local_name]);
      return q.harbours.some((expected) => matches(expected, row.country_code, keys));
    });
    const group = (byGroup[q.group] ??= { total: 0, found: 0 });
    group.total++;
    if (found) group.found++;
    else
      misses.push({
        query: q.query,
        expected: q.harbours.map((h) => `${h.name} ${h.country}`).join(' | '),
        answers: top.map((row) => `${row.name} ${row.country_code}`),
      });
  }
  const total = queries.length;
  const found = total - misses.length;
  return { total, found, rate: total === 0 ? 0 : found / total, byGroup, misses, unknown };
};

/** One line per miss, for logs. */
export const describeMisses = (evaluation: HarbourEvaluation): string =>
  evaluation.misses.map((miss) => `${miss.query}: expected ${miss.expected}; got ${miss.answers.join(' | ') || 'nothing'}`).join('\n');
