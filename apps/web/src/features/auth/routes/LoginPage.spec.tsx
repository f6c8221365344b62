import { SIGN_IN_LINK_MESSAGE } from '@crew/contracts';
import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeUser } from '../../../testing/user-fixture';
import { LoginPage } from './LoginPage';
import { SignInLinkPage } from './SignInLinkPage';

const json = (status: number, body: unknown) => ({ ok: status < 400, status, json: async () => body });

/** Renders the page and submits it with this password. */
async function signInWith(password: string, from?: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <MemoryRouter initialEntries={[{ pathname: '/login', state: from ? { from } : null }]}>
        <LoginPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'owner@crew.test');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('LoginPage', () => {
  it('offers a one-time sign-in link by email when the server throttles password sign-in', async () => {
    const calls: { url: string; body: unknown }[] = [];
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (url.endsWith('/api/auth/login')) {
        return json(429, {
          error: 'Too many failed sign-in attempts. Please wait 15 minutes and try again, or sign in with a link sent to your email.',
          code: 'TOO_MANY_ATTEMPTS',
        });
      }
      return json(200, { message: SIGN_IN_LINK_MESSAGE });
    }) as unknown as typeof fetch;
    const user = await signInWith('my-pass-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed sign-in attempts');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText(SIGN_IN_LINK_MESSAGE)).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ url: expect.stringContaining('/api/auth/sign-in-link'), body: { email: 'owner@crew.test' } });
  });

  it('asks for the link to bring the member back to the page they were going to', async () => {
    const calls: { url: string; body: unknown }[] = [];
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (url.endsWith('/api/auth/login')) return json(429, { error: 'Too many failed sign-in attempts.', code: 'TOO_MANY_ATTEMPTS' });
      return json(200, { message: SIGN_IN_LINK_MESSAGE });
    }) as unknown as typeof fetch;
    const user = await signInWith('my-pass-1', '/voyages/v1?from=map');
    await user.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }));
    await screen.findByText(SIGN_IN_LINK_MESSAGE);
    expect(calls.at(-1)).toEqual({ url: expect.stringContaining('/api/auth/sign-in-link'), body: { email: 'owner@crew.test', next: '/voyages/v1?from=map' } });
  });

  it('does not offer the link for a plain wrong password', async () => {
    globalThis.fetch = jest.fn(async () => json(401, { error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' })) as unknown as typeof fetch;
    await signInWith('wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.queryByRole('button', { name: 'Email me a sign-in link' })).not.toBeInTheDocument();
  });
});

describe('SignInLinkPage', () => {
  const openLink = (url: string) => {
    globalThis.fetch = jest.fn(async () => json(200, { access_token: 'token-1', user: makeUser({ user_type: 'crew' }) })) as unknown as typeof fetch;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/sign-in-link" element={<SignInLinkPage />} />
            <Route path="/voyages/:id" element={<p>voyage screen</p>} />
            <Route path="/dashboard" element={<p>dashboard screen</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  };

  it('returns the member to the page the link carries', async () => {
    openLink(`/sign-in-link?token=t1&next=${encodeURIComponent('/voyages/v1')}`);
    expect(await screen.findByText('voyage screen')).toBeInTheDocument();
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example'])('never follows %s off the site: the start page instead', async (next) => {
    openLink(`/sign-in-link?token=t1&next=${encodeURIComponent(next)}`);
    expect(await screen.findByText('dashboard screen')).toBeInTheDocument();
  });
});
