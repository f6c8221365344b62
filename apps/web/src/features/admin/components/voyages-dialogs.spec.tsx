import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { tokenStore } from '../../../lib/token-store';
import { fieldErrorOf } from '../../../testing/field-error';
import { fakeApi } from '../../../testing/ticket-fixtures';
import { VoyageActionDialog, VoyageContactDialog } from './voyages-dialogs';
import { adminVoyage } from './test-fixtures';

// Voyage ids are UUIDs (the contact request's voyage_id must be one).
const VOYAGE = adminVoyage({ id: '6b1f0c2e-4a7d-4e59-9c3b-2d8e5f1a7b90' });

const wrap = (children: ReactNode) => render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>);

describe('voyage dialogs: validation follows the fields', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it('suspend: "Reason is required" goes as soon as a reason is typed', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(() => ({ body: { message: 'Voyage suspended' } }));
    const onDone = jest.fn();
    wrap(<VoyageActionDialog voyage={VOYAGE} kind="suspend" onClose={jest.fn()} onDone={onDone} />);
    const dialog = within(screen.getByRole('alertdialog', { name: 'Suspend this voyage?' }));
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();

    const reason = dialog.getByLabelText('Reason');
    await user.click(dialog.getByRole('button', { name: 'Suspend voyage' }));
    expect(fieldErrorOf(reason)).toBe('Reason is required');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    await user.type(reason, 'Misleading listing');
    expect(fieldErrorOf(reason)).toBeUndefined();
    expect(reason).not.toHaveAttribute('aria-invalid');
    // Blank again: it says so at once.
    await user.clear(reason);
    expect(fieldErrorOf(reason)).toBe('Reason is required');
    await user.type(reason, 'Misleading listing');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.click(dialog.getByRole('button', { name: 'Suspend voyage' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('“Solent shakedown” suspended', true));
    expect(calls).toEqual([{ url: `/api/admin/voyages/${VOYAGE.id}/suspend`, method: 'POST', body: { reason: 'Misleading listing' } }]);
  });

  it('suspend: a failure from the server stays apart and goes on the next attempt', async () => {
    const user = userEvent.setup();
    fakeApi(() => ({ status: 409, body: { error: 'Already suspended', code: 'X' } }));
    wrap(<VoyageActionDialog voyage={VOYAGE} kind="suspend" onClose={jest.fn()} onDone={jest.fn()} />);
    const dialog = within(screen.getByRole('alertdialog'));
    await user.type(dialog.getByLabelText('Reason'), 'Misleading listing');
    await user.click(dialog.getByRole('button', { name: 'Suspend voyage' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Failed to suspend voyage');

    await user.clear(dialog.getByLabelText('Reason'));
    await user.click(dialog.getByRole('button', { name: 'Suspend voyage' }));
    // The refusal of the last attempt is gone; what is wrong now shows at the field.
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    expect(fieldErrorOf(dialog.getByLabelText('Reason'))).toBe('Reason is required');
  });

  it('contact skipper: "Please enter a subject and a message" goes as soon as both are filled', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(() => ({ body: { message: 'Email queued', recipient: 'robin@example.test' } }));
    const onDone = jest.fn();
    wrap(<VoyageContactDialog voyage={VOYAGE} onClose={jest.fn()} onDone={onDone} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Contact Robin Knox' }));
    const subject = dialog.getByLabelText('Subject');
    expect(subject).toHaveValue('About your voyage “Solent shakedown”');
    await user.clear(subject);

    await user.click(dialog.getByRole('button', { name: 'Send email' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Please enter a subject and a message');
    await user.type(dialog.getByLabelText('Message'), 'Please update the dates.');
    expect(dialog.getByRole('alert')).toHaveTextContent('Please enter a subject and a message');
    await user.type(subject, 'Your dates');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.click(dialog.getByRole('button', { name: 'Send email' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Email sent to robin@example.test', true));
    expect(calls).toEqual([
      {
        url: '/api/admin/users/s1/send-email',
        method: 'POST',
        body: { template: 'admin_voyage_contact', subject: 'Your dates', message: 'Please update the dates.', voyage_id: VOYAGE.id },
      },
    ]);
  });
});
