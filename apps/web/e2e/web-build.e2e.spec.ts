import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The client that ships: rendered by React DOM itself (the version the
 * component tests run on), never by a lookalike renderer, and within the
 * JavaScript budget of every public page a first visit may open.
 */

const ROOT = path.resolve(__dirname, '../../..');
const ASSETS = path.join(ROOT, 'apps/web/dist/assets');
const scripts = () => readdirSync(ASSETS).filter((file) => file.endsWith('.js'));
const reactDomVersion = (JSON.parse(readFileSync(path.join(ROOT, 'node_modules/react-dom/package.json'), 'utf8')) as { version: string }).version;

describe('the production client', () => {
  it('renders with React DOM (the version jest uses) and contains no Preact', () => {
    const code = scripts().map((file) => readFileSync(path.join(ASSETS, file), 'utf8'));
    // React DOM's client root marker and its version string are in the build.
    expect(code.some((text) => text.includes('__reactContainer$'))).toBe(true);
    const version = new RegExp(`["'\`]${reactDomVersion.replace(/\./g, '\\.')}["'\`]`);
    expect(code.some((text) => version.test(text))).toBe(true);
    // No module of the build comes from Preact (the source maps name every module bundled).
    const sources = readdirSync(ASSETS)
      .filter((file) => file.endsWith('.js.map'))
      .flatMap((file) => (JSON.parse(readFileSync(path.join(ASSETS, file), 'utf8')) as { sources: string[] }).sources);
    expect(sources.some((source) => source.includes('node_modules/react-dom/'))).toBe(true);
    expect(sources.filter((source) => /node_modules\/preact(\/|$)/.test(source))).toEqual([]);
  });

  it('keeps every public page within its JavaScript budget before the first paint', () => {
    // The bench's own measure (an ES module, so run by node itself).
    const script = pathToFileURL(path.join(ROOT, 'scripts/web-budget.mjs')).href;
    const measured = JSON.parse(
      execFileSync(
        process.execPath,
        ['--input-type=module', '-e', `import(${JSON.stringify(script)}).then((m) => console.log(JSON.stringify({ budget: m.BUDGET_KB, ...m.measureWebBudget() })))`],
        {
          encoding: 'utf8',
        },
      ),
    ) as { budget: number; pages: { route: string; kb: number }[] };
    // The pages a first visit opens most (the budget's own list in docs and the bench reports every page).
    const firstVisits = ['/', '/voyages (list)', '/voyages (map)', '/voyages/{id}', '/login', '/register', '/help', '/users/{id}'];
    const measuredFirst = measured.pages.filter((page) => firstVisits.includes(page.route));
    expect(measuredFirst.map((page) => page.route).sort()).toEqual([...firstVisits].sort());
    expect(measuredFirst.filter((page) => page.kb > measured.budget)).toEqual([]);
  });
});
