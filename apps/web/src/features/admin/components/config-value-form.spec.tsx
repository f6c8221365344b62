import type { PlatformConfigResponse } from '@crew/contracts';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStore } from '../../../lib/token-store';
import { fieldErrorOf } from '../../../testing/field-error';
import { fakeApi } from '../../../testing/ticket-fixtures';
import { ConfigValueForm } from './config-value-form';

const entry = <V,>(value: V) => ({ value, description: null, updated_at: null, updated_by: null });
const saved = (days: number): PlatformConfigResponse => ({
  monetization_enabled: entry(false),
  rollout_percentage: entry(20),
  free_trial_period_days: entry(days),
  subscription_price_gbp: entry(30),
});

const renderForm = (configKey: 'free_trial_period_days' | 'subscription_price_gbp' = 'free_trial_period_days') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConfigValueForm configKey={configKey} current={30} />
    </QueryClientProvider>,
  );

/** The server's count for a trial of `days` (fewer days, more crew past their trial). */
const impactOf = (url: string) => {
  const days = Number(new URLSearchParams(url.split('?')[1]).get('trial_days'));
  const settings = { monetization_enabled: true, rollout_percentage: 100, free_trial_period_days: 30 };
  return {
    body: {
      current: settings,
      proposed: { ...settings, free_trial_period_days: days },
      crew_members: 60,
      need_subscription: days === 0 ? 58 : 20,
      currently_need_subscription: 20,
      newly_blocked: days === 0 ? 38 : 0,
      newly_allowed: 0,
    },
  };
};

/** Confirms the trial change in its dialog once the count has come. */
const confirmTrial = async (user: ReturnType<typeof userEvent.setup>, headline: string) => {
  const dialog = await screen.findByRole('alertdialog');
  expect(await within(dialog).findByText(headline)).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Save free trial' }));
};

describe('a configuration value form', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it('flags a bad value on save, and the message goes as soon as the value is right', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(({ method, url }) => (method === 'PUT' ? { body: saved(45) } : url.startsWith('/api/admin/monetization/impact') ? impactOf(url) : undefined));
    renderForm();
    const days = screen.getByLabelText('Free trial days (0 to 90)');
    fireEvent.change(days, { target: { value: '' } });
    expect(fieldErrorOf(days)).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(fieldErrorOf(days)).toBe('Enter a whole number of days from 0 to 90');
    expect(days).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(days, { target: { value: '91' } });
    expect(fieldErrorOf(days)).toBe('Enter a whole number of days from 0 to 90');
    fireEvent.change(days, { target: { value: '45' } });
    // Checked on the contract's schema as the value changes: the message goes once it is right.
    await waitFor(() => expect(fieldErrorOf(days)).toBeUndefined());
    expect(days).not.toHaveAttribute('aria-invalid');
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The trial decides who may apply: its effect is shown, and nothing is saved before Confirm.
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await confirmTrial(user, '20 crew members will need a subscription to apply.');
    await waitFor(() => expect(screen.getByText('Saved')).toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ url: '/api/admin/config/free_trial_period_days', method: 'PUT', body: { value: 45 } }]);
    expect(calls.some((c) => c.url === '/api/admin/monetization/impact?trial_days=45')).toBe(true);
  });

  it('shows what a 0-day trial would do and saves nothing when cancelled', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(({ method, url }) => (method === 'PUT' ? { body: saved(0) } : url.startsWith('/api/admin/monetization/impact') ? impactOf(url) : undefined));
    renderForm();
    fireEvent.change(screen.getByLabelText('Free trial days (0 to 90)'), { target: { value: '0' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Set the free trial to 0 days?' });
    expect(await within(dialog).findByText('58 crew members will need a subscription to apply.')).toBeInTheDocument();
    expect(within(dialog).getByText(/38 crew members who can apply today will have to subscribe first/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('saves the price at once (it does not change who may apply) and says Saved', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(({ method }) => (method === 'PUT' ? { body: saved(30) } : undefined));
    renderForm('subscription_price_gbp');
    fireEvent.change(screen.getByLabelText('Subscription price (£ per year)'), { target: { value: '35' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Saved')).toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ url: '/api/admin/config/subscription_price_gbp', method: 'PUT', body: { value: 35 } }]);
  });

  it('drops the last failed save on the next attempt', async () => {
    const user = userEvent.setup();
    fakeApi(({ method, url }) =>
      method === 'PUT' ? { status: 422, body: { error: 'Refused', code: 'X' } } : url.startsWith('/api/admin/monetization/impact') ? impactOf(url) : undefined,
    );
    renderForm();
    const days = screen.getByLabelText('Free trial days (0 to 90)');
    fireEvent.change(days, { target: { value: '45' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await confirmTrial(user, '20 crew members will need a subscription to apply.');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save');

    fireEvent.change(days, { target: { value: '900' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    await waitFor(() => expect(fieldErrorOf(days)).toBe('Enter a whole number of days from 0 to 90'));
  });
});
