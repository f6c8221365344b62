import type { AdminUser } from '@crew/contracts';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStore } from '../../../lib/token-store';
import { fakeApi } from '../../../testing/ticket-fixtures';
import { UserEmailDialog } from './users-dialogs';

const GRACE: AdminUser = {
  id: 'u-grace',
  first_name: 'Grace',
  last_name: 'OMalley',
  email: 'grace@crew.test',
  user_type: 'crew',
  is_admin: false,
  profile_photo_url: null,
  phone_number: null,
  email_verified: true,
  identity_verified: false,
  profile_complete: true,
  profile_completion: { complete: false, missing: ['photo', 'phone'] },
  suspension: null,
  created_at: '2026-01-10T09:00:00.000Z',
  subscription_status: null,
  subscription_start_date: null,
  subscription_end_date: null,
  stripe_customer_id: null,
  subscription: 'free',
};

const renderDialog = (onDone: (message: string, ok: boolean) => void = jest.fn()) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <UserEmailDialog user={GRACE} onClose={jest.fn()} onDone={onDone} />
    </QueryClientProvider>,
  );

describe('the send email dialog', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it('says what is missing on submit, and the message goes as soon as both are filled', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(() => ({ body: { message: 'Email queued', recipient: GRACE.email } }));
    const onDone = jest.fn();
    renderDialog(onDone);
    const dialog = within(screen.getByRole('dialog', { name: 'Send email to Grace OMalley' }));
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Send email' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Please enter a subject and a message');
    await user.type(dialog.getByLabelText('Subject'), 'Your profile');
    expect(dialog.getByRole('alert')).toHaveTextContent('Please enter a subject and a message');
    await user.type(dialog.getByLabelText('Message'), 'Please add a photo.');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.click(dialog.getByRole('button', { name: 'Send email' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Email sent to grace@crew.test', true));
    expect(calls).toEqual([
      { url: '/api/admin/users/u-grace/send-email', method: 'POST', body: { template: 'admin_contact', subject: 'Your profile', message: 'Please add a photo.' } },
    ]);
  });

  it('keeps a failed send apart from the fields, and drops it on the next attempt', async () => {
    const user = userEvent.setup();
    fakeApi(() => ({ status: 422, body: { error: 'Mail is off', code: 'X' } }));
    renderDialog();
    const dialog = within(screen.getByRole('dialog'));
    await user.type(dialog.getByLabelText('Subject'), 'Your profile');
    await user.type(dialog.getByLabelText('Message'), 'Please add a photo.');
    await user.click(dialog.getByRole('button', { name: 'Send email' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Failed to send email');

    await user.clear(dialog.getByLabelText('Message'));
    await user.click(dialog.getByRole('button', { name: 'Send email' }));
    expect(dialog.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Please enter a subject and a message']);
  });
});
