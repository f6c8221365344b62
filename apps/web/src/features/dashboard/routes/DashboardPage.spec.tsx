import { applicationSchema, voyageSchema, type ApplicationResponse, type VoyageResponse } from '@crew/contracts';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { tokenStore } from '../../../lib/token-store';
import { makeUser } from '../../../testing/user-fixture';
import { DashboardPage } from './DashboardPage';

const me = (userType: 'crew' | 'skipper' | 'both') => makeUser({ id: 'u1', email: 'ann@crew.test', first_name: 'Ann', last_name: 'Bonny', user_type: userType });

const segment = (order: number, from: string, to: string) => ({
  id: `s${order}`,
  segment_order: order,
  departure_port: from,
  arrival_port: to,
  departure_port_id: null,
  arrival_port_id: null,
  departure_custom_location: null,
  arrival_custom_location: null,
  departure_coordinates: null,
  arrival_coordinates: null,
  distance_nm: 50,
  distance_manual_override: false,
  crew_needed: 2,
  berths_open: 4,
  crosses_land: false,
  estimated_duration_hours: null,
  estimated_departure_date: null,
  estimated_arrival_date: null,
  description: '',
});

const voyage = (overrides: Partial<VoyageResponse>): VoyageResponse =>
  voyageSchema.parse({
    id: 'v1',
    title: 'Solent to Cherbourg',
    description: '',
    status: 'active',
    estimated_start_date: '2030-06-01',
    estimated_end_date: '2030-06-05',
    estimated_duration_days: 4,
    total_distance_nm: 100,
    total_crew_needed: 4,
    current_crew_count: 1,
    pending_count: 2,
    application_count: 5,
    contribution_type: 'free',
    contribution_amount: null,
    contribution_currency: 'USD',
    contribution_details: '',
    includes_food: false,
    is_custom_voyage: false,
    custom_voyage_notes: '',
    coordinates: null,
    color: '#0e6ba8',
    departure_port: 'Portsmouth',
    arrival_port: 'St Peter Port',
    skipper: { id: 'u1', first_name: 'Ann', last_name: 'Bonny', profile_photo_url: null, voyage_count: 2 },
    boat: null,
    requirements: { crew_needed: 4, skills: [], min_experience: 'beginner' },
    segments: [segment(1, 'Portsmouth', 'Cherbourg'), segment(2, 'Cherbourg', 'St Peter Port')],
    is_owner: true,
    suspended: false,
    my_application: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });

const VOYAGES = [
  voyage({}),
  voyage({
    id: 'v2',
    title: 'Biscay delivery',
    status: 'draft',
    estimated_start_date: null,
    pending_count: 0,
    application_count: 0,
    current_crew_count: 0,
    total_distance_nm: 400,
    segments: [segment(1, 'Falmouth', 'La Coruña')],
    departure_port: 'Falmouth',
    arrival_port: 'La Coruña',
  }),
  voyage({
    id: 'v3',
    title: 'Old trip',
    status: 'completed',
    pending_count: 0,
    application_count: 3,
    total_distance_nm: 60,
    segments: [segment(1, 'Cowes', 'Poole')],
    departure_port: 'Cowes',
    arrival_port: 'Poole',
  }),
];

const application = (overrides: Partial<ApplicationResponse>): ApplicationResponse =>
  applicationSchema.parse({
    id: 'a1',
    status: 'pending',
    message: 'Ten years of coastal sailing and night watches.',
    segment_orders: [],
    created_at: '2030-05-02T09:00:00.000Z',
    updated_at: '2030-05-02T09:00:00.000Z',
    voyage: {
      id: 'v1',
      title: 'Solent to Cherbourg',
      status: 'active',
      departure_port: 'Portsmouth',
      arrival_port: 'Cherbourg',
      estimated_start_date: '2030-06-01',
      estimated_end_date: '2030-06-05',
      skipper: { id: 'u9', first_name: 'Mary', last_name: 'Read' },
    },
    ...overrides,
  });

const APPLICATIONS = [
  application({}),
  application({
    id: 'a2',
    status: 'accepted',
    created_at: '2030-04-20T09:00:00.000Z',
    voyage: { ...application({}).voyage, id: 'v2', title: 'Biscay delivery', departure_port: 'Falmouth', arrival_port: 'La Coruña' },
  }),
  application({ id: 'a3', status: 'rejected', created_at: '2030-04-10T09:00:00.000Z', voyage: { ...application({}).voyage, id: 'v3', title: 'Old trip' } }),
  application({ id: 'a4', status: 'withdrawn', created_at: '2030-04-01T09:00:00.000Z', voyage: { ...application({}).voyage, id: 'v4', title: 'Channel hop' } }),
];

type Reply = { status?: number; body: unknown };
/** Every member's feed and every crew member's stats: empty unless a test answers them. */
const quietDefaults = (url: string): Reply | undefined =>
  url.startsWith('/api/users/me/activity')
    ? { body: { items: [], next_cursor: null } }
    : url === '/api/users/me/crew-stats'
      ? {
          body: {
            applications: { pending: 0, accepted: 0, rejected: 0, withdrawn: 0, expired: 0 },
            voyages_sailed: 0,
            verified_miles: 0,
            days_at_sea: 0,
            reviews: { count: 0, average: null },
          },
        }
      : undefined;
function mockApi(userType: 'crew' | 'skipper' | 'both', answer: (url: string, method: string) => Reply | undefined) {
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const reply: Reply | undefined = url === '/api/auth/me' ? { body: me(userType) } : (answer(url, init?.method ?? 'GET') ?? quietDefaults(url));
    const status = reply?.status ?? (reply ? 200 : 404);
    return { ok: status < 400, status, json: async () => (reply ? reply.body : { error: 'Not found', code: 'NOT_FOUND' }) };
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return fn;
}

const renderDashboard = (state: unknown = null) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[{ pathname: '/dashboard', state }]}>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('DashboardPage', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it("lists the completed voyages with reviews still to write, linking to each voyage's review panel", async () => {
    mockApi('both', (url) => {
      if (url === '/api/voyages/my-voyages-with-applications') return { body: { voyages: [] } };
      if (url === '/api/reviews/to-write')
        return {
          body: {
            voyages: [
              {
                voyage: { id: 'v3', title: 'Old trip', departure_port: 'Cowes', arrival_port: 'Poole', end_date: '2030-06-05' },
                people: [
                  { id: 'u7', first_name: 'Mary', last_name: 'Read', profile_photo_url: null },
                  { id: 'u8', first_name: 'Jack', last_name: 'Rackham', profile_photo_url: null },
                ],
                closes_at: '2030-06-20T12:00:00.000Z',
              },
              {
                voyage: { id: 'v4', title: 'Channel hop', departure_port: null, arrival_port: null, end_date: null },
                people: [{ id: 'u9', first_name: 'Anne', last_name: 'Bonny', profile_photo_url: null }],
                closes_at: '2030-07-01T12:00:00.000Z',
              },
            ],
          },
        };
      return undefined;
    });
    renderDashboard();
    const section = within(await screen.findByRole('region', { name: 'Reviews to write' }));
    expect(section.getByText('Review Mary Read and Jack Rackham · closes June 20, 2030')).toBeInTheDocument();
    expect(section.getByText('Review Anne Bonny · closes July 1, 2030')).toBeInTheDocument();
    expect(section.getByRole('link', { name: 'Old trip' })).toHaveAttribute('href', '/voyages/v3#reviews');
    expect(section.getByRole('link', { name: 'Write reviews for Old trip' })).toHaveAttribute('href', '/voyages/v3#reviews');
    expect(section.getByRole('link', { name: 'Write review for Channel hop' })).toHaveAttribute('href', '/voyages/v4#reviews');
  });

  it('shows no review section when there is nothing to review', async () => {
    const fn = mockApi('skipper', (url) =>
      url === '/api/voyages/my-voyages-with-applications' ? { body: { voyages: VOYAGES } } : url === '/api/reviews/to-write' ? { body: { voyages: [] } } : undefined,
    );
    renderDashboard();
    expect(await screen.findByRole('link', { name: 'View Solent to Cherbourg' })).toBeInTheDocument();
    await waitFor(() => expect(fn.mock.calls.map(([url]) => String(url))).toContain('/api/reviews/to-write'));
    expect(screen.queryByRole('region', { name: 'Reviews to write' })).not.toBeInTheDocument();
  });

  it('repeats why another page sent the user here', async () => {
    mockApi('skipper', (url) => (url === '/api/voyages/my-voyages-with-applications' ? { body: { voyages: [] } } : undefined));
    renderDashboard({ notice: 'You are not authorized to view applications for this voyage' });
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not authorized to view applications for this voyage');
  });

  it('welcomes the skipper and lists their voyages with real quick stats', async () => {
    mockApi('skipper', (url) => (url === '/api/voyages/my-voyages-with-applications' ? { body: { voyages: VOYAGES } } : undefined));
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Welcome, Ann' })).toBeInTheDocument();
    const rows = await screen.findAllByRole('listitem', { name: undefined });
    const first = rows.find((row) => row.classList.contains('voyage-row') && row.textContent?.includes('Solent to Cherbourg'));
    expect(first).toBeDefined();
    const row = within(first!);
    expect(row.getByText('Active')).toBeInTheDocument();
    expect(row.getByText('Portsmouth → St Peter Port +1 stop')).toBeInTheDocument();
    expect(row.getByText('June 1, 2030')).toBeInTheDocument();
    expect(row.getByText('1 / 4')).toBeInTheDocument();
    expect(row.getByText('2 pending applications')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'View Solent to Cherbourg' })).toHaveAttribute('href', '/voyages/v1');
    expect(row.getByRole('link', { name: 'Applications (5) for Solent to Cherbourg' })).toHaveAttribute('href', '/voyages/v1/applications');
    expect(row.getByRole('link', { name: 'Edit Solent to Cherbourg' })).toHaveAttribute('href', '/voyages/v1/edit');
    expect(row.getByRole('button', { name: 'Cancel Solent to Cherbourg' })).toBeInTheDocument();

    // A draft: TBD date, editable, not cancellable. A completed voyage: neither.
    expect(screen.getByText('TBD')).toBeInTheDocument();
    expect(screen.getByText('Draft')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Biscay delivery' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Biscay delivery' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Old trip' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Old trip' })).not.toBeInTheDocument();

    const stats = within(screen.getByRole('region', { name: 'Quick stats' }));
    expect(stats.getByText('Published voyages').previousSibling).toHaveTextContent('2'); // the draft is not published
    expect(stats.getByText('Applications received').previousSibling).toHaveTextContent('8');
    expect(stats.getByText('Pending review').previousSibling).toHaveTextContent('2');
    expect(stats.getByText('Nautical miles planned').previousSibling).toHaveTextContent('160');
    expect(screen.getAllByRole('link', { name: 'Create Voyage' })[0]).toHaveAttribute('href', '/create-voyage');
    // A skipper-only account has no crew panel.
    expect(screen.queryByRole('heading', { name: 'Find your next voyage' })).not.toBeInTheDocument();
  });

  it('cancels a voyage only after confirmation and reports the notifications sent', async () => {
    const user = userEvent.setup();
    let current = VOYAGES;
    const fn = mockApi('skipper', (url, method) => {
      if (url === '/api/voyages/my-voyages-with-applications') return { body: { voyages: current } };
      if (url === '/api/voyages/v1/cancel' && method === 'POST') {
        const cancelled = { ...VOYAGES[0], status: 'cancelled' };
        current = current.map((v) => (v.id === 'v1' ? voyage({ status: 'cancelled' }) : v));
        return { body: { message: 'Voyage cancelled', notifications_sent: 3, voyage: cancelled } };
      }
      return undefined;
    });
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Cancel Solent to Cherbourg' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('notify your crew');
    expect(dialog).toHaveTextContent('update their applications');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(fn.mock.calls.some(([url]) => String(url).endsWith('/cancel'))).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Keep voyage' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fn.mock.calls.some(([url]) => String(url).endsWith('/cancel'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel Solent to Cherbourg' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel Voyage' }));
    expect(await screen.findByText('“Solent to Cherbourg” has been cancelled. 3 people were notified.')).toBeInTheDocument();
    const cancelCall = fn.mock.calls.find(([url]) => String(url) === '/api/voyages/v1/cancel');
    expect((cancelCall?.[1] as RequestInit).method).toBe('POST');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel Solent to Cherbourg' })).not.toBeInTheDocument());
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
  });

  it('shows the server error, or the fallback, when cancelling fails', async () => {
    const user = userEvent.setup();
    let reply: Reply = { status: 409, body: { error: 'This voyage has been cancelled', code: 'VOYAGE_CANCELLED' } };
    mockApi('skipper', (url) => (url === '/api/voyages/my-voyages-with-applications' ? { body: { voyages: VOYAGES } } : url.endsWith('/cancel') ? reply : undefined));
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Cancel Solent to Cherbourg' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel Voyage' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This voyage has been cancelled');

    reply = { status: 500, body: null };
    await user.click(screen.getByRole('button', { name: 'Cancel Solent to Cherbourg' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel Voyage' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to cancel voyage. Please try again.'));
  });

  it('offers Create Voyage when there are none, and Retry when loading fails', async () => {
    const user = userEvent.setup();
    let reply: Reply = { status: 500, body: null };
    mockApi('skipper', (url) => (url === '/api/voyages/my-voyages-with-applications' ? reply : undefined));
    renderDashboard();
    expect(await screen.findByText('Your voyages could not be loaded.')).toBeInTheDocument();
    reply = { body: { voyages: [] } };
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('You have not created any voyages yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create Voyage' })).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Quick stats' })).not.toBeInTheDocument();
  });

  it('shows crew their first 3 applications with status, route and date, and never asks for skipper data', async () => {
    const fn = mockApi('crew', (url) => (url === '/api/applications/my-applications' ? { body: { applications: APPLICATIONS } } : undefined));
    renderDashboard();
    const section = within(await screen.findByRole('region', { name: 'My Applications' }));
    const items = await section.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [pending, accepted, rejected] = items.map((item) => within(item));
    expect(pending!.getByRole('link', { name: 'Solent to Cherbourg' })).toHaveAttribute('href', '/voyages/v1');
    expect(pending!.getByText('Applied - Pending Review')).toBeInTheDocument();
    expect(pending!.getByText('Portsmouth → Cherbourg')).toBeInTheDocument();
    expect(pending!.getByText('May 2, 2030')).toBeInTheDocument();
    expect(pending!.getByRole('button', { name: 'Withdraw application for Solent to Cherbourg' })).toBeInTheDocument();

    expect(accepted!.getByText('Application Accepted ✓')).toBeInTheDocument();
    expect(accepted!.getByRole('link', { name: 'Biscay delivery' })).toHaveAttribute('href', '/voyages/v2');
    expect(accepted!.queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();

    // A rejected application cannot be opened as a voyage.
    expect(rejected!.getByText('Not Selected This Time')).toBeInTheDocument();
    expect(rejected!.getByText('Old trip')).toBeInTheDocument();
    expect(rejected!.queryByRole('link')).not.toBeInTheDocument();

    // The fourth (oldest) one is only on the full list.
    expect(screen.queryByText('Channel hop')).not.toBeInTheDocument();
    expect(section.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/applications');
    expect(screen.queryByRole('heading', { name: 'My Voyages' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Find your next voyage' })).not.toBeInTheDocument();
    // Their own reviews to write and agreements to accept are asked for; never the skipper's voyages.
    await waitFor(() => expect(fn.mock.calls.map(([url]) => String(url))).toContain('/api/agreements/awaiting'));
    await waitFor(() => expect(fn.mock.calls.map(([url]) => String(url))).toContain('/api/users/me/crew-stats'));
    expect(fn.mock.calls.map(([url]) => String(url)).sort()).toEqual([
      '/api/agreements/awaiting',
      '/api/applications/my-applications',
      '/api/auth/me',
      '/api/reviews/to-write',
      '/api/users/me/activity?limit=10',
      '/api/users/me/crew-stats',
    ]);
  });

  it('lists the crew agreements to accept from one request, however many voyages the crew member is on', async () => {
    const accepted = (id: string, title: string) => application({ id: `a-${id}`, status: 'accepted', voyage: { ...application({}).voyage, id, title } });
    const fn = mockApi('crew', (url) => {
      if (url === '/api/applications/my-applications')
        return { body: { applications: [accepted('v1', 'Solent to Cherbourg'), accepted('v2', 'Biscay delivery'), accepted('v3', 'Old trip')] } };
      if (url === '/api/agreements/awaiting')
        return {
          body: {
            agreements: [
              { id: 'g2', voyage_id: 'v2', voyage_title: 'Biscay delivery', version: 2, accepted_version: 1, issued_at: '2030-05-03T09:00:00.000Z' },
              { id: 'g1', voyage_id: 'v1', voyage_title: 'Solent to Cherbourg', version: 1, accepted_version: null, issued_at: '2030-05-01T09:00:00.000Z' },
            ],
          },
        };
      return undefined;
    });
    renderDashboard();
    const section = within(await screen.findByRole('region', { name: 'Agreements to accept' }));
    const items = section.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Read and accept the crew agreement for Biscay delivery (version 2)',
      'Read and accept the crew agreement for Solent to Cherbourg (version 1)',
    ]);
    expect(section.getByRole('link', { name: 'Read and accept the crew agreement for Biscay delivery' })).toHaveAttribute('href', '/agreements/g2');
    expect(section.getByRole('link', { name: 'Read and accept the crew agreement for Solent to Cherbourg' })).toHaveAttribute('href', '/agreements/g1');
    // One request for every voyage, not one voyage-trust request per accepted voyage.
    await screen.findByRole('region', { name: 'My Applications' });
    const urls = fn.mock.calls.map(([url]) => String(url));
    expect(urls.filter((url) => url === '/api/agreements/awaiting')).toHaveLength(1);
    expect(urls.filter((url) => url.endsWith('/trust'))).toEqual([]);
  });

  it('shows no agreements section when nothing waits to be accepted', async () => {
    const fn = mockApi('crew', (url) =>
      url === '/api/applications/my-applications' ? { body: { applications: APPLICATIONS } } : url === '/api/agreements/awaiting' ? { body: { agreements: [] } } : undefined,
    );
    renderDashboard();
    expect(await screen.findByRole('region', { name: 'My Applications' })).toBeInTheDocument();
    await waitFor(() => expect(fn.mock.calls.map(([url]) => String(url))).toContain('/api/agreements/awaiting'));
    expect(screen.queryByRole('region', { name: 'Agreements to accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Agreements to accept' })).not.toBeInTheDocument();
  });

  it('offers Browse Available Voyages when crew have not applied yet', async () => {
    mockApi('crew', (url) => (url === '/api/applications/my-applications' ? { body: { applications: [] } } : undefined));
    renderDashboard();
    expect(await screen.findByText('You have not applied to any voyages yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Available Voyages' })).toHaveAttribute('href', '/voyages');
    expect(screen.queryByRole('link', { name: 'View All' })).not.toBeInTheDocument();
    // Until the first application, a real way to get started.
    expect(screen.getByRole('heading', { name: 'Find your next voyage' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Getting started guide' })).toHaveAttribute('href', '/help/getting-started');
    expect(document.body.textContent).not.toMatch(/coming soon/i);
  });

  it('shows Retry when the applications cannot be loaded, never sample data', async () => {
    const user = userEvent.setup();
    let reply: Reply = { status: 500, body: null };
    mockApi('crew', (url) => (url === '/api/applications/my-applications' ? reply : undefined));
    renderDashboard();
    expect(await screen.findByText('Your applications could not be loaded.')).toBeInTheDocument();
    reply = { body: { applications: [APPLICATIONS[1]] } };
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Application Accepted ✓')).toBeInTheDocument();
  });

  it('withdraws a pending application only after confirmation', async () => {
    const user = userEvent.setup();
    let current = APPLICATIONS;
    const fn = mockApi('crew', (url, method) => {
      if (url === '/api/applications/my-applications') return { body: { applications: current } };
      if (url === '/api/applications/a1/withdraw' && method === 'POST') {
        const withdrawn = application({ ...APPLICATIONS[0], status: 'withdrawn' });
        current = current.map((item) => (item.id === 'a1' ? withdrawn : item));
        return { body: { message: 'Application withdrawn', application: withdrawn } };
      }
      return undefined;
    });
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Withdraw application for Solent to Cherbourg' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to withdraw your application for the voyage?');
    await user.click(within(dialog).getByRole('button', { name: 'Keep application' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fn.mock.calls.some(([url]) => String(url).endsWith('/withdraw'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Withdraw application for Solent to Cherbourg' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Application withdrawn successfully.')).toHaveAttribute('role', 'status');
    expect(await screen.findByText('Application Withdrawn')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Withdraw application/ })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('says so when withdrawing fails, whatever the server answered', async () => {
    const user = userEvent.setup();
    mockApi('crew', (url) =>
      url === '/api/applications/my-applications'
        ? { body: { applications: APPLICATIONS } }
        : url.endsWith('/withdraw')
          ? { status: 409, body: { error: 'Only pending applications can be withdrawn', code: 'CONFLICT' } }
          : undefined,
    );
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Withdraw application for Solent to Cherbourg' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to withdraw application. Please try again.');
    expect(screen.getByText('Applied - Pending Review')).toBeInTheDocument();
  });

  it('shows crew their quick stats and everyone their recent activity, from the real figures', async () => {
    mockApi('crew', (url) => {
      if (url === '/api/applications/my-applications') return { body: { applications: APPLICATIONS } };
      if (url === '/api/users/me/crew-stats')
        return {
          body: {
            applications: { pending: 1, accepted: 1, rejected: 1, withdrawn: 1, expired: 0 },
            voyages_sailed: 2,
            verified_miles: 310,
            days_at_sea: 6,
            reviews: { count: 2, average: 4.5 },
          },
        };
      if (url === '/api/users/me/activity?limit=10')
        return {
          body: {
            items: [
              {
                id: 'e:00000000-0000-4000-8000-000000000002',
                kind: 'application_accepted',
                at: '2030-04-21T09:00:00.000Z',
                voyage: { id: 'v2', title: 'Biscay delivery' },
                actor: { id: 'u9', name: 'Mary Read' },
                application_id: 'a2',
                agreement_id: null,
                conversation_id: null,
                review_id: null,
                count: null,
                rating: null,
                link: '/voyages/v2',
              },
            ],
            next_cursor: null,
          },
        };
      return undefined;
    });
    renderDashboard();
    const stats = within(await screen.findByRole('region', { name: 'Crew quick stats' }));
    expect(stats.getByText('Voyages sailed').previousSibling).toHaveTextContent('2');
    expect(stats.getByText('Verified miles').previousSibling).toHaveTextContent('310');
    expect(stats.getByText('Average 4.5 of 5 stars')).toBeInTheDocument();
    const activity = within(await screen.findByRole('region', { name: 'Recent activity' }));
    expect(await activity.findByRole('link', { name: 'Your application to Biscay delivery was accepted' })).toHaveAttribute('href', '/voyages/v2');
    expect(screen.queryByRole('region', { name: 'Quick stats' })).not.toBeInTheDocument();
  });

  it('shows both sections to a "both" account', async () => {
    mockApi('both', (url) =>
      url === '/api/voyages/my-voyages-with-applications' ? { body: { voyages: [] } } : url === '/api/applications/my-applications' ? { body: { applications: [] } } : undefined,
    );
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'My Voyages' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My Applications' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Browse Available Voyages' })).toBeInTheDocument();
    // Both dashboards' figures, and one feed.
    expect(await screen.findByRole('region', { name: 'Crew quick stats' })).toBeInTheDocument();
    expect(await screen.findByText('Nothing has happened yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: 'Recent activity' })).toHaveLength(1);
  });
});
