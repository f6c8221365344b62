import type { AccessListsResponse, AdminOverviewResponse, ConfigHistoryPage, MonetizationImpact, PlatformConfigResponse } from '@crew/contracts';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { tokenStore } from '../../../lib/token-store';
import { AdminConfigPage } from './AdminConfigPage';
import { AdminDashboardPage } from './AdminDashboardPage';

const ADMIN = '5d0b3a9e-8c1f-4f7e-9b55-0e2f8d4c1a10';
const entry = <V,>(value: V) => ({ value, description: null, updated_at: null, updated_by: null });
const config = (enabled: boolean, rollout = 20): PlatformConfigResponse => ({
  monetization_enabled: entry(enabled),
  rollout_percentage: entry(rollout),
  free_trial_period_days: entry(30),
  subscription_price_gbp: entry(30),
});
const overview: AdminOverviewResponse = {
  user_stats: { total_users: 120, skippers: 30, crew_members: 95, admins: 2, skipper_only: 23, crew_only: 88, both: 7, unverified: 4, premium_users: 0 },
  subscription_stats: { premium_users: 0, conversion_rate: 0, free_users: 110, trial_users: 10 },
  voyage_stats: { total_voyages: 14, active_voyages: 9 },
  application_stats: { total_applications: 40, pending_applications: 6 },
  monetization_info: { estimated_affected_users: 17, monetization_enabled: false, rollout_percentage: 20, free_trial_period_days: 30 },
};
const lists: AccessListsResponse = { grandfathered_users: [], beta_testers: [], people: [] };
/** The server's count for a proposed change: 58 would need a subscription, 12 do now. */
const impact = (proposed: Partial<MonetizationImpact['proposed']> = {}): MonetizationImpact => {
  const current = { monetization_enabled: true, rollout_percentage: 20, free_trial_period_days: 30 };
  return { current, proposed: { ...current, ...proposed }, crew_members: 95, need_subscription: 58, currently_need_subscription: 12, newly_blocked: 46, newly_allowed: 0 };
};
const history = (entries: ConfigHistoryPage['history'] = []): ConfigHistoryPage => ({ history: entries, total: entries.length, limit: 10, offset: 0 });

type Reply = { status?: number; body: unknown };
function mockApi(answer: (url: string, method: string) => Reply | undefined) {
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const reply = answer(String(input), init?.method ?? 'GET');
    const status = reply?.status ?? (reply ? 200 : 404);
    return { ok: status < 400, status, json: async () => (reply ? reply.body : { error: 'Not found', code: 'NOT_FOUND' }) };
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return fn;
}

const renderPage = (page: 'config' | 'dashboard') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{page === 'config' ? <AdminConfigPage /> : <AdminDashboardPage />}</MemoryRouter>
    </QueryClientProvider>,
  );

const reads =
  (current: () => PlatformConfigResponse, entries: ConfigHistoryPage['history'] = []) =>
  (url: string, method: string): Reply | undefined => {
    if (method !== 'GET') return undefined;
    if (url === '/api/admin/config') return { body: current() };
    if (url === '/api/admin/analytics/overview') return { body: overview };
    if (url === '/api/admin/users/grandfathered') return { body: lists };
    if (url.startsWith('/api/admin/config/history')) return { body: history(entries) };
    if (url.startsWith('/api/admin/monetization/impact')) {
      const query = new URLSearchParams(url.split('?')[1] ?? '');
      const rollout = query.get('rollout');
      const enabled = query.get('enabled');
      return { body: impact({ ...(rollout ? { rollout_percentage: Number(rollout) } : {}), ...(enabled ? { monetization_enabled: enabled === 'true' } : {}) }) };
    }
    return undefined;
  };

describe('Platform Overview', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it('shows the metric cards, the monetization state and the rollout slider disabled while monetization is off', async () => {
    mockApi(reads(() => config(false)));
    renderPage('dashboard');
    expect(await screen.findByText('Monetization Disabled')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Total Users' }).parentElement).toHaveTextContent('120');
    // The parts add up to the total: 23 + 88 + 7 + 2 = 120.
    expect(screen.getByText('23 skippers · 88 crew · 7 both · 2 admins')).toBeInTheDocument();
    expect(screen.getByText('0% conversion rate · 110 free users')).toBeInTheDocument();
    expect(screen.getByLabelText('Rollout percentage')).toBeDisabled();
    expect(screen.getByText('20% of crew members affected')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Rollout Impact' })).getByText('17')).toBeInTheDocument();
  });

  it("says 'Failed to load dashboard data' or the server's error, with Retry", async () => {
    let fail = true;
    mockApi((url, method) =>
      fail && url === '/api/admin/analytics/overview' ? { status: 500, body: { error: 'Database unavailable', code: 'X' } } : reads(() => config(false))(url, method),
    );
    renderPage('dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Premium Subscribers' })).toBeInTheDocument();
  });

  it('asks before switching monetization, with the count the server gives, and saves nothing on Cancel', async () => {
    const fetch = mockApi(reads(() => config(false)));
    renderPage('dashboard');
    await userEvent.click(await screen.findByRole('switch', { name: 'Monetization' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Turn monetization on?' });
    expect(await within(dialog).findByText('58 crew members will need a subscription to apply.')).toBeInTheDocument();
    expect(within(dialog).getByText(/46 crew members who can apply today will have to subscribe first/)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url === '/api/admin/monetization/impact?enabled=true')).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fetch.mock.calls.some(([url]) => url === '/api/admin/monetization/toggle')).toBe(false);
    expect(screen.getByRole('switch', { name: 'Monetization' })).toHaveAttribute('aria-checked', 'false');
  });

  it('puts the toggle back and says why when the confirmed save fails', async () => {
    const fetch = mockApi((url, method) =>
      url === '/api/admin/monetization/toggle' && method === 'POST'
        ? { status: 409, body: { error: 'Someone changed the configuration at the same time', code: 'CONFLICT' } }
        : reads(() => config(false))(url, method),
    );
    renderPage('dashboard');
    const toggle = await screen.findByRole('switch', { name: 'Monetization' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    const dialog = await screen.findByRole('alertdialog', { name: 'Turn monetization on?' });
    await within(dialog).findByText('58 crew members will need a subscription to apply.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not change monetization: Someone changed the configuration at the same time');
    expect(screen.getByRole('switch', { name: 'Monetization' })).toHaveAttribute('aria-checked', 'false');
    expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.body === JSON.stringify({ enabled: true }))).toBe(true);
  });
});

describe('Platform Configuration', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it('shows the screen’s texts, the empty lists and the empty history', async () => {
    mockApi(reads(() => config(false)));
    renderPage('config');
    expect(await screen.findByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText('All users have free access to platform features')).toBeInTheDocument();
    expect(screen.getByText('No grandfathered users')).toBeInTheDocument();
    expect(screen.getByText('No beta testers')).toBeInTheDocument();
    expect(await screen.findAllByText('No configuration changes recorded')).toHaveLength(2);
    for (const name of ['Add a crew member to grandfathered users', 'Add a crew member to beta testers']) expect(screen.getByRole('combobox', { name })).toBeEnabled();
  });

  it("lists Recent Changes by the setting's label, with the change, description ('Configuration updated' by default), en-GB date and the admin's name", async () => {
    const base = { changed_by: ADMIN, changed_by_name: 'Ada Admiral', member_name: null };
    mockApi(
      reads(
        () => config(true),
        [
          {
            ...base,
            id: 'e3',
            key: 'beta_testers',
            label: 'Beta testers',
            old_value: null,
            new_value: 'u-1',
            description: null,
            changed_at: '2026-03-03T10:00:00.000Z',
            member_name: 'Tracy Edwards',
          },
          {
            ...base,
            id: 'e2',
            key: 'subscription_price_gbp',
            label: 'Subscription price (£ per year)',
            old_value: 30,
            new_value: 25,
            description: 'Spring offer',
            changed_at: '2026-03-02T10:00:00.000Z',
          },
          {
            ...base,
            id: 'e1',
            key: 'monetization_enabled',
            label: 'Monetization',
            old_value: false,
            new_value: true,
            description: null,
            changed_at: '2026-03-01T09:00:00.000Z',
            changed_by_name: null,
          },
        ],
      ),
    );
    renderPage('config');
    expect(await screen.findByText('Subscription requirements are now enforced for crew members')).toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Recent Changes' });
    const items = await within(recent).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Beta testers');
    expect(items[0]).toHaveTextContent('Added Tracy Edwards');
    expect(items[1]).toHaveTextContent('Subscription price (£ per year)');
    expect(items[1]).not.toHaveTextContent('subscription_price_gbp');
    expect(items[1]).toHaveTextContent('Spring offer');
    expect(items[1]).toHaveTextContent(`${new Date('2026-03-02T10:00:00.000Z').toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })} by Ada Admiral`);
    expect(items[1]).not.toHaveTextContent(ADMIN);
    // An administrator whose account was erased since.
    expect(items[2]).toHaveTextContent('Configuration updated');
    expect(items[2]).toHaveTextContent('by (removed)');
    const table = within(screen.getByRole('region', { name: 'Full History' }));
    expect(await table.findByText('£30.00 → £25.00')).toBeInTheDocument();
    expect(table.getByText('Off → On')).toBeInTheDocument();
    expect(table.getByText('Added Tracy Edwards')).toBeInTheDocument();
    expect(table.getAllByText('Ada Admiral')).toHaveLength(2);
    expect(table.getByText('(removed)')).toBeInTheDocument();
  });

  it('saves nothing while the rollout slider moves: it shows the server count, then Save asks for confirmation and says Saved', async () => {
    let current = config(true);
    const fetch = mockApi((url, method) => {
      if (url === '/api/admin/rollout/percentage' && method === 'PUT') {
        current = config(true, 100);
        return { body: current };
      }
      return reads(() => current)(url, method);
    });
    renderPage('config');
    const slider = await screen.findByLabelText('Rollout percentage');
    expect(slider).toHaveAttribute('step', '5');
    for (const value of ['25', '60', '100']) fireEvent.change(slider, { target: { value } });
    expect(screen.getByText('100% of crew members affected')).toBeInTheDocument();
    expect(await screen.findByText(/58 crew members would need a subscription/)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url === '/api/admin/rollout/percentage')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Save rollout…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Set the rollout to 100%?' });
    expect(await within(dialog).findByText('58 crew members will need a subscription to apply.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save rollout' }));
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([url]) => url === '/api/admin/rollout/percentage').map(([, init]) => (init as RequestInit).body)).toEqual(['{"percentage":100}']),
    );
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('shows the server error when a confirmed rollout is refused, and puts the slider back', async () => {
    mockApi((url, method) =>
      url === '/api/admin/rollout/percentage' && method === 'PUT'
        ? { status: 400, body: { error: 'Rollout refused', code: 'INVALID_ROLLOUT_PERCENTAGE' } }
        : reads(() => config(true))(url, method),
    );
    renderPage('config');
    const slider = await screen.findByLabelText('Rollout percentage');
    fireEvent.change(slider, { target: { value: '25' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save rollout…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Set the rollout to 25%?' });
    await within(dialog).findByText('58 crew members will need a subscription to apply.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save rollout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save the rollout: Rollout refused');
    await waitFor(() => expect(screen.getByLabelText('Rollout percentage')).toHaveValue('20'));
  });
});

describe('the access lists', () => {
  beforeEach(() => tokenStore.set('token-1'));

  const tracy = {
    id: '7c1e2a44-0000-4000-8000-000000000001',
    first_name: 'Tracy',
    last_name: 'Edwards',
    email: 'tracy@crew.test',
    user_type: 'crew' as const,
    is_admin: false,
    profile_photo_url: null,
    phone_number: null,
    email_verified: true,
    identity_verified: false,
    profile_complete: false,
    profile_completion: { complete: false, missing: [] },
    suspension: null,
    created_at: '2026-01-01T00:00:00.000Z',
    subscription_status: null,
    subscription_start_date: null,
    subscription_end_date: null,
    stripe_customer_id: null,
    subscription: 'free' as const,
  };
  const skipper = { ...tracy, id: '7c1e2a44-0000-4000-8000-000000000002', first_name: 'Traci', last_name: 'Helm', email: 'traci@crew.test', user_type: 'skipper' as const };

  it('picks a crew member by name (skippers are not offered), adds them, says Saved and lists them by name', async () => {
    let current: AccessListsResponse = lists;
    const fetch = mockApi((url, method) => {
      if (url.startsWith('/api/admin/users?')) {
        return {
          body: {
            users: [tracy, skipper],
            total: 2,
            total_exact: true,
            page: 1,
            page_size: 20,
            stats: { total_users: 2, skippers: 1, crew_members: 1, both: 0, admins: 0, premium_users: 0 },
          },
        };
      }
      if (url === '/api/admin/users/grandfathered' && method === 'POST') {
        current = { grandfathered_users: [tracy.id], beta_testers: [], people: [{ id: tracy.id, name: 'Tracy Edwards', email: tracy.email }] };
        return { body: current };
      }
      if (url === '/api/admin/users/grandfathered') return { body: current };
      return reads(() => config(true))(url, method);
    });
    renderPage('config');
    const picker = await screen.findByRole('combobox', { name: 'Add a crew member to grandfathered users' });
    await userEvent.type(picker, 'trac');
    const option = await screen.findByRole('option', { name: /Tracy Edwards/ });
    expect(screen.queryByRole('option', { name: /Traci Helm/ })).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url) === '/api/admin/users?search=trac&page=1')).toBe(true);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(option).toBeDefined();
    await waitFor(() =>
      expect(
        fetch.mock.calls
          .filter(([url, init]) => url === '/api/admin/users/grandfathered' && (init as RequestInit | undefined)?.method === 'POST')
          .map(([, init]) => JSON.parse(String((init as RequestInit).body))),
      ).toEqual([{ action: 'add', user_id: tracy.id, list_type: 'grandfathered' }]),
    );
    expect(await screen.findByText('Saved: Tracy Edwards added')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Grandfathered Users' });
    expect(within(list).getByText('Tracy Edwards')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Remove Tracy Edwards from grandfathered users' })).toBeInTheDocument();
  });

  it('names a listed account that was erased "(removed)"', async () => {
    const gone = '7c1e2a44-0000-4000-8000-000000000009';
    mockApi((url, method) =>
      url === '/api/admin/users/grandfathered' ? { body: { grandfathered_users: [], beta_testers: [gone], people: [] } } : reads(() => config(true))(url, method),
    );
    renderPage('config');
    const list = await screen.findByRole('list', { name: 'Beta Testers' });
    expect(within(list).getByText('(removed)')).toBeInTheDocument();
  });
});
