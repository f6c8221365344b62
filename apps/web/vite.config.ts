import react from '@vitejs/plugin-react-swc';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkCatalogs } from './build/chunk-catalogs';
import { appManifest, serviceWorkerFiles } from './build/offline-app';

const reactRouterDist = path.resolve(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');

// The contracts and the shared rules are source, resolved the same way as in the API.
export default defineConfig(({ mode }) => ({
  root: path.resolve(import.meta.dirname),
  // Lingui's macros (Trans, t, plural) compile to catalogue lookups; a production build keeps only the ids,
  // and each chunk fetches its own messages in the page's language (build/chunk-catalogs.ts).
  plugins: [
    react({ plugins: [['@lingui/swc-plugin', { stripNonEssentialFields: mode === 'production' }]] }),
    chunkCatalogs(),
    // The web app manifest and the service worker (src/features/offline/sw/sw.ts, with Workbox's precache list
    // injected), registered by the app itself after the first paint: docs/features/offline.md.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/features/offline/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: appManifest,
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: false,
      injectManifest: serviceWorkerFiles,
    }),
  ],
  resolve: {
    alias: [
      // A zod-free entry for the critical path; the full contracts load with the screens that validate forms.
      { find: /^@crew\/contracts\/paths$/, replacement: path.resolve(import.meta.dirname, '../../libs/contracts/src/paths.ts') },
      { find: /^@crew\/contracts\/constants$/, replacement: path.resolve(import.meta.dirname, '../../libs/contracts/src/constants.ts') },
      { find: /^@crew\/contracts$/, replacement: path.resolve(import.meta.dirname, '../../libs/contracts/src/index.ts') },
      // The languages alone, for the app shell: the rules' barrel would bring every shared text with it.
      { find: /^@crew\/rules\/locales$/, replacement: path.resolve(import.meta.dirname, '../../libs/rules/src/locales.ts') },
      { find: /^@crew\/rules$/, replacement: path.resolve(import.meta.dirname, '../../libs/rules/src/index.ts') },
      // React Router's package exports name only its development build (its checks and warnings on every render
      // and match); a production build takes the production one it ships beside it, the same code without them.
      ...(mode === 'production'
        ? [
            { find: /^react-router$/, replacement: path.resolve(reactRouterDist, 'production/index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.resolve(reactRouterDist, 'production/dom-export.mjs') },
          ]
        : []),
    ],
  },
  // The offline world's worker is a module worker, as the page's own code.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        // Small shared modules are not copied into each chunk that uses them: copying needs rolldown's strict
        // execution order, whose module wrappers cost every page about 2.5 KB gzipped.
        codeSplitting: {
          // A phone on a slow network pays for each request of the first screen more than for a few hundred bytes, so
          // small modules that the public screens use together share a chunk (rolldown otherwise cuts one per set of
          // screens using a module, and a page needed up to nineteen). Only the named modules join a group (not
          // what they import), and none has side effects, so no strict execution order (and its wrappers) is needed.
          // `npm run bench` (web budget, Lighthouse) measures the trade.
          groups: [
            { name: 'index', tags: ['$initial'] },
            // Every screen sets its title (page-meta); nearly every one shows a shared text.
            { name: 'shared-texts', includeDependenciesRecursively: false, test: /\/(libs\/rules\/src\/shared-texts|apps\/web\/src\/lib\/page-meta)\.ts$/ },
            // What the voyage list, map and page all show (cards, badges, trust figures, labels). The public profile
            // uses part of it; the other screens that use it are signed-in ones.
            {
              name: 'voyage-cards',
              includeDependenciesRecursively: false,
              test: /\/apps\/web\/src\/(components\/trust\/(MatchScore|Responsiveness)\.tsx|lib\/(trust-format|code-labels)\.ts|api\/voyages\.ts|features\/voyages\/(lib\/format\.ts|components\/(Icons|PersonAvatar|StatusBadge)\.tsx))$/,
            },
            // The contracts' constants and the voyage rules travel together on every screen that uses either (with the
            // voyage forms' limits, a chunk of a hundred bytes on its own).
            {
              name: 'rules',
              includeDependenciesRecursively: false,
              test: /\/libs\/(contracts\/src\/(constants|form-limits\/voyages)|rules\/src\/voyage-rules)\.ts$/,
            },
            // A member's badges (voyage page, public profile) and skills.
            { name: 'trust-badges', includeDependenciesRecursively: false, test: /\/apps\/web\/src\/components\/trust\/(TrustBadge\.tsx|trust-labels\.ts)$/ },
            { name: 'skills', includeDependenciesRecursively: false, test: /\/(apps\/web\/src\/lib\/skill-labels|libs\/rules\/src\/skill-taxonomy)\.ts$/ },
            // The sign-in and registration forms' common parts.
            {
              name: 'sign-in',
              includeDependenciesRecursively: false,
              test: /\/(apps\/web\/src\/(api\/auth\.ts|lib\/forms\/FieldMessage\.tsx|components\/ui\/PasswordToggle\.tsx)|libs\/contracts\/src\/next-path\.ts)$/,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
}));
