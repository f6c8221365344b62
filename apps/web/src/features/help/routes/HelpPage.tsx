import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { categoryLabel, inReadersLanguage } from '../content/faq';
import { filterFaq } from '../content/filter-faq';
import '../help.css';

/** A category's stored name, or null for every category. */
type FaqCategoryFilter = string | null;
// Its own chunk: the form's validation loads with it, not with the public page.
const ContactSupportForm = lazy(() => import('../../../components/support/ContactSupportForm').then((m) => ({ default: m.ContactSupportForm })));

/** `?q=` and `?category=` make a filtered view linkable; the inputs own the state while the page is open. */
function useFaqFilters() {
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  const [category, setCategory] = useState<FaqCategoryFilter>(() => params.get('category'));

  useEffect(() => {
    const q = query.trim();
    if ((params.get('q') ?? '') === q && params.get('category') === category) return;
    const next = new URLSearchParams(params);
    if (q) next.set('q', q);
    else next.delete('q');
    if (category !== null) next.set('category', category);
    else next.delete('category');
    setParams(next, { replace: true, preventScrollReset: true });
  }, [query, category, params, setParams]);

  return { query, setQuery, category, setCategory };
}

export function HelpPage() {
  const { t, i18n } = useLingui();
  usePageMeta(t`Help Centre`, t`Answers about accounts, voyages, applications, safety and payments on Crew Finder, and how to reach our support team.`);
  const { query, setQuery, category, setCategory } = useFaqFilters();
  const searchInput = useRef<HTMLInputElement>(null);
  // A link to /help#faq-{id} opens that answer.
  const { hash } = useLocation();
  const [opened] = useState(() => (hash.startsWith('#faq-') ? [decodeURIComponent(hash.slice('#faq-'.length))] : []));
  // The questions are the knowledge base's published articles: what administrators write is what readers see (the
  // built-in ones in the reader's language, so the search below finds the words on the screen).
  const articles = useQuery(helpArticlesQueryOptions());
  const categories = useQuery(helpCategoriesQueryOptions());
  const FAQ = (articles.data?.articles ?? [])
    .map((stored) => inReadersLanguage(stored, i18n))
    .map((article) => ({
      id: article.slug,
      category: article.category,
      question: article.title,
      answer: [article.summary, article.body].filter((text) => text !== ''),
    }));
  const FAQ_CATEGORIES: FaqCategoryFilter[] = [null, ...(categories.data?.categories ?? []).filter((c) => c.article_count > 0).map((c) => c.name)];
  const items = filterFaq(FAQ, category, query);
  const searching = query.trim() !== '';
  const searched = query.trim();
  const categoryName = categoryLabel(category, i18n);
  const total = FAQ.length;
  const shown = items.length;

  const { support, safety } = CONTACT;

  const clearSearch = () => {
    setQuery('');
    searchInput.current?.focus();
  };

  return (
    <div className="page help-page">
      <PageHeader title={t`Help Centre`} lead={t`Answers to common questions about finding crew, joining voyages and sailing safely.`} />

      <form role="search" className="help-search" onSubmit={(event) => event.preventDefault()}>
        <input
          ref={searchInput}
          type="search"
          aria-label={t`Search help articles`}
          placeholder={t`Search help articles…`}
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </form>

      <div className="filter-buttons help-categories" role="group" aria-label={t`Filter by category`}>
        {FAQ_CATEGORIES.map((name) => (
          <button key={name ?? ''} type="button" className="chip" aria-pressed={category === name} onClick={() => setCategory(name)}>
            {categoryLabel(name, i18n)}
          </button>
        ))}
      </div>

      <section className="help-faq" aria-labelledby="faq-heading">
        <div className="help-faq__heading">
          <h2 id="faq-heading">
            <Trans>Frequently asked questions</Trans>
          </h2>
          <p className="help-count" role="status">
            {shown === total ? t`${plural(total, { one: '# question', other: '# questions' })}` : t`${plural(shown, { other: `# of ${total} questions` })}`}
          </p>
        </div>

        {articles.isPending ? (
          <LoadingState label={t`Loading help articles…`} />
        ) : articles.isError ? (
          <ErrorState message={t`The help articles could not be loaded.`} onRetry={() => void articles.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title={t`No questions match your search`}>
            <p>
              {!searching ? (
                <Trans>Try another category.</Trans>
              ) : category === null ? (
                <Trans>Nothing in the help centre mentions “{searched}”. Try fewer or different words, or ask our support team.</Trans>
              ) : (
                <Trans>
                  Nothing in the {categoryName} category mentions “{searched}”. Try fewer or different words, or ask our support team.
                </Trans>
              )}
            </p>
            <p className="actions help-empty__actions">
              {searching && (
                <button type="button" className="button button--secondary" onClick={clearSearch}>
                  <Trans>Clear search</Trans>
                </button>
              )}
              {category !== null && (
                <button type="button" className="button button--secondary" onClick={() => setCategory(null)}>
                  <Trans>Search all categories</Trans>
                </button>
              )}
            </p>
          </EmptyState>
        ) : (
          <div className="faq">
            {items.map((item) => {
              const itemCategory = categoryLabel(item.category, i18n);
              return (
                <FaqItem key={item.id} id={item.id} question={item.question} defaultOpen={opened.includes(item.id)}>
                  <Markdown source={item.answer.join('\n\n')} />
                  <p className="faq__category">
                    {category === null && (
                      <>
                        <Trans>Category: {itemCategory}</Trans> ·{' '}
                      </>
                    )}
                    <Link to={`/help/articles/${encodeURIComponent(item.id)}`}>
                      <Trans>Open as a page</Trans>
                    </Link>
                  </p>
                </FaqItem>
              );
            })}
          </div>
        )}
      </section>

      <section className="card help-contact" aria-labelledby="contact-heading">
        <h2 id="contact-heading">
          <Trans>Still need help?</Trans>
        </h2>
        <p>
          <Trans>
            Contact our support team below, or email <a href={`mailto:${support}`}>{support}</a>. We respond within 24 hours. If it is about a voyage, tell us its title or link.
            Your tickets and our answers are on <Link to="/support">My support tickets</Link>.
          </Trans>
        </p>
        <Suspense fallback={null}>
          <ContactSupportForm />
        </Suspense>
        <p>
          <Trans>
            For a safety concern about a voyage or a member, write to <a href={`mailto:${safety}`}>{safety}</a>. In an emergency at sea, call the Coastguard first on VHF channel
            16, or 999 or 112.
          </Trans>
        </p>
        <div className="help-contact__links">
          <Link to="/help/getting-started" className="help-contact__link">
            <strong>
              <Trans>Getting started</Trans>
            </strong>
            <span>
              <Trans>Four steps to your first voyage, for crew and for skippers.</Trans>
            </span>
          </Link>
          <Link to="/help/safety" className="help-contact__link">
            <strong>
              <Trans>Safety at sea</Trans>
            </strong>
            <span>
              <Trans>Checks, equipment, MAYDAY and man-overboard procedures, and printable checklists.</Trans>
            </span>
          </Link>
        </div>
      </section>
    </div>
  );
}
