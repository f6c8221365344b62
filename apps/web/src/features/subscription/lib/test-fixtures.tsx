import { subscriptionStatusResponseSchema, type SubscriptionStatusResponse } from '@crew/contracts';
import { jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

/*
 * Test helpers for this feature: GET /api/subscription bodies checked against
 * the contract, a fetch mock routed by method and path, and a render with a
 * router and a fresh QueryClient.
 */

type Subscription = SubscriptionStatusResponse['subscription'];

/** A crew member on the free plan who needs a subscription to apply, unless overridden. */
export const makeStatus = (overrides: Partial<Omit<SubscriptionStatusResponse, 'subscription'>> = {}, subscription: Partial<Subscription> = {}): SubscriptionStatusResponse =>
  subscriptionStatusResponseSchema.parse({
    can_apply: false,
    reason: 'subscription_required',
    // eslint-disable-next-line lingui/no-unlocalized-strings -- test data: the server's own explanation in a fixture only specs import, never shown by the app
    explanation: 'A crew subscription (£30 a year) is needed to apply for voyages, and your free trial has ended. Subscribe to apply.',
    next_step: 'subscribe',
    display: 'free',
    trial_ends_at: null,
    trial_days_left: null,
    price_gbp: 30,
    currency: 'GBP',
    payments_configured: true,
    monetization_enabled: true,
    ...overrides,
    subscription: {
      state: 'none',
      source: null,
      started_at: null,
      current_period_end: null,
      cancel_at_period_end: false,
      has_billing_account: false,
      ...subscription,
    },
  });

type Answer = { status: number; body: unknown };

/** Replaces global fetch with a router over (method, path); unknown calls answer 500 so a test notices. */
export function mockFetch(handler: (method: string, path: string) => Answer | undefined) {
  const fn = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const answer = handler(method, url.pathname) ?? { status: 500, body: { error: `unexpected ${method} ${url.pathname}`, code: 'TEST' } };
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, json: async () => answer.body } as Response;
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return fn;
}

/** How many times `method path` was called. */
export const callsTo = (fn: ReturnType<typeof mockFetch>, method: string, path: string): number =>
  fn.mock.calls.filter(([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === path).length;

/** `element` at `url`, with a router and a QueryClient that does not retry. */
export const renderAt = (url: string, path: string, element: ReactElement) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={element} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
