// Lint for every project. The module-boundary rule encodes the architecture:
// the shared rules (libs/rules) depend on nothing and every project may read
// them; the domain and the contracts depend on nothing else, projections only
// on the domain, apps on libs, and the web client never on server-side code.
import nx from '@nx/eslint-plugin';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import lingui from 'eslint-plugin-lingui';

// Each folder of apps/web/src/features is one feature; it may use the shared layers
// (api, components, lib, testing) but never another feature's files.
const WEB = 'apps/web/src';
const FEATURES = readdirSync(`${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    ignores: ['**/dist', '**/node_modules', '**/coverage', '.data', '.nx', 'test-artifacts', 'bench/results', '.stryker-tmp', 'reports'],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx', '**/*.mjs'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          // The web client loads the contracts' zod schemas lazily on public pages (src/lib/contracts-loader.ts)
          // and statically on signed-in screens: both are intended.
          checkDynamicDependenciesExceptions: ['@crew/contracts'],
          depConstraints: [
            // Every list, limit and message the domain, the contracts and the web share: a leaf that imports nothing
            // (its specs use jest's globals).
            { sourceTag: 'type:rules', onlyDependOnLibsWithTags: [], allowedExternalImports: ['@jest/globals'] },
            {
              sourceTag: 'type:domain',
              onlyDependOnLibsWithTags: ['type:rules'],
              // Pure decide/evolve functions: no framework, database or transport code.
              bannedExternalImports: ['@nestjs/*', 'typeorm', 'pg', 'bullmq', 'ioredis', '@eventstore/*', 'react', 'react-dom', 'fastify'],
            },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:rules'] },
            { sourceTag: 'type:projections', onlyDependOnLibsWithTags: ['type:domain', 'type:rules'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:rules', 'type:domain', 'type:projections', 'type:contracts'] },
            { sourceTag: 'scope:client', onlyDependOnLibsWithTags: ['type:rules', 'type:contracts'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: [`${WEB}/**/*.ts`, `${WEB}/**/*.tsx`],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map((feature) => ({
              target: `./${WEB}/features/${feature}`,
              from: `./${WEB}/features`,
              except: [`./${feature}`],
              message: 'A feature uses the shared layers (src/api, src/components, src/lib, src/testing), not another feature: move what both need there.',
            })),
            {
              target: [`./${WEB}/api`, `./${WEB}/components`, `./${WEB}/lib`, `./${WEB}/testing`],
              from: `./${WEB}/features`,
              message: 'The shared layers do not depend on features.',
            },
          ],
        },
      ],
    },
  },
  {
    // The rules, domain and contracts are the shared language of the product: no escape hatches.
    files: ['libs/rules/**/*.ts', 'libs/domain/**/*.ts', 'libs/contracts/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    // The server's platform stands under every bounded context and knows none of them (contexts bring their parts as
    // Nest modules, discovered at start-up); and no module of the server takes part in an import cycle.
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.js'] } },
      // Followed files are parsed as TypeScript too, so a cycle through any of them is seen.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/extensions': ['.ts', '.js'],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/api/src/platform',
              from: './apps/api/src/modules',
              message: 'The platform imports no context: let the context contribute it (see apps/api/src/platform/contributions.ts).',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Use cases refuse in the application's terms (ApplicationError, DomainError); only the HTTP layer (controllers,
    // guards, pipes) speaks in statuses, and platform/http/error-mapping.ts is the one place that maps the two.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.controller.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/platform/http/api-error'], message: 'Throw ApplicationError (platform/application-error.ts) or DomainError; HTTP statuses belong to controllers.' },
          ],
        },
      ],
    },
  },
  {
    // Every word a person reads in the web client goes through Lingui (Trans, t, plural, msg) so it is translated:
    // a hard-coded text is an error. Codes, class names, paths and other machine strings (no space, not capitalised)
    // are not texts.
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx', 'apps/web/src/testing/**'],
    plugins: { lingui },
    rules: {
      ...lingui.configs['flat/recommended'].rules,
      // A message that is one ICU plural ("{count, plural, one {# day} other {# days}}") is a whole message.
      'lingui/no-single-variables-to-translate': 'off',
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: ['^Crew Finder$', '^(?![A-Z])\\S*$', '^[A-Z0-9_]+$', '^[A-Z][a-z]+[A-Z]\\w*$', '^(GET|POST|PUT|PATCH|DELETE|HEAD)$', '^[^A-Za-z]*$'],
          ignoreNames: [
            {
              regex: {
                pattern:
                  '(className|Class|Id|ids?|Key|key|Type|type|Path|path|Url|url|href|to|src|rel|role|method|name|Name|mode|variant|size|testid|as|pattern|accept|autoComplete|inputMode|htmlFor|form|target|enterKeyHint|lang|hrefLang|kind|tone|status|icon|format|locale|property|content|charset|crossOrigin|referrerPolicy|sizes|media|code|Code|event|channel|storageKey|queryKey|mutationKey|field|sort|order|align|side|orientation|layout|dir|display|currency|unit|style|color|fill|stroke|d|viewBox|xmlns|points|transform|strokeWidth|strokeLinecap|strokeLinejoin|fontFamily)$',
              },
            },
          ],
          ignoreFunctions: [
            'Error',
            'TypeError',
            'RangeError',
            'console.*',
            '*.addEventListener',
            '*.removeEventListener',
            '*.postMessage',
            '*.getElementById',
            '*.querySelector',
            '*.querySelectorAll',
            '*.setAttribute',
            '*.getAttribute',
            '*.createElement',
            '*.headers.set',
            '*.set',
            '*.get',
            '*.has',
            '*.delete',
            '*.append',
            '*.includes',
            '*.startsWith',
            '*.endsWith',
            '*.split',
            '*.join',
            '*.replace',
            '*.match',
            '*.test',
            'new URL',
            'URLSearchParams',
            'navigate',
            'useSearchParams',
            'localStorage.*',
            'sessionStorage.*',
            'matchMedia',
            'window.matchMedia',
            'apiRequest',
            'api.*',
            'fetch',
            'import',
            'require',
            'invariant',
            'assertNever',
            'Intl.*',
            'new Intl.*',
          ],
          ignoreMethodsOnTypes: ['Map.get', 'Map.has', 'Set.has'],
        },
      ],
    },
  },
  {
    // A project's own jest config reuses the root one (libs/domain's, for mutation testing): test tooling, not a
    // dependency between projects.
    files: ['apps/*/jest.config.js', 'libs/*/jest.config.js'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
];
