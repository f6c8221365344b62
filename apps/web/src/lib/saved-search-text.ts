import type { SavedSearchAlert, SavedSearchBbox, SavedSearchFilters } from '@crew/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { codeLabel, voyageStatusLabel } from './code-labels';
import { formatDate, formatNumber } from './format';

/*
 * How a saved search reads: its alert choice, its filters and map area in
 * words, its name before the member gives one, and the browse address that
 * shows it again. Shared by browse's save dialog (voyages) and the saved
 * searches page (alerts); zod-free (types only), so the dialog stays small.
 */

/** The alert choices, in the order the select lists them. */
export const ALERT_CHOICES = ['instant', 'daily', 'weekly', 'off'] as const satisfies readonly SavedSearchAlert[];

const ALERT_LABELS: Record<SavedSearchAlert, MessageDescriptor> = {
  instant: msg`Instantly, for each new voyage`,
  daily: msg`Daily digest`,
  weekly: msg`Weekly digest`,
  off: msg`Off (no emails)`,
};
export const alertLabel = (alert: SavedSearchAlert): string => codeLabel(ALERT_LABELS, alert);

const DURATIONS: Record<NonNullable<SavedSearchFilters['duration']>, MessageDescriptor> = { days: msg`1-7 days`, weeks: msg`1-4 weeks`, months: msg`1+ months` };
const CONTRIBUTIONS: Record<NonNullable<SavedSearchFilters['contribution']>, MessageDescriptor> = { free: msg`Free`, shared: msg`Shared costs`, paid: msg`Paid` };

/** One degree value with its compass letter, in the page's language ("12.5° W", "12,5° O"). */
const latitude = (value: number): string => {
  const degrees = formatNumber(Math.abs(value), 1);
  return value < 0 ? t`${degrees}° S` : t`${degrees}° N`;
};
const longitude = (value: number): string => {
  const degrees = formatNumber(Math.abs(value), 1);
  return value < 0 ? t`${degrees}° W` : t`${degrees}° E`;
};

/** The map area in words: from the west edge to the east one (which may lie across the 180° meridian), south to north. */
export const areaText = ([west, south, east, north]: SavedSearchBbox): string => {
  const fromWest = longitude(west);
  const toEast = longitude(east);
  const fromSouth = latitude(south);
  const toNorth = latitude(north);
  return t`Map area ${fromWest} to ${toEast}, ${fromSouth} to ${toNorth}`;
};

/** Each filter of a saved search (and its map area) as a short phrase; one phrase when it has none. */
export function summaryParts(filters: SavedSearchFilters, bbox: SavedSearchBbox | null): string[] {
  const parts: string[] = [];
  const { search, departure_from: from, departure_to: to } = filters;
  if (search) parts.push(t`Matching “${search}”`);
  const fromDate = formatDate(from);
  const toDate = formatDate(to);
  if (from && to) parts.push(t`Departing ${fromDate} to ${toDate}`);
  else if (from) parts.push(t`Departing from ${fromDate}`);
  else if (to) parts.push(t`Departing by ${toDate}`);
  if (filters.duration) parts.push(codeLabel(DURATIONS, filters.duration));
  if (filters.contribution) parts.push(codeLabel(CONTRIBUTIONS, filters.contribution));
  if (filters.status) {
    const status = voyageStatusLabel(filters.status);
    parts.push(t`Status: ${status}`);
  }
  if (filters.skipper_id) parts.push(t`One skipper’s voyages`);
  if (bbox) parts.push(areaText(bbox));
  return parts.length > 0 ? parts : [t`Every voyage open for crew, anywhere`];
}

/** A name to start from: the search words, else the first date, else the area, else a plain one. */
export function suggestedName(filters: SavedSearchFilters, bbox: SavedSearchBbox | null): string {
  if (filters.search) return filters.search;
  if (filters.departure_from) {
    const date = formatDate(filters.departure_from);
    return t`Voyages from ${date}`;
  }
  if (filters.departure_to) {
    const date = formatDate(filters.departure_to);
    return t`Voyages by ${date}`;
  }
  if (bbox) return t`Voyages in my map area`;
  return t`New voyages`;
}

/** The order browse writes its filters in (apps/web/src/features/voyages/lib/browse-filters.ts), so the address reads as browse's own. */
const FILTER_ORDER = ['search', 'departure_from', 'departure_to', 'duration', 'contribution', 'status', 'skipper_id'] as const satisfies readonly (keyof SavedSearchFilters)[];

/** A degree value for the address: at most four decimals, never in exponent form. */
const degrees = (value: number): string => String(Number(value.toFixed(4)) || 0);

/**
 * The browse map with the search's filters, showing its map area: browse
 * reads `bbox` ("west,south,east,north") and opens the map on that area.
 */
export function browsePath(filters: SavedSearchFilters, bbox: SavedSearchBbox | null): string {
  const params = new URLSearchParams();
  for (const key of FILTER_ORDER) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (bbox) params.set('bbox', bbox.map(degrees).join(','));
  const query = params.toString();
  return query ? `/voyages?${query}` : '/voyages';
}
