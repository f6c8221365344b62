import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { isLocale, localeFromAcceptLanguage, localeOfPath, LOCALES, localizedPath, pathWithoutLocale, SOURCE_LOCALE, type Locale } from '@crew/rules';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, type ContentEncoding } from './compression';

/** The cookie a visitor's language choice is kept in (set by the web client's language switcher). */
export const LOCALE_COOKIE = 'crew_locale';

/** Which catalogues each built chunk asks for (apps/web/build/chunk-catalogs.ts): its own messages first, its shared texts later. */
export type CatalogueManifest = Readonly<Record<string, { readonly first?: string; readonly later?: string }>>;

/** A catalogue's messages in one language, as JSON (`.vite/i18n/<hash>-<lang>.json`), or null when the build has none. */
export type CatalogueMessages = (hash: string, locale: Locale) => string | null;

/**
 * The language of a page request: the path's prefix ("/fr/…"), then the
 * visitor's saved choice (cookie), then Accept-Language, then English.
 */
export const pageLocale = (request: FastifyRequest, pathname: string): Locale => {
  const fromPath = localeOfPath(pathname);
  if (fromPath) return fromPath;
  const cookie = /(?:^|;\s*)crew_locale=([a-z]{2})\b/.exec(request.headers.cookie ?? '')?.[1];
  if (isLocale(cookie)) return cookie;
  return localeFromAcceptLanguage(request.headers['accept-language']) ?? SOURCE_LOCALE;
};

/** Pages only a signed-in member sees: no language alternates for search engines. */
const PRIVATE_PAGE = /^\/(admin|dashboard|profile|applications|create-voyage|messages|subscription|support|saved-searches)(\/|$)|^\/voyages\/[^/]+\/(edit|applications)$/;

/** hreflang alternates of a public page, as an HTTP Link header (one per language, and x-default). */
export const alternatesLink = (baseUrl: string, pathname: string): string | null => {
  const bare = pathWithoutLocale(pathname);
  if (PRIVATE_PAGE.test(bare)) return null;
  const base = baseUrl.replace(/\/+$/, '');
  const link = (locale: Locale, hreflang: string) => `<${base}${encodeURI(localizedPath(bare, locale))}>; rel="alternate"; hreflang="${hreflang}"`;
  return [...LOCALES.map((locale) => link(locale, locale)), link(SOURCE_LOCALE, 'x-default')].join(', ');
};

/**
 * The screens a visitor may open first, by path, and the module each one's
 * route loads (apps/web/src/app/router.tsx). The page served for such a path
 * names that module's code and styles in its head, so the browser fetches
 * them beside the app's entry instead of after it has run: one round trip
 * less before the page draws on a phone network.
 */
export const FIRST_SCREENS: ReadonlyArray<{
  readonly path: RegExp;
  readonly module: string;
  readonly earlyScripts?: readonly string[];
  /** The API read whose answer the page carries (see PageShell.withAnswer), from the path's match. */
  readonly answer?: (match: RegExpExecArray) => string;
}> = [
  { path: /^\/$/, module: 'src/features/home/routes/HomePage.tsx' },
  // A guest's voyage, or the list's first page, is asked for as soon as this small script arrives
  // (apps/web/public/voyage-prefetch.js); no other page pays for it.
  { path: /^\/voyages$/, module: 'src/features/voyages/routes/VoyagesPage.tsx', earlyScripts: ['/voyage-prefetch.js'] },
  // A voyage's page also carries the guest's answer itself, read in the server (no request at all before it draws).
  {
    path: /^\/voyages\/([^/]+)$/,
    module: 'src/features/voyages/routes/VoyageDetailPage.tsx',
    earlyScripts: ['/voyage-prefetch.js'],
    answer: (match) => `/api/voyages/${encodeURIComponent(decodeURIComponent(match[1] ?? ''))}`,
  },
  { path: /^\/users\/[^/]+$/, module: 'src/features/members/routes/PublicProfilePage.tsx' },
  { path: /^\/login$/, module: 'src/features/auth/routes/LoginPage.tsx' },
  { path: /^\/register$/, module: 'src/features/auth/routes/RegisterPage.tsx' },
  { path: /^\/forgot-password$/, module: 'src/features/auth/routes/ForgotPasswordPage.tsx' },
  { path: /^\/reset-password$/, module: 'src/features/auth/routes/ResetPasswordPage.tsx' },
  { path: /^\/help$/, module: 'src/features/help/routes/HelpPage.tsx' },
  { path: /^\/help\/getting-started$/, module: 'src/features/help/routes/GettingStartedPage.tsx' },
  { path: /^\/help\/safety$/, module: 'src/features/help/routes/SafetyPage.tsx' },
  { path: /^\/help\/articles\/[^/]+$/, module: 'src/features/help/routes/HelpArticlePage.tsx' },
  { path: /^\/terms-of-service$/, module: 'src/features/legal/routes/TermsPage.tsx' },
  { path: /^\/privacy-policy$/, module: 'src/features/legal/routes/PrivacyPage.tsx' },
];

/** The part of Vite's build manifest read here. */
interface ManifestChunk {
  readonly file: string;
  readonly imports?: readonly string[];
  readonly css?: readonly string[];
}
export type BuildManifest = Readonly<Record<string, ManifestChunk>>;

/** One variant of the page, ready to send in each encoding. */
export interface ShellPage {
  readonly etag: string;
  readonly locale: Locale;
  readonly bodies: Readonly<Record<ContentEncoding, Buffer>>;
}

const etagOf = (body: Buffer): string => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

const encodeAll = (html: string, locale: Locale): ShellPage => {
  const body = Buffer.from(html, 'utf8');
  return {
    etag: etagOf(body),
    locale,
    bodies: {
      identity: body,
      br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(body, { level: 9 }),
    },
  };
};

/** A page made for one request: compressed quickly, and only in the encoding the request takes. */
const encodeOnDemand = (html: string, locale: Locale): ShellPage => {
  const body = Buffer.from(html, 'utf8');
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    etag: etagOf(body),
    locale,
    bodies: {
      identity: body,
      get br() {
        return (br ??= brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
      },
      get gzip() {
        return (gzip ??= gzipSync(body, { level: 6 }));
      },
    },
  };
};

/** The id of the data block that carries an API answer in a page (read by apps/web/public/voyage-prefetch.js). */
export const EARLY_ANSWER_BLOCK = 'early-answer';

/**
 * An API answer (JSON) as a data block, with when it was read (a copy of the page kept for offline use must not pass
 * an old answer off as new): no `<` inside, so nothing in it can close the element.
 */
const answerBlock = (url: string, json: string, readAt: number): string =>
  `<script type="application/json" id="${EARLY_ANSWER_BLOCK}" data-url="${url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}" data-read-at="${readAt}">${json.replace(/</g, '\\u003c')}</script>`;

/** The files a manifest chunk needs, itself first, in the order the browser should ask for them. */
const chunkFiles = (manifest: BuildManifest, key: string): { scripts: string[]; styles: string[] } => {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string): void => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    scripts.push(chunk.file);
    for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { scripts, styles };
};

/**
 * index.html in a language: `<html lang>` set (the client starts in it) and
 * the messages of the page's first chunks written into it as JSON data blocks,
 * which the chunks read instead of asking for their catalogues
 * (apps/web/build/chunk-catalogs.ts): the first screen draws in its language
 * without a request more than in English. Data blocks are not scripts, so
 * the Content-Security-Policy needs no exception for them.
 */
const inLanguage = (indexHtml: string, locale: Locale, blocks: ReadonlyArray<readonly [hash: string, json: string]>): string => {
  const html = indexHtml.replace(/<html lang="[^"]*">/, `<html lang="${locale === SOURCE_LOCALE ? 'en-GB' : locale}">`);
  if (blocks.length === 0) return html;
  // "<" never closes the block early: JSON allows it escaped.
  const scripts = blocks.map(([hash, json]) => `<script type="application/json" id="i18n-${hash}">${json.replace(/</g, '\\u003c')}</script>`);
  return html.replace('</body>', `  ${scripts.join('\n    ')}\n  </body>`);
};

/**
 * The single-page app's HTML, per first screen and language: index.html as
 * built, plus preload and stylesheet links for that screen's own chunks and
 * the language's messages of them. Built once at start (a handful of
 * variants), so serving one costs a lookup.
 */
export class PageShell {
  private readonly plain = new Map<Locale, ShellPage>();
  private readonly byModule = new Map<string, Map<Locale, ShellPage>>();

  constructor(indexHtml: string, manifest: BuildManifest, catalogues: CatalogueManifest = {}, messages: CatalogueMessages = () => null) {
    const entry = Object.keys(manifest).find((key) => key === 'index.html');
    const entryScripts = entry ? chunkFiles(manifest, entry).scripts : [];
    const blocksOf = (scripts: readonly string[], locale: Locale): Array<readonly [string, string]> => {
      const hashes = new Set(scripts.flatMap((file) => [catalogues[file]?.first, catalogues[file]?.later]).filter((hash): hash is string => hash !== undefined));
      return [...hashes].flatMap((hash) => {
        const json = messages(hash, locale);
        return json === null ? [] : [[hash, json] as const];
      });
    };
    for (const locale of LOCALES) this.plain.set(locale, encodeAll(inLanguage(indexHtml, locale, blocksOf(entryScripts, locale)), locale));
    for (const { module, earlyScripts = [] } of FIRST_SCREENS) {
      if (this.byModule.has(module) || !manifest[module]) continue;
      const { scripts, styles } = chunkFiles(manifest, module);
      // What index.html already names (the entry and its imports) is not named twice. Early scripts are classic and
      // async: each runs as soon as it arrives, before the app's modules. An async script is a low-priority request,
      // which the browser holds back until the page's stylesheets and modules are on their way (its answer's request
      // then started after the entry had been run): a high one goes out with them.
      const links = [
        ...earlyScripts.map((src) => `<script async fetchpriority="high" src="${src}"></script>`),
        ...styles.filter((file) => !indexHtml.includes(`/${file}"`)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ...scripts.filter((file) => !indexHtml.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ];
      const withLinks = indexHtml.replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
      const variants = new Map<Locale, ShellPage>();
      for (const locale of LOCALES) variants.set(locale, encodeAll(inLanguage(withLinks, locale, blocksOf([...new Set([...entryScripts, ...scripts])], locale)), locale));
      this.byModule.set(module, variants);
    }
  }

  /** Reads the built app from `webDist` (without a build manifest, every path gets index.html as built). */
  static load(webDist: string): PageShell {
    const read = <T>(file: string, fallback: T): T => (existsSync(path.join(webDist, file)) ? (JSON.parse(readFileSync(path.join(webDist, file), 'utf8')) as T) : fallback);
    const messages: CatalogueMessages = (hash, locale) => {
      const file = path.join(webDist, '.vite/i18n', `${hash}-${locale}.json`);
      return existsSync(file) ? readFileSync(file, 'utf8') : null;
    };
    return new PageShell(
      readFileSync(path.join(webDist, 'index.html'), 'utf8'),
      read<BuildManifest>('.vite/manifest.json', {}),
      read<CatalogueManifest>('.vite/i18n-manifest.json', {}),
      messages,
    );
  }

  /** The page for `pathname` (without its query) in `locale`. */
  pageFor(pathname: string, locale: Locale = SOURCE_LOCALE): ShellPage {
    const screen = this.screenOf(pathname)?.screen;
    const page = (screen && this.byModule.get(screen.module)?.get(locale)) ?? this.plain.get(locale);
    if (!page) throw new Error(`No page shell for ${locale}`);
    return page;
  }

  /** The API read whose answer the page at `pathname` may carry (a voyage's page: the voyage), or null. */
  answerFor(pathname: string): string | null {
    const found = this.screenOf(pathname);
    if (!found?.screen.answer || !this.byModule.has(found.screen.module)) return null;
    try {
      return found.screen.answer(found.match);
    } catch {
      // A path that is not valid percent-encoding: the page is served without an answer, and the app reports the rest.
      return null;
    }
  }

  /**
   * The page at `pathname` carrying the answer to `url` (answerFor) as a data
   * block just before its early script, which hands it to the app as if it had
   * asked: the page draws with no request made after the app's own code.
   * Made per request (encodeOnDemand).
   */
  withAnswer(pathname: string, locale: Locale, url: string, json: string, readAt: number = Date.now()): ShellPage {
    const page = this.pageFor(pathname, locale);
    const html = page.bodies.identity.toString('utf8');
    const at = html.indexOf('<script async');
    if (at < 0) return page;
    return encodeOnDemand(`${html.slice(0, at)}${answerBlock(url, json, readAt)}\n    ${html.slice(at)}`, locale);
  }

  private screenOf(pathname: string): { screen: (typeof FIRST_SCREENS)[number]; match: RegExpExecArray } | null {
    const bare = pathWithoutLocale(pathname);
    const normalized = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
    for (const screen of FIRST_SCREENS) {
      const match = screen.path.exec(normalized);
      if (match) return { screen, match };
    }
    return null;
  }
}

/** Sends `page` as the browser accepts it: 304 to a current copy, headers only to HEAD. */
export const sendShellPage = (request: FastifyRequest, reply: FastifyReply, page: ShellPage, alternates: string | null = null): void => {
  // Unprefixed paths are in the visitor's language (cookie, Accept-Language): caches keep one copy per language.
  void reply
    .status(200)
    .header('cache-control', 'no-cache')
    .header('etag', page.etag)
    .header('vary', 'accept-encoding, accept-language, cookie')
    .header('content-language', page.locale);
  if (alternates) void reply.header('link', alternates);
  if (request.headers['if-none-match'] === page.etag) {
    void reply.status(304).send();
    return;
  }
  const encoding = acceptedEncoding(request);
  if (encoding !== 'identity') void reply.header('content-encoding', encoding);
  void reply.type('text/html; charset=utf-8').send(request.method === 'HEAD' ? undefined : page.bodies[encoding]);
};
