#!/usr/bin/env node
// Compiles the API and libraries to dist/ with swc (decorator metadata on,
// path aliases rewritten to relative imports), then builds the web app.
// `--if-stale` skips whatever is already newer than its sources.
import { transformFile } from '@swc/core';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const ifStale = process.argv.includes('--if-stale');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);

const walk = (dir, out = []) => {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(full, out);
    } else out.push(full);
  }
  return out;
};
const newest = (files) => files.reduce((max, f) => Math.max(max, statSync(f).mtimeMs), 0);

const apiSources = ['apps/api/src', 'libs/rules/src', 'libs/domain/src', 'libs/projections/src', 'libs/contracts/src', 'bench']
  .flatMap((d) => walk(path.join(root, d)))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.spec.ts'));
// Data files the compiled code reads beside itself (the ports tables the seed
// migrations load, the mail's message catalogues): copied into dist/ at the same relative path.
const apiDataFiles = walk(path.join(root, 'apps/api/src')).filter((f) => f.endsWith('.tsv') || f.endsWith('.po'));

// The shared catalogue (libs/rules/locales: the API's error texts in every language), read beside the compiled code too.
apiDataFiles.push(...walk(path.join(root, 'libs/rules/locales')).filter((f) => f.endsWith('.po')));

const buildApi = async () => {
  const stamp = path.join(root, 'dist/.api-build');
  if (ifStale && existsSync(stamp) && statSync(stamp).mtimeMs >= newest([...apiSources, ...apiDataFiles])) return false;
  const options = {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      // Lingui's macros (the mail's texts) become catalogue lookups that keep their English text, as in jest.
      experimental: { plugins: [['@lingui/swc-plugin', { stripNonEssentialFields: false }]] },
      target: 'es2022',
      keepClassNames: true,
      baseUrl: root,
      paths: {
        '@crew/rules': ['libs/rules/src/index.ts'],
        '@crew/domain': ['libs/domain/src/index.ts'],
        '@crew/projections': ['libs/projections/src/index.ts'],
        '@crew/contracts': ['libs/contracts/src/index.ts'],
        '@crew/contracts/paths': ['libs/contracts/src/paths.ts'],
        '@crew/contracts/constants': ['libs/contracts/src/constants.ts'],
      },
    },
    module: { type: 'commonjs', ignoreDynamic: true },
    sourceMaps: true,
  };
  await Promise.all(
    apiSources.map(async (file) => {
      const rel = path.relative(root, file);
      const target = path.join(root, 'dist', rel.replace(/\.ts$/, '.js'));
      const output = await transformFile(file, { ...options, filename: file, sourceFileName: path.relative(path.dirname(target), file) });
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, `${output.code}\n//# sourceMappingURL=${path.basename(target)}.map\n`);
      if (output.map) writeFileSync(`${target}.map`, output.map);
    }),
  );
  for (const file of apiDataFiles) {
    const target = path.join(root, 'dist', path.relative(root, file));
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(file, target);
  }
  writeFileSync(stamp, new Date().toISOString());
  return true;
};

const buildWeb = () => {
  const config = path.join(root, 'apps/web/vite.config.ts');
  if (!existsSync(config)) return false;
  // The web is built from the contracts and the shared rules too.
  const sources = [...walk(path.join(root, 'apps/web/src')), ...walk(path.join(root, 'libs/contracts/src')), ...walk(path.join(root, 'libs/rules/src')), config];
  const index = path.join(root, 'apps/web/dist/index.html');
  if (ifStale && existsSync(index) && statSync(index).mtimeMs >= newest(sources)) return false;
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', config, '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  precompress(path.join(root, 'apps/web/dist'));
  return true;
};

// Brotli and gzip twins of every text asset, served by @fastify/static's
// preCompressed option, so requests never pay for compression at run time.
const precompress = (dir) => {
  for (const file of walk(dir)) {
    if (!/\.(js|css|html|svg|json|txt|map)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
};

const started = Date.now();
const built = [];
if (!only || only === 'api') if (await buildApi()) built.push('api');
if (!only || only === 'web') if (buildWeb()) built.push('web');
if (built.length > 0) console.log(`built ${built.join(' + ')} in ${Date.now() - started} ms`);
