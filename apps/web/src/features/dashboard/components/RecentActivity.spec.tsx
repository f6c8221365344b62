import { activityItemSchema, crewStatsSchema, type ActivityItem, type CrewStatsResponse } from '@crew/contracts';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { tokenStore } from '../../../lib/token-store';
import { activityText, activityWhen } from './activity-text';
import { CrewQuickStats, crewStatItems } from './CrewQuickStats';
import { RecentActivity } from './RecentActivity';

const item = (overrides: Partial<ActivityItem>): ActivityItem =>
  activityItemSchema.parse({
    id: 'e:00000000-0000-4000-8000-000000000001',
    kind: 'application_accepted',
    at: '2030-05-02T09:00:00.000Z',
    voyage: { id: 'v1', title: 'Solent to Cherbourg' },
    actor: { id: 'u9', name: 'Mary Read' },
    application_id: 'a1',
    agreement_id: null,
    conversation_id: null,
    review_id: null,
    count: null,
    rating: null,
    link: '/voyages/v1',
    ...overrides,
  });

const FIRST_PAGE = [
  item({ id: 'm:1', kind: 'messages', count: 3, conversation_id: 'c1', application_id: null, actor: { id: 'u7', name: 'Jack Rackham' }, link: '/messages/c1' }),
  item({ id: 'r:1', kind: 'review_received', rating: 5, review_id: 'r1', application_id: null, link: '/voyages/v1#reviews' }),
  item({}),
];
const SECOND_PAGE = [item({ id: 'e:2', kind: 'application_sent', actor: null, link: '/voyages/v1' })];

type Reply = { status?: number; body: unknown };
function mockApi(answer: (url: string) => Reply | undefined) {
  const fn = jest.fn(async (input: RequestInfo | URL) => {
    const reply = answer(String(input));
    const status = reply?.status ?? (reply ? 200 : 404);
    return { ok: status < 400, status, json: async () => (reply ? reply.body : { error: 'Not found', code: 'NOT_FOUND' }) };
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return fn;
}

const wrap = (children: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('RecentActivity', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it('lists what happened, newest first, each line linking to its screen, and loads older items with Show more', async () => {
    const user = userEvent.setup();
    const fn = mockApi((url) => {
      if (url === '/api/users/me/activity?limit=10') return { body: { items: FIRST_PAGE, next_cursor: '1904374800000000.e:cursor' } };
      if (url === `/api/users/me/activity?limit=10&before=${encodeURIComponent('1904374800000000.e:cursor')}`) return { body: { items: SECOND_PAGE, next_cursor: null } };
      return undefined;
    });
    wrap(<RecentActivity />);
    const section = within(await screen.findByRole('region', { name: 'Recent activity' }));
    const links = await section.findAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['3 new messages from Jack Rackham about Solent to Cherbourg', '/messages/c1'],
      ['Mary Read reviewed you (5 stars) for Solent to Cherbourg', '/voyages/v1#reviews'],
      ['Your application to Solent to Cherbourg was accepted', '/voyages/v1'],
    ]);
    expect(section.getAllByRole('listitem')[2]!.querySelector('time')).toHaveAttribute('datetime', '2030-05-02T09:00:00.000Z');

    await user.click(section.getByRole('button', { name: 'Show more' }));
    expect(await section.findByRole('link', { name: 'You applied to Solent to Cherbourg' })).toHaveAttribute('href', '/voyages/v1');
    expect(section.getAllByRole('listitem')).toHaveLength(4);
    // The last page: nothing more to ask for.
    expect(section.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(fn.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/users/me/activity?limit=10',
      `/api/users/me/activity?limit=10&before=${encodeURIComponent('1904374800000000.e:cursor')}`,
    ]);
  });

  it('says so when nothing has happened yet', async () => {
    mockApi((url) => (url.startsWith('/api/users/me/activity') ? { body: { items: [], next_cursor: null } } : undefined));
    wrap(<RecentActivity />);
    expect(await screen.findByText('Nothing has happened yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('shows that it is loading, then an error with Retry, never sample data', async () => {
    const user = userEvent.setup();
    let reply: Reply = { status: 500, body: null };
    mockApi((url) => (url.startsWith('/api/users/me/activity') ? reply : undefined));
    wrap(<RecentActivity />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your recent activity…');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your recent activity could not be loaded.');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    reply = { body: { items: [item({})], next_cursor: null } };
    await user.click(screen.getByRole('button', { name: 'Retry loading your recent activity' }));
    expect(await screen.findByRole('link', { name: 'Your application to Solent to Cherbourg was accepted' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers Retry when an older page fails, keeping what is shown', async () => {
    const user = userEvent.setup();
    let older: Reply = { status: 503, body: null };
    mockApi((url) => (url === '/api/users/me/activity?limit=10' ? { body: { items: FIRST_PAGE, next_cursor: '1.e:x' } } : url.includes('before=') ? older : undefined));
    wrap(<RecentActivity />);
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Older activity could not be loaded.');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    older = { body: { items: SECOND_PAGE, next_cursor: null } };
    await user.click(screen.getByRole('button', { name: 'Retry loading older activity' }));
    expect(await screen.findByRole('link', { name: 'You applied to Solent to Cherbourg' })).toBeInTheDocument();
  });
});

describe('activityText', () => {
  it("speaks from the member's side, and names a member who deleted their account as removed", () => {
    expect(activityText(item({ kind: 'application_received', actor: { id: 'u2', name: 'Anna Crew' } }))).toBe('Anna Crew applied to Solent to Cherbourg');
    expect(activityText(item({ kind: 'application_received', actor: { id: 'u2', name: null } }))).toBe('A removed member applied to Solent to Cherbourg');
    expect(activityText(item({ kind: 'application_withdrawn', actor: null }))).toBe('You withdrew your application to Solent to Cherbourg');
    expect(activityText(item({ kind: 'application_withdrawn' }))).toBe('Mary Read withdrew their application to Solent to Cherbourg');
    expect(activityText(item({ kind: 'application_rejected' }))).toBe('Your application to Solent to Cherbourg was not selected this time');
    expect(activityText(item({ kind: 'application_expired' }))).toBe('Your application to Solent to Cherbourg expired without an answer');
    expect(activityText(item({ kind: 'agreement_issued' }))).toBe('Mary Read issued you a crew agreement for Solent to Cherbourg');
    expect(activityText(item({ kind: 'agreement_accepted' }))).toBe('Mary Read accepted the crew agreement for Solent to Cherbourg');
    expect(activityText(item({ kind: 'float_plan_filed' }))).toBe('Mary Read filed a float plan for Solent to Cherbourg');
    expect(activityText(item({ kind: 'voyage_cancelled' }))).toBe('Solent to Cherbourg was cancelled');
    expect(activityText(item({ kind: 'review_received', rating: 1 }))).toBe('Mary Read reviewed you (1 star) for Solent to Cherbourg');
    expect(activityText(item({ kind: 'messages', count: 1 }))).toBe('New message from Mary Read about Solent to Cherbourg');
    expect(activityText(item({ kind: 'application_sent', actor: null, voyage: { id: 'v1', title: null } }))).toBe('You applied to a voyage no longer listed');
  });

  it('tells how long ago, then the date', () => {
    const now = new Date('2030-05-10T12:00:00.000Z');
    expect(activityWhen('2030-05-10T11:59:30.000Z', now)).toBe('just now');
    expect(activityWhen('2030-05-10T11:15:00.000Z', now)).toBe('45 min ago');
    expect(activityWhen('2030-05-10T02:00:00.000Z', now)).toBe('10 h ago');
    expect(activityWhen('2030-05-09T11:00:00.000Z', now)).toBe('1 day ago');
    expect(activityWhen('2030-05-05T12:00:00.000Z', now)).toBe('5 days ago');
    expect(activityWhen('2030-04-01T12:00:00.000Z', now)).toBe('April 1, 2030');
  });
});

describe('CrewQuickStats', () => {
  const stats = (overrides: Partial<CrewStatsResponse> = {}): CrewStatsResponse =>
    crewStatsSchema.parse({
      applications: { pending: 2, accepted: 1, rejected: 1, withdrawn: 3, expired: 0 },
      voyages_sailed: 4,
      verified_miles: 1234.4,
      days_at_sea: 19,
      reviews: { count: 3, average: 4.7 },
      ...overrides,
    });

  it('shows the real figures of the crew member', async () => {
    mockApi((url) => (url === '/api/users/me/crew-stats' ? { body: stats() } : undefined));
    wrap(<CrewQuickStats />);
    const region = within(await screen.findByRole('region', { name: 'Crew quick stats' }));
    const figures = region.getAllByRole('listitem').map((li) => li.textContent);
    expect(figures).toEqual([
      '2Applications pending',
      '1Applications accepted1 not selected · 3 withdrawn',
      '4Voyages sailed19 days at sea',
      '1,234Verified miles',
      '3Reviews receivedAverage 4.7 of 5 stars',
    ]);
  });

  it('says when there are no reviews yet, and shows nothing until the figures arrive', async () => {
    expect(crewStatItems(stats({ reviews: { count: 0, average: null } }))[4]).toEqual({ label: 'Reviews received', value: '0', detail: 'No reviews yet' });
    mockApi(() => ({ status: 500, body: null }));
    wrap(<CrewQuickStats />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Crew quick stats' })).not.toBeInTheDocument();
  });
});
