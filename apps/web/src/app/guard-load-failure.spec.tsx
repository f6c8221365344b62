import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { tokenStore } from '../lib/token-store';
import { makeUser } from '../testing/user-fixture';
import { Guard } from './guards';

const renderGuarded = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/guarded']}>
        <Routes>
          <Route
            path="/guarded"
            element={
              <Guard kind="auth">
                <p>secret content</p>
              </Guard>
            }
          />
          <Route path="/login" element={<p>login screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('Guard: the account cannot be loaded', () => {
  it('shows the error with Retry instead of an endless "Loading your account…", and Retry loads it', async () => {
    tokenStore.set('token-1');
    let fail = true;
    globalThis.fetch = jest.fn(async () =>
      fail
        ? { ok: false, status: 503, json: async () => ({ error: 'The service is starting. Please try again.', code: 'UNAVAILABLE' }) }
        : { ok: true, status: 200, json: async () => makeUser({ id: 'u1', user_type: 'crew' }) },
    ) as unknown as typeof fetch;
    renderGuarded();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your account. The service is starting. Please try again.');
    expect(screen.queryByText('Loading your account…')).toBeNull();
    // The session stays: a server failure is not a sign-out.
    expect(tokenStore.get()).toBe('token-1');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('secret content')).toBeInTheDocument();
    tokenStore.clear();
  });

  it('still sends a member whose session has ended (401) to /login', async () => {
    tokenStore.set('token-2');
    globalThis.fetch = jest.fn(async () => ({
      ok: false,
      status: 401,
      json: async () => ({ error: 'Your session has expired. Please log in again.', code: 'INVALID_TOKEN' }),
    })) as unknown as typeof fetch;
    renderGuarded();
    expect(await screen.findByText('login screen')).toBeInTheDocument();
  });
});
