import type { NotificationPreferences } from '@crew/contracts';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStore } from '../../../lib/token-store';
import { NotificationsTab } from './NotificationsTab';

const ALL_ON: NotificationPreferences['switches'] = {
  application_updates: true,
  messages: true,
  reviews: true,
  saved_search_alerts: true,
  berth_watch: true,
  subscription: true,
  news: true,
};
const ALWAYS_SENT: NotificationPreferences['always_sent'] = ['verification', 'password_reset', 'security', 'account', 'safety'];

interface Sent {
  readonly method: string;
  readonly body: unknown;
}

/**
 * The tab over a fetch that answers GET with `switches` and each PUT with
 * `answerPut` (the saved state, or a refusal); returns what was sent.
 */
function renderTab(switches = ALL_ON, answerPut?: (body: Record<string, boolean>, state: typeof ALL_ON) => { status: number; body: unknown }) {
  tokenStore.set('token-1');
  const sent: Sent[] = [];
  let state = { ...switches };
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    expect(path).toBe('/api/users/me/notifications');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, boolean>) : undefined;
    sent.push({ method, body });
    if (method === 'PUT' && body) {
      const answer = answerPut?.(body, state) ?? { status: 200, body: { switches: (state = { ...state, ...body }), always_sent: ALWAYS_SENT } };
      return { ok: answer.status < 400, status: answer.status, json: async () => answer.body } as Response;
    }
    return { ok: true, status: 200, json: async () => ({ switches: state, always_sent: ALWAYS_SENT }) } as Response;
  }) as unknown as typeof fetch;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <NotificationsTab />
    </QueryClientProvider>,
  );
  return sent;
}

describe('NotificationsTab: which emails a member gets', () => {
  beforeEach(() => tokenStore.clear());

  it('shows a labelled, explained switch per kind of mail, as saved, and the mail that is always sent', async () => {
    renderTab({ ...ALL_ON, reviews: false });
    const messages = await screen.findByRole('switch', { name: 'Messages' });
    expect(messages).toBeChecked();
    expect(messages).toHaveAccessibleDescription('A message left unread for 15 minutes; at most one email an hour per conversation.');
    expect(screen.getByRole('switch', { name: 'Review invitations' })).not.toBeChecked();
    expect(screen.getAllByRole('switch')).toHaveLength(7);
    for (const name of ['Application updates', 'Saved search alerts', 'Berth watch', 'Subscription', 'News from Crew Finder']) {
      expect(screen.getByRole('switch', { name })).toBeChecked();
    }
    // The transactional kinds are listed as always on, with why, and have no switch.
    const always = within(screen.getByRole('region', { name: 'Always sent' }));
    for (const name of ['Email verification', 'Password reset', 'Security notices', 'Account and support', 'Safety alerts']) {
      expect(always.getByText(name)).toBeInTheDocument();
      expect(screen.queryByRole('switch', { name })).toBeNull();
    }
    expect(always.getAllByText('Always on')).toHaveLength(5);
    expect(always.getByText('Sent only when you ask for it, so you can get back into your account.')).toBeInTheDocument();
  });

  it('saves a switch as soon as it is turned, sending that switch only, and says so', async () => {
    const user = userEvent.setup();
    const sent = renderTab();
    await user.click(await screen.findByRole('switch', { name: 'Messages' }));
    expect(await screen.findByText('Saved: “Messages” emails are off.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Saved: “Messages” emails are off.');
    expect(screen.getByRole('switch', { name: 'Messages' })).not.toBeChecked();
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([{ method: 'PUT', body: { messages: false } }]);
    // Other switches are untouched.
    expect(screen.getByRole('switch', { name: 'News from Crew Finder' })).toBeChecked();
  });

  it('works from the keyboard: Tab to a switch, Space turns it', async () => {
    const user = userEvent.setup();
    const sent = renderTab();
    await screen.findByRole('switch', { name: 'Application updates' });
    await user.tab();
    expect(screen.getByRole('switch', { name: 'Application updates' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('switch', { name: 'Messages' })).toHaveFocus();
    await user.keyboard(' ');
    expect(await screen.findByText('Saved: “Messages” emails are off.')).toBeInTheDocument();
    // Focus stays on the switch while and after it saves.
    expect(screen.getByRole('switch', { name: 'Messages' })).toHaveFocus();
    await user.keyboard(' ');
    expect(await screen.findByText('Saved: “Messages” emails are on.')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([{ messages: false }, { messages: true }]);
  });

  it('says why a switch could not be saved, and shows it as it still is', async () => {
    const user = userEvent.setup();
    renderTab(ALL_ON, () => ({ status: 503, body: { error: 'The service is busy', code: 'SERVICE_UNAVAILABLE' } }));
    await user.click(await screen.findByRole('switch', { name: 'Berth watch' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('“Berth watch” could not be saved, so it stays as it was: The service is busy');
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Berth watch' })).toBeChecked());
    expect(screen.queryByText(/^Saved:/)).toBeNull();
  });

  it('offers to try again when the settings cannot be loaded', async () => {
    tokenStore.set('token-1');
    let calls = 0;
    globalThis.fetch = jest.fn(async () => {
      calls++;
      return calls === 1
        ? ({ ok: false, status: 500, json: async () => ({ error: 'Internal error', code: 'INTERNAL' }) } as Response)
        : ({ ok: true, status: 200, json: async () => ({ switches: ALL_ON, always_sent: ALWAYS_SENT }) } as Response);
    }) as unknown as typeof fetch;
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <NotificationsTab />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Your notification settings could not be loaded. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('switch', { name: 'Messages' })).toBeChecked();
  });
});
