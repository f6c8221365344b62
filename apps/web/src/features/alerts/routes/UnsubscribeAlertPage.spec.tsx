import { beforeAll, describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { loadContracts } from '../../../lib/contracts-loader';
import { calls, mockFetch } from '../../../testing/voyage-fixtures';
import { UnsubscribeAlertPage } from './UnsubscribeAlertPage';

beforeAll(async () => {
  await loadContracts();
}, 30_000);

const SEARCH = '0b9f3a52-8d1c-4c57-9a43-2f4e8f1d6a01';

const renderAt = (url: string) =>
  render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/saved-searches/unsubscribe" element={<UnsubscribeAlertPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );

describe('Alert unsubscribe page', () => {
  it('turns the alert off as it opens, once, without a session, and says so', async () => {
    const fetchMock = mockFetch((url, init) =>
      init.method === 'POST' && url.pathname === '/api/saved-searches/unsubscribe'
        ? { status: 200, body: { message: 'The alert of “Solent weekends” is off. You will get no more mail about it.' } }
        : undefined,
    );
    renderAt(`/saved-searches/unsubscribe?search=${SEARCH}&token=signed.token`);
    const answer = await screen.findByText('The alert of “Solent weekends” is off. You will get no more mail about it.');
    expect(answer).toHaveAttribute('role', 'status');
    const posts = calls(fetchMock).filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]?.body))).toEqual({ search: SEARCH, token: 'signed.token' });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).not.toHaveProperty('authorization');
    expect(screen.getByRole('link', { name: 'Manage all your alerts' })).toHaveAttribute('href', '/saved-searches');
  });

  it('says plainly when the link is not valid, with the way to manage alerts', async () => {
    mockFetch(() => ({
      status: 403,
      body: { error: 'This unsubscribe link is not valid. Sign in and turn the alert off on your saved searches instead.', code: 'INVALID_ALERT_LINK' },
    }));
    renderAt(`/saved-searches/unsubscribe?search=${SEARCH}&token=forged`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid. Sign in and turn the alert off on your saved searches instead.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Manage all your alerts' })).toHaveAttribute('href', '/saved-searches');
  });

  it('offers to try again when the server could not answer', async () => {
    mockFetch(() => ({ status: 503, body: { error: 'Service unavailable', code: 'UNAVAILABLE' } }));
    renderAt(`/saved-searches/unsubscribe?search=${SEARCH}&token=signed.token`);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not turn this alert off just now.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('asks nothing of the server for an incomplete link', () => {
    const fetchMock = mockFetch(() => undefined);
    renderAt(`/saved-searches/unsubscribe?search=${SEARCH}`);
    expect(screen.getByRole('alert')).toHaveTextContent('This unsubscribe link is incomplete.');
    expect(calls(fetchMock)).toHaveLength(0);
  });
});
