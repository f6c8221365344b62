import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { tokenStore } from '../../../lib/token-store';
import { ConfirmEmailChangePage } from './ConfirmEmailChangePage';
import { UndoEmailChangePage } from './UndoEmailChangePage';

/** The page at `url`, the API answering every request with `status` and `body`; returns what was sent. */
function open(url: string, page: ReactNode, status: number, body: unknown) {
  const sent: { path: string; body: unknown }[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ path: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return { ok: status < 400, status, json: async () => body } as Response;
  }) as unknown as typeof fetch;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={new URL(url, 'http://localhost').pathname} element={page} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return sent;
}

describe('email change links', () => {
  beforeEach(() => tokenStore.clear());

  it('the confirmation link switches the address and says so', async () => {
    const sent = open('/confirm-email-change?token=abc', <ConfirmEmailChangePage />, 200, {
      message: 'Your email address is now grace@new.test. Use it to sign in from now on.',
      email: 'grace@new.test',
    });
    expect(await screen.findByText('Your email address is now grace@new.test. Use it to sign in from now on.')).toBeInTheDocument();
    expect(sent).toEqual([{ path: '/api/auth/confirm-email-change', body: { token: 'abc' } }]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('a confirmation refused because the address was taken shows why', async () => {
    open('/confirm-email-change?token=abc', <ConfirmEmailChangePage />, 409, {
      error: 'Another account now uses this email address, so your address was not changed.',
      code: 'EMAIL_TAKEN',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Another account now uses this email address, so your address was not changed.');
  });

  it('the undo link signs this browser out and leads on to choosing a new password', async () => {
    tokenStore.set('stolen-session');
    const sent = open('/undo-email-change?token=undo-1', <UndoEmailChangePage />, 200, {
      message: 'The email change is undone: your account uses grace@crew.test again and every session is signed out. Choose a new password now.',
      email: 'grace@crew.test',
      reset_token: 'reset-1',
    });
    expect(await screen.findByText(/The email change is undone/)).toBeInTheDocument();
    expect(sent).toEqual([{ path: '/api/auth/undo-email-change', body: { token: 'undo-1' } }]);
    expect(screen.getByRole('link', { name: 'Choose a new password' })).toHaveAttribute('href', '/reset-password?token=reset-1');
    expect(tokenStore.get()).toBeNull();
  });
});
