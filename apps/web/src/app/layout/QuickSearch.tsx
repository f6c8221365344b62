import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { addRecentSearch, POPULAR_DESTINATION_LABELS, POPULAR_DESTINATIONS, readRecentSearches } from '../../lib/recent-searches';

/** Header search: popular destinations and up to 5 recent searches, then /voyages?search=… */
export function QuickSearch() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [recent, setRecent] = useState<string[]>(() => readRecentSearches());
  const listId = useId();
  const rootRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const go = (value: string) => {
    const trimmed = value.trim();
    if (!trimmed) return;
    setRecent(addRecentSearch(trimmed));
    setOpen(false);
    setTerm('');
    navigate(`/voyages?search=${encodeURIComponent(trimmed)}`);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    go(term);
  };

  const filter = term.trim().toLowerCase();
  // Shown in the page's language; the search itself uses the words browse knows.
  const popular = POPULAR_DESTINATIONS.map((destination) => ({ term: destination, label: i18n._(POPULAR_DESTINATION_LABELS[destination]) })).filter(
    ({ term, label }) => term.toLowerCase().includes(filter) || label.toLowerCase().includes(filter),
  );

  return (
    // Labelled: /voyages has a second search form, and two search landmarks need names to be told apart.
    <form ref={rootRef} className="quick-search" role="search" aria-label={t`Quick search`} onSubmit={onSubmit} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <label htmlFor={`${listId}-input`} className="visually-hidden">
        <Trans>Search voyages</Trans>
      </label>
      <input
        id={`${listId}-input`}
        type="search"
        placeholder={t`Search destinations…`}
        value={term}
        autoComplete="off"
        onFocus={() => setOpen(true)}
        // Still focused after a search: a click must reopen the suggestions too.
        onClick={() => setOpen(true)}
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
        }}
      />
      <button type="submit" className="quick-search__submit" aria-label={t`Search`}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="currentColor" d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.4-5.4-5.39A8 8 0 1 1 10 2m0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12" />
        </svg>
      </button>
      {open && (recent.length > 0 || popular.length > 0) && (
        <div id={listId} className="quick-search__panel">
          {recent.length > 0 && (
            <section aria-label={t`Recent searches`}>
              <h2 className="quick-search__heading">
                <Trans>Recent searches</Trans>
              </h2>
              <ul>
                {recent.map((item) => (
                  <li key={item}>
                    <button type="button" onClick={() => go(item)}>
                      {item}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {popular.length > 0 && (
            <section aria-label={t`Popular destinations`}>
              <h2 className="quick-search__heading">
                <Trans>Popular destinations</Trans>
              </h2>
              <ul>
                {popular.map(({ term: destination, label }) => (
                  <li key={destination}>
                    <button type="button" onClick={() => go(destination)}>
                      {label}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </form>
  );
}
