import react from '@vitejs/plugin-react-swc';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vite';
import { chunkCatalogs } from './build/chunk-catalogs';

/**
 * Whether a module may be copied into each chunk that uses it. Small shared
 * modules are copied rather than fetched as chunks of their own (each is one
 * more round trip before a phone can draw the page), but a module that keeps
 * state at its top level (a connection, a cache, a store, a context) must exist
 * once, and so must third-party code.
 */
// Generic constructors too: `const listeners = new Set<Listener>()` is state as much as a `let` is.
const STATE_AT_TOP_LEVEL = /^(?:let |var |(?:export )?const \w+(?:\s*:[^=\n]+)?\s*=\s*(?:new |createContext\b))/m;
const mustStayShared = (id: string): boolean => {
  // Virtual (\0-prefixed), queried and third-party modules are left as they are.
  if (!path.isAbsolute(id) || id.includes('node_modules') || !/\.[cm]?[jt]sx?$/.test(id)) return true;
  return STATE_AT_TOP_LEVEL.test(readFileSync(id, 'utf8'));
};

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
        codeSplitting: {
          groups: [{ name: 'index', tags: ['$initial'] }],
          experimentalInlineCommonChunks: { maxSize: 6 * 1024, exclude: mustStayShared },
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
}));
