import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { FIRST_SCREENS, PageShell, type BuildManifest } from './page-shell';

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
    expect(html(shell, '/voyages/abc')).toBe(INDEX_HTML);
    expect(html(shell, '/dashboard')).toBe(INDEX_HTML);
    expect(html(shell, '/voyages/abc/edit')).toBe(INDEX_HTML);
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
});
