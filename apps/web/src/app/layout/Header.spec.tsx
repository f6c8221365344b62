import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { tokenStore } from '../../lib/token-store';
import { makeUser } from '../../testing/user-fixture';
import { Guard } from '../guards';
import { Header } from './Header';

const signedIn = (userType: 'crew' | 'skipper' | 'both' | 'admin', isAdmin = false) => {
  tokenStore.set('token-1');
  const body = makeUser({ user_type: userType, is_admin: isAdmin });
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => body })) as unknown as typeof fetch;
};

/** The shell's header over a guarded dashboard, in a data router like the app's. */
function renderApp(at = '/dashboard') {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Header />
            <Outlet />
          </>
        ),
        children: [
          // Lazy like every page of the app: the navigation to it waits for its code.
          { index: true, lazy: async () => ({ element: <p>home screen</p> }) },
          { path: 'login', element: <p>login screen</p> },
          { path: 'support', element: <p>support screen</p> },
          {
            path: 'dashboard',
            element: (
              <Guard kind="auth">
                <p>dashboard screen</p>
              </Guard>
            ),
          },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('Header', () => {
  it('logs out to the home page, not to the sign-in page of the guarded screen it left', async () => {
    const user = userEvent.setup();
    signedIn('crew');
    const router = renderApp();
    expect(await screen.findByText('dashboard screen')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /account menu$/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('home screen')).toBeInTheDocument();
    expect(tokenStore.get()).toBeNull();
  });

  it.each(['crew', 'skipper', 'both'] as const)('links a %s account to its support tickets from the account menu', async (userType) => {
    const user = userEvent.setup();
    signedIn(userType);
    const router = renderApp();
    await user.click(await screen.findByRole('button', { name: /account menu$/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Support' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/support'));
    expect(await screen.findByText('support screen')).toBeInTheDocument();
  });

  it.each([
    ['crew', true],
    ['both', true],
    ['skipper', false],
  ] as const)('links a %s account to its subscription from the account menu: %s', async (userType, shown) => {
    const user = userEvent.setup();
    signedIn(userType);
    renderApp();
    await user.click(await screen.findByRole('button', { name: /account menu$/ }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Subscription' }) !== null).toBe(shown);
  });

  it('does not offer an admin a subscription', async () => {
    const user = userEvent.setup();
    signedIn('admin', true);
    renderApp();
    await user.click(await screen.findByRole('button', { name: /account menu$/ }));
    expect(await screen.findByRole('menuitem', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Subscription' })).toBeNull();
  });

  it('says what a "both" account is: Skipper & Crew', async () => {
    signedIn('both');
    renderApp('/');
    expect(await screen.findByText('Skipper & Crew')).toBeInTheDocument();
  });
});
