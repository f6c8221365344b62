import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PrivacyPage } from './PrivacyPage';
import { TermsPage } from './TermsPage';
import { useLanguage } from '../../../testing/languages';

const renderPage = (page: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
/** GET /api/subscription/terms as the configuration says now. */
const answerTerms = (terms: Record<string, unknown>) => {
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => terms })) as unknown as typeof fetch;
};
const DEFAULT_TERMS = { price_gbp: 30, subscription_required: false, rollout_percentage: 0, free_trial_days: 30, payments_configured: false };
const text = () => document.body.textContent ?? '';

describe('TermsPage', () => {
  it('states the terms the product promises', async () => {
    answerTerms(DEFAULT_TERMS);
    renderPage(<TermsPage />);
    await screen.findByText(/per year/);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Terms of Service']);
    expect(document.title).toBe('Terms of Service | Crew Finder');
    expect(screen.getByText(/Last updated/)).toHaveTextContent('Last updated July 23, 2025');
    for (const statement of [
      '£30 per year',
      'At the moment no subscription is required',
      'renews automatically',
      'cancel at any time before the renewal date',
      'Skipper accounts are free',
      '18 or older',
      'arranged directly between skipper and crew',
      'within 30 days',
      'within 24 hours',
      'England and Wales',
    ]) {
      expect(text()).toContain(statement);
    }
  });
});

describe('TermsPage: the crew subscription as configured', () => {
  it('states the configured price and that a subscription is required once it is, never a beta that is not there', async () => {
    answerTerms({ price_gbp: 42.5, subscription_required: true, rollout_percentage: 50, free_trial_days: 14, payments_configured: true });
    renderPage(<TermsPage />);
    const statement = await screen.findByTestId('subscription-terms');
    await screen.findByText(/£42\.50 per year/);
    expect(statement).toHaveTextContent(
      'Crew accounts require a paid annual subscription of £42.50 per year to apply to voyages, paid by card through our payment provider. While it is being introduced, some crew accounts keep free access. New crew accounts can apply free for their first 14 days.',
    );
    expect(text()).not.toContain('£30');
    expect(text()).not.toMatch(/in beta/);
  });

  it('says applying is free while no subscription is required, at the configured price', async () => {
    answerTerms({ ...DEFAULT_TERMS, price_gbp: 25 });
    renderPage(<TermsPage />);
    expect(await screen.findByText(/£25 per year/)).toBeInTheDocument();
    expect(screen.getByTestId('subscription-terms')).toHaveTextContent('At the moment no subscription is required: applying to voyages is free for every crew member.');
  });
});

describe('PrivacyPage', () => {
  it('explains data, legal bases, cookies, retention and rights, with the data protection contact', () => {
    renderPage(<PrivacyPage />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Privacy Policy']);
    expect(screen.getByText(/Last updated/)).toHaveTextContent('Last updated July 23, 2025');
    for (const statement of ['UK GDPR', 'Essential storage is always on', 'only with your consent', 'within 30 days', '18 or older']) {
      expect(text()).toContain(statement);
    }
    expect(screen.getAllByRole('link', { name: 'privacy@crewfinder.app' })[0]).toHaveAttribute('href', 'mailto:privacy@crewfinder.app');
  });
});

describe('the legal pages in another language', () => {
  afterEach(() => useLanguage('en'));

  it('translates the headings and says, in that language, that the English text is binding', async () => {
    answerTerms(DEFAULT_TERMS);
    useLanguage('de', 'legal');
    renderPage(<TermsPage />);
    await screen.findByText(/per year/);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Nutzungsbedingungen']);
    expect(document.title).toBe('Nutzungsbedingungen | Crew Finder');
    expect(screen.getByText(/Zuletzt aktualisiert/)).toHaveTextContent('Zuletzt aktualisiert: 23. Juli 2025');
    expect(screen.getByRole('note')).toHaveTextContent('verbindlich ist allein die englische Fassung');
    expect(screen.getByRole('navigation', { name: 'Inhalt' })).toHaveTextContent('Wer Crew Finder nutzen darf');
    const heading = screen.getByRole('heading', { level: 2, name: '3. Crew-Abonnement' });
    // The binding text itself stays English, and says so to assistive technology.
    const text = heading.nextElementSibling;
    expect(text).toHaveAttribute('lang', 'en');
    expect(text).toHaveTextContent('£30 per year');
  });

  it('names the privacy tables in the reader’s language', () => {
    useLanguage('fr', 'legal');
    renderPage(<PrivacyPage />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Politique de confidentialité']);
    expect(screen.getByRole('region', { name: 'Finalités et bases légales' })).toHaveTextContent('Performance of our contract with you');
    expect(screen.getByRole('note')).toHaveTextContent('seule la version anglaise fait foi');
  });

  it('writes the configured price the English way inside the English text', async () => {
    answerTerms({ price_gbp: 1042.5, subscription_required: true, rollout_percentage: 100, free_trial_days: 0, payments_configured: true });
    useLanguage('fr', 'legal');
    renderPage(<TermsPage />);
    await screen.findByText(/per year/);
    expect(screen.getByTestId('subscription-terms')).toHaveTextContent('a paid annual subscription of £1,042.50 per year to apply to voyages');
  });

  it('shows no language notice in English', () => {
    renderPage(<PrivacyPage />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
