import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PrivacyPage } from './PrivacyPage';
import { TermsPage } from './TermsPage';

const renderPage = (page: React.ReactNode) => render(<MemoryRouter>{page}</MemoryRouter>);
const text = () => document.body.textContent ?? '';

describe('TermsPage', () => {
  it('states the terms the product promises', () => {
    renderPage(<TermsPage />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Terms of Service']);
    expect(document.title).toBe('Terms of Service | Crew Finder');
    expect(screen.getByText(/Last updated/)).toHaveTextContent('Last updated July 23, 2025');
    for (const statement of [
      '£30 per year',
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
