import type { EmailTemplate } from '@crew/contracts';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStore } from '../../../lib/token-store';
import { fakeApi, WELCOME_TEMPLATE } from '../../../testing/ticket-fixtures';
import { SupportCommunicationsTab } from './support-communications';

const FRENCH: EmailTemplate = { ...WELCOME_TEMPLATE, subject: 'Bienvenue à bord', body: 'Bonjour {{firstName}},\n\nBienvenue.', locale: 'fr' };
/** German has no version of its own: the API shows the English one, marked as a fallback. */
const GERMAN_FALLBACK: EmailTemplate = { ...WELCOME_TEMPLATE, customized: true, locale: 'de', fallback: true };

const TEMPLATES = '/api/admin/support/email-templates';

describe('the email templates in each language', () => {
  beforeEach(() => tokenStore.set('token-1'));

  it('lists, edits and saves the chosen language’s version, saying plainly when a language has none yet and starting from the English text', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(({ url, method }) => {
      if (url === TEMPLATES && method === 'GET') return { body: { templates: [WELCOME_TEMPLATE] } };
      if (url === `${TEMPLATES}?locale=fr` && method === 'GET') return { body: { templates: [FRENCH] } };
      if (url === `${TEMPLATES}?locale=de` && method === 'GET') return { body: { templates: [GERMAN_FALLBACK] } };
      if (url === `${TEMPLATES}/welcome?locale=de` && method === 'PUT') {
        return { body: { message: 'Saved', template: { ...GERMAN_FALLBACK, subject: 'Willkommen an Bord', fallback: false, customized: true } } };
      }
      if (url === `${TEMPLATES}/welcome/preview?locale=de` && method === 'POST') {
        return { body: { subject: 'Willkommen an Bord', text: 'Hallo Ada,\n\nWillkommen.', html: '<p>Hallo Ada</p>', sample: { firstName: 'Ada' } } };
      }
      if (url === '/api/admin/support/communications/recent') return { body: { communications: [] } };
      return undefined;
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SupportCommunicationsTab />
      </QueryClientProvider>,
    );
    const language = await screen.findByLabelText('Template language');
    expect(language).toHaveValue('en');
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Français', 'Deutsch', 'Español', 'Italiano']);
    await screen.findByRole('button', { name: 'Edit Welcome' });
    expect(screen.queryByText('No German version yet')).not.toBeInTheDocument();

    await user.selectOptions(language, 'de');
    expect(await screen.findByText('No German version yet')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'GET' && c.url === `${TEMPLATES}?locale=de`)).toBe(true);
    // The English text is edited, but German has no version of its own: nothing German to call edited.
    expect(screen.queryByText('Edited')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Welcome' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit template: Welcome' }));
    expect(dialog.getByLabelText('Template language')).toHaveValue('de');
    expect(dialog.getByText('No German version yet: members who read German get the English text until you save one.')).toBeInTheDocument();
    const subject = dialog.getByLabelText('Subject');
    expect(subject).toHaveValue('Welcome aboard');
    expect(dialog.queryByRole('button', { name: 'Restore original' })).not.toBeInTheDocument();

    await user.clear(subject);
    await user.type(subject, 'Willkommen an Bord');
    // Unsaved changes keep the editor on this language.
    expect(dialog.getByLabelText('Template language')).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: 'Preview' }));
    expect(await dialog.findByText('Hallo Ada,', { exact: false })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit template: Welcome' })).not.toBeInTheDocument());

    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => [c.method, c.url])).toEqual([
      ['POST', `${TEMPLATES}/welcome/preview?locale=de`],
      ['PUT', `${TEMPLATES}/welcome?locale=de`],
    ]);
    expect(writes[1]?.body).toEqual({ subject: 'Willkommen an Bord', body: WELCOME_TEMPLATE.body, action_label: 'Find a voyage', action_url: '/voyages' });
  });

  it('switches the open editor to another language’s version', async () => {
    const user = userEvent.setup();
    fakeApi(({ url, method }) => {
      if (url === TEMPLATES && method === 'GET') return { body: { templates: [WELCOME_TEMPLATE] } };
      if (url === `${TEMPLATES}?locale=fr` && method === 'GET') return { body: { templates: [FRENCH] } };
      if (url === '/api/admin/support/communications/recent') return { body: { communications: [] } };
      return undefined;
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SupportCommunicationsTab />
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Welcome' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit template: Welcome' }));
    expect(dialog.getByLabelText('Subject')).toHaveValue('Welcome aboard');

    await user.selectOptions(dialog.getByLabelText('Template language'), 'fr');
    await waitFor(() => expect(dialog.getByLabelText('Subject')).toHaveValue('Bienvenue à bord'));
    expect(dialog.queryByText(/No French version yet/)).not.toBeInTheDocument();
  });
});
