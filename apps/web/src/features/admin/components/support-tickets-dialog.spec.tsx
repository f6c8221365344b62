import { TICKET_REPLY, type AdminTicketDetail } from '@crew/contracts';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { tokenStore } from '../../../lib/token-store';
import { makeUser } from '../../../testing/user-fixture';
import { fakeApi, makeAdminTicket, makeReply, type Call } from '../../../testing/ticket-fixtures';
import { TicketDialog } from './support-tickets-dialog';

const ME = makeUser({ id: 'a-ada', first_name: 'Ada', last_name: 'Admin', user_type: 'admin', is_admin: true });
const COLLEAGUE = { id: 'a-ben', name: 'Ben Bosun' };

/** The admin API for one ticket: it keeps each change and adds it to the ticket's timeline, as the server does. */
function adminApi(initial: AdminTicketDetail): Call[] {
  let ticket = initial;
  const changed = (action: AdminTicketDetail['timeline'][number]['action'], details: Record<string, string | null>) => {
    ticket = {
      ...ticket,
      timeline: [...ticket.timeline, { id: `t${ticket.timeline.length + 1}`, action, actor_id: ME.id, actor_name: 'Ada Admin', details, occurred_at: '2026-03-01T11:00:00.000Z' }],
    };
  };
  const base = `/api/admin/support/tickets/${initial.id}`;
  return fakeApi(({ url, method, body }) => {
    if (url === '/api/auth/me') return { body: ME };
    if (url === '/api/admin/support/assignees') return { body: { assignees: [{ id: ME.id, name: 'Ada Admin' }, COLLEAGUE] } };
    if (url === base && method === 'GET') return { body: ticket };
    if (url === `${base}/status`) {
      const to = (body as { status: AdminTicketDetail['status'] }).status;
      const from = ticket.status;
      ticket = { ...ticket, status: to };
      changed('status_changed', { from, to });
      return { body: { message: `Ticket marked ${to}`, ticket } };
    }
    if (url === `${base}/assignee`) {
      const assignee = (body as { assignee_id: string | null }).assignee_id;
      ticket = { ...ticket, assignee_id: assignee };
      changed('assigned', { assignee_id: assignee });
      return { body: { message: assignee ? 'Ticket assigned' : 'Ticket unassigned', ticket } };
    }
    if (url === `${base}/reply`) {
      const reply = makeReply({ id: `r${ticket.replies.length + 1}`, message: (body as { message: string }).message, author_name: 'Ada Admin' });
      ticket = { ...ticket, replies: [...ticket.replies, reply] };
      changed('replied', { from_staff: 'true' });
      return { status: 201, body: { message: 'Reply sent', reply, ticket } };
    }
    return undefined;
  });
}

const renderDialog = (ticketId: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <TicketDialog ticketId={ticketId} onClose={jest.fn()} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the admin ticket dialog', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it('changes the status at once, and the timeline says who changed what', async () => {
    const user = userEvent.setup();
    const calls = adminApi(makeAdminTicket());
    renderDialog(makeAdminTicket().id);
    const status = await screen.findByLabelText('Status');
    expect(status).toHaveValue('open');
    await user.selectOptions(status, 'resolved');
    await waitFor(() => expect(screen.getByLabelText('Status')).toHaveValue('resolved'));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({ url: `/api/admin/support/tickets/${makeAdminTicket().id}/status`, method: 'PUT', body: { status: 'resolved' } });
    expect(within(screen.getByRole('list', { name: 'Ticket timeline' })).getByText(/Ada Admin changed the status from open to resolved/)).toBeInTheDocument();
  });

  it('sends a reply to the member and shows it in the conversation', async () => {
    const user = userEvent.setup();
    const calls = adminApi(makeAdminTicket());
    renderDialog(makeAdminTicket().id);
    const box = await screen.findByLabelText('Reply to the member');
    expect(screen.getByRole('button', { name: 'Send Reply' })).toBeDisabled();
    await user.type(box, 'Please try a file under 5 MB.');
    await user.click(screen.getByRole('button', { name: 'Send Reply' }));
    const conversation = screen.getByRole('list', { name: 'Conversation' });
    expect(await within(conversation).findByText('Please try a file under 5 MB.')).toBeInTheDocument();
    expect(within(conversation).getByText(/Ada Admin \(support\)/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ message: 'Please try a file under 5 MB.' });
    expect(box).toHaveValue('');
  });

  it('reply: the validation message goes as soon as the reply is right, and the box is untouched again after sending', async () => {
    const user = userEvent.setup();
    const calls = adminApi(makeAdminTicket());
    renderDialog(makeAdminTicket().id);
    const box = await screen.findByLabelText('Reply to the member');
    fireEvent.change(box, { target: { value: 'a'.repeat(TICKET_REPLY.max + 1) } });
    await user.click(screen.getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please keep your message under 5,000 characters');
    expect(box).toHaveAttribute('aria-invalid', 'true');

    // Checked on the contract's schema as the text changes.
    fireEvent.change(box, { target: { value: 'a'.repeat(TICKET_REPLY.max) } });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(box).not.toHaveAttribute('aria-invalid');
    // Blank after a first attempt: it says so at once.
    fireEvent.change(box, { target: { value: '   ' } });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Please write a message'));
    await user.clear(box);
    await user.type(box, 'Please try a file under 5 MB.');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Send Reply' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reply: a failed send is shown apart and goes on the next attempt', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const serve = adminApi(makeAdminTicket());
    const base = `/api/admin/support/tickets/${makeAdminTicket().id}`;
    const answer = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
      refuse && String(input) === `${base}/reply`
        ? { ok: false, status: 409, json: async () => ({ error: 'The member has deleted their account', code: 'TICKET_ERASED' }) }
        : answer(input, init)) as unknown as typeof fetch;
    renderDialog(makeAdminTicket().id);
    const box = await screen.findByLabelText('Reply to the member');
    await user.type(box, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The member has deleted their account');
    expect(box).not.toHaveAttribute('aria-invalid');

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Send Reply' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(serve.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ message: 'Hello' }]);
  });

  it('assigns the ticket from the administrators list, to me, and unassigns it', async () => {
    const user = userEvent.setup();
    const calls = adminApi(makeAdminTicket());
    renderDialog(makeAdminTicket().id);
    const assign = await screen.findByLabelText('Assign to');
    await waitFor(() => expect(within(assign).getByRole('option', { name: 'Ada Admin (me)' })).toBeInTheDocument());
    expect(
      within(assign)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Unassigned', 'Ada Admin (me)', 'Ben Bosun']);
    expect(screen.queryByRole('button', { name: 'Unassign' })).not.toBeInTheDocument();

    await user.selectOptions(assign, COLLEAGUE.id);
    await waitFor(() => expect(screen.getByLabelText('Assign to')).toHaveValue(COLLEAGUE.id));
    expect(within(screen.getByRole('list', { name: 'Ticket timeline' })).getByText(/assigned the ticket to Ben Bosun/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(screen.getByLabelText('Assign to')).toHaveValue(ME.id));
    expect(screen.queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unassign' }));
    await waitFor(() => expect(screen.getByLabelText('Assign to')).toHaveValue(''));
    expect(calls.filter((c) => c.url.endsWith('/assignee')).map((c) => c.body)).toEqual([{ assignee_id: COLLEAGUE.id }, { assignee_id: ME.id }, { assignee_id: null }]);
  });
});
