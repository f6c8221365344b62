import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, useRoutes } from 'react-router-dom';
import { buildRouteTable, matchesOf, preloadFirstPage } from './router';

function Routes() {
  return <Suspense fallback={null}>{useRoutes(buildRouteTable())}</Suspense>;
}

describe('router', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it.each(['/help', '/admin'])('draws the page at %s once its chunk has arrived', async (path) => {
    globalThis.fetch = jest.fn(async () => ({ ok: false, status: 401, json: async () => ({ error: 'Sign in', code: 'UNAUTHORIZED' }) })) as unknown as typeof fetch;
    // The page's chunk arrives asynchronously: the render that suspends on it is awaited, as React asks.
    await act(async () => {
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter initialEntries={[path]}>
            <Routes />
          </MemoryRouter>
        </QueryClientProvider>,
      );
    });
    // /help draws the help centre; /admin sends a guest to sign in.
    expect(await screen.findByRole('heading', { level: 1, name: path === '/help' ? /Help/ : 'Sign in' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('names the routes an address matches, outermost first, and fetches their chunks before the first render', async () => {
    expect(matchesOf({ pathname: '/voyages/abc' }).map((match) => match.route.path ?? '')).toEqual(['', 'voyages/:id']);
    expect(matchesOf({ pathname: '/admin/users' }).map((match) => match.route.path ?? '')).toEqual(['admin', 'users']);
    await expect(preloadFirstPage({ pathname: '/help' }, new QueryClient())).resolves.toBeUndefined();
  });
});
