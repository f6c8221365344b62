import type { VerificationStatus } from '@crew/contracts';
import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { TrustIndicator } from './TrustIndicator';

const CHECKS = [
  ['email_verified', 'Email address confirmed'],
  ['phone_verified', 'Phone number verified'],
  ['profile_photo', 'Profile photo added'],
  ['emergency_contact', 'Emergency contact added'],
  ['sailing_experience', 'Sailing experience filled in or logged'],
  ['identity_verified', 'Identity checked by our team'],
] as const;

const status = (
  done: readonly string[],
  level: VerificationStatus['verification_level'],
  label: string,
  phone: VerificationStatus['phone_verification'] = { available: true, has_phone_number: false },
): VerificationStatus => ({
  verification_level: level,
  verification_label: label,
  verification_points: done.length,
  max_points: 6,
  checks: CHECKS.map(([key, text]) => ({ key, label: text, done: done.includes(key) })),
  verifications: {
    email_verified: done.includes('email_verified'),
    profile_photo: done.includes('profile_photo'),
    emergency_contact: done.includes('emergency_contact'),
    sailing_experience: done.includes('sailing_experience'),
    phone_verified: done.includes('phone_verified'),
    identity_verified: done.includes('identity_verified'),
    sailing_log_verified: done.includes('sailing_log_verified'),
  },
  phone_verification: phone,
});

const renderWith = (body: VerificationStatus) => {
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => body }) as Response) as unknown as typeof fetch;
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TrustIndicator />
    </QueryClientProvider>,
  );
};

describe('TrustIndicator', () => {
  it('shows the level the API named, its points, and exactly as many ticks as points', async () => {
    renderWith(status(['email_verified', 'profile_photo', 'emergency_contact', 'sailing_experience'], 'established', 'Established'));
    expect(await screen.findByRole('heading', { name: 'Trust level: Established' })).toBeInTheDocument();
    expect(screen.getByText(/4 \/ 6 points/)).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Trust checks' })).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    const ticked = items.filter((item) => item.getAttribute('data-met') === 'true');
    expect(ticked).toHaveLength(4);
    expect(items.filter((item) => item.getAttribute('data-met') === 'false').map((item) => item.textContent)).toEqual([
      'Phone number verified (not yet)',
      'Identity checked by our team (not yet)',
    ]);
    // Four points without an identity check never read "Verified".
    expect(screen.queryByText('Verified')).toBeNull();
    expect(
      screen.getByText(
        'Identity checks are made by our team outside Crew Finder (an official photo document seen on a video call, for instance); to ask for one, contact support. A checked identity earns the identity point and the Verified level.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/coming soon/i)).toBeNull();
  });

  it('says "Verified" when the API says the identity was checked', async () => {
    renderWith(status(['email_verified', 'identity_verified'], 'verified', 'Verified'));
    expect(await screen.findByRole('heading', { name: 'Trust level: Verified' })).toBeInTheDocument();
    expect(screen.getByText(/2 \/ 6 points/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Trust checks' }))
        .getAllByRole('listitem')
        .filter((item) => item.getAttribute('data-met') === 'true'),
    ).toHaveLength(2);
  });
});

describe('TrustIndicator: the phone check', () => {
  /** Answers by path: the verification status, then whatever the phone routes answer. */
  const serve = (answers: Record<string, () => { status: number; body: unknown }>) => {
    const fetchMock = jest.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
      const url = String(input);
      const key = Object.keys(answers).find((path) => url.endsWith(path))!;
      const { status: code, body } = answers[key]!();
      return { ok: code < 400, status: code, json: async () => body, headers: new Headers() } as Response;
    });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <TrustIndicator />
      </QueryClientProvider>,
    );
    return fetchMock;
  };

  it('says phone verification is not available where the site sends no text messages, and offers nothing', async () => {
    serve({
      '/api/profile/verification-status': () => ({
        status: 200,
        body: status(['email_verified'], 'email_confirmed', 'Email confirmed', { available: false, has_phone_number: true }),
      }),
    });
    expect(await screen.findByText('Phone verification is not available on this site.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify phone' })).toBeNull();
  });

  it('asks for a phone number first when the profile has none', async () => {
    serve({ '/api/profile/verification-status': () => ({ status: 200, body: status([], 'new', 'New member') }) });
    expect(await screen.findByText('Add a phone number under Basic Info to verify it with a code by text message.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify phone' })).toBeNull();
  });

  it('sends a code, shows a wrong code refused with tries left, and shows the badge once confirmed', async () => {
    let verified = false;
    let tries = 0;
    const fetchMock = serve({
      '/api/profile/verification-status': () => ({
        status: 200,
        body: status(verified ? ['phone_verified'] : [], 'new', 'New member', { available: true, has_phone_number: true }),
      }),
      '/api/profile/phone/verification': () => ({
        status: 200,
        body: { message: 'We sent a 6-digit code to +•••••••456. It works for 10 minutes.', sent_to: '+•••••••456', expires_at: '2026-06-01T09:10:00Z', resend_after_seconds: 60 },
      }),
      '/api/profile/phone/verification/confirm': () => {
        tries++;
        if (tries === 1) return { status: 422, body: { error: 'That code is not right. 4 tries left.', code: 'PHONE_CODE_INVALID', tries_left: 4 } };
        verified = true;
        return { status: 200, body: { phone_verified: true, message: 'Your phone number is verified' } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Verify phone' }));
    expect(await screen.findByText('We sent a 6-digit code to +•••••••456. It works for 10 minutes.')).toBeInTheDocument();
    const input = screen.getByLabelText('Verification code');
    const submit = screen.getByRole('button', { name: 'Confirm code' });
    expect(submit).toBeDisabled();
    fireEvent.change(input, { target: { value: '111111' } });
    fireEvent.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right. 4 tries left.');
    fireEvent.change(input, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    expect(await screen.findByTestId('phone-badge')).toHaveTextContent('Phone verified');
    const confirmCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/confirm'));
    expect(JSON.parse(String(confirmCall?.[1]?.body))).toEqual({ code: '111111' });
  });
});
