/**
 * Every API test's app checks its responses against the OpenAPI document:
 * `createHttpApp` is wrapped here for every server test file, so no test can
 * forget it and a route answering outside its contract fails the test.
 */
jest.mock('../../src/http-app', () => {
  const actual = jest.requireActual<typeof import('../../src/http-app')>('../../src/http-app');
  const { checkResponsesAgainstContract } = jest.requireActual<typeof import('./response-contract')>('./response-contract');
  return {
    ...actual,
    createHttpApp: async (...args: Parameters<typeof actual.createHttpApp>) => {
      const app = await actual.createHttpApp(...args);
      checkResponsesAgainstContract(app.getHttpAdapter().getInstance());
      return app;
    },
  };
});
