// Lint for every project. The module-boundary rule encodes the architecture:
// the domain depends on nothing, projections only on the domain, contracts
// on nothing, apps on libs, and the web client never on server-side code.
import nx from '@nx/eslint-plugin';

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    ignores: ['**/dist', '**/node_modules', '**/coverage', '.data', '.nx', 'test-artifacts', 'bench/results'],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx', '**/*.mjs'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          // The one exception to "contracts on nothing": libs/contracts/src/shared-rules.ts re-exports the
          // domain's import-free shared rules (skill taxonomy, member trust) so the web shows the list the API decides with.
          allow: ['../../domain/src/shared-rules/*'],
          // The web client loads the contracts' zod schemas lazily on public pages (src/lib/contracts-loader.ts)
          // and statically on signed-in screens: both are intended.
          checkDynamicDependenciesExceptions: ['@crew/contracts'],
          depConstraints: [
            {
              sourceTag: 'type:domain',
              onlyDependOnLibsWithTags: [],
              // Pure decide/evolve functions: no framework, database or transport code.
              bannedExternalImports: ['@nestjs/*', 'typeorm', 'pg', 'bullmq', 'ioredis', '@eventstore/*', 'react', 'react-dom', 'fastify'],
            },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:projections', onlyDependOnLibsWithTags: ['type:domain'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:domain', 'type:projections', 'type:contracts'] },
            { sourceTag: 'scope:client', onlyDependOnLibsWithTags: ['type:contracts'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Domain and contracts are the shared language of the product: no escape hatches.
    files: ['libs/domain/**/*.ts', 'libs/contracts/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
];
