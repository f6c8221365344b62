/**
 * The domain's unit tests alone, compiled exactly as the `server` project of
 * the root jest.config.js compiles them: the mutation run (stryker.config.mjs)
 * runs these, not the API's integration tests, which need PostgreSQL and Redis.
 *
 *   npx jest -c libs/domain/jest.config.js
 */
const { projects } = require('../../jest.config.js');

const server = projects.find((project) => project.displayName === 'server');

module.exports = {
  // Relative, so that a copy of the repository (Stryker's sandbox) tests its own sources.
  rootDir: '../..',
  displayName: 'domain',
  testEnvironment: 'node',
  roots: ['<rootDir>/libs/domain/src'],
  testMatch: ['**/*.spec.ts'],
  transform: server.transform,
  moduleNameMapper: server.moduleNameMapper,
};
