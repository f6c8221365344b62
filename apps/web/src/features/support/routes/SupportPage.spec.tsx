import type { TicketDetail } from '@crew/contracts';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { tokenStore } from '../../../lib/token-store';
import { fakeApi, makeReply, makeTicket, type Call } from '../../../testing/ticket-fixtures';
import { SupportPage } from './SupportPage';

const OTHER = '9a1d7c3b-2e4f-4a6b-8c0d-1e2f3a4b5c6d';

/** A member's two tickets behind a fake API that keeps what the member does. */
function memberApi(first: TicketDetail, second: TicketDetail): Call[] {
  const tickets = new Map([first, second].map((t) => [t.id, t]));
  return fakeApi(({ url, method, body }) => {
    if (url === '/api/support/tickets' && method === 'GET')
      return { body: { tickets: [...tickets.values()].map(({ replies: _replies, subject_id: _subject, ...summary }) => summary) } };
    const match = /^\/api\/support\/tickets\/([^/]+)(?:\/(reply|rating))?$/.exec(url);
    const ticket = match ? tickets.get(match[1]!) : undefined;
    if (!ticket) return undefined;
    if (method === 'GET') return { body: ticket };
    if (match![2] === 'reply') {
      const { message } = body as { message: string };
      const next = {
        ...ticket,
        status: 'open' as const,
        replies: [...ticket.replies, makeReply({ id: `r${ticket.replies.length + 2}`, message, from_admin: false, author_name: null })],
      };
      tickets.set(ticket.id, next);
      return { status: 201, body: { message: 'Your reply has been sent to the support team.', ticket: next } };
    }
    const next = { ...ticket, satisfied: (body as { satisfied: boolean }).satisfied };
    tickets.set(ticket.id, next);
    return { body: { message: 'Thank you for your feedback.', ticket: next } };
  });
}

const renderPage = (at = '/support') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[at]}>
        <SupportPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('/support', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it('lists the member’s tickets with their status and opens the conversation of the one chosen', async () => {
    const user = userEvent.setup();
    memberApi(
      makeTicket({ status: 'resolved', last_reply: '2026-03-01T10:00:00.000Z', reply_count: 1, replies: [makeReply()] }),
      makeTicket({ id: OTHER, title: 'Cannot change my email', description: 'The confirmation never arrives.', status: 'pending' }),
    );
    renderPage();
    const list = await screen.findByRole('list', { name: 'Your tickets' });
    const items = within(list).getAllByRole('button');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Boat photo upload fails');
    expect(items[0]).toHaveTextContent('Resolved');
    expect(items[1]).toHaveTextContent('Pending');
    // The first ticket is open by default, with the support team's reply.
    expect(await screen.findByRole('heading', { name: 'Boat photo upload fails' })).toBeInTheDocument();
    const conversation = screen.getByRole('list', { name: 'Conversation' });
    expect(within(conversation).getByText('Please try a file under 5 MB.')).toBeInTheDocument();
    expect(within(conversation).getByText(/Support team/)).toBeInTheDocument();

    await user.click(items[1]!);
    expect(await screen.findByRole('heading', { name: 'Cannot change my email' })).toBeInTheDocument();
    expect(screen.getByText('The confirmation never arrives.')).toBeInTheDocument();
  });

  it('sends a reply and shows it in the conversation', async () => {
    const user = userEvent.setup();
    const calls = memberApi(makeTicket(), makeTicket({ id: OTHER, title: 'Another question' }));
    renderPage();
    const box = await screen.findByLabelText('Your reply');
    // A blank reply is refused in the form, without a request.
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please write a message');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(box);
    await user.type(box, 'It is a 3 MB JPEG.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Conversation' })).getByText('It is a 3 MB JPEG.')).toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')).toEqual({ url: `/api/support/tickets/${makeTicket().id}/reply`, method: 'POST', body: { message: 'It is a 3 MB JPEG.' } });
    expect(box).toHaveValue('');
  });

  it('asks for a rating once the ticket is resolved, and records the answer', async () => {
    const user = userEvent.setup();
    const calls = memberApi(makeTicket({ status: 'resolved', replies: [makeReply()] }), makeTicket({ id: OTHER, title: 'Another question' }));
    renderPage();
    expect(await screen.findByText('Were you satisfied with how we handled this?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Satisfied' }));
    expect(await screen.findByText('You told us you were satisfied. Thank you!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Satisfied' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.find((c) => c.method === 'POST')).toEqual({ url: `/api/support/tickets/${makeTicket().id}/rating`, method: 'POST', body: { satisfied: true } });
  });

  it('offers no rating before resolution and no reply box on a closed ticket', async () => {
    memberApi(makeTicket({ id: OTHER, status: 'closed', title: 'Closed one' }), makeTicket());
    renderPage();
    expect(await screen.findByText(/This ticket is closed/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your reply')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Satisfied' })).toBeInTheDocument();
  });
});
