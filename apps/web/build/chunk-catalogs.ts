import { formatter } from '@lingui/format-po';
import MagicString from 'magic-string';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
// Vite loads this plugin with Node, which cannot run the shared rules' TypeScript package from node_modules
// (ERR_UNKNOWN_FILE_EXTENSION): the config bundles their source files instead.
// eslint-disable-next-line @nx/enforce-module-boundaries -- see above
import { LOCALES, SOURCE_LOCALE, type Locale } from '../../../libs/rules/src/locales';
// eslint-disable-next-line @nx/enforce-module-boundaries -- see above
import { compiledId } from '../../../libs/rules/src/message-ids';

type CompiledMessage = ReturnType<typeof compileMessage>;
type Catalogue = Map<string, CompiledMessage>;

/** Where the catalogues the web shows live: the web's own (per feature and shared) and the texts it shares with the API. */
const CATALOGUE_ROOTS = [path.resolve(import.meta.dirname, '../src'), path.resolve(import.meta.dirname, '../../../libs/rules/locales')];

const poFilesOf = (locale: Locale): string[] => {
  const found: string[] = [];
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === `${locale}.po`) found.push(full);
    }
  };
  for (const root of CATALOGUE_ROOTS) walk(root);
  return found;
};

/** Every message of one language, compiled (ICU parsed once at build time, so the browser carries no parser). */
const readCatalogue = async (locale: Locale): Promise<Catalogue> => {
  const po = formatter({});
  const messages: Catalogue = new Map();
  for (const file of poFilesOf(locale)) {
    const parsed = po.parse(readFileSync(file, 'utf8'), { locale, sourceLocale: SOURCE_LOCALE, filename: file });
    for (const [key, entry] of Object.entries(parsed ?? {})) {
      if (entry.obsolete) continue;
      const id = compiledId(key, entry.message);
      // A message not yet translated shows in English (npm test fails on it: scripts/i18n/check-catalogues.mjs).
      const text = entry.translation || entry.message || id;
      messages.set(id, compileMessage(text));
    }
  }
  return messages;
};

/** The catalogue ids a chunk's code names: generated ids as 6-character literals, the shared texts by their English words. */
const idsIn = (code: string, english: Catalogue): string[] => {
  const found = new Set<string>();
  for (const match of code.matchAll(/[`"']([A-Za-z0-9_-]{6})[`"']/g)) if (match[1] && english.has(match[1])) found.add(match[1]);
  for (const id of english.keys()) {
    if (id.length !== 6 && (code.includes(`"${id}"`) || code.includes(`'${id}'`) || code.includes(`\`${id}\``) || code.includes(JSON.stringify(id)))) found.add(id);
  }
  return [...found].sort();
};

/** The catalogue files a chunk's prologue names (its own messages first, then its shared texts). */
const PROLOGUE_FILES = /\.\/i18n\/(\w+)-\$\{/g;

/** Which catalogues each chunk asks for: `first` before its code runs, `later` (shared texts) without waiting. */
export type CatalogueManifest = Record<string, { first?: string; later?: string }>;

/**
 * Each chunk of the build carries the messages its code uses, in the page's
 * language only: the chunk starts by importing its own small catalogue for
 * `<html lang>` (top-level await, so the chunk's code runs with its messages
 * there), and the catalogue adds them to the store the app's i18n reads
 * (apps/web/src/i18n/i18n.ts). A page therefore downloads only its own
 * messages in its own language.
 *
 * The first screen needs no catalogue request at all: the server writes its
 * chunks' messages into the page as JSON data blocks (`<script
 * type="application/json" id="i18n-<hash>">`, apps/api/src/platform/http/page-shell.ts),
 * each chunk's prologue skips the import when its block is there, and the
 * app reads the blocks before it draws. `.vite/i18n-manifest.json` names each
 * chunk's catalogues, and `.vite/i18n/<hash>-<lang>.json` holds their messages
 * for the server.
 */
export function chunkCatalogs(): Plugin {
  let catalogues: Map<Locale, Catalogue> | null = null;
  const emitted = new Map<string, string>();
  return {
    name: 'crew-chunk-catalogs',
    apply: 'build',
    async buildStart() {
      catalogues = new Map();
      for (const locale of LOCALES) catalogues.set(locale, await readCatalogue(locale));
      for (const file of LOCALES.flatMap(poFilesOf)) this.addWatchFile(file);
    },
    renderChunk(code) {
      if (!catalogues) return null;
      const english = catalogues.get(SOURCE_LOCALE) ?? new Map();
      const ids = idsIn(code, english);
      if (ids.length === 0) return null;
      // A shared text (keyed by its English words) that a language writes as those very words needs no entry:
      // Lingui shows the id itself when a message is missing.
      const isPlainText = (id: string, message: CompiledMessage | undefined) => Array.isArray(message) && message.length === 1 && message[0] === id;
      // Shared texts (the rules' and contracts' refusals, validation messages and lists) show after an interaction
      // or on later screens, so a chunk does not wait for them: it asks for them and runs; when they arrive, the
      // screens draw again (apps/web/src/i18n/i18n.ts). The messages of the chunk's own screens come first.
      const now: Partial<Record<Locale, Record<string, CompiledMessage>>> = {};
      const later: Partial<Record<Locale, Record<string, CompiledMessage>>> = {};
      for (const locale of LOCALES) {
        const catalogue = catalogues.get(locale) ?? english;
        const first: Record<string, CompiledMessage> = (now[locale] = {});
        const second: Record<string, CompiledMessage> = (later[locale] = {});
        for (const id of ids) {
          const message = catalogue.get(id) ?? english.get(id) ?? [id];
          if (isPlainText(id, message)) continue;
          const sharedText = id.length !== 6 || isPlainText(id, english.get(id));
          (sharedText ? second : first)[id] = message;
        }
      }
      // One name per set of catalogues, the language at its end (`i18n/<hash>-fr.js`): the chunk's prologue
      // picks its file by `<html lang>` with a few bytes instead of naming every language's file.
      const emit = (sets: Partial<Record<Locale, Record<string, CompiledMessage>>>): string | null => {
        if (LOCALES.every((locale) => Object.keys(sets[locale] ?? {}).length === 0)) return null;
        const sources = LOCALES.map((locale) => [locale, `Object.assign(self.__crewMessages||(self.__crewMessages={}),${JSON.stringify(sets[locale] ?? {})});\n`] as const);
        const hash = createHash('sha256')
          .update(sources.map(([, source]) => source).join(''))
          .digest('base64url')
          .slice(0, 10)
          .replace(/[-_]/g, 'x');
        for (const [locale, source] of sources) emitted.set(`assets/i18n/${hash}-${locale}.js`, source);
        for (const locale of LOCALES) emitted.set(`.vite/i18n/${hash}-${locale}.json`, JSON.stringify(sets[locale] ?? {}));
        return hash;
      };
      const first = emit(now);
      const second = emit(later);
      const output = new MagicString(code);
      // `<html lang>` is one of ours, written by the server ("en-GB" for English).
      const file = (hash: string) => `\`./i18n/${hash}-\${document.documentElement.lang.slice(0,2)}.js\``;
      // A data block of the page already holds the messages (the first screen's chunks): no request.
      const inPage = (hash: string) => `document.getElementById("i18n-${hash}")`;
      if (second) output.prepend(`${inPage(second)}||import(${file(second)}).then(()=>self.__crewMessagesAdded&&self.__crewMessagesAdded(),()=>{});\n`);
      if (first) output.prepend(`${inPage(first)}||await import(${file(first)});\n`);
      else if (!second) return null;
      return { code: output.toString(), map: output.generateMap({ hires: 'boundary' }) };
    },
    generateBundle(_options, bundle) {
      const manifest: CatalogueManifest = {};
      for (const [fileName, source] of emitted) this.emitFile({ type: 'asset', fileName, source });
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const prologue = output.code.slice(0, 400);
        const [first, later] = [...prologue.matchAll(PROLOGUE_FILES)].map((match) => match[1]);
        if (!first) continue;
        manifest[output.fileName] = prologue.includes('await import') ? { first, ...(later ? { later } : {}) } : { later: first };
      }
      this.emitFile({ type: 'asset', fileName: '.vite/i18n-manifest.json', source: JSON.stringify(manifest) });
    },
  };
}
