import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { buildRouteTable } from './router';

describe('router', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it.each(['/help', '/admin'])('loads the first page at %s without the "No HydrateFallback" warning', async (path) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    globalThis.fetch = jest.fn(async () => ({ ok: false, status: 401, json: async () => ({ error: 'Sign in', code: 'UNAUTHORIZED' }) })) as unknown as typeof fetch;
    const router = createMemoryRouter(buildRouteTable(), { initialEntries: [path] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    // /help draws the help centre; /admin sends a guest to sign in.
    expect(await screen.findByRole('heading', { level: 1, name: path === '/help' ? /Help/ : 'Sign in' }, { timeout: 5000 })).toBeInTheDocument();
    const messages = warn.mock.calls.map((call) => String(call[0]));
    expect(messages.filter((message) => message.includes('HydrateFallback'))).toEqual([]);
  });
});
