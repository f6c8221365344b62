import { VOYAGE_TEXT_MAX } from '@crew/contracts/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';

/** Free-text search; submitted to the URL so the header's quick search and this field agree. */
export function SearchForm({ id, value, onSearch }: { id?: string; value: string; onSearch: (search: string) => void }) {
  const { t } = useLingui();
  const [term, setTerm] = useState(value);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(term.trim());
  };
  return (
    <form id={id} className="browse-search" role="search" aria-label={t`Filter voyages`} onSubmit={onSubmit}>
      <label htmlFor="voyage-search" className="visually-hidden">
        <Trans>Filter voyages by title, port or region</Trans>
      </label>
      <input
        id="voyage-search"
        type="search"
        placeholder={t`Search by title, port or region`}
        value={term}
        maxLength={VOYAGE_TEXT_MAX.search}
        onChange={(event) => setTerm(event.target.value)}
      />
      <button type="submit" className="button button--primary">
        <Trans>Search</Trans>
      </button>
    </form>
  );
}
