// Mutation testing of the pure domain (libs/domain) against its own unit tests:
// `npm run test:mutation` (docs/testing.md). Incremental: only mutants in code or
// tests changed since the committed libs/domain/stryker-incremental.json run again.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: [
    'libs/domain/src/**/*.ts',
    '!libs/domain/src/**/*.spec.ts',
    '!libs/domain/src/testing/**',
    '!libs/domain/src/index.ts',
    // Types only: nothing in them runs.
    '!libs/domain/src/shared/event.ts',
    '!libs/domain/src/voyage/voyage.commands.ts',
    '!libs/domain/src/platform-config/platform-config.commands.ts',
  ],
  // The sandbox holds only what the domain's tests load (the domain and the shared rules it imports): the rest of the repository is large.
  ignorePatterns: ['/*', '!/libs', '/libs/*', '!/libs/domain', '!/libs/rules', '!/jest.config.js', '!/package.json', '!/tsconfig*.json'],
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'libs/domain/jest.config.js' },
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 10_000,
  incremental: true,
  incrementalFile: 'libs/domain/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
