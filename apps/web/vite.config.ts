import react from '@vitejs/plugin-react-swc';
import path from 'node:path';
import { defineConfig } from 'vite';
import { chunkCatalogs } from './build/chunk-catalogs';

// The contracts and the shared rules are source, resolved the same way as in the API.
export default defineConfig(({ mode }) => ({
  root: path.resolve(import.meta.dirname),
  // Lingui's macros (Trans, t, plural) compile to catalogue lookups; a production build keeps only the ids,
  // and each chunk fetches its own messages in the page's language (build/chunk-catalogs.ts).
  plugins: [react({ plugins: [['@lingui/swc-plugin', { stripNonEssentialFields: mode === 'production' }]] }), chunkCatalogs()],
  resolve: {
    alias: [
      // A zod-free entry for the critical path; the full contracts load with the screens that validate forms.
      { find: /^@crew\/contracts\/paths$/, replacement: path.resolve(import.meta.dirname, '../../libs/contracts/src/paths.ts') },
      { find: /^@crew\/contracts\/constants$/, replacement: path.resolve(import.meta.dirname, '../../libs/contracts/src/constants.ts') },
      { find: /^@crew\/contracts$/, replacement: path.resolve(import.meta.dirname, '../../libs/contracts/src/index.ts') },
      // The languages alone, for the app shell: the rules' barrel would bring every shared text with it.
      { find: /^@crew\/rules\/locales$/, replacement: path.resolve(import.meta.dirname, '../../libs/rules/src/locales.ts') },
      { find: /^@crew\/rules$/, replacement: path.resolve(import.meta.dirname, '../../libs/rules/src/index.ts') },
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
        // Small shared modules stay chunks of their own rather than being copied into each chunk that uses them:
        // copying needs rolldown's strict execution order, whose module wrappers cost every page about 2.5 KB
        // gzipped (more than the languages' runtime), while the page shell and Vite's preload helper fetch a
        // screen's chunks side by side, so the extra chunks add no round trip.
        codeSplitting: {
          // Every screen sets its title (page-meta): that module travels with the app's first chunk.
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'index', test: /\/src\/lib\/page-meta\.ts$/ },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
}));
