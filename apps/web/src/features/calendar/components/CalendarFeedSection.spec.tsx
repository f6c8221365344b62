import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStore } from '../../../lib/token-store';
import { CalendarFeedSection } from './CalendarFeedSection';

const FIRST = 'https://crew.example/api/calendar-feeds/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const SECOND = 'https://crew.example/api/calendar-feeds/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';

interface Sent {
  readonly method: string;
  readonly path: string;
}

/** The section over a fetch that keeps one feed's state as the API would; returns what was sent. */
function renderSection(initial: { active: boolean; created_at: string | null } = { active: false, created_at: null }, refuse?: { method: string; status: number; error: string }) {
  tokenStore.set('token-1');
  const sent: Sent[] = [];
  let state = initial;
  const urls = [FIRST, SECOND];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    expect(path).toBe('/api/users/me/calendar-feed');
    sent.push({ method, path });
    if (refuse && refuse.method === method) {
      return { ok: false, status: refuse.status, json: async () => ({ error: refuse.error, code: 'REFUSED' }) } as Response;
    }
    if (method === 'POST') {
      const url = urls.shift()!;
      state = { active: true, created_at: '2026-11-27T08:00:00.000Z' };
      return { ok: true, status: 201, json: async () => ({ url, webcal_url: url.replace('https://', 'webcal://'), created_at: state.created_at }) } as Response;
    }
    if (method === 'DELETE') state = { active: false, created_at: null };
    return { ok: true, status: 200, json: async () => state } as Response;
  }) as unknown as typeof fetch;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CalendarFeedSection />
    </QueryClientProvider>,
  );
  return sent;
}

describe('CalendarFeedSection: a member’s private calendar feed', () => {
  beforeEach(() => tokenStore.clear());

  it('says what the feed holds and makes it on request, with its link, Copy and a webcal Subscribe link', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const sent = renderSection();
    const section = await screen.findByRole('region', { name: 'Calendar feed' });
    expect(within(section).getByText(/It shows no other member's name or contact details\./)).toBeInTheDocument();
    expect(within(section).getByText(/skipper, sail on as accepted crew or have a pending application to/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Turn off' })).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Create my calendar feed' }));
    const link = await within(section).findByRole('textbox', { name: 'Your private feed link' });
    expect(link).toHaveValue(FIRST);
    expect(link).toHaveAccessibleDescription(/Keep this link to yourself/);
    expect(within(section).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', FIRST.replace('https://', 'webcal://'));
    expect(within(section).getByRole('status')).toHaveTextContent('Your calendar feed is on.');

    await user.click(within(section).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(FIRST);
    expect(await within(section).findByText('Link copied. Paste it into your calendar app as a subscription.')).toBeInTheDocument();
    expect(sent.map((request) => request.method)).toEqual(['GET', 'POST']);
  });

  it('resets the link (a new address; the old one stops working) and turns the feed off', async () => {
    const user = userEvent.setup();
    const sent = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Create my calendar feed' }));
    expect(await screen.findByRole('textbox', { name: 'Your private feed link' })).toHaveValue(FIRST);
    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    expect(await screen.findByText('New link made. The old link no longer works: update any calendar that used it.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your private feed link' })).toHaveValue(SECOND);

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Your calendar feed is off. Its link no longer works.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your private feed link' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Create my calendar feed' })).toBeInTheDocument();
    expect(sent.map((request) => request.method)).toEqual(['GET', 'POST', 'POST', 'DELETE']);
  });

  it('says a feed made earlier is on without showing a link it no longer knows, and offers a new one', async () => {
    renderSection({ active: true, created_at: '2026-11-20T09:30:00.000Z' });
    expect(await screen.findByText(/Your calendar feed is on \(since November 20, 2026\)/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Reset link' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('says why when the feed cannot be made, and leaves it off', async () => {
    const user = userEvent.setup();
    renderSection(undefined, { method: 'POST', status: 503, error: 'The service is busy' });
    await user.click(await screen.findByRole('button', { name: 'Create my calendar feed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The calendar feed could not be made: The service is busy');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
