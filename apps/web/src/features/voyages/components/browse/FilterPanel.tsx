import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { activeFilterCount, CONTRIBUTION_OPTIONS, DURATION_OPTIONS, type BrowseFilters, type ContributionFilter, type DurationFilter } from '../../lib/browse-filters';

interface FilterPanelProps {
  /** The panel's id, for the phone's "Search & filters" button that folds it away. */
  readonly id?: string;
  readonly filters: BrowseFilters;
  readonly onChange: (patch: Partial<BrowseFilters>) => void;
  readonly onClear: () => void;
  /** What follows the filters (browse's "Save this search"). */
  readonly children?: ReactNode;
}

/** The browse sidebar: every change goes to the URL and from there to the server's filters. */
export function FilterPanel({ id: panelId, filters, onChange, onClear, children }: FilterPanelProps) {
  const { i18n } = useLingui();
  const id = useId();
  const active = activeFilterCount(filters);
  return (
    <aside id={panelId} className="filter-panel card" aria-labelledby={`${id}-heading`}>
      <div className="filter-panel__head">
        <h2 id={`${id}-heading`}>
          <Trans>Filters</Trans>
        </h2>
        <button type="button" className="link-button" onClick={onClear} disabled={active === 0}>
          <Trans>Clear filters</Trans>
        </button>
      </div>
      <div className="filter-panel__body">
        <div className="field">
          <label htmlFor={`${id}-from`}>
            <Trans>Departing from</Trans>
          </label>
          <input
            id={`${id}-from`}
            type="date"
            value={filters.departure_from}
            max={filters.departure_to || undefined}
            onChange={(event) => onChange({ departure_from: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>
            <Trans>Departing by</Trans>
          </label>
          <input
            id={`${id}-to`}
            type="date"
            value={filters.departure_to}
            min={filters.departure_from || undefined}
            onChange={(event) => onChange({ departure_to: event.target.value })}
          />
        </div>
        <fieldset className="filter-panel__group">
          <legend>
            <Trans>Duration</Trans>
          </legend>
          <label className="radio">
            <input type="radio" name={`${id}-duration`} checked={filters.duration === null} onChange={() => onChange({ duration: null })} />
            <Trans>Any</Trans>
          </label>
          {(Object.keys(DURATION_OPTIONS) as DurationFilter[]).map((value) => (
            <label key={value} className="radio">
              <input type="radio" name={`${id}-duration`} checked={filters.duration === value} onChange={() => onChange({ duration: value })} />
              {i18n._(DURATION_OPTIONS[value])}
            </label>
          ))}
        </fieldset>
        <fieldset className="filter-panel__group">
          <legend>
            <Trans>Contribution</Trans>
          </legend>
          <label className="radio">
            <input type="radio" name={`${id}-contribution`} checked={filters.contribution === null} onChange={() => onChange({ contribution: null })} />
            <Trans>Any</Trans>
          </label>
          {(Object.keys(CONTRIBUTION_OPTIONS) as ContributionFilter[]).map((value) => (
            <label key={value} className="radio">
              <input type="radio" name={`${id}-contribution`} checked={filters.contribution === value} onChange={() => onChange({ contribution: value })} />
              {i18n._(CONTRIBUTION_OPTIONS[value])}
            </label>
          ))}
        </fieldset>
        {filters.bbox && (
          <p className="filter-panel__area">
            <Trans>Limited to a map area.</Trans>{' '}
            <button type="button" className="link-button" onClick={() => onChange({ bbox: '' })}>
              <Trans>Search everywhere</Trans>
            </button>
          </p>
        )}
      </div>
      {children}
    </aside>
  );
}
