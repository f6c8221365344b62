/**
 * Runs the server's TypeScript in a child process the way jest's server
 * project compiles it (swc, decorator metadata, Lingui's macros through its
 * swc plugin), for the workers some specs start and kill:
 * `node --require apps/api/test/support/swc-register.cjs worker.ts`.
 * Loaders that strip types only (tsx) leave the mail's message macros
 * uncompiled.
 */
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../../../..');
/** The workspace's subpath imports (the libraries' own package.json files name their index only). */
const ALIASES = {
  '@crew/contracts/paths': 'libs/contracts/src/paths.ts',
  '@crew/contracts/constants': 'libs/contracts/src/constants.ts',
};

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const alias = ALIASES[request];
  return resolveFilename.call(this, alias ? path.join(root, alias) : request, ...rest);
};

const OPTIONS = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    experimental: { plugins: [['@lingui/swc-plugin', { stripNonEssentialFields: false }]] },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), { ...OPTIONS, filename });
  module._compile(code, filename);
};
