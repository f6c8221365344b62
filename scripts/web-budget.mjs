#!/usr/bin/env node
// JavaScript a first visit needs to render each public page: the entry chunk,
// the page's lazy route chunk, and everything they import statically, gzipped.
// Reads Vite's build manifest; prints a table and exits non-zero over budget
// unless --report-only. Used by `npm run bench`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_KB = 130;
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');

// The budget covers the two landing pages; the others are reported for comparison.
const BUDGETED = new Set(['/', '/help']);
// Lazy chunks a route renders at once (counted for honesty): the header's quick search.
const ALSO_ON = {
  '/': ['src/app/layout/QuickSearch.tsx'],
  '/voyages': ['src/app/layout/QuickSearch.tsx'],
};
const ROUTES = {
  '/': 'src/features/home/routes/HomePage.tsx',
  '/help': 'src/features/help/routes/HelpPage.tsx',
  '/voyages': 'src/features/voyages/routes/VoyagesPage.tsx',
  '/login': 'src/features/auth/routes/LoginPage.tsx',
};

export function measureWebBudget() {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error('apps/web/dist/.vite/manifest.json is missing: run "npm run build" first');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const gz = new Map();
  const gzSize = (file) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
    return gz.get(file);
  };
  const closure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const child of manifest[key].imports ?? []) visit(child);
    };
    keys.forEach(visit);
    return [...seen];
  };
  const all = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js'));
  const totalKb = all.reduce((sum, chunk) => sum + gzSize(chunk.file), 0) / 1024;
  const pages = Object.entries(ROUTES).map(([route, key]) => {
    if (!manifest[key]) throw new Error(`${key} is not a chunk in the manifest`);
    const chunks = closure([entryKey, key, ...(ALSO_ON[route] ?? [])]);
    const kb = chunks.reduce((sum, chunk) => sum + gzSize(manifest[chunk].file), 0) / 1024;
    return { route, kb: Math.round(kb * 10) / 10, chunks: chunks.length, budgeted: BUDGETED.has(route), pass: !BUDGETED.has(route) || kb <= BUDGET_KB };
  });
  return { budgetKb: BUDGET_KB, allJavaScriptKb: Math.round(totalKb * 10) / 10, pages };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = measureWebBudget();
  console.log(`critical JavaScript per page, gzipped (budget ${BUDGET_KB} KB; all chunks together ${result.allJavaScriptKb} KB)`);
  for (const page of result.pages) console.log(`  ${page.route.padEnd(10)} ${String(page.kb).padStart(6)} KB  ${page.chunks} chunks  ${!page.budgeted ? '(not budgeted)' : page.pass ? 'pass' : 'OVER BUDGET'}`);
  if (!process.argv.includes('--report-only') && result.pages.some((page) => !page.pass)) process.exit(1);
}
