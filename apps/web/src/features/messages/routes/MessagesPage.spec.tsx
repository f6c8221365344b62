import type { Conversation, ConversationListResponse } from '@crew/contracts';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { tokenStore } from '../../../lib/token-store';
import { MessagesPage } from './MessagesPage';

const conversation = (n: number): Conversation => ({
  id: `c${n}`,
  other: { id: `u${n}`, name: `Sailor ${n}`, photo_url: null },
  voyage: { id: 'v1', title: 'Solent to Cherbourg', status: 'planning', start_date: '2027-07-01', departure_port: 'Cowes', arrival_port: 'Cherbourg', other_is_skipper: false },
  last_message: { id: `m${n}`, sender_id: `u${n}`, preview: `Hello number ${n}`, sent_at: '2027-01-01T10:00:00.000Z', mine: false },
  updated_at: '2027-01-01T10:00:00.000Z',
  unread_count: 0,
  can_reply: true,
  blocked_by_me: false,
});

const CURSOR = '1798797600000.00000000-0000-4000-8000-000000000050';

function mockApi(pages: Record<string, ConversationListResponse | 'fail'>) {
  const fn = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const page = pages[url];
    if (!page || page === 'fail') return { ok: false, status: 500, json: async () => ({ error: 'Something went wrong', code: 'INTERNAL' }) };
    return { ok: true, status: 200, json: async () => page };
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return fn;
}

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/messages']}>
        <Routes>
          <Route path="/messages" element={<MessagesPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const FIRST: ConversationListResponse = { conversations: Array.from({ length: 50 }, (_, i) => conversation(i + 1)), next_cursor: CURSOR, unread_total: 0 };

describe('MessagesPage', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it('shows older conversations on demand, with the list cursor, until there are none', async () => {
    const user = userEvent.setup();
    // The second page repeats the 50th (it moved meanwhile): listed once.
    const fn = mockApi({
      '/api/conversations': FIRST,
      [`/api/conversations?cursor=${encodeURIComponent(CURSOR)}`]: { conversations: [conversation(50), conversation(51), conversation(52)], next_cursor: null, unread_total: 0 },
    });
    renderPage();
    expect(await screen.findByText('Sailor 50')).toBeInTheDocument();
    expect(screen.queryByText('Sailor 51')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show older conversations' }));
    expect(await screen.findByText('Sailor 52')).toBeInTheDocument();
    expect(screen.getAllByText('Sailor 50')).toHaveLength(1);
    expect(screen.getAllByRole('link', { name: /Sailor \d+/ })).toHaveLength(52);
    expect(fn.mock.calls.map(([url]) => String(url))).toContain(`/api/conversations?cursor=${encodeURIComponent(CURSOR)}`);
    // The last page: nothing older to show.
    expect(screen.queryByRole('button', { name: 'Show older conversations' })).not.toBeInTheDocument();
  });

  it('offers no button when every conversation fits on the first page', async () => {
    mockApi({ '/api/conversations': { conversations: [conversation(1)], next_cursor: null, unread_total: 0 } });
    renderPage();
    expect(await screen.findByText('Sailor 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older conversations' })).not.toBeInTheDocument();
  });

  it('says so when older conversations fail to load, and lets the user try again', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/conversations': FIRST, [`/api/conversations?cursor=${encodeURIComponent(CURSOR)}`]: 'fail' });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Show older conversations' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Older conversations could not be loaded');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Show older conversations' })).toBeEnabled());
    expect(screen.getByText('Sailor 1')).toBeInTheDocument();
  });
});
