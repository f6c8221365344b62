import type { EmailTemplate } from '@crew/contracts';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStore } from '../../../lib/token-store';
import { fakeApi } from '../../../testing/ticket-fixtures';
import { CampaignDialog } from './support-communications';

const CAMPAIGN: EmailTemplate = {
  id: 'campaign',
  name: 'Email campaign',
  description: '',
  category: 'marketing',
  subject: '{{subject}}',
  body: 'Hello {{firstName}},\n\n{{message}}',
  action_label: null,
  action_url: null,
  variables: [],
  customized: false,
  updated_at: null,
  last_used: null,
  usage_count: 0,
};

const renderDialog = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CampaignDialog templates={[CAMPAIGN]} initialTemplate="campaign" onClose={jest.fn()} />
    </QueryClientProvider>,
  );

describe('the campaign dialog', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it('counts the chosen audience on the server, previews the mail and sends a test to the admin only', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(({ url, method }) => {
      if (url.startsWith('/api/admin/support/campaigns/audience-count')) {
        const audience = new URLSearchParams(url.split('?')[1]).get('audience');
        return { body: { audience, recipients: audience === 'crew' ? 51 : 74 } };
      }
      if (url === '/api/admin/support/campaigns/preview' && method === 'POST')
        return { body: { subject: 'Spring regatta', text: 'Hello Ada,\n\nJoin us in May.', html: '<p>Hello</p>' } };
      if (url === '/api/admin/support/campaigns/test-send' && method === 'POST') return { body: { message: 'Test sent to ada@crew.test', recipient: 'ada@crew.test' } };
      return undefined;
    });
    renderDialog();
    const dialog = within(screen.getByRole('dialog', { name: 'Send Email Campaign' }));
    expect(await dialog.findByText('Reaches 74 members now')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Send to 74 members' })).toBeInTheDocument();
    fireEvent.change(dialog.getByLabelText('Audience'), { target: { value: 'crew' } });
    expect(await dialog.findByText('Reaches 51 members now')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Send to 51 members' })).toBeInTheDocument();

    expect(dialog.getByRole('button', { name: 'Preview' })).toBeDisabled();
    await user.type(dialog.getByLabelText('Subject'), 'Spring regatta');
    await user.type(dialog.getByLabelText('Message'), 'Join us in May.');
    await user.click(dialog.getByRole('button', { name: 'Preview' }));
    const preview = await dialog.findByRole('region', { name: 'Campaign preview' });
    expect(preview).toHaveTextContent('Hello Ada,');
    await user.click(dialog.getByRole('button', { name: 'Send test to me' }));
    expect(await dialog.findByText('Test sent to ada@crew.test. It is not counted as a campaign.')).toBeInTheDocument();

    const draft = { subject: 'Spring regatta', template: 'campaign', message: 'Join us in May.' };
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        { url: '/api/admin/support/campaigns/preview', method: 'POST', body: draft },
        { url: '/api/admin/support/campaigns/test-send', method: 'POST', body: draft },
      ]),
    );
    expect(calls.some((c) => c.url.startsWith('/api/admin/support/send-campaign'))).toBe(false);
  });

  it('says what is missing only after the first send, clears each message as it is fixed, and keeps the refusal until the next send', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const calls = fakeApi(({ url, method }) => {
      if (url.startsWith('/api/admin/support/campaigns/audience-count')) return { body: { audience: 'all_users', recipients: 74 } };
      if (url === '/api/admin/support/send-campaign' && method === 'POST') {
        if (refuse) return { status: 400, body: { error: 'Validation failed', code: 'VALIDATION_ERROR', details: [{ path: 'subject', message: 'Subject may not contain that' }] } };
        return { body: { message: 'Campaign queued', campaign: {} } };
      }
      return undefined;
    });
    renderDialog();
    const dialog = within(screen.getByRole('dialog', { name: 'Send Email Campaign' }));
    const subject = dialog.getByLabelText('Subject');
    const message = dialog.getByLabelText('Message');
    await dialog.findByText('Reaches 74 members now');
    await user.type(subject, 'x');
    await user.clear(subject);
    expect(dialog.queryByText('Subject is required')).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Send to 74 members' }));
    expect(await dialog.findByText('Subject is required')).toBeInTheDocument();
    expect(dialog.getByText('Message is required')).toBeInTheDocument();
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    expect(subject).toHaveAccessibleDescription('Subject is required');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(subject, 'Spring regatta');
    await waitFor(() => expect(dialog.queryByText('Subject is required')).not.toBeInTheDocument());
    expect(dialog.getByText('Message is required')).toBeInTheDocument();
    await user.type(message, 'Join us in May.');
    await waitFor(() => expect(dialog.queryByText('Message is required')).not.toBeInTheDocument());

    await user.click(dialog.getByRole('button', { name: 'Send to 74 members' }));
    expect(await dialog.findByText('Subject may not contain that')).toBeInTheDocument();
    await user.type(message, ' Bring boots.');
    expect(dialog.getByText('Subject may not contain that')).toBeInTheDocument();
    refuse = false;
    await user.click(dialog.getByRole('button', { name: 'Send to 74 members' }));
    await waitFor(() => expect(dialog.queryByText('Subject may not contain that')).not.toBeInTheDocument());
    const sends = calls.filter((c) => c.url === '/api/admin/support/send-campaign');
    expect(sends.map((c) => c.body)).toEqual([
      { audience: 'all_users', subject: 'Spring regatta', template: 'campaign', message: 'Join us in May.' },
      { audience: 'all_users', subject: 'Spring regatta', template: 'campaign', message: 'Join us in May. Bring boots.' },
    ]);
  });
});
