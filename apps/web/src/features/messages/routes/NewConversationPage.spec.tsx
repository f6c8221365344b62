import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { tokenStore } from '../../../lib/token-store';
import { makeUser } from '../../../testing/user-fixture';
import { makeVoyage } from '../../../testing/voyage-fixtures';
import { NewConversationPage } from './NewConversationPage';

/** The API: no conversation yet, the viewer, the voyage (skipper Ann Bonny) and a member's public profile. */
function mockApi() {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const body =
      url.pathname === '/api/conversations'
        ? { conversations: [], next_cursor: null, unread_total: 0 }
        : url.pathname === '/api/auth/me'
          ? makeUser()
          : url.pathname === '/api/voyages/v1'
            ? makeVoyage({ id: 'v1', title: 'Solent to Cherbourg' })
            : url.pathname === '/api/users/u7/public'
              ? {
                  id: 'u7',
                  first_name: 'Mary',
                  last_name: 'Read',
                  profile_photo_url: null,
                  user_type: 'crew',
                  member_since: '2026-03-01T00:00:00.000Z',
                  verification_level: 'established',
                  verification_points: 5,
                  trust: { level: 'established', label: 'Established', points: 5, max_points: 6 },
                  sailing_experience: null,
                }
              : null;
    return body ? { ok: true, status: 200, json: async () => body } : { ok: false, status: 404, json: async () => ({ error: 'Not found', code: 'NOT_FOUND' }) };
  }) as unknown as typeof fetch;
}

const renderAt = (url: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/messages/new" element={<NewConversationPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('NewConversationPage', () => {
  beforeEach(() => {
    tokenStore.set('token-1');
    mockApi();
  });

  it('has its heading from the start, and names the skipper the message goes to', async () => {
    renderAt('/messages/new?voyage=v1&title=Solent%20to%20Cherbourg');
    expect(screen.getByRole('heading', { level: 1, name: 'New message' })).toBeInTheDocument();
    const skipper = makeVoyage().skipper;
    expect(await screen.findByText(`${skipper.first_name} ${skipper.last_name}`)).toBeInTheDocument();
    expect(screen.getByText(/, the skipper, about/)).toBeInTheDocument();
    expect(screen.getByLabelText(`Your message to ${skipper.first_name} ${skipper.last_name}`)).toBeInTheDocument();
  });

  it('names the crew member a skipper writes to', async () => {
    renderAt('/messages/new?voyage=v1&to=u7&title=Solent%20to%20Cherbourg');
    expect(await screen.findByText('Mary Read')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solent to Cherbourg' })).toHaveAttribute('href', '/voyages/v1');
  });
});
