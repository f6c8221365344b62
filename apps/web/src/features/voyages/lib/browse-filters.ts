import type { VoyageStatusValue } from '@crew/contracts';
import { VOYAGE_TEXT_MAX } from '@crew/contracts/constants';
import { msg } from '@lingui/core/macro';
import type { VoyageListQuery, VoyageMapQuery } from '../../../api/voyages';

/*
 * The browse screen's state lives in the URL query so a link reproduces the view.
 * parseBrowseParams and toBrowseParams round-trip; unknown or malformed values
 * are dropped rather than sent to the API (which would answer 400).
 */

export const PAGE_SIZE = 20;
/** The filters' choices and their labels (messages, read in the page's language when shown). */
export const DURATION_OPTIONS = { days: msg`1-7 days`, weeks: msg`1-4 weeks`, months: msg`1+ months` } as const;
export const CONTRIBUTION_OPTIONS = { free: msg`Free`, shared: msg`Shared costs`, paid: msg`Paid` } as const;
export type DurationFilter = keyof typeof DURATION_OPTIONS;
export type ContributionFilter = keyof typeof CONTRIBUTION_OPTIONS;
export type BrowseView = 'map' | 'list';

const STATUSES: readonly VoyageStatusValue[] = ['planning', 'active', 'full', 'in_progress', 'completed', 'cancelled'];

export interface BrowseFilters {
  readonly view: BrowseView;
  readonly search: string;
  readonly departure_from: string;
  readonly departure_to: string;
  readonly duration: DurationFilter | null;
  readonly contribution: ContributionFilter | null;
  readonly status: VoyageStatusValue | null;
  /**
   * "west,south,east,north" (west above east across the 180° meridian): the area the user asked to search
   * ("Search this area"), which the list filters on and the map opens on (a saved search opened from
   * /saved-searches brings its map area here too).
   */
  readonly bbox: string;
  /** One skipper's voyages (a uuid), as GET /api/voyages/ takes it. */
  readonly skipper_id: string;
  /** 1-based list page. */
  readonly page: number;
  /** The list's order: departure date (default) or best match first (signed-in crew). */
  readonly sort: BrowseSort;
}

export type BrowseSort = 'departure' | 'match';

export const DEFAULT_FILTERS: BrowseFilters = {
  view: 'map',
  search: '',
  departure_from: '',
  departure_to: '',
  duration: null,
  contribution: null,
  status: null,
  bbox: '',
  skipper_id: '',
  page: 1,
  sort: 'departure',
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const BBOX = /^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/;
const UUID = /^[\da-f]{8}(-[\da-f]{4}){3}-[\da-f]{12}$/i;

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | null => (value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null);

export function parseBrowseParams(params: URLSearchParams): BrowseFilters {
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return ISO_DATE.test(value) ? value : '';
  };
  const page = Number(params.get('page'));
  const bbox = params.get('bbox') ?? '';
  const skipper = params.get('skipper_id') ?? '';
  return {
    view: params.get('view') === 'list' ? 'list' : 'map',
    search: (params.get('search') ?? '').trim().slice(0, VOYAGE_TEXT_MAX.search),
    departure_from: date('departure_from'),
    departure_to: date('departure_to'),
    duration: oneOf(params.get('duration'), Object.keys(DURATION_OPTIONS) as DurationFilter[]),
    contribution: oneOf(params.get('contribution'), Object.keys(CONTRIBUTION_OPTIONS) as ContributionFilter[]),
    status: oneOf(params.get('status'), STATUSES),
    bbox: BBOX.test(bbox) ? bbox : '',
    skipper_id: UUID.test(skipper) ? skipper : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    sort: params.get('sort') === 'match' ? 'match' : 'departure',
  };
}

/** Only what differs from the defaults, in a stable order, so URLs stay short and comparable. */
export function toBrowseParams(filters: BrowseFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.view !== 'map') params.set('view', filters.view);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.departure_from) params.set('departure_from', filters.departure_from);
  if (filters.departure_to) params.set('departure_to', filters.departure_to);
  if (filters.duration) params.set('duration', filters.duration);
  if (filters.contribution) params.set('contribution', filters.contribution);
  if (filters.status) params.set('status', filters.status);
  if (filters.skipper_id) params.set('skipper_id', filters.skipper_id);
  if (filters.bbox) params.set('bbox', filters.bbox);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.sort === 'match') params.set('sort', 'match');
  return params;
}

/** The server-side filters both endpoints share (GET /api/voyages/ and /api/voyages/map), and a saved search keeps; empty ones are left out. */
export function filterQuery(filters: BrowseFilters) {
  return {
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    ...(filters.departure_from ? { departure_from: filters.departure_from } : {}),
    ...(filters.departure_to ? { departure_to: filters.departure_to } : {}),
    ...(filters.duration ? { duration: filters.duration } : {}),
    ...(filters.contribution ? { contribution: filters.contribution } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.skipper_id ? { skipper_id: filters.skipper_id } : {}),
  };
}

/** Query of the paged list: filters, the searched area, the order, limit and offset. */
export function listQuery(filters: BrowseFilters): VoyageListQuery {
  return {
    ...filterQuery(filters),
    ...(filters.bbox ? { bbox: filters.bbox } : {}),
    ...(filters.sort === 'match' ? { sort: 'match' } : {}),
    limit: PAGE_SIZE,
    offset: (filters.page - 1) * PAGE_SIZE,
  };
}

/**
 * What the browse map asks the server for: a zoom, and the area to cover
 * (null: the whole world). `covers` is that area as the map measured it,
 * kept to tell whether a later view still lies inside it.
 */
export interface MapView {
  readonly zoom: number;
  readonly bbox: string | null;
  readonly covers?: readonly [number, number, number, number];
}

/** Query of the map: the same filters (not the list's searched area) and the view to draw. */
export function mapQuery(filters: BrowseFilters, view: MapView): VoyageMapQuery {
  return { ...filterQuery(filters), zoom: view.zoom, ...(view.bbox ? { bbox: view.bbox } : {}) };
}

/** How many filters narrow the results (the view and page are not filters). */
export function activeFilterCount(filters: BrowseFilters): number {
  return [filters.search, filters.departure_from, filters.departure_to, filters.duration, filters.contribution, filters.status, filters.skipper_id, filters.bbox].filter(Boolean)
    .length;
}

/** "west,south,east,north" from map bounds, clamped to the valid range and rounded for a tidy URL. */
export function formatBbox(west: number, south: number, east: number, north: number): string {
  const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value));
  const round = (value: number) => String(Math.round(value * 1e4) / 1e4);
  // A view wider than the world is no area at all.
  const wide = east - west >= 360;
  return [wide ? -180 : clamp(west, 180), clamp(south, 90), wide ? 180 : clamp(east, 180), clamp(north, 90)].map(round).join(',');
}
