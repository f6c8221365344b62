import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { fieldErrorOf } from '../../../testing/field-error';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeUser } from '../../../testing/user-fixture';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { LoginPage } from './LoginPage';
import { PASSWORD_CHECKLIST, PASSWORD_MESSAGES } from '@crew/contracts';
import { RegisterPage } from './RegisterPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { VerifyEmailPage } from './VerifyEmailPage';

const wrap = (children: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('auth forms: field errors follow the fields', () => {
  it('sign in: the email and password errors go as each is filled in', async () => {
    const user = userEvent.setup();
    wrap(<LoginPage />);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(fieldErrorOf(email)).toEqual(expect.any(String));
    expect(fieldErrorOf(password)).toEqual(expect.any(String));
    await user.type(email, 'grace@crew.test');
    expect(fieldErrorOf(email)).toBeUndefined();
    expect(fieldErrorOf(password)).toEqual(expect.any(String));
    await user.type(password, 'kingfisher');
    expect(fieldErrorOf(password)).toBeUndefined();
  });

  it('register: every error clears as its field becomes valid, and no account type is chosen for the user', async () => {
    const user = userEvent.setup();
    wrap(<RegisterPage />);
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    expect(screen.getByRole('checkbox')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const first = screen.getByLabelText('First name');
    const password = screen.getByLabelText('Password');
    expect(fieldErrorOf(first)).toEqual(expect.any(String));
    expect(screen.getByText('Please accept the Terms of Service and Privacy Policy to continue')).toBeInTheDocument();
    await user.type(first, 'Grace');
    expect(fieldErrorOf(first)).toBeUndefined();
    await user.type(password, 'abc');
    expect(fieldErrorOf(password)).toEqual(expect.any(String));
    // Long enough, but a run of the alphabet: the contracts' rule says so before anything is sent.
    await user.type(password, 'def');
    expect(fieldErrorOf(password)).toBe(PASSWORD_MESSAGES.pattern);
    await user.type(password, '-sail');
    expect(fieldErrorOf(password)).toBeUndefined();
    await user.click(screen.getByRole('checkbox'));
    expect(screen.queryByText('Please accept the Terms of Service and Privacy Policy to continue')).toBeNull();
  });

  it("register: the server's common-password refusal shows under the password until it is changed", async () => {
    const user = userEvent.setup();
    globalThis.fetch = jest.fn(async () => ({
      ok: false,
      status: 400,
      json: async () => ({ error: PASSWORD_MESSAGES.common, code: 'VALIDATION_FAILED', details: [{ path: 'password', message: PASSWORD_MESSAGES.common }] }),
    })) as unknown as typeof fetch;
    wrap(<RegisterPage />);
    await user.type(screen.getByLabelText('First name'), 'Grace');
    await user.type(screen.getByLabelText('Last name'), 'Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@crew.test');
    const password = screen.getByLabelText('Password');
    await user.type(password, 'password1');
    await user.click(screen.getByRole('radio', { name: /Crew Member/ }));
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.common, { selector: '.field__error' })).toBeInTheDocument();
    expect(fieldErrorOf(password)).toBe(PASSWORD_MESSAGES.common);
    await user.type(password, 'x');
    expect(fieldErrorOf(password)).toBeUndefined();
  });

  it('forgot password: the email error clears once the address is valid', async () => {
    const user = userEvent.setup();
    wrap(<ForgotPasswordPage />);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const email = screen.getByLabelText('Email');
    expect(fieldErrorOf(email)).toEqual(expect.any(String));
    await user.type(email, 'grace@crew.test');
    expect(fieldErrorOf(email)).toBeUndefined();
  });
});

describe('signing in', () => {
  it('takes an administrator to /admin', async () => {
    const user = userEvent.setup();
    const admin = makeUser({ user_type: 'admin', is_admin: true });
    globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ access_token: 'token-1', user: admin }) })) as unknown as typeof fetch;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/login']}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/admin" element={<p>admin screen</p>} />
            <Route path="/dashboard" element={<p>dashboard screen</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText('Email'), 'admin@crew.test');
    await user.type(screen.getByLabelText('Password'), 'harbour-master-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('admin screen')).toBeInTheDocument();
  });
});

describe('resetting a password', () => {
  it('shows the registration rule as its checklist, and takes a six-character password without digits', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    globalThis.fetch = jest.fn(async (url: string, init?: { body?: string }) => {
      if (url.includes('verify-reset-token')) return { ok: true, status: 200, json: async () => ({ valid: true, email: 'grace@crew.test' }) };
      sent.push(JSON.parse(init?.body ?? '{}'));
      return { ok: true, status: 200, json: async () => ({ message: 'Your password has been reset.' }) };
    }) as unknown as typeof fetch;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/reset-password?token=reset-1']}>
          <Routes>
            <Route path="/reset-password" element={<ResetPasswordPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const checklist = await screen.findByRole('list', { name: 'Password requirements' });
    expect(
      within(checklist)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(PASSWORD_CHECKLIST.map((rule) => rule.label));
    expect(checklist.textContent).not.toMatch(/8 characters|letters|numbers/);
    const submit = screen.getByRole('button', { name: 'Reset password' });
    await user.type(screen.getByLabelText('New password'), 'qwerty');
    await user.type(screen.getByLabelText('Confirm new password'), 'qwerty');
    expect(submit).toBeDisabled();
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('New password'), 'harbour');
    await user.type(screen.getByLabelText('Confirm new password'), 'harbour');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(sent).toEqual([{ token: 'reset-1', password: 'harbour' }]);
  });
});

describe('opening a verification link again', () => {
  it('says the address is already verified and offers sign-in, not a failure', async () => {
    globalThis.fetch = jest.fn(async () => ({
      ok: false,
      status: 409,
      json: async () => ({ error: 'This email address is already verified. Sign in to continue.', code: 'EMAIL_ALREADY_VERIFIED' }),
    })) as unknown as typeof fetch;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/verify-email?token=used-1']}>
          <Routes>
            <Route path="/verify-email" element={<VerifyEmailPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Email already verified' })).toBeInTheDocument();
    expect(screen.getByText('This email address is already verified. Sign in to continue.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText(/Verification failed/)).toBeNull();
  });
});
