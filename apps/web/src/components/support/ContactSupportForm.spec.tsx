import { beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fieldErrorOf } from '../../testing/field-error';
import { makeUser } from '../../testing/user-fixture';
import { tokenStore } from '../../lib/token-store';
import { fakeApi, makeTicket, type Call } from '../../testing/ticket-fixtures';
import { ContactSupportForm } from './ContactSupportForm';

const SUBJECT_TOO_SHORT = 'Please give a subject of at least 5 characters';
const DESCRIPTION_TOO_SHORT = 'Please describe the problem in at least 10 characters';

/** The signed-in member's API: opening a ticket answers `open` (a new ticket when not given). */
const memberApi = (open?: { status: number; body: unknown }): Call[] =>
  fakeApi(({ url, method, body }) => {
    if (url === '/api/auth/me') return { body: makeUser() };
    if (url === '/api/support/tickets' && method === 'POST') {
      const { title, description } = body as { title: string; description: string };
      return open ?? { status: 201, body: { message: 'Your ticket is open.', ticket: makeTicket({ title, description }) } };
    }
    return undefined;
  });

const renderForm = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ContactSupportForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );

// The labels wrap their field's message, so a field is found by how its label starts.
const subjectField = () => screen.getByLabelText(/^Subject/);
const descriptionField = () => screen.getByLabelText(/^How can we help\?/);
const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST');

describe('ContactSupportForm', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it('clears each message as soon as its field is fixed, before sending again, and keeps the others', async () => {
    const calls = memberApi();
    const user = userEvent.setup();
    renderForm();
    const subject = subjectField();
    const description = descriptionField();
    expect(fieldErrorOf(subject)).toBeUndefined();
    expect(subject).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Send to support' }));
    expect(fieldErrorOf(subject)).toBe(SUBJECT_TOO_SHORT);
    expect(fieldErrorOf(description)).toBe(DESCRIPTION_TOO_SHORT);

    // A subject long enough: its message goes at once; the description, still short, keeps its own.
    await user.type(subject, 'Photo upload');
    expect(screen.queryByText(SUBJECT_TOO_SHORT)).toBeNull();
    expect(subject).not.toHaveAttribute('aria-invalid');
    await user.type(description, 'It fails');
    expect(fieldErrorOf(description)).toBe(DESCRIPTION_TOO_SHORT);
    expect(description).toHaveAttribute('aria-invalid', 'true');

    await user.type(description, ' at 90%.');
    expect(screen.queryByText(DESCRIPTION_TOO_SHORT)).toBeNull();
    expect(description).not.toHaveAttribute('aria-invalid');
    expect(posts(calls)).toEqual([]);

    // Spaces only are no subject: the message is back without a submit.
    await user.clear(subject);
    await user.type(subject, '      ');
    expect(fieldErrorOf(subject)).toBe(SUBJECT_TOO_SHORT);
  });

  it('sends the ticket, and offers an empty form with no messages to contact support again', async () => {
    const calls = memberApi();
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Send to support' }));
    await user.type(subjectField(), 'Photo upload');
    await user.type(descriptionField(), 'It stops at 90% every time.');
    await user.selectOptions(screen.getByLabelText('Priority'), 'high');
    await user.click(screen.getByRole('button', { name: 'Send to support' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your ticket is open');
    expect(posts(calls).map((call) => call.body)).toEqual([{ title: 'Photo upload', description: 'It stops at 90% every time.', priority: 'high' }]);

    await user.click(screen.getByRole('button', { name: 'Contact support again' }));
    expect(subjectField()).toHaveValue('');
    expect(screen.getByLabelText('Priority')).toHaveValue('medium');
    expect(fieldErrorOf(subjectField())).toBeUndefined();
    expect(fieldErrorOf(descriptionField())).toBeUndefined();
  });

  it('shows the server’s refusal until the next submit, and a field it names until that field changes', async () => {
    memberApi({ status: 400, body: { error: 'Some fields are not valid', code: 'VALIDATION_ERROR', details: [{ path: 'title', message: 'This subject is not allowed' }] } });
    const user = userEvent.setup();
    renderForm();
    const subject = subjectField();
    await user.type(subject, 'Photo upload');
    await user.type(descriptionField(), 'It stops at 90% every time.');
    await user.click(screen.getByRole('button', { name: 'Send to support' }));
    expect(await screen.findByText('Some fields are not valid')).toBeTruthy();
    expect(fieldErrorOf(subject)).toBe('This subject is not allowed');

    await user.type(subject, 's');
    expect(fieldErrorOf(subject)).toBeUndefined();
    expect(screen.getByText('Some fields are not valid')).toBeTruthy();

    await user.clear(descriptionField());
    await user.click(screen.getByRole('button', { name: 'Send to support' }));
    expect(screen.queryByText('Some fields are not valid')).toBeNull();
    expect(fieldErrorOf(descriptionField())).toBe(DESCRIPTION_TOO_SHORT);
  });
});
