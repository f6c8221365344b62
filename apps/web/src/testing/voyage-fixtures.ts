import { voyageSchema, type SegmentResponse, type VoyageResponse } from '@crew/contracts';
import { jest } from '@jest/globals';

/** A GET /api/voyages/{id} body, checked against the contract so fixtures cannot drift from the API. */
export const makeVoyage = (overrides: Partial<VoyageResponse> = {}): VoyageResponse =>
  voyageSchema.parse({
    id: 'v1',
    title: 'Solent to Cherbourg',
    description: 'A short Channel crossing with a night passage.',
    status: 'active',
    estimated_start_date: '2026-06-05',
    estimated_end_date: '2026-06-12',
    estimated_duration_days: 7,
    total_distance_nm: 82.4,
    total_crew_needed: 3,
    current_crew_count: 0,
    pending_count: 0,
    application_count: 2,
    contribution_type: 'shared_costs',
    contribution_amount: 120,
    contribution_currency: 'GBP',
    contribution_details: 'Food and fuel split evenly.',
    is_custom_voyage: false,
    custom_voyage_notes: '',
    includes_food: false,
    coordinates: null,
    color: '#0e6ba8',
    departure_port: 'Portsmouth',
    arrival_port: 'Cherbourg',
    skipper: { id: '6f1c8a1e-0000-4000-8000-000000000001', first_name: 'Ann', last_name: 'Bonny', profile_photo_url: null, voyage_count: 3 },
    boat: {
      id: 'b1',
      name: 'Sea Breeze',
      boat_type: 'monohull',
      make_model: 'Beneteau Oceanis 40',
      length_feet: 40,
      year_built: 2015,
      max_crew: 6,
      berths: 6,
      boat_photo_url: null,
      boat_photo_thumbnail_url: null,
      equipment: { safety: ['life_raft'], navigation: ['gps'], comfort: [] },
    },
    requirements: { crew_needed: 3, skills: ['Night Watches'], min_experience: 'intermediate' },
    segments: [],
    is_owner: false,
    suspended: false,
    my_application: null,
    created_at: '2026-05-01T10:00:00.000Z',
    updated_at: '2026-05-01T10:00:00.000Z',
    ...overrides,
  });

export const makeSegment = (overrides: Partial<SegmentResponse> = {}): SegmentResponse => ({
  id: 's1',
  segment_order: 1,
  departure_port: 'Portsmouth',
  arrival_port: 'Cherbourg',
  departure_port_id: null,
  arrival_port_id: null,
  departure_custom_location: null,
  arrival_custom_location: null,
  departure_coordinates: null,
  arrival_coordinates: null,
  distance_nm: 82,
  distance_manual_override: false,
  crew_needed: 2,
  berths_open: 4,
  crosses_land: false,
  estimated_duration_hours: 20,
  estimated_departure_date: '2026-06-05',
  estimated_arrival_date: '2026-06-06',
  description: '',
  ...overrides,
});

export { makeUser } from './user-fixture';

type Answer = { status: number; body: unknown };
type Handler = (url: URL, init: RequestInit) => Answer | undefined;

/** Replaces global fetch with a router over (method, path); unknown calls answer 500 so a test notices. */
export function mockFetch(handler: Handler) {
  const fn = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = handler(url, init) ?? { status: 500, body: { error: `unexpected ${init.method ?? 'GET'} ${url.pathname}`, code: 'TEST' } };
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, json: async () => answer.body } as Response;
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return fn;
}

export const calls = (fn: ReturnType<typeof mockFetch>) =>
  fn.mock.calls.map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), method: init?.method ?? 'GET', body: init?.body }));
