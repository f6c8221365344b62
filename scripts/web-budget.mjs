#!/usr/bin/env node
// JavaScript a first visit needs to render each public page: the entry chunk,
// the page's lazy route chunk, and everything they import statically, gzipped.
// Pages with a map also report what the map adds once it loads.
// Each chunk also needs its messages in the page's language (written into the
// page for a first screen, else a small catalogue module,
// apps/web/build/chunk-catalogs.ts): they count too, and the budget holds
// in the heaviest language. Reads Vite's build manifest; prints a table and exits
// non-zero over budget unless --report-only. Used by `npm run bench`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_KB = 130;
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');

// Every public page, by the route chunk it renders. `also`: lazy chunks the page
// loads at once when it shows (the header's quick search on / and /voyages).
// `map`: the map the page draws (Leaflet and the offline world), a lazy chunk
// loaded after the page has rendered; reported beside the page, not in it.
const QUICK_SEARCH = 'src/app/layout/QuickSearch.tsx';
const PAGES = [
  { route: '/', key: 'src/features/home/routes/HomePage.tsx', also: [QUICK_SEARCH] },
  { route: '/voyages (list)', key: 'src/features/voyages/routes/VoyagesPage.tsx', also: [QUICK_SEARCH] },
  { route: '/voyages (map)', key: 'src/features/voyages/routes/VoyagesPage.tsx', also: [QUICK_SEARCH], map: 'src/features/voyages/components/map/BrowseMap.tsx' },
  { route: '/voyages/{id}', key: 'src/features/voyages/routes/VoyageDetailPage.tsx', map: 'src/features/voyages/components/map/RouteMap.tsx' },
  { route: '/login', key: 'src/features/auth/routes/LoginPage.tsx' },
  { route: '/register', key: 'src/features/auth/routes/RegisterPage.tsx' },
  { route: '/forgot-password', key: 'src/features/auth/routes/ForgotPasswordPage.tsx' },
  { route: '/reset-password', key: 'src/features/auth/routes/ResetPasswordPage.tsx' },
  { route: '/sign-in-link', key: 'src/features/auth/routes/SignInLinkPage.tsx' },
  { route: '/verify-email', key: 'src/features/auth/routes/VerifyEmailPage.tsx' },
  { route: '/email-verification-pending', key: 'src/features/auth/routes/EmailVerificationPendingPage.tsx' },
  { route: '/users/{id}', key: 'src/features/members/routes/PublicProfilePage.tsx' },
  { route: '/help', key: 'src/features/help/routes/HelpPage.tsx' },
  { route: '/help/getting-started', key: 'src/features/help/routes/GettingStartedPage.tsx' },
  { route: '/help/safety', key: 'src/features/help/routes/SafetyPage.tsx' },
  { route: '/terms-of-service', key: 'src/features/legal/routes/TermsPage.tsx' },
  { route: '/privacy-policy', key: 'src/features/legal/routes/PrivacyPage.tsx' },
];

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
  const cataloguesPath = path.join(dist, '.vite/i18n-manifest.json');
  const catalogues = existsSync(cataloguesPath) ? JSON.parse(readFileSync(cataloguesPath, 'utf8')) : {};
  // A chunk's own messages (`first`) come with it, in the page as data blocks or as a small module; its shared texts follow later.
  const locales = ['en', 'fr', 'de', 'es', 'it'];
  const catalogueFile = (file, locale) => (catalogues[file]?.first ? `assets/i18n/${catalogues[file].first}-${locale}.js` : null);
  const all = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js'));
  const totalKb = all.reduce((sum, chunk) => sum + gzSize(chunk.file), 0) / 1024;
  const catalogueBytes = (chunks, locale) =>
    chunks.reduce((sum, chunk) => sum + (catalogueFile(manifest[chunk].file, locale) ? gzSize(catalogueFile(manifest[chunk].file, locale)) : 0), 0);
  // The chunks and, in the heaviest language, their catalogues.
  const kbOf = (chunks) => {
    const code = chunks.reduce((sum, chunk) => sum + gzSize(manifest[chunk].file), 0);
    const messages = Math.max(0, ...locales.map((locale) => catalogueBytes(chunks, locale)));
    return Math.round(((code + messages) / 1024) * 10) / 10;
  };
  const kbIn = (chunks, locale) => Math.round(((chunks.reduce((sum, chunk) => sum + gzSize(manifest[chunk].file), 0) + catalogueBytes(chunks, locale)) / 1024) * 10) / 10;
  const pages = PAGES.map(({ route, key, also = [], map }) => {
    for (const name of [key, ...also, ...(map ? [map] : [])]) if (!manifest[name]) throw new Error(`${name} is not a chunk in the manifest`);
    const chunks = closure([entryKey, key, ...also]);
    const kb = kbOf(chunks);
    const withMap = map ? closure([entryKey, key, ...also, map]) : null;
    const withMapKb = withMap ? kbOf(withMap) : null;
    // Workers the map starts (the offline world): fetched with it, run off the main thread.
    const workers = withMap ? [...new Set(withMap.flatMap((chunk) => (manifest[chunk].assets ?? []).filter((file) => file.endsWith('.js'))))] : [];
    const mapWorkerKb = withMap ? Math.round((workers.reduce((sum, file) => sum + gzSize(file), 0) / 1024) * 10) / 10 : null;
    const byLocale = Object.fromEntries(locales.map((locale) => [locale, kbIn(chunks, locale)]));
    return { route, kb, byLocale, chunks: chunks.length, withMapKb, mapWorkerKb, pass: kb <= BUDGET_KB };
  });
  return { budgetKb: BUDGET_KB, allJavaScriptKb: Math.round(totalKb * 10) / 10, pages };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = measureWebBudget();
  console.log(`critical JavaScript per page, gzipped (budget ${BUDGET_KB} KB; all chunks together ${result.allJavaScriptKb} KB)`);
  for (const page of result.pages) {
    const map = page.withMapKb === null ? '' : `  (with its map: ${page.withMapKb} KB, and ${page.mapWorkerKb} KB in its world worker)`;
    const languages = Object.entries(page.byLocale)
      .map(([locale, kb]) => `${locale} ${kb}`)
      .join(', ');
    console.log(
      `  ${page.route.padEnd(22)} ${String(page.kb).padStart(6)} KB  ${String(page.chunks).padStart(2)} chunks  ${page.pass ? 'pass' : 'OVER BUDGET'}${map}${languages ? `  [${languages}]` : ''}`,
    );
  }
  if (!process.argv.includes('--report-only') && result.pages.some((page) => !page.pass)) process.exit(1);
}
