import type { PlatformConfigResponse } from '@crew/contracts';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStore } from '../../../lib/token-store';
import { fieldErrorOf } from '../../../testing/field-error';
import { fakeApi } from '../../support/testing/ticket-fixtures';
import { ConfigValueForm } from './config-value-form';

const entry = <V,>(value: V) => ({ value, description: null, updated_at: null, updated_by: null });
const saved = (days: number): PlatformConfigResponse => ({
  monetization_enabled: entry(false),
  rollout_percentage: entry(20),
  free_trial_period_days: entry(days),
  subscription_price_gbp: entry(30),
});

const renderForm = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConfigValueForm configKey="free_trial_period_days" current={30} />
    </QueryClientProvider>,
  );

describe('a configuration value form', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it('flags a bad value on save, and the message goes as soon as the value is right', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(({ method }) => (method === 'PUT' ? { body: saved(45) } : undefined));
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
    expect(fieldErrorOf(days)).toBeUndefined();
    expect(days).not.toHaveAttribute('aria-invalid');
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ url: '/api/admin/config/free_trial_period_days', method: 'PUT', body: { value: 45 } }]);
  });

  it('drops the last failed save on the next attempt', async () => {
    const user = userEvent.setup();
    fakeApi(({ method }) => (method === 'PUT' ? { status: 422, body: { error: 'Refused', code: 'X' } } : undefined));
    renderForm();
    const days = screen.getByLabelText('Free trial days (0 to 90)');
    fireEvent.change(days, { target: { value: '45' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save');

    fireEvent.change(days, { target: { value: '900' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(fieldErrorOf(days)).toBe('Enter a whole number of days from 0 to 90');
  });
});
