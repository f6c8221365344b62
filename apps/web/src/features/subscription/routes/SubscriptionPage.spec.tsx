import type { SubscriptionStatusResponse } from '@crew/contracts';
import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, makeStatus, mockFetch, renderAt } from '../lib/test-fixtures';
import { SubscriptionPage, type SubscriptionPageProps } from './SubscriptionPage';

type Answer = { status: number; body: unknown };

/** The page at `url`, the API answering GET /api/subscription with `status` (a function: a new answer per call). */
function setup(
  status: SubscriptionStatusResponse | (() => SubscriptionStatusResponse),
  answers: { checkout?: Answer; portal?: Answer } = {},
  url = '/subscription',
  props: SubscriptionPageProps = {},
) {
  const fetchMock = mockFetch((method, path) => {
    if (method === 'GET' && path === '/api/subscription') return { status: 200, body: typeof status === 'function' ? status() : status };
    if (method === 'POST' && path === '/api/subscription/checkout') return answers.checkout;
    if (method === 'POST' && path === '/api/subscription/portal') return answers.portal;
    return undefined;
  });
  const leaveTo = jest.fn<(url: string) => void>();
  renderAt(url, '/subscription', <SubscriptionPage leaveTo={leaveTo} {...props} />);
  return { fetchMock, leaveTo };
}

const statusCard = async () => within(await screen.findByRole('region', { name: 'Your status' }));
const planCard = () => within(screen.getByRole('region', { name: 'Crew subscription' }));

describe('Subscription page', () => {
  it('shows loading, then the free status, why the user cannot apply, the price and what it gives', async () => {
    setup(makeStatus());
    expect(screen.getByText('Loading your subscription…')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { level: 1, name: 'Subscription' })).toBeInTheDocument();

    const status = await statusCard();
    expect(status.getByText('Subscription needed')).toBeInTheDocument();
    expect(status.getByText(/You do not have a subscription\./)).toBeInTheDocument();
    expect(status.getByText(/You cannot apply to voyages at the moment\./)).toBeInTheDocument();
    expect(status.getByText(/is needed to apply for voyages, and your free trial has ended\. Subscribe to apply\./)).toBeInTheDocument();
    // One status: nothing on the page calls this a trial.
    expect(screen.queryByText('Free trial')).toBeNull();
    expect(screen.queryByText(/You are in your free trial|left in your free trial/)).toBeNull();

    const plan = planCard();
    expect(plan.getByText('£30')).toBeInTheDocument();
    expect(plan.getByText(/per year/)).toBeInTheDocument();
    expect(plan.getByText(/renews automatically each year/)).toBeInTheDocument();
    expect(plan.getByText('Applying to join voyages, whole or leg by leg.')).toBeInTheDocument();
    expect(plan.getByText(/Browsing voyages, messaging skippers and your profile stay free/)).toBeInTheDocument();
    expect(plan.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    // No billing account yet: nothing to manage.
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();
  });

  it.each<[string, SubscriptionStatusResponse, string, RegExp]>([
    [
      'a free trial with days left and its end date',
      makeStatus({
        can_apply: true,
        reason: 'trial',
        display: 'trial',
        trial_days_left: 12,
        trial_ends_at: '2026-06-17T10:00:00.000Z',
        explanation: 'You are in your free trial.',
      }),
      'Free trial',
      /12 days left: your free trial ends on June 17, 2026\./,
    ],
    [
      'the last day of a free trial',
      makeStatus({ can_apply: true, reason: 'trial', display: 'trial', trial_days_left: 0, trial_ends_at: '2026-06-17T10:00:00.000Z' }),
      'Free trial',
      /Your free trial ends today \(June 17, 2026\)\./,
    ],
    [
      'a paid subscription with its renewal date and price',
      makeStatus(
        { can_apply: true, reason: 'premium', display: 'premium' },
        { state: 'active', source: 'payment', current_period_end: '2027-05-02T09:00:00.000Z', has_billing_account: true },
      ),
      'Premium',
      /Your subscription renews on May 2, 2027 for £30\./,
    ],
    [
      'a subscription cancelled at the end of its year',
      makeStatus(
        { can_apply: true, reason: 'premium', display: 'premium' },
        { state: 'active', source: 'payment', current_period_end: '2027-05-02T09:00:00.000Z', cancel_at_period_end: true, has_billing_account: true },
      ),
      'Premium',
      /Your subscription ends on May 2, 2027 and will not renew\./,
    ],
    [
      'a subscription in its cancelling state',
      makeStatus(
        { can_apply: true, reason: 'premium', display: 'premium' },
        { state: 'cancelling', source: 'payment', current_period_end: '2027-05-02T09:00:00.000Z', cancel_at_period_end: true, has_billing_account: true },
      ),
      'Premium',
      /Your subscription ends on May 2, 2027 and will not renew\./,
    ],
    [
      'a subscription given by an administrator',
      makeStatus({ can_apply: true, reason: 'premium', display: 'premium' }, { state: 'active', source: 'admin', current_period_end: '2027-01-31T00:00:00.000Z' }),
      'Premium',
      /Given to you by an administrator until January 31, 2027\./,
    ],
    [
      'a failed payment',
      makeStatus(
        { can_apply: true, reason: 'premium', display: 'premium' },
        { state: 'payment_failed', source: 'payment', current_period_end: '2027-05-02T09:00:00.000Z', has_billing_account: true },
      ),
      'Payment failed',
      /Your last payment did not go through \(your subscription was paid until May 2, 2027\)\. Update your card/,
    ],
    ['a revoked subscription', makeStatus({}, { state: 'revoked', source: 'admin' }), 'Ended', /An administrator ended your subscription\./],
    [
      'an expired subscription',
      makeStatus({}, { state: 'expired', source: 'payment', current_period_end: '2026-04-30T00:00:00.000Z' }),
      'Ended',
      /Your subscription ended on April 30, 2026\./,
    ],
  ])('shows %s', async (_name, status, label, detail) => {
    setup(status);
    const card = await statusCard();
    expect(card.getByText(label)).toBeInTheDocument();
    expect(card.getByText(detail)).toBeInTheDocument();
    expect(card.getByText(status.explanation, { exact: false })).toBeInTheDocument();
  });

  it('offers no new checkout while a subscription runs', async () => {
    setup(
      makeStatus(
        { can_apply: true, reason: 'premium', display: 'premium' },
        { state: 'active', source: 'payment', current_period_end: '2027-05-02T09:00:00.000Z', has_billing_account: true },
      ),
    );
    await statusCard();
    expect(planCard().getByText('You are subscribed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('tells a trial member they can apply now and offers Subscribe to keep applying', async () => {
    setup(makeStatus({ can_apply: true, reason: 'trial', display: 'trial', trial_days_left: 3, trial_ends_at: '2026-06-08T00:00:00.000Z' }));
    expect((await statusCard()).getByText(/You can apply to voyages\./)).toBeInTheDocument();
    expect(planCard().getByText('You can apply during your free trial. Subscribe to keep applying once it ends.')).toBeInTheDocument();
    expect(planCard().getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it.each([
    ['skipper', 'Skipper accounts are always free: you never need a subscription.'],
    ['admin', 'Administrator accounts never need a subscription.'],
  ] as const)('tells a %s they never need a subscription, and asks nothing of them', async (reason, text) => {
    setup(makeStatus({ can_apply: true, reason, explanation: 'Your account type never needs a subscription.' }));
    const card = await statusCard();
    expect(card.getByText(text, { exact: false })).toBeInTheDocument();
    expect(card.queryByText(/You can apply to voyages/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Crew subscription' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('subscribes: asks for a checkout, then sends the browser to it', async () => {
    const user = userEvent.setup();
    const { fetchMock, leaveTo } = setup(makeStatus(), { checkout: { status: 200, body: { checkout_url: 'https://checkout.example/session/cs_1' } } });
    await statusCard();
    await user.click(planCard().getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://checkout.example/session/cs_1'));
    expect(callsTo(fetchMock, 'POST', '/api/subscription/checkout')).toBe(1);
    // Stays disabled while the browser leaves, so a second click cannot start a second checkout.
    expect(planCard().getByRole('button', { name: 'Opening checkout…' })).toBeDisabled();
  });

  it("shows the server's error when a checkout cannot start", async () => {
    const user = userEvent.setup();
    const { leaveTo } = setup(makeStatus(), { checkout: { status: 409, body: { error: 'You already have an active subscription', code: 'ALREADY_SUBSCRIBED' } } });
    await statusCard();
    await user.click(planCard().getByRole('button', { name: 'Subscribe' }));
    expect(await planCard().findByRole('alert')).toHaveTextContent('You already have an active subscription');
    expect(planCard().getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('offers the support ticket form, not a dead end, when card payments are not configured', async () => {
    const user = userEvent.setup();
    const explanation =
      'A crew subscription is needed to apply for voyages, and your free trial has ended. Card payments are not open yet, so you cannot subscribe here: contact our support team, who can give your account access.';
    setup(makeStatus({ payments_configured: false, next_step: 'contact_support', explanation }));
    const status = await statusCard();
    expect(status.getByText(explanation, { exact: false })).toBeInTheDocument();
    expect(planCard().getByText('Card payments are not open yet, so you cannot subscribe here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
    await user.click(status.getByRole('button', { name: 'Contact support' }));
    // Signed out in this test: the form asks to log in; signed in, it opens with the subject filled in.
    expect(await status.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('names the next step of a member who may apply: browse voyages', async () => {
    setup(
      makeStatus({
        can_apply: true,
        reason: 'monetization_off',
        monetization_enabled: false,
        next_step: 'apply',
        explanation: 'Applying to voyages is free for everyone at the moment.',
      }),
    );
    expect((await statusCard()).getByRole('link', { name: 'Browse voyages' })).toHaveAttribute('href', '/voyages');
  });

  it('asks nothing while applying is free for everyone', async () => {
    setup(makeStatus({ can_apply: true, reason: 'monetization_off', monetization_enabled: false, explanation: 'Applying to voyages is free for everyone at the moment.' }));
    await statusCard();
    expect(planCard().getByText('Applying to voyages is free at the moment, so there is nothing to pay for yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('asks nothing of a grandfathered member', async () => {
    setup(makeStatus({ can_apply: true, reason: 'grandfathered', explanation: 'You have permanent free access.' }));
    await statusCard();
    expect(planCard().getByText('You have permanent free access, so you never need to subscribe.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('manages billing at the provider, and says that is where cancelling happens', async () => {
    const user = userEvent.setup();
    const { fetchMock, leaveTo } = setup(
      makeStatus(
        { can_apply: true, reason: 'premium', display: 'premium' },
        { state: 'active', source: 'payment', current_period_end: '2027-05-02T09:00:00.000Z', has_billing_account: true },
      ),
      { portal: { status: 200, body: { portal_url: 'https://billing.example/p/1' } } },
    );
    const billing = within(await screen.findByRole('region', { name: 'Billing' }));
    expect(billing.getByText(/or cancel\. If you cancel, your subscription stays active until the end of the year you have paid for/)).toBeInTheDocument();
    await user.click(billing.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://billing.example/p/1'));
    expect(callsTo(fetchMock, 'POST', '/api/subscription/portal')).toBe(1);
  });

  it('points a member whose payment failed to the billing page to fix the card', async () => {
    const user = userEvent.setup();
    const { leaveTo } = setup(
      makeStatus(
        { can_apply: true, reason: 'premium', display: 'premium' },
        { state: 'payment_failed', source: 'payment', current_period_end: '2027-05-02T09:00:00.000Z', has_billing_account: true },
      ),
      { portal: { status: 503, body: { error: 'Card payments are not available right now', code: 'PAYMENTS_UNAVAILABLE' } } },
    );
    const billing = within(await screen.findByRole('region', { name: 'Billing' }));
    expect(billing.getByText('Your card was declined. Open Manage billing to update it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
    await user.click(billing.getByRole('button', { name: 'Manage billing' }));
    expect(await billing.findByRole('alert')).toHaveTextContent('Card payments are not available right now');
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it("shows the server's error with Retry when the status cannot be loaded", async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch((method, path) => {
      if (method !== 'GET' || path !== '/api/subscription') return undefined;
      return fail ? { status: 503, body: { error: 'Subscriptions are unavailable right now', code: 'UNAVAILABLE' } } : { status: 200, body: makeStatus() };
    });
    renderAt('/subscription', '/subscription', <SubscriptionPage leaveTo={jest.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Subscriptions are unavailable right now');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await statusCard()).getByText('Subscription needed')).toBeInTheDocument();
  });

  it('says nothing was charged when the checkout was cancelled', async () => {
    setup(makeStatus(), {}, '/subscription?checkout=cancelled');
    await statusCard();
    expect(screen.getByText('Checkout was cancelled. Nothing was charged.').closest('[role="status"]')).not.toBeNull();
    expect(planCard().getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it('after paying, says the payment is being confirmed and asks again until the subscription is active', async () => {
    let asked = 0;
    const { fetchMock } = setup(
      () => {
        asked += 1;
        return asked < 3
          ? makeStatus({}, { state: 'checkout_pending', has_billing_account: true })
          : makeStatus(
              { can_apply: true, reason: 'premium', display: 'premium' },
              { state: 'active', source: 'payment', current_period_end: '2027-05-02T09:00:00.000Z', has_billing_account: true },
            );
      },
      {},
      '/subscription?checkout=success',
      { confirmPolling: { everyMs: 20, forMs: 5_000 } },
    );
    expect(await screen.findByText('Thank you. Your payment is being confirmed…')).toBeInTheDocument();
    expect(await screen.findByText('Payment confirmed: your subscription is active.')).toBeInTheDocument();
    expect((await statusCard()).getByText(/renews on May 2, 2027/)).toBeInTheDocument();
    const calls = callsTo(fetchMock, 'GET', '/api/subscription');
    expect(calls).toBe(3);
    // Once active it stops asking.
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(callsTo(fetchMock, 'GET', '/api/subscription')).toBe(calls);
  });

  it('stops asking after the wait and offers to check again', async () => {
    const user = userEvent.setup();
    let active = false;
    const { fetchMock } = setup(
      () =>
        active
          ? makeStatus(
              { can_apply: true, reason: 'premium', display: 'premium' },
              { state: 'active', source: 'payment', current_period_end: '2027-05-02T09:00:00.000Z', has_billing_account: true },
            )
          : makeStatus({}, { state: 'checkout_pending', has_billing_account: true }),
      {},
      '/subscription?checkout=success',
      { confirmPolling: { everyMs: 20, forMs: 150 } },
    );
    expect(await screen.findByText('Your payment has not been confirmed yet. This can take a few minutes; check again shortly.')).toBeInTheDocument();
    const asked = callsTo(fetchMock, 'GET', '/api/subscription');
    expect(asked).toBeGreaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(callsTo(fetchMock, 'GET', '/api/subscription')).toBe(asked);

    active = true;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Payment confirmed: your subscription is active.')).toBeInTheDocument();
  });
});
