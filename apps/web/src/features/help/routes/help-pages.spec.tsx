import { afterEach, describe, expect, it } from '@jest/globals';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { helpArticlesQueryOptions, helpCategoriesQueryOptions } from '../../../api/help';
import { i18n } from '../../../i18n/i18n';
import { BUILT_IN_ARTICLES, FAQ_CATEGORIES } from '../content/faq';
import { GettingStartedPage } from './GettingStartedPage';
import { HelpPage } from './HelpPage';
import { SafetyPage } from './SafetyPage';
import { useLanguage } from '../../../testing/languages';

function CurrentUrl() {
  const location = useLocation();
  return <output data-testid="url">{location.pathname + location.search}</output>;
}

/** The built-in questions, in English. */
const FAQ = Object.entries(BUILT_IN_ARTICLES).flatMap(([category, articles]) =>
  articles.map((article) => ({ id: article.id, category, question: i18n._(article.question), answer: article.answer.map((paragraph) => i18n._(paragraph)) })),
);

/** The Help centre reads the published articles from the API; here they are the seeded questions, already in the cache. */
const helpClient = () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const articles = FAQ.map((item) => ({
    id: item.id,
    slug: item.id,
    title: item.question,
    summary: '',
    body: item.answer.join('\n\n'),
    category: item.category,
    category_slug: item.category.toLowerCase(),
    updated_at: '2026-01-01T00:00:00.000Z',
  }));
  client.setQueryData(helpArticlesQueryOptions().queryKey, { articles, total: articles.length });
  client.setQueryData(helpCategoriesQueryOptions().queryKey, {
    categories: FAQ_CATEGORIES.map((name) => ({
      id: name,
      name,
      slug: name.toLowerCase(),
      article_count: FAQ.filter((i) => i.category === name).length,
    })),
  });
  return client;
};

const renderAt = (url: string) =>
  render(
    <QueryClientProvider client={helpClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/help" element={<HelpPage />} />
          <Route path="/help/getting-started" element={<GettingStartedPage />} />
          <Route path="/help/safety" element={<SafetyPage />} />
        </Routes>
        <CurrentUrl />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const questions = () => document.querySelectorAll('[data-faq-question]');

describe('HelpPage', () => {
  it('asks a guest to log in before contacting support', async () => {
    renderAt('/help');
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByText(/to contact support and follow your ticket online/)).toBeInTheDocument();
  });

  it('has one h1, the search box, the category buttons and every question', () => {
    renderAt('/help');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Help Centre | Crew Finder');
    expect(screen.getByRole('searchbox', { name: 'Search help articles' })).toBeInTheDocument();
    const categories = within(screen.getByRole('group', { name: 'Filter by category' })).getAllByRole('button');
    expect(categories.map((button) => button.textContent)).toEqual(['All', 'Account', 'Voyages', 'Applications', 'Safety', 'Technical', 'Payment']);
    expect(screen.getByRole('button', { name: 'All', pressed: true })).toBeInTheDocument();
    expect(questions()).toHaveLength(FAQ.length);
  });

  it('searches answers as well as questions and opens an answer with the keyboard', async () => {
    const user = userEvent.setup();
    renderAt('/help');
    await user.type(screen.getByRole('searchbox', { name: 'Search help articles' }), 'WITHIN 30 DAYS');
    expect(questions().length).toBeGreaterThan(0);
    expect(questions().length).toBeLessThan(FAQ.length);
    // The address follows in a transition, after the screen has changed.
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('/help?q=WITHIN+30+DAYS'));

    const trigger = screen.getByRole('button', { name: 'How do I delete my account?' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    act(() => trigger.focus());
    await user.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'How do I delete my account?' })).toHaveTextContent('within 30 days');
  });

  it('combines the category with the search, and offers to clear a search that finds nothing', async () => {
    const user = userEvent.setup();
    renderAt('/help');
    await user.click(screen.getByRole('button', { name: 'Payment' }));
    expect(screen.getByRole('button', { name: 'Payment', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All', pressed: false })).toBeInTheDocument();
    const payment = FAQ.filter((item) => item.category === 'Payment').length;
    expect(questions()).toHaveLength(payment);

    const search = screen.getByRole('searchbox', { name: 'Search help articles' });
    await user.type(search, 'lifejacket');
    expect(questions()).toHaveLength(0);
    expect(screen.getByText('No questions match your search')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Search all categories' }));
    expect(questions().length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'All', pressed: true })).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'zzzz-nothing');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(search).toHaveValue('');
    expect(search).toHaveFocus();
    expect(questions()).toHaveLength(FAQ.length);
  });

  it('starts from the category and search in the address', () => {
    renderAt('/help?category=Payment&q=subscription');
    expect(screen.getByRole('button', { name: 'Payment', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search help articles' })).toHaveValue('subscription');
    expect(questions().length).toBeGreaterThan(0);
  });

  it('links to /create from the answer about creating a voyage, and to getting started and safety from the contact area', async () => {
    const user = userEvent.setup();
    renderAt('/help');
    await user.click(screen.getByRole('button', { name: 'How do I create a voyage?' }));
    expect(screen.getByRole('link', { name: 'Create a voyage' })).toHaveAttribute('href', '/create');
    const contact = screen.getByRole('region', { name: 'Still need help?' });
    expect(contact).toHaveTextContent('within 24 hours');
    expect(within(contact).getByRole('link', { name: 'support@crewfinder.app' })).toHaveAttribute('href', 'mailto:support@crewfinder.app');
    expect(within(contact).getByRole('link', { name: /Getting started/ })).toHaveAttribute('href', '/help/getting-started');
    expect(within(contact).getByRole('link', { name: /Safety at sea/ })).toHaveAttribute('href', '/help/safety');
  });
});

describe('GettingStartedPage', () => {
  it('shows the crew guide first and switches to the skipper guide, by mouse or arrow key', async () => {
    const user = userEvent.setup();
    renderAt('/help/getting-started');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const crew = screen.getByRole('tab', { name: 'Crew' });
    expect(crew).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel')).getAllByRole('heading', { level: 3 })).toHaveLength(4);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Find a voyage');

    act(() => crew.focus());
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Skipper' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent('Add your boat');
    expect(within(panel).getAllByRole('link', { name: 'Create a voyage' })[0]).toHaveAttribute('href', '/create');
    // The address follows in a transition, after the screen has changed.
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('/help/getting-started?role=skipper'));

    await user.click(screen.getByRole('tab', { name: 'Crew' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Complete your profile and skills');
  });

  it('ticks the checklist', async () => {
    const user = userEvent.setup();
    renderAt('/help/getting-started?role=skipper');
    const boxes = within(screen.getByRole('tabpanel')).getAllByRole('checkbox');
    expect(boxes.length).toBeGreaterThan(3);
    await user.click(boxes[0]!);
    expect(boxes[0]).toBeChecked();
    expect(screen.getByText(`1 of ${boxes.length} done`)).toBeInTheDocument();
  });
});

describe('SafetyPage', () => {
  it('has the sections of the guide under one h1', () => {
    renderAt('/help/safety');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const sections = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    for (const title of [
      'Pre-sailing checks',
      'Safety equipment',
      'Crew briefing checklist',
      'Emergency contacts',
      'MAYDAY procedure',
      'Man-overboard procedure',
      'Health',
      'Weather',
      'How Crew Finder helps keep you safe',
      'Printable checklists',
    ]) {
      expect(sections).toContain(title);
    }
    expect(screen.getByRole('list', { name: 'MAYDAY call' })).toHaveTextContent('I require immediate assistance');
    expect(screen.getAllByRole('link', { name: 'safety@crewfinder.app' })[0]).toHaveAttribute('href', expect.stringMatching(/^mailto:safety@crewfinder\.app/));
  });

  it('offers each checklist as a download and as a plain link', () => {
    renderAt('/help/safety');
    for (const file of ['safety-checklist.html', 'emergency-procedures.html', 'medical-kit-guide.html']) {
      const links = document.querySelectorAll(`a[href="/downloads/${file}"]`);
      expect(links).toHaveLength(2);
      expect(links[0]).toHaveAttribute('download', file);
      expect(links[1]).not.toHaveAttribute('download');
    }
  });
});

describe('the Help centre in French', () => {
  afterEach(() => useLanguage('en'));

  it('shows the built-in questions and categories in French, and searches the French words', async () => {
    const user = userEvent.setup();
    // The cache holds the English articles the API serves; the language is chosen before the page renders.
    const client = helpClient();
    useLanguage('fr', 'help');
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/help']}>
          <Routes>
            <Route path="/help" element={<HelpPage />} />
          </Routes>
          <CurrentUrl />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(document.title).toBe('Centre d’aide | Crew Finder');
    const categories = within(screen.getByRole('group', { name: 'Filtrer par catégorie' })).getAllByRole('button');
    expect(categories.map((button) => button.textContent)).toEqual(['Toutes', 'Compte', 'Voyages', 'Candidatures', 'Sécurité', 'Technique', 'Paiement']);
    const count = () => document.querySelector('.help-count');
    expect(count()).toHaveTextContent(`${FAQ.length} questions`);
    expect(screen.getByRole('button', { name: 'Comment supprimer mon compte ?' })).toBeInTheDocument();

    const search = screen.getByRole('searchbox', { name: 'Rechercher dans l’aide' });
    await user.type(search, 'sous 30 jours');
    expect(questions().length).toBeGreaterThan(0);
    expect(count()).toHaveTextContent(new RegExp(`^\\d+ questions? sur ${FAQ.length}$`));
    await user.click(screen.getByRole('button', { name: 'Comment supprimer mon compte ?' }));
    expect(screen.getByRole('region', { name: 'Comment supprimer mon compte ?' })).toHaveTextContent('sous 30 jours');

    // The category in the address stays the stored name, whatever the language.
    await user.clear(search);
    await user.click(screen.getByRole('button', { name: 'Paiement' }));
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('/help?category=Payment'));
    await user.type(search, 'gilet de sauvetage');
    expect(screen.getByText('Aucune question ne correspond à votre recherche')).toBeInTheDocument();
    expect(screen.getByText(/Rien dans la catégorie Paiement ne mentionne « gilet de sauvetage »/)).toBeInTheDocument();
  });
});

describe('the guides in German', () => {
  afterEach(() => useLanguage('en'));

  it('shows the getting started guide in German', async () => {
    const user = userEvent.setup();
    useLanguage('de', 'help');
    renderAt('/help/getting-started');
    expect(screen.getByRole('tab', { name: 'Crew' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Einen Törn finden');
    const boxes = within(screen.getByRole('tabpanel')).getAllByRole('checkbox');
    await user.click(boxes[0]!);
    expect(screen.getByText(`1 von ${boxes.length} erledigt`)).toBeInTheDocument();
  });

  it('shows the safety guide in German, saying the printable sheets are English', () => {
    useLanguage('de', 'help');
    renderAt('/help/safety');
    expect(screen.getByRole('heading', { level: 1, name: 'Sicherheit auf See' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'MAYDAY-Ruf' })).toHaveTextContent('Ich benötige sofortige Hilfe');
    expect(screen.getByText(/Die Druckvorlagen selbst sind auf Englisch/)).toBeInTheDocument();
    const links = document.querySelectorAll('a[href="/downloads/safety-checklist.html"]');
    expect(links[0]).toHaveAttribute('download', 'sicherheits-checkliste.html');
    expect(links[0]).toHaveAttribute('hreflang', 'en');
    expect(links[0]).toHaveTextContent('Herunterladen: Sicherheits-Checkliste');
    expect(screen.getByRole('row', { name: /^8 Stürmischer Wind/ })).toBeInTheDocument();
  });
});
