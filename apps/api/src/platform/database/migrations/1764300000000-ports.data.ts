import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A generated ports table as a seed migration loads it: the lists its columns index, and its rows. */
export interface PortTable {
  /** Sailing region names; a row's region column is an index into this list. */
  regions: readonly string[];
  /** Port type names; a row's type column is an index into this list. */
  types: readonly string[];
  /** ISO 3166 code to English name. */
  countries: ReadonlyMap<string, string>;
  /** One port per line, tab-separated, in seed order (the columns are described in the file's comments). */
  rows: readonly string[];
}

/**
 * Reads a ports table that scripts/generate-ports.mjs wrote beside the
 * migrations (1764300000000-ports.tsv, 1764720000000-harbours.tsv; the format is
 * described in scripts/ports/port-table.mjs). It is resolved from this module's
 * own directory: the sources in tests and tools, dist/ in production, where
 * scripts/build.mjs copies the .tsv files beside the compiled migrations.
 */
export const readPortTable = (fileName: string): PortTable => {
  const lines = readFileSync(path.join(__dirname, fileName), 'utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  const table = { regions: [] as string[], types: [] as string[], countries: new Map<string, string>(), rows: [] as string[] };
  for (const line of lines) {
    if (line.startsWith('#')) continue;
    if (!line.startsWith('@')) {
      table.rows.push(line);
      continue;
    }
    const [directive, ...values] = line.split('\t');
    const [code, name] = values;
    if (directive === '@regions') table.regions.push(...values);
    else if (directive === '@types') table.types.push(...values);
    else if (directive === '@country' && code && name && values.length === 2) table.countries.set(code, name);
    else throw new Error(`${fileName}: malformed line "${line.slice(0, 80)}"`);
  }
  if (table.regions.length === 0 || table.types.length === 0 || table.countries.size === 0 || table.rows.length === 0) {
    throw new Error(`${fileName}: regions, types, countries or rows missing`);
  }
  return table;
};
