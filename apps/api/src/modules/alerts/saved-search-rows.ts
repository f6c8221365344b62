import type { SavedSearch, SavedSearchAlert, SavedSearchBbox, SavedSearchFilters } from '@crew/contracts';
import { prefixTerms, type ParsedListQuery } from '../voyages/voyage-read-model';

/** A row of `saved_searches` as read for the API (migration 1766300000000-saved-searches.ts). */
export interface SavedSearchRow {
  readonly id: string;
  readonly user_id: string;
  readonly name: string;
  readonly filters: SavedSearchFilters;
  readonly bbox: number[] | null;
  readonly alert: SavedSearchAlert;
  readonly time_zone: string;
  readonly created_at: Date;
  readonly updated_at: Date;
  readonly last_opened_at: Date | null;
  /** Matching voyages since it was last opened (or saved). */
  readonly new_matches: string | number;
}

/** The columns read for the API, with the count of new matching voyages. */
export const SAVED_SEARCH_SELECT = `s.id, s.user_id, s.name, s.filters, s.bbox, s.alert, s.time_zone, s.created_at, s.updated_at, s.last_opened_at,
  (SELECT count(*) FROM saved_search_matches m WHERE m.search_id = s.id AND m.matched_at > coalesce(s.last_opened_at, s.created_at)) AS new_matches`;

export const toSavedSearch = (row: SavedSearchRow): SavedSearch => ({
  id: row.id,
  name: row.name,
  filters: row.filters,
  bbox: row.bbox && row.bbox.length === 4 ? (row.bbox as SavedSearchBbox) : null,
  alert: row.alert,
  time_zone: row.time_zone,
  new_matches: Number(row.new_matches),
  last_opened_at: row.last_opened_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** Duration buckets of the browse filter as day ranges (as voyageFilters reads them). */
const DURATION_RANGES = { days: '[1,7]', weeks: '[8,28]', months: '[29,)' } as const;
/** Contribution kinds as ranks: a range so that "any" is the unbounded range. */
export const CONTRIBUTION_RANKS: Readonly<Record<string, number>> = { free: 1, shared_costs: 2, paid: 3 };
const CONTRIBUTION_RANGES = { free: '[1,1]', shared: '[2,2]', paid: '[3,3]' } as const;

/** The forms a new voyage is matched with (see the migration): derived from what the member saved, never edited apart. */
export interface MatchColumns {
  readonly area: string;
  readonly area_wrap: string | null;
  readonly departure: string;
  readonly duration: string;
  readonly contribution: string;
  readonly status: string | null;
  readonly skipper_id: string | null;
  readonly words: string[];
}

const box = (west: number, south: number, east: number, north: number): string => `((${west},${south}),(${east},${north}))`;

export const matchColumns = (filters: SavedSearchFilters, bbox: SavedSearchBbox | null | undefined): MatchColumns => {
  let area = box(-180, -90, 180, 90);
  let areaWrap: string | null = null;
  if (bbox) {
    const [west, south, east, north] = bbox;
    // A view across the antimeridian (west > east) is two boxes, one each side of it.
    if (west <= east) area = box(west, south, east, north);
    else {
      area = box(west, south, 180, north);
      areaWrap = box(-180, south, east, north);
    }
  }
  return {
    area,
    area_wrap: areaWrap,
    // Dates the wrong way round find nothing in browse, and nothing here.
    departure:
      filters.departure_from && filters.departure_to && filters.departure_from > filters.departure_to ? 'empty' : `[${filters.departure_from ?? ''},${filters.departure_to ?? ''}]`,
    duration: filters.duration ? DURATION_RANGES[filters.duration] : '(,)',
    contribution: filters.contribution ? CONTRIBUTION_RANGES[filters.contribution] : '(,)',
    status: filters.status ?? null,
    skipper_id: filters.skipper_id ?? null,
    // The words as browse's prefix terms read them (accents and case folded), without the ":*".
    words: filters.search ? [...new Set(prefixTerms(filters.search).map((term) => term.slice(0, -2)))] : [],
  };
};

/** The match columns as query parameters, in the order the create and update statements name them. */
export const matchParams = (columns: MatchColumns): unknown[] => [
  columns.area,
  columns.area_wrap,
  columns.departure,
  columns.duration,
  columns.contribution,
  columns.status,
  columns.skipper_id,
  columns.words,
];

/** The browse query a saved search stands for (GET /api/voyages/ with its filters and map view). */
export const browseQueryOf = (filters: SavedSearchFilters, bbox: readonly number[] | null): ParsedListQuery => ({
  ...filters,
  ...(bbox && bbox.length === 4 ? { bbox: bbox.join(',') } : {}),
  limit: 1,
  offset: 0,
});

/** The browse page showing a saved search (its filters and map view in the URL, as the web's browse reads them). */
export const browsePathOf = (filters: SavedSearchFilters, bbox: readonly number[] | null): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (typeof value === 'string' && value !== '') params.set(key, value);
  if (bbox && bbox.length === 4) params.set('bbox', bbox.join(','));
  const query = params.toString();
  return query ? `/voyages?${query}` : '/voyages';
};
