import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { alternatesLink, FIRST_SCREENS, PageShell, pageLocale, type BuildManifest, type CatalogueManifest, type CatalogueMessages } from './page-shell';

const INDEX_HTML = `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head><body><div id="root"></div></body></html>`;

const MANIFEST: BuildManifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_runtime-1.js'], css: ['assets/index-1.css'] },
  '_runtime-1.js': { file: 'assets/runtime-1.js' },
  '_cards-1.js': { file: 'assets/cards-1.js', imports: ['_runtime-1.js', '_format-1.js'], css: ['assets/cards-1.css'] },
  '_format-1.js': { file: 'assets/format-1.js' },
  'src/features/voyages/routes/VoyagesPage.tsx': {
    file: 'assets/VoyagesPage-1.js',
    imports: ['_runtime-1.js', 'index.html', '_cards-1.js'],
    css: ['assets/voyages-1.css'],
  },
  'src/features/auth/routes/LoginPage.tsx': { file: 'assets/LoginPage-1.js', imports: ['index.html'] },
  'src/features/voyages/routes/VoyageDetailPage.tsx': { file: 'assets/VoyageDetailPage-1.js', imports: ['index.html', '_cards-1.js'] },
};

const html = (shell: PageShell, pathname: string) => shell.pageFor(pathname).bodies.identity.toString('utf8');

describe('page shell', () => {
  const shell = new PageShell(INDEX_HTML, MANIFEST);

  it("names the first screen's chunks and styles in the head, each once and none the entry already names", () => {
    const page = html(shell, '/voyages');
    const head = page.slice(0, page.indexOf('</head>'));
    for (const file of ['VoyagesPage-1.js', 'cards-1.js', 'format-1.js']) expect(head).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}">`);
    for (const file of ['voyages-1.css', 'cards-1.css']) expect(head).toContain(`<link rel="stylesheet" crossorigin href="/assets/${file}">`);
    expect(page.match(/runtime-1\.js/g)).toHaveLength(1);
    expect(page.match(/index-1\.css/g)).toHaveLength(1);
    expect(page).toContain('<div id="root"></div>');
  });

  it('matches paths with parameters and a trailing slash, and serves index.html as built elsewhere', () => {
    expect(html(shell, '/voyages/')).toBe(html(shell, '/voyages'));
    expect(html(shell, '/login')).toContain('LoginPage-1.js');
    // A screen the manifest does not know (not built) and a path that is no first screen get the plain page.
    expect(html(shell, '/help')).toBe(INDEX_HTML);
    expect(html(shell, '/dashboard')).toBe(INDEX_HTML);
    expect(html(shell, '/voyages/abc/edit')).toBe(INDEX_HTML);
  });

  it("asks for a guest's voyage or list early on those pages only, with a script that runs as soon as it arrives", () => {
    const early = '<script async fetchpriority="high" src="/voyage-prefetch.js"></script>';
    for (const [pathname, chunk] of [
      ['/voyages/abc', 'VoyageDetailPage-1.js'],
      ['/voyages', 'VoyagesPage-1.js'],
    ] as const) {
      const page = html(shell, pathname);
      expect(page.slice(0, page.indexOf('</head>'))).toContain(early);
      expect(page).toContain(chunk);
    }
    for (const other of ['/', '/login', '/dashboard', '/help']) expect(html(shell, other)).not.toContain('voyage-prefetch');
  });

  it("reads a voyage's answer for its page only, and a page carries it just before the script that hands it over", () => {
    expect(shell.answerFor('/de/voyages/a%20b/')).toBe('/api/voyages/a%20b');
    for (const other of ['/voyages', '/login', '/voyages/abc/edit', '/voyages/%E0%A4%A']) expect(shell.answerFor(other)).toBeNull();
    const page = shell.withAnswer('/voyages/abc', 'en', '/api/voyages/abc', '{"title":"</script> & $& $1"}', 1_800_000_000_000);
    const body = page.bodies.identity.toString('utf8');
    expect(body).toContain(
      '<script type="application/json" id="early-answer" data-url="/api/voyages/abc" data-read-at="1800000000000">{"title":"\\u003c/script> & $& $1"}</script>\n    <script async fetchpriority="high" src="/voyage-prefetch.js">',
    );
    expect(brotliDecompressSync(page.bodies.br).toString('utf8')).toBe(body);
    expect(gunzipSync(page.bodies.gzip).toString('utf8')).toBe(body);
    expect(page.etag).not.toBe(shell.pageFor('/voyages/abc').etag);
  });

  it('keeps each variant compressed, with an entity tag of its own', () => {
    const page = shell.pageFor('/voyages');
    expect(brotliDecompressSync(page.bodies.br).equals(page.bodies.identity)).toBe(true);
    expect(gunzipSync(page.bodies.gzip).equals(page.bodies.identity)).toBe(true);
    expect(page.etag).not.toBe(shell.pageFor('/login').etag);
    expect(shell.pageFor('/voyages/').etag).toBe(page.etag);
  });

  it("names only modules the web app's router loads, so a renamed screen fails here and not silently", () => {
    const router = readFileSync(path.resolve(__dirname, '../../../../web/src/app/router.tsx'), 'utf8');
    for (const { module } of FIRST_SCREENS) {
      const imported = `import('../${module.replace(/^src\//, '').replace(/\.tsx$/, '')}')`;
      expect(router).toContain(imported);
    }
  });

  describe('languages', () => {
    const LOCALIZED_HTML = INDEX_HTML.replace('<html>', '<html lang="en-GB">');
    const CATALOGUES: CatalogueManifest = {
      'assets/index-1.js': { first: 'a', later: 'd' },
      'assets/VoyagesPage-1.js': { first: 'b', later: 'c' },
    };
    const messages: CatalogueMessages = (hash, locale) => (hash === 'd' ? null : JSON.stringify({ [`${hash}1`]: `${locale} </script> ${hash}` }));
    const localized = new PageShell(LOCALIZED_HTML, MANIFEST, CATALOGUES, messages);
    const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

    it("sets <html lang> and writes the language's messages of the entry and the first screen into the page, and no other language's", () => {
      const page = localized.pageFor('/fr/voyages', 'fr').bodies.identity.toString('utf8');
      expect(page).toContain('<html lang="fr">');
      const blocks = [...page.matchAll(/<script type="application\/json" id="i18n-(\w+)">(.*?)<\/script>/g)].map(([, hash, json]) => [hash, JSON.parse(json ?? '')]);
      expect(blocks).toEqual([
        ['a', { a1: 'fr </script> a' }],
        ['b', { b1: 'fr </script> b' }],
        ['c', { c1: 'fr </script> c' }],
      ]);
      expect(page).not.toMatch(/"(en|de|es|it) /);
      // No catalogue request is left for the first screen.
      expect(page).not.toContain('/assets/i18n/');
      expect(localized.pageFor('/voyages', 'en').bodies.identity.toString('utf8')).toContain('<html lang="en-GB">');
      // The prefix is not part of the screen's path: /de/voyages is the voyages screen.
      const german = localized.pageFor('/de/voyages', 'de').bodies.identity.toString('utf8');
      expect(german).toContain('VoyagesPage-1.js');
      expect(german).toContain('"de \\u003c/script> b"');
      // Another screen's page carries the entry's messages only.
      expect(localized.pageFor('/dashboard', 'fr').bodies.identity.toString('utf8')).not.toContain('id="i18n-b"');
    });

    it("picks the path's language, then the saved choice, then Accept-Language, then English", () => {
      expect(pageLocale(request({ 'accept-language': 'de' }), '/it/voyages')).toBe('it');
      expect(pageLocale(request({ cookie: 'a=1; crew_locale=es', 'accept-language': 'de' }), '/voyages')).toBe('es');
      expect(pageLocale(request({ 'accept-language': 'pt-BR, de-CH;q=0.8, en;q=0.5' }), '/voyages')).toBe('de');
      expect(pageLocale(request({ 'accept-language': 'ja' }), '/voyages')).toBe('en');
      expect(pageLocale(request({}), '/')).toBe('en');
    });

    it('names every language of a public page as an alternate, and none of a signed-in screen', () => {
      const link = alternatesLink('https://crew.example/', '/fr/voyages') ?? '';
      expect(link).toContain('<https://crew.example/voyages>; rel="alternate"; hreflang="en"');
      expect(link).toContain('<https://crew.example/de/voyages>; rel="alternate"; hreflang="de"');
      expect(link).toContain('<https://crew.example/voyages>; rel="alternate"; hreflang="x-default"');
      expect(alternatesLink('https://crew.example', '/fr/dashboard')).toBeNull();
      expect(alternatesLink('https://crew.example', '/voyages/abc/edit')).toBeNull();
    });
  });
});
