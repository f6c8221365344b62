/**
 * One jest run for every tier: domain unit tests and API integration tests
 * against real PostgreSQL and Redis (server), React components in jsdom (web),
 * and browser journeys in Debian's Chromium against the built app (e2e).
 */
const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: !tsx, tsx },
      transform: tsx ? { react: { runtime: 'automatic' } } : { legacyDecorator: true, decoratorMetadata: true },
      // Lingui's macros (Trans, t, plural) become catalogue lookups that keep their English text.
      experimental: { plugins: [['@lingui/swc-plugin', { stripNonEssentialFields: false }]] },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

const libs = {
  '^@crew/rules$': '<rootDir>/libs/rules/src/index.ts',
  '^@crew/rules/locales$': '<rootDir>/libs/rules/src/locales.ts',
  '^@crew/domain$': '<rootDir>/libs/domain/src/index.ts',
  '^@crew/projections$': '<rootDir>/libs/projections/src/index.ts',
  '^@crew/contracts$': '<rootDir>/libs/contracts/src/index.ts',
  '^@crew/contracts/paths$': '<rootDir>/libs/contracts/src/paths.ts',
  '^@crew/contracts/constants$': '<rootDir>/libs/contracts/src/constants.ts',
};

module.exports = {
  maxWorkers: 2,
  // A global option in jest 30 (ignored inside projects); the e2e suite sets its own.
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/libs', '<rootDir>/apps/api'],
      testMatch: ['**/*.spec.ts'],
      // supercluster, kdbush, @scure/base and @noble/hashes (otplib's base32 and HMAC) ship ES modules only: compiled like our own sources here.
      transform: { '^.+\\.ts$': swc(false), '/node_modules/(supercluster|kdbush|@scure/base|@noble/hashes)/.+\\.js$': swc(false) },
      transformIgnorePatterns: ['/node_modules/(?!(supercluster|kdbush|@scure/base|@noble/hashes)/)'],
      moduleNameMapper: libs,
      globalSetup: '<rootDir>/apps/api/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/apps/api/test/support/global-teardown.ts',
      setupFiles: ['reflect-metadata'],
      // Every API test's responses are checked against the OpenAPI document.
      setupFilesAfterEnv: ['<rootDir>/apps/api/test/support/contract-check.setup.ts'],
    },
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/apps/web/src'],
      testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
      transform: { '^.+\\.tsx?$': swc(true) },
      moduleNameMapper: {
        ...libs,
        '\\.css$': '<rootDir>/apps/web/src/testing/style-stub.js',
        // Every render inside the app's i18n (Lingui's Trans and useLingui need its provider).
        '^@testing-library/react$': '<rootDir>/apps/web/src/testing/react-testing-library.tsx',
      },
      setupFilesAfterEnv: ['<rootDir>/apps/web/src/testing/setup.ts'],
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/apps/web/e2e'],
      testMatch: ['**/*.e2e.spec.ts'],
      // Journeys make authenticator codes with otplib, whose base32 and HMAC dependencies ship ES modules only.
      transform: { '^.+\\.ts$': swc(false), '/node_modules/(@scure/base|@noble/hashes)/.+\\.js$': swc(false) },
      transformIgnorePatterns: ['/node_modules/(?!(@scure/base|@noble/hashes)/)'],
      moduleNameMapper: libs,
    },
  ],
};
