#!/usr/bin/env node
// Fails when a catalogue is incomplete or inconsistent: a message without a
// translation in a language, or a translation whose ICU placeholders, plural
// or select arguments, or rich-text tags (<0>…</0>) differ from the English
// message's; and, when run on every catalogue (no path given), a message in
// the code that its catalogue lacks (extraction not run after a change).
// `node scripts/i18n/check-catalogues.mjs [path…]` checks the catalogues under
// those folders only.
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const LOCALES = ['fr', 'de', 'es', 'it'];
const paths = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const roots = paths.length > 0 ? paths.map((p) => path.resolve(p)) : ['apps', 'libs'].map((d) => path.join(root, d));

const catalogueDirs = [];
const walk = (dir) => {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.name === 'locales' && existsSync(path.join(full, 'en.po'))) catalogueDirs.push(full);
    else walk(full);
  }
};
for (const dir of roots) {
  if (existsSync(path.join(dir, 'en.po'))) catalogueDirs.push(dir);
  else walk(dir);
}

/** Argument names (with their kind) and tag numbers of a message: what every translation must keep. */
const shapeOf = (message) => {
  const args = new Set();
  // A compiled message is a list of tokens: text, or [name, kind?, cases] where each case is such a list again.
  const visit = (tokens) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, kind, cases] = token;
      args.add(kind ? `${name}:${kind === 'selectordinal' ? 'plural' : kind}` : name);
      if (cases && typeof cases === 'object') Object.values(cases).forEach(visit);
    }
  };
  visit(compileMessage(message));
  const tags = new Set([...message.matchAll(/<\/?(\d+)\/?>/g)].map((m) => m[1]));
  return [...[...args].sort(), '|', ...[...tags].sort()].join(' ');
};

const po = formatter({});
const problems = [];
let messages = 0;
for (const dir of catalogueDirs) {
  const read = (locale) => po.parse(readFileSync(path.join(dir, `${locale}.po`), 'utf8'), { locale, sourceLocale: 'en', filename: dir });
  const english = Object.entries(read('en')).filter(([, entry]) => !entry.obsolete);
  messages += english.length;
  for (const locale of LOCALES) {
    const file = path.join(dir, `${locale}.po`);
    if (!existsSync(file)) {
      problems.push(`${path.relative(root, file)}: missing catalogue`);
      continue;
    }
    const translated = read(locale);
    for (const [id, entry] of english) {
      const source = entry.message ?? id;
      const translation = translated[id]?.translation;
      if (!translation) {
        problems.push(`${path.relative(root, file)}: no translation for "${source}"`);
        continue;
      }
      let expected;
      let actual;
      try {
        expected = shapeOf(source);
        actual = shapeOf(translation);
      } catch (error) {
        problems.push(`${path.relative(root, file)}: "${translation}" is not a valid ICU message (${error.message})`);
        continue;
      }
      if (expected !== actual) problems.push(`${path.relative(root, file)}: "${translation}" keeps [${actual}] where "${source}" has [${expected}]`);
    }
  }
}
/** Every catalogue area: each web feature with a catalogue, the web's shared layers, the API's texts and the shared texts. */
export const catalogueAreas = () => [
  ...readdirSync(path.join(root, 'apps/web/src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(root, 'apps/web/src/features', entry.name, 'locales/en.po')))
    .map((entry) => entry.name),
  'web',
  'api',
  'shared',
];

/** Messages in the code that their catalogue lacks, for the area in I18N_AREA (lingui.config.ts narrows the catalogues to it). */
const staleMessages = async () => {
  const { getConfig } = await import('@lingui/conf');
  const { getCatalogs } = await import('@lingui/cli/api');
  const config = getConfig({ cwd: root });
  const stale = [];
  for (const catalog of await getCatalogs(config)) {
    const inCode = (await catalog.collect()) ?? {};
    const inCatalogue = (await catalog.read('en')) ?? {};
    for (const [id, entry] of Object.entries(inCode)) {
      if (!inCatalogue[id] || inCatalogue[id].obsolete)
        stale.push(
          `${path.relative(root, catalog.path)}: "${entry.message ?? id}" (${entry.origin?.[0]?.[0] ?? 'code'}) is not in the catalogue: run I18N_AREA=${process.env.I18N_AREA} npm run i18n:extract`,
        );
    }
  }
  return stale;
};

if (process.argv.includes('--stale-only')) {
  const stale = await staleMessages();
  if (stale.length > 0) console.error(stale.join('\n'));
  process.exit(stale.length > 0 ? 1 : 0);
}

if (process.argv.length === 2) {
  // Every message the code has is in its catalogue, checked area by area as `npm run i18n:extract` extracts them
  // (the API's mail texts and the shared texts come from the same files, so each area is extracted on its own).
  const { spawnSync } = await import('node:child_process');
  for (const area of catalogueAreas()) {
    const run = spawnSync(process.execPath, [new URL(import.meta.url).pathname, '--stale-only'], { env: { ...process.env, I18N_AREA: area }, encoding: 'utf8' });
    if (run.status !== 0) problems.push(...(run.stderr.trim() || `the ${area} catalogue could not be checked`).split('\n'));
  }
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} problem(s) in ${catalogueDirs.length} catalogue(s)`);
  process.exit(1);
}
console.log(`${catalogueDirs.length} catalogue(s), ${messages} message(s): every one translated in ${LOCALES.join(', ')} with the same placeholders`);
