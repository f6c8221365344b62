import type { UserResponse } from '@crew/contracts';
import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { GuardKind } from '../lib/guard-rules';
import { tokenStore } from '../lib/token-store';
import { makeUser } from '../testing/user-fixture';
import { Guard } from './guards';

/** A /api/auth/me body, checked against the contract so the fixture cannot drift from the API. */
const me = (userType: string, isAdmin = false) =>
  makeUser({ id: 'u1', email: 'ann@crew.test', first_name: 'Ann', last_name: 'Bonny', user_type: userType as UserResponse['user_type'], is_admin: isAdmin });

const answerMe = (body: object) => {
  const fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => body }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
};

const renderAt = (kind: GuardKind) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/guarded']}>
        <Routes>
          <Route
            path="/guarded"
            element={
              <Guard kind={kind}>
                <p>secret content</p>
              </Guard>
            }
          />
          <Route path="/login" element={<p>login screen</p>} />
          <Route path="/dashboard" element={<p>dashboard screen</p>} />
          <Route path="/voyages" element={<p>voyages screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('Guard', () => {
  it('sends a guest to /login without asking the server', async () => {
    const fetchMock = answerMe(me('crew'));
    renderAt('auth');
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the user first, then shows the screen', async () => {
    tokenStore.set('token-1');
    const fetchMock = answerMe(me('crew'));
    renderAt('auth');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account');
    expect(await screen.findByText('secret content')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/me');
    expect((init.headers as Record<string, string>)['authorization']).toBe('Bearer token-1');
  });

  it('sends crew away from skipper routes to /voyages', async () => {
    tokenStore.set('token-1');
    answerMe(me('crew'));
    renderAt('skipper');
    expect(await screen.findByText('voyages screen')).toBeInTheDocument();
  });

  it('admits "both" to skipper routes', async () => {
    tokenStore.set('token-1');
    answerMe(me('both'));
    renderAt('skipper');
    expect(await screen.findByText('secret content')).toBeInTheDocument();
  });

  it('sends non-admins away from admin routes to /dashboard', async () => {
    tokenStore.set('token-1');
    answerMe(me('skipper'));
    renderAt('admin');
    expect(await screen.findByText('dashboard screen')).toBeInTheDocument();
  });

  it('admits admins to admin routes', async () => {
    tokenStore.set('token-1');
    answerMe(me('admin', true));
    renderAt('admin');
    expect(await screen.findByText('secret content')).toBeInTheDocument();
  });
});
