import type { VerificationStatus } from '@crew/contracts';
import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { TrustIndicator } from './TrustIndicator';

const CHECKS = [
  ['email_verified', 'Email address confirmed'],
  ['profile_photo', 'Profile photo added'],
  ['emergency_contact', 'Emergency contact added'],
  ['sailing_experience', 'Sailing experience filled in'],
  ['sailing_log_verified', 'A voyage in the verified sailing log'],
  ['identity_verified', 'Identity checked by our team'],
] as const;

const status = (done: readonly string[], level: VerificationStatus['verification_level'], label: string): VerificationStatus => ({
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
    phone_verified: false,
    identity_verified: done.includes('identity_verified'),
    sailing_log_verified: done.includes('sailing_log_verified'),
  },
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
    renderWith(status(['email_verified', 'profile_photo', 'emergency_contact', 'sailing_experience', 'sailing_log_verified'], 'established', 'Established'));
    expect(await screen.findByRole('heading', { name: 'Trust level: Established' })).toBeInTheDocument();
    expect(screen.getByText(/5 \/ 6 points/)).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Trust checks' })).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    const ticked = items.filter((item) => item.getAttribute('data-met') === 'true');
    expect(ticked).toHaveLength(5);
    expect(items.find((item) => item.getAttribute('data-met') === 'false')).toHaveTextContent('Identity checked by our team');
    // Five points without an identity check never read "Verified".
    expect(screen.queryByText('Verified')).toBeNull();
    expect(
      screen.getByText(
        'Identity checks are made by our team outside Crew Finder (an official photo document seen on a video call, for instance); to ask for one, contact support. A checked identity earns the identity point and the Verified level.',
      ),
    ).toBeInTheDocument();
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
