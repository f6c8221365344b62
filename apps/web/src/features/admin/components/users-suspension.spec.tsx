import type { AdminUser } from '@crew/contracts';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStore } from '../../../lib/token-store';
import { fieldErrorOf } from '../../../testing/field-error';
import { fakeApi } from '../../../testing/ticket-fixtures';
import { accountStatus, canHoldPremium, UserSuspensionDialog } from './users-dialogs';

const MEMBER: AdminUser = {
  id: 'u-robin',
  first_name: 'Robin',
  last_name: 'Knox',
  email: 'robin@crew.test',
  user_type: 'skipper',
  is_admin: false,
  profile_photo_url: null,
  phone_number: null,
  email_verified: true,
  identity_verified: false,
  profile_complete: false,
  profile_completion: { complete: false, missing: ['photo', 'emergency_contact'] },
  suspension: null,
  created_at: '2026-01-10T09:00:00.000Z',
  subscription_status: null,
  subscription_start_date: null,
  subscription_end_date: null,
  stripe_customer_id: null,
  subscription: 'free',
};
const SUSPENDED: AdminUser = { ...MEMBER, suspension: { suspended_at: '2026-03-01T10:00:00.000Z', reason: 'Fake listings', suspended_by: 'a1', suspended_by_name: 'Ada Admiral' } };

const renderDialog = (user: AdminUser, action: 'suspend' | 'reinstate', onDone = jest.fn()) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <UserSuspensionDialog user={user} action={action} onClose={jest.fn()} onDone={onDone} />
    </QueryClientProvider>,
  );

describe('the suspend and reinstate dialogs', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it('needs a reason to suspend, says what suspension does, and sends the reason', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(() => ({ body: { message: 'Account suspended', user: SUSPENDED } }));
    const onDone = jest.fn();
    renderDialog(MEMBER, 'suspend', onDone);
    const dialog = within(screen.getByRole('alertdialog', { name: 'Suspend Robin Knox?' }));
    expect(dialog.getByText(/signed out everywhere and cannot sign in, and their voyages leave browse/)).toBeInTheDocument();
    const reason = dialog.getByLabelText('Reason (sent to the member)');
    await user.click(dialog.getByRole('button', { name: 'Suspend account' }));
    expect(fieldErrorOf(reason)).toBe('Please give a reason');
    expect(calls).toEqual([]);
    await user.type(reason, 'Listings that misled crew');
    expect(fieldErrorOf(reason)).toBeUndefined();
    await user.click(dialog.getByRole('button', { name: 'Suspend account' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Robin Knox is suspended and has been emailed the reason', true));
    expect(calls).toEqual([{ url: '/api/admin/users/u-robin/suspend', method: 'POST', body: { reason: 'Listings that misled crew' } }]);
  });

  it('reinstates with an optional note, and shows a refusal from the server', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(() => ({ status: 409, body: { error: 'This account is not suspended', code: 'NOT_SUSPENDED' } }));
    renderDialog(SUSPENDED, 'reinstate');
    const dialog = within(screen.getByRole('alertdialog', { name: 'Reinstate Robin Knox?' }));
    await user.click(dialog.getByRole('button', { name: 'Reinstate account' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This account is not suspended');
    expect(calls).toEqual([{ url: '/api/admin/users/u-robin/reinstate', method: 'POST', body: {} }]);
  });

  it('shows Suspended, or whether the profile is complete from what it holds; premium only for crew', () => {
    expect(accountStatus(SUSPENDED)).toMatchObject({ label: 'Suspended', detail: 'Fake listings' });
    expect(accountStatus(MEMBER)).toMatchObject({ label: 'Incomplete', detail: 'Missing: profile photo, emergency contact' });
    expect(accountStatus({ ...MEMBER, profile_completion: { complete: true, missing: [] } }).label).toBe('Complete');
    expect(canHoldPremium(MEMBER)).toBe(false);
    expect(canHoldPremium({ ...MEMBER, user_type: 'both' })).toBe(true);
    expect(canHoldPremium({ ...MEMBER, user_type: 'crew', is_admin: true })).toBe(false);
  });
});
