import { beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStore } from '../../../lib/token-store';
import { fakeApi, WELCOME_TEMPLATE } from '../../../testing/ticket-fixtures';
import { SupportCommunicationsTab } from './support-communications';

describe('the email template editor', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it('checks the template on the contract after the first save, clears the message as it is fixed, and keeps the refusal until the next save', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const calls = fakeApi(({ url, method }) => {
      if (url === '/api/admin/support/email-templates' && method === 'GET') return { body: { templates: [WELCOME_TEMPLATE] } };
      if (url === '/api/admin/support/communications/recent') return { body: { communications: [] } };
      if (url === '/api/admin/support/email-templates/welcome' && method === 'PUT') {
        if (refuse) return { status: 400, body: { error: 'Validation failed', code: 'VALIDATION_ERROR', details: [{ path: 'body', message: 'Unknown variable {{lastName}}' }] } };
        return { body: { message: 'Saved', template: { ...WELCOME_TEMPLATE, customized: true } } };
      }
      return undefined;
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SupportCommunicationsTab />
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Welcome' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit template: Welcome' }));
    const subject = dialog.getByLabelText('Subject');
    await user.clear(subject);
    expect(dialog.queryByText('Subject is required')).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Save template' }));
    expect(await dialog.findByText('Subject is required')).toBeInTheDocument();
    expect(subject).toHaveAccessibleDescription('Subject is required');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.type(subject, 'Welcome to Crew Finder');
    await waitFor(() => expect(dialog.queryByText('Subject is required')).not.toBeInTheDocument());

    await user.click(dialog.getByRole('button', { name: 'Save template' }));
    expect(await dialog.findByText('Unknown variable {{lastName}}')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Message/)).toHaveAccessibleDescription('Unknown variable {{lastName}}');
    await user.type(subject, '!');
    expect(dialog.getByText('Unknown variable {{lastName}}')).toBeInTheDocument();
    refuse = false;
    await user.click(dialog.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit template: Welcome' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { subject: 'Welcome to Crew Finder', body: WELCOME_TEMPLATE.body, action_label: 'Find a voyage', action_url: '/voyages' },
      { subject: 'Welcome to Crew Finder!', body: WELCOME_TEMPLATE.body, action_label: 'Find a voyage', action_url: '/voyages' },
    ]);
  });
});
