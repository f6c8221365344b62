import { subscriptionStatusResponseSchema, type SubscriptionStatusResponse, type UserResponse } from '@crew/contracts';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { tokenStore } from '../../../lib/token-store';
import { makeUser } from '../../../testing/user-fixture';
import { ProfilePage } from './ProfilePage';

const status = (overrides: Partial<SubscriptionStatusResponse>): SubscriptionStatusResponse =>
  subscriptionStatusResponseSchema.parse({
    can_apply: true,
    reason: 'trial',
    explanation: 'You are in your free trial.',
    next_step: 'apply',
    display: 'trial',
    trial_ends_at: '2026-06-17T10:00:00.000Z',
    trial_days_left: 12,
    subscription: { state: 'none', source: null, started_at: null, current_period_end: null, cancel_at_period_end: false, has_billing_account: false },
    price_gbp: 30,
    currency: 'GBP',
    payments_configured: true,
    monetization_enabled: true,
    ...overrides,
  });

const NOTIFICATIONS_ON = { application_updates: true, messages: true, reviews: true, saved_search_alerts: true, berth_watch: true, subscription: true, news: true };

/** The profile of `user`, the API answering the session, trust and subscription; returns the paths asked for. */
function renderProfile(user: UserResponse, subscription: SubscriptionStatusResponse, at = '/profile') {
  tokenStore.set('token-1');
  const asked: string[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    asked.push(path);
    const body =
      path === '/api/auth/me'
        ? user
        : path === '/api/subscription'
          ? subscription
          : path === '/api/users/me/notifications'
            ? { switches: { ...NOTIFICATIONS_ON, news: false }, always_sent: ['verification', 'password_reset', 'security', 'account', 'safety'] }
            : {
                verification_level: 'email_confirmed',
                verification_label: 'Email confirmed',
                verification_points: 1,
                max_points: 6,
                checks: [{ key: 'email_verified', label: 'Email address confirmed', done: true }],
                verifications: { email_verified: true, profile_photo: false, emergency_contact: false, sailing_experience: false, phone_verified: false, identity_verified: false },
                phone_verification: { available: true, has_phone_number: false },
              };
    return { ok: true, status: 200, json: async () => body } as Response;
  }) as unknown as typeof fetch;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[at]}>
        <ProfilePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return asked;
}

describe('Profile: subscription in the account details', () => {
  beforeEach(() => tokenStore.clear());

  it.each([
    ['crew', 'Trial (12 days left)', status({})],
    ['both', 'Premium', status({ display: 'premium', reason: 'premium', trial_days_left: null, trial_ends_at: null })],
    [
      'crew',
      'Subscription needed',
      status({ display: 'free', reason: 'subscription_required', can_apply: false, trial_days_left: null, trial_ends_at: null, next_step: 'subscribe' }),
    ],
  ] as const)('shows a %s account its status, "%s", with a link to manage it', async (userType, text, answer) => {
    renderProfile(makeUser({ user_type: userType }), answer);
    const line = (await screen.findByText(text)).closest('p');
    expect(line).toHaveTextContent(`Subscription: ${text}. Manage subscription`);
    expect(screen.getByRole('link', { name: 'Manage subscription' })).toHaveAttribute('href', '/subscription');
  });

  it('does not show a skipper a subscription, nor ask for one', async () => {
    const asked = renderProfile(makeUser({ user_type: 'skipper' }), status({ reason: 'skipper', display: 'free' }));
    expect(await screen.findByText('Account type: Skipper.')).toBeInTheDocument();
    // The one change of account type is offered, and asks to be confirmed.
    expect(screen.getByRole('button', { name: 'Switch to Skipper & Crew' })).toBeInTheDocument();
    expect(screen.queryByText(/Subscription:/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Manage subscription' })).toBeNull();
    expect(asked).not.toContain('/api/subscription');
  });
});

describe('Profile: the Notifications tab', () => {
  beforeEach(() => tokenStore.clear());

  it('opens from its address (a skipper profile has it too), with the news switch that used to sit in Basic Info', async () => {
    const asked = renderProfile(makeUser({ user_type: 'skipper' }), status({ reason: 'skipper', display: 'free' }), '/profile?tab=notifications');
    expect(await screen.findByRole('tab', { name: 'Notifications', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'News from Crew Finder' })).not.toBeChecked();
    expect(asked).toContain('/api/users/me/notifications');
    // One place for the choice: Basic Info no longer has a news checkbox of its own.
    expect(asked).not.toContain('/api/users/me/mail-preferences');
  });

  it('is a tab like the others, reached from Basic Info', async () => {
    const user = userEvent.setup();
    renderProfile(makeUser({ user_type: 'crew' }), status({}));
    expect(await screen.findByRole('tab', { name: 'Basic Info', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Messages' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Notifications' }));
    expect(await screen.findByRole('switch', { name: 'Messages' })).toBeChecked();
  });
});
