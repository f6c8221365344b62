import { localeOfPath } from '@crew/rules/locales';

/*
 * How the build's files are kept by the service worker (docs/features/offline.md). Workbox's precache manifest
 * lists every file the build names (vite.config.ts, `injectManifest.globPatterns`); they are split here:
 * - the app itself (entry, screens, styles, icons, the safety downloads): precached at install;
 * - each language's messages (`assets/i18n/<hash>-<lang>.js`, one per chunk and language): only the page's
 *   language, kept when the page says which it is (a fifth of them instead of all five);
 * - the map's offline world (1:10m land, 3 MB): kept when a voyage with a route is stored on the device;
 * - the administrator's screens: never kept ahead, like any other file fetched, cached when first used.
 */

export interface ManifestEntry {
  readonly url: string;
  readonly revision: string | null;
}

export interface PrecacheGroups {
  readonly core: readonly ManifestEntry[];
  readonly languages: ReadonlyMap<string, readonly string[]>;
  readonly map: readonly string[];
  /** Every file of this build (to drop what older builds left in the runtime caches). */
  readonly all: ReadonlySet<string>;
}

const LANGUAGE_FILE = /(?:^|\/)assets\/i18n\/[\w-]+-([a-z]{2})\.js$/;
const MAP_WORLD = /(?:^|\/)assets\/land-[\w-]+\.json$/;
const ADMIN_ONLY = /(?:^|\/)assets\/(?:Admin[A-Z][\w-]*|analytics-charts-[\w-]+)\.(?:js|css)$/;

/** The URL as the page asks for it: absolute from the site's root. */
const rooted = (url: string): string => (url.startsWith('/') ? url : `/${url}`);

export function splitManifest(entries: readonly ManifestEntry[]): PrecacheGroups {
  const core: ManifestEntry[] = [];
  const languages = new Map<string, string[]>();
  const map: string[] = [];
  for (const entry of entries) {
    const url = rooted(entry.url);
    const language = LANGUAGE_FILE.exec(url)?.[1];
    if (language) languages.set(language, [...(languages.get(language) ?? []), url]);
    else if (MAP_WORLD.test(url)) map.push(url);
    else if (!ADMIN_ONLY.test(url)) core.push({ url, revision: entry.revision });
  }
  return { core, languages, map, all: new Set(entries.map((entry) => rooted(entry.url))) };
}

/** Where the offline page of an address's language is ("/de/…" → "/de/offline"; an address without a language: "/offline"). */
export const offlinePageFor = (pathname: string): string => {
  const locale = localeOfPath(pathname);
  return locale ? `/${locale}/offline` : '/offline';
};
