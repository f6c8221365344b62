import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, type ContentEncoding } from './compression';

/**
 * The screens a visitor may open first, by path, and the module each one's
 * route loads (apps/web/src/app/router.tsx). The page served for such a path
 * names that module's code and styles in its head, so the browser fetches
 * them beside the app's entry instead of after it has run: one round trip
 * less before the page draws on a phone network.
 */
export const FIRST_SCREENS: ReadonlyArray<{ readonly path: RegExp; readonly module: string }> = [
  { path: /^\/$/, module: 'src/features/home/routes/HomePage.tsx' },
  { path: /^\/voyages$/, module: 'src/features/voyages/routes/VoyagesPage.tsx' },
  { path: /^\/voyages\/[^/]+$/, module: 'src/features/voyages/routes/VoyageDetailPage.tsx' },
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
  readonly bodies: Readonly<Record<ContentEncoding, Buffer>>;
}

const encodeAll = (html: string): ShellPage => {
  const body = Buffer.from(html, 'utf8');
  return {
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    bodies: {
      identity: body,
      br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(body, { level: 9 }),
    },
  };
};

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
 * The single-page app's HTML, per first screen: index.html as built, plus
 * preload and stylesheet links for that screen's own chunks. Built once at
 * start (a handful of variants), so serving one costs a lookup.
 */
export class PageShell {
  private readonly plain: ShellPage;
  private readonly byModule = new Map<string, ShellPage>();

  constructor(indexHtml: string, manifest: BuildManifest) {
    this.plain = encodeAll(indexHtml);
    for (const { module } of FIRST_SCREENS) {
      if (this.byModule.has(module) || !manifest[module]) continue;
      const { scripts, styles } = chunkFiles(manifest, module);
      // What index.html already names (the entry and its imports) is not named twice.
      const links = [
        ...styles.filter((file) => !indexHtml.includes(`/${file}"`)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ...scripts.filter((file) => !indexHtml.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ];
      this.byModule.set(module, encodeAll(indexHtml.replace('</head>', `    ${links.join('\n    ')}\n  </head>`)));
    }
  }

  /** Reads the built app from `webDist` (without a build manifest, every path gets index.html as built). */
  static load(webDist: string): PageShell {
    const manifestPath = path.join(webDist, '.vite', 'manifest.json');
    const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest) : {};
    return new PageShell(readFileSync(path.join(webDist, 'index.html'), 'utf8'), manifest);
  }

  /** The page for `pathname` (without its query). */
  pageFor(pathname: string): ShellPage {
    const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const screen = FIRST_SCREENS.find(({ path: pattern }) => pattern.test(normalized));
    return (screen && this.byModule.get(screen.module)) ?? this.plain;
  }
}

/** Sends `page` as the browser accepts it: 304 to a current copy, headers only to HEAD. */
export const sendShellPage = (request: FastifyRequest, reply: FastifyReply, page: ShellPage): void => {
  void reply.status(200).header('cache-control', 'no-cache').header('etag', page.etag).header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === page.etag) {
    void reply.status(304).send();
    return;
  }
  const encoding = acceptedEncoding(request);
  if (encoding !== 'identity') void reply.header('content-encoding', encoding);
  void reply.type('text/html; charset=utf-8').send(request.method === 'HEAD' ? undefined : page.bodies[encoding]);
};
