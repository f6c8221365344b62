import type { AccessListsResponse, AdminOverviewResponse, ConfigHistoryPage, PlatformConfigResponse } from '@crew/contracts';
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
  user_stats: { total_users: 120, skippers: 30, crew_members: 95, admins: 2, premium_users: 0 },
  subscription_stats: { premium_users: 0, conversion_rate: 0, free_users: 110, trial_users: 10 },
  voyage_stats: { total_voyages: 14, active_voyages: 9 },
  application_stats: { total_applications: 40, pending_applications: 6 },
  monetization_info: { estimated_affected_users: 17, monetization_enabled: false, rollout_percentage: 20, free_trial_period_days: 30 },
};
const lists: AccessListsResponse = { grandfathered_users: [], beta_testers: [] };
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

const reads = (current: () => PlatformConfigResponse, entries: ConfigHistoryPage['history'] = []) => (url: string, method: string): Reply | undefined => {
  if (method !== 'GET') return undefined;
  if (url === '/api/admin/config') return { body: current() };
  if (url === '/api/admin/analytics/overview') return { body: overview };
  if (url === '/api/admin/users/grandfathered') return { body: lists };
  if (url.startsWith('/api/admin/config/history')) return { body: history(entries) };
  return undefined;
};

describe('Platform Overview', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it('shows the metric cards, the monetization state and the rollout slider disabled while monetization is off', async () => {
    mockApi(reads(() => config(false)));
    renderPage('dashboard');
    expect(await screen.findByText('Monetization Disabled')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Total Users' }).parentElement).toHaveTextContent('120');
    expect(screen.getByText('0% conversion rate · 110 free users')).toBeInTheDocument();
    expect(screen.getByLabelText('Rollout percentage')).toBeDisabled();
    expect(screen.getByText('20% of crew members affected')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Rollout Impact' })).getByText('17')).toBeInTheDocument();
  });

  it("says 'Failed to load dashboard data' or the server's error, with Retry", async () => {
    let fail = true;
    mockApi((url, method) => (fail && url === '/api/admin/analytics/overview' ? { status: 500, body: { error: 'Database unavailable', code: 'X' } } : reads(() => config(false))(url, method)));
    renderPage('dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Premium Subscribers' })).toBeInTheDocument();
  });

  it('puts the toggle back and says why when the save fails', async () => {
    const fetch = mockApi((url, method) =>
      url === '/api/admin/monetization/toggle' && method === 'POST'
        ? { status: 409, body: { error: 'Someone changed the configuration at the same time', code: 'CONFLICT' } }
        : reads(() => config(false))(url, method),
    );
    renderPage('dashboard');
    const toggle = await screen.findByRole('switch', { name: 'Monetization' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not change monetization: Someone changed the configuration at the same time');
    expect(screen.getByRole('switch', { name: 'Monetization' })).toHaveAttribute('aria-checked', 'false');
    expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.body === JSON.stringify({ enabled: true }))).toBe(true);
  });
});

describe('Platform Configuration', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it('shows the spec texts, the empty lists and the empty history', async () => {
    mockApi(reads(() => config(false)));
    renderPage('config');
    expect(await screen.findByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText('All users have free access to platform features')).toBeInTheDocument();
    expect(screen.getByText('No grandfathered users')).toBeInTheDocument();
    expect(screen.getByText('No beta testers')).toBeInTheDocument();
    expect(await screen.findAllByText('No configuration changes recorded')).toHaveLength(2);
    for (const name of ['User ID to add to grandfathered users', 'User ID to add to beta testers']) {
      const form = screen.getByLabelText(name).closest('form') as HTMLFormElement;
      expect(within(form).getByRole('button', { name: 'Add' })).toBeDisabled();
    }
  });

  it("lists Recent Changes with key, description ('Configuration updated' by default), en-GB date and 'by User {id}'", async () => {
    mockApi(
      reads(
        () => config(true),
        [
          { id: 'e2', key: 'subscription_price_gbp', old_value: 30, new_value: 25, description: 'Spring offer', changed_at: '2026-03-02T10:00:00.000Z', changed_by: ADMIN, changed_by_name: 'Ada Admiral' },
          { id: 'e1', key: 'monetization_enabled', old_value: false, new_value: true, description: null, changed_at: '2026-03-01T09:00:00.000Z', changed_by: ADMIN, changed_by_name: 'Ada Admiral' },
        ],
      ),
    );
    renderPage('config');
    expect(await screen.findByText('Subscription requirements are now enforced for crew members')).toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Recent Changes' });
    const items = await within(recent).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('subscription_price_gbp');
    expect(items[0]).toHaveTextContent('Spring offer');
    expect(items[0]).toHaveTextContent(`${new Date('2026-03-02T10:00:00.000Z').toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })} by User ${ADMIN}`);
    expect(items[1]).toHaveTextContent('Configuration updated');
    const table = within(screen.getByRole('region', { name: 'Full History' }));
    expect(await table.findByText('£30.00 → £25.00')).toBeInTheDocument();
    expect(table.getByText('Off → On')).toBeInTheDocument();
    expect(table.getAllByText('Ada Admiral')).toHaveLength(2);
  });

  it('sends the rollout in steps of 5 and shows the server error when refused', async () => {
    const fetch = mockApi((url, method) =>
      url === '/api/admin/rollout/percentage' && method === 'PUT' ? { status: 400, body: { error: 'Rollout refused', code: 'INVALID_ROLLOUT_PERCENTAGE' } } : reads(() => config(true))(url, method),
    );
    renderPage('config');
    const slider = await screen.findByLabelText('Rollout percentage');
    expect(slider).toBeEnabled();
    expect(slider).toHaveAttribute('step', '5');
    fireEvent.change(slider, { target: { value: '25' } });
    expect(screen.getByText('25% of crew members affected')).toBeInTheDocument();
    await waitFor(() => expect(fetch.mock.calls.some(([url, init]) => url === '/api/admin/rollout/percentage' && (init as RequestInit).body === '{"percentage":25}')).toBe(true), { timeout: 2000 });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save the rollout: Rollout refused');
    await waitFor(() => expect(screen.getByLabelText('Rollout percentage')).toHaveValue('20'));
  });
});
