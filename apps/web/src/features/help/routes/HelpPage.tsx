import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Markdown } from '../../../components/ui/Markdown';
import { PageHeader } from '../../../components/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { usePageMeta } from '../../../lib/page-meta';
import { CONTACT } from '../../../lib/site';
import { helpArticlesQueryOptions, helpCategoriesQueryOptions } from '../../../api/help';
import { FaqItem } from '../components/FaqItem';
import { filterFaq } from '../content/filter-faq';
import '../help.css';

type FaqCategoryFilter = string;
// Its own chunk: the form's validation loads with it, not with the public page.
const ContactSupportForm = lazy(() => import('../../../components/support/ContactSupportForm').then((m) => ({ default: m.ContactSupportForm })));

/** `?q=` and `?category=` make a filtered view linkable; the inputs own the state while the page is open. */
function useFaqFilters() {
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  const [category, setCategory] = useState<FaqCategoryFilter>(() => params.get('category') ?? 'All');

  useEffect(() => {
    const q = query.trim();
    if ((params.get('q') ?? '') === q && (params.get('category') ?? 'All') === category) return;
    const next = new URLSearchParams(params);
    if (q) next.set('q', q);
    else next.delete('q');
    if (category !== 'All') next.set('category', category);
    else next.delete('category');
    setParams(next, { replace: true, preventScrollReset: true });
  }, [query, category, params, setParams]);

  return { query, setQuery, category, setCategory };
}

export function HelpPage() {
  usePageMeta('Help Centre', 'Answers about accounts, voyages, applications, safety and payments on Crew Finder, and how to reach our support team.');
  const { query, setQuery, category, setCategory } = useFaqFilters();
  const searchInput = useRef<HTMLInputElement>(null);
  // A link to /help#faq-{id} opens that answer.
  const { hash } = useLocation();
  const [opened] = useState(() => (hash.startsWith('#faq-') ? [decodeURIComponent(hash.slice('#faq-'.length))] : []));
  // The questions are the knowledge base's published articles: what administrators write is what readers see.
  const articles = useQuery(helpArticlesQueryOptions());
  const categories = useQuery(helpCategoriesQueryOptions());
  const FAQ = (articles.data?.articles ?? []).map((article) => ({
    id: article.slug,
    category: article.category,
    question: article.title,
    answer: [article.summary, article.body].filter((text) => text !== ''),
  }));
  const FAQ_CATEGORIES = ['All', ...(categories.data?.categories ?? []).filter((c) => c.article_count > 0).map((c) => c.name)];
  const items = filterFaq(FAQ, category, query);
  const searching = query.trim() !== '';

  const clearSearch = () => {
    setQuery('');
    searchInput.current?.focus();
  };

  return (
    <div className="page help-page">
      <PageHeader title="Help Centre" lead="Answers to common questions about finding crew, joining voyages and sailing safely." />

      <form role="search" className="help-search" onSubmit={(event) => event.preventDefault()}>
        <input
          ref={searchInput}
          type="search"
          aria-label="Search help articles"
          placeholder="Search help articles…"
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </form>

      <div className="filter-buttons help-categories" role="group" aria-label="Filter by category">
        {FAQ_CATEGORIES.map((name) => (
          <button key={name} type="button" className="chip" aria-pressed={category === name} onClick={() => setCategory(name)}>
            {name}
          </button>
        ))}
      </div>

      <section className="help-faq" aria-labelledby="faq-heading">
        <div className="help-faq__heading">
          <h2 id="faq-heading">Frequently asked questions</h2>
          <p className="help-count" role="status">
            {items.length === FAQ.length ? `${FAQ.length} questions` : `${items.length} of ${FAQ.length} questions`}
          </p>
        </div>

        {articles.isPending ? (
          <LoadingState label="Loading help articles…" />
        ) : articles.isError ? (
          <ErrorState message="The help articles could not be loaded." onRetry={() => void articles.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title="No questions match your search">
            <p>
              {searching ? (
                <>
                  Nothing in {category === 'All' ? 'the help centre' : `the ${category} category`} mentions “{query.trim()}”. Try fewer or different words, or ask our support team.
                </>
              ) : (
                'Try another category.'
              )}
            </p>
            <p className="actions help-empty__actions">
              {searching && (
                <button type="button" className="button button--secondary" onClick={clearSearch}>
                  Clear search
                </button>
              )}
              {category !== 'All' && (
                <button type="button" className="button button--secondary" onClick={() => setCategory('All')}>
                  Search all categories
                </button>
              )}
            </p>
          </EmptyState>
        ) : (
          <div className="faq">
            {items.map((item) => (
              <FaqItem key={item.id} id={item.id} question={item.question} defaultOpen={opened.includes(item.id)}>
                <Markdown source={item.answer.join('\n\n')} />
                <p className="faq__category">
                  {category === 'All' && <>Category: {item.category} · </>}
                  <Link to={`/help/articles/${encodeURIComponent(item.id)}`}>Open as a page</Link>
                </p>
              </FaqItem>
            ))}
          </div>
        )}
      </section>

      <section className="card help-contact" aria-labelledby="contact-heading">
        <h2 id="contact-heading">Still need help?</h2>
        <p>
          Contact our support team below, or email <a href={`mailto:${CONTACT.support}`}>{CONTACT.support}</a>. We respond within 24 hours. If it is about a voyage, tell us its
          title or link. Your tickets and our answers are on <Link to="/support">My support tickets</Link>.
        </p>
        <Suspense fallback={null}>
          <ContactSupportForm />
        </Suspense>
        <p>
          For a safety concern about a voyage or a member, write to <a href={`mailto:${CONTACT.safety}`}>{CONTACT.safety}</a>. In an emergency at sea, call the Coastguard first on
          VHF channel 16, or 999 or 112.
        </p>
        <div className="help-contact__links">
          <Link to="/help/getting-started" className="help-contact__link">
            <strong>Getting started</strong>
            <span>Four steps to your first voyage, for crew and for skippers.</span>
          </Link>
          <Link to="/help/safety" className="help-contact__link">
            <strong>Safety at sea</strong>
            <span>Checks, equipment, MAYDAY and man-overboard procedures, and printable checklists.</span>
          </Link>
        </div>
      </section>
    </div>
  );
}
