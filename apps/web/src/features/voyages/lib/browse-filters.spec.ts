import { describe, expect, it } from '@jest/globals';
import { DEFAULT_FILTERS, filterQuery, formatBbox, listQuery, mapQuery, parseBrowseParams, toBrowseParams, type BrowseFilters } from './browse-filters';

describe('browse filters in the URL', () => {
  it('defaults to the map with no filters', () => {
    expect(parseBrowseParams(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
    expect(toBrowseParams(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('round-trips every filter through the query string', () => {
    const filters: BrowseFilters = {
      view: 'list',
      search: 'Azores',
      departure_from: '2026-06-01',
      departure_to: '2026-09-30',
      duration: 'weeks',
      contribution: 'free',
      status: 'active',
      bbox: '-30.5,35,-20,45.25',
      skipper_id: '6f1c8a1e-0000-4000-8000-000000000001',
      page: 3,
      sort: 'match',
    };
    const url = toBrowseParams(filters).toString();
    expect(url).toBe(
      'view=list&search=Azores&departure_from=2026-06-01&departure_to=2026-09-30&duration=weeks&contribution=free&status=active&skipper_id=6f1c8a1e-0000-4000-8000-000000000001&bbox=-30.5%2C35%2C-20%2C45.25&page=3&sort=match',
    );
    expect(parseBrowseParams(new URLSearchParams(url))).toEqual(filters);
  });

  it('reads the header quick search link', () => {
    expect(parseBrowseParams(new URLSearchParams('search=Croatia'))).toEqual({ ...DEFAULT_FILTERS, search: 'Croatia' });
  });

  it('drops values the API would refuse', () => {
    const parsed = parseBrowseParams(new URLSearchParams('view=grid&duration=years&contribution=cheap&status=sunk&departure_from=June&bbox=1,2&skipper_id=ann&page=-4'));
    expect(parsed).toEqual(DEFAULT_FILTERS);
  });

  it('asks the list for 20 a page with the offset of the page and the searched area', () => {
    expect(listQuery({ ...DEFAULT_FILTERS, view: 'list', contribution: 'shared', bbox: '-10,40,5,55', page: 2 })).toEqual({
      contribution: 'shared',
      bbox: '-10,40,5,55',
      limit: 20,
      offset: 20,
    });
    expect(listQuery({ ...DEFAULT_FILTERS, search: ' Solent ', sort: 'match' })).toEqual({ search: 'Solent', sort: 'match', limit: 20, offset: 0 });
  });

  it('keeps the filters a saved search stores, one skipper included, and leaves the empty ones out', () => {
    const filters: BrowseFilters = {
      ...DEFAULT_FILTERS,
      view: 'list',
      search: ' Solent ',
      status: 'full',
      skipper_id: '6f1c8a1e-0000-4000-8000-000000000001',
      bbox: '-10,40,5,55',
      page: 2,
    };
    expect(filterQuery(filters)).toEqual({ search: 'Solent', status: 'full', skipper_id: '6f1c8a1e-0000-4000-8000-000000000001' });
    expect(filterQuery(DEFAULT_FILTERS)).toEqual({});
  });

  it('asks the map for its view: same filters, the view instead of the searched area, no paging', () => {
    const filters: BrowseFilters = { ...DEFAULT_FILTERS, search: 'Solent', duration: 'days', bbox: '-10,40,5,55', page: 4 };
    expect(mapQuery(filters, { zoom: 3, bbox: null })).toEqual({ search: 'Solent', duration: 'days', zoom: 3 });
    expect(mapQuery(filters, { zoom: 9, bbox: '-2,49,0,51' })).toEqual({ search: 'Solent', duration: 'days', zoom: 9, bbox: '-2,49,0,51' });
  });

  it('formats map bounds as west,south,east,north within range', () => {
    expect(formatBbox(-12.345678, 40.1, 5.5, 55.123456)).toBe('-12.3457,40.1,5.5,55.1235');
    expect(formatBbox(-250, -95, 250, 95)).toBe('-180,-90,180,90');
    expect(parseBrowseParams(new URLSearchParams({ bbox: formatBbox(-20, 30, 10, 60) })).bbox).toBe('-20,30,10,60');
  });
});
