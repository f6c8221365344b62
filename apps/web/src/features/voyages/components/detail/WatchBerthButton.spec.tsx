import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { loadContracts } from '../../../../lib/contracts-loader';
import { tokenStore } from '../../../../lib/token-store';
import { calls, makeUser, mockFetch } from '../../../../testing/voyage-fixtures';
import { WatchBerthButton } from './WatchBerthButton';

beforeAll(async () => {
  await loadContracts();
}, 30_000);

afterEach(() => tokenStore.clear());

const VOYAGE = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c04';

function Login() {
  const location = useLocation();
  return <p>sign in, then back to {(location.state as { from?: string } | null)?.from}</p>;
}

const renderButton = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/voyages/${VOYAGE}`]}>
        <Routes>
          <Route path="/voyages/:id" element={<WatchBerthButton voyage={{ id: VOYAGE }} />} />
          <Route path="/login" element={<Login />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('Tell me when a berth opens', () => {
  it('watches a full voyage and stops watching it, the button saying which', async () => {
    tokenStore.set('token-1');
    let watching = false;
    const fetchMock = mockFetch((url, init) => {
      const method = init.method ?? 'GET';
      if (url.pathname === '/api/auth/me') return { status: 200, body: makeUser() };
      if (url.pathname !== `/api/voyages/${VOYAGE}/watch`) return undefined;
      if (method === 'POST') watching = true;
      if (method === 'DELETE') watching = false;
      return { status: 200, body: { watching } };
    });
    renderButton();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tell me when a berth opens' }));
    expect(await screen.findByRole('button', { name: 'Stop watching' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('We will email you when a berth opens on this voyage.');

    await user.click(screen.getByRole('button', { name: 'Stop watching' }));
    expect(await screen.findByRole('button', { name: 'Tell me when a berth opens' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('You no longer watch this voyage.');
    expect(
      calls(fetchMock)
        .filter((call) => call.url.pathname.endsWith('/watch'))
        .map((call) => call.method),
    ).toEqual(['GET', 'POST', 'DELETE']);
  });

  it('shows a member already watching the way to stop', async () => {
    tokenStore.set('token-1');
    mockFetch((url) =>
      url.pathname === '/api/auth/me' ? { status: 200, body: makeUser() } : url.pathname === `/api/voyages/${VOYAGE}/watch` ? { status: 200, body: { watching: true } } : undefined,
    );
    renderButton();
    expect(await screen.findByRole('button', { name: 'Stop watching' })).toBeInTheDocument();
  });

  it('says why when the server refuses (a berth opened meanwhile)', async () => {
    tokenStore.set('token-1');
    mockFetch((url, init) => {
      if (url.pathname === '/api/auth/me') return { status: 200, body: makeUser() };
      if (url.pathname !== `/api/voyages/${VOYAGE}/watch`) return undefined;
      return init.method === 'POST'
        ? { status: 409, body: { error: 'This voyage has a free berth: apply instead of watching it.', code: 'VOYAGE_NOT_FULL' } }
        : { status: 200, body: { watching: false } };
    });
    renderButton();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Tell me when a berth opens' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This voyage has a free berth: apply instead of watching it.');
  });

  it('sends a guest to sign in and back to the voyage, asking the server nothing', async () => {
    const fetchMock = mockFetch(() => undefined);
    renderButton();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Tell me when a berth opens' }));
    expect(await screen.findByText(`sign in, then back to /voyages/${VOYAGE}`)).toBeInTheDocument();
    expect(calls(fetchMock)).toHaveLength(0);
  });
});
