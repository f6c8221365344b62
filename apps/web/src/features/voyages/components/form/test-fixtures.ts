/* Test-only fixtures for the voyage form specs, checked against the contracts so they cannot drift from the API. */
/* eslint-disable lingui/no-unlocalized-strings -- data the specs send and expect, never shown to people */
import { boatSchema, portSchema, voyageSchema, type BoatResponse, type Port, type VoyageResponse } from '@crew/contracts';
import { jest } from '@jest/globals';

export const port = (id: string, name: string, lat: number, lon: number, region: Port['sailing_region'] = 'Channel/North Sea'): Port =>
  portSchema.parse({
    id,
    name,
    full_name: `${name}, ${region === 'Channel/North Sea' ? 'United Kingdom' : 'France'}`,
    country: 'GB',
    city: name,
    latitude: lat,
    longitude: lon,
    sailing_region: region,
    port_type: 'harbour',
    is_major_port: false,
  });

export const PORTSMOUTH = port('p-ports', 'Portsmouth', 50.787, -1.108);
export const POOLE = port('p-poole', 'Poole', 50.71, -1.99);
export const CHERBOURG = port('p-cher', 'Cherbourg', 49.66, -1.62);
export const GUERNSEY = port('p-guern', 'St Peter Port', 49.455, -2.535);

export const boat = (id: string, name: string, isActive = true): BoatResponse =>
  boatSchema.parse({
    id,
    name,
    boat_type: 'monohull',
    make_model: 'Bavaria 38',
    year_built: 2012,
    length_feet: 38,
    beam_feet: null,
    draft_feet: null,
    max_crew: 6,
    capacity: 6,
    berths: 6,
    heads: 2,
    home_port_name: 'Portsmouth',
    registration_number: '',
    registration_country: 'UK',
    description: '',
    equipment: { safety: [], navigation: [], comfort: [] },
    boat_photo_url: null,
    boat_photo_thumbnail_url: null,
    is_active: isActive,
  });

export const voyage = (overrides: Partial<VoyageResponse> = {}): VoyageResponse =>
  voyageSchema.parse({
    id: 'v1',
    title: 'Solent to Cherbourg',
    description: 'A short crossing.',
    status: 'planning',
    estimated_start_date: '2030-06-01',
    estimated_end_date: '2030-06-05',
    estimated_duration_days: 4,
    total_distance_nm: 70,
    total_crew_needed: 4,
    current_crew_count: 0,
    pending_count: 0,
    application_count: 0,
    contribution_type: 'shared_costs',
    contribution_amount: 150,
    contribution_currency: 'GBP',
    contribution_details: 'Food and fuel',
    is_custom_voyage: false,
    custom_voyage_notes: '',
    includes_food: false,
    coordinates: [-1.108, 50.787],
    color: '#0e6ba8',
    departure_port: 'Portsmouth',
    arrival_port: 'Cherbourg',
    skipper: { id: 'u1', first_name: 'Ann', last_name: 'Bonny', profile_photo_url: null, voyage_count: 1 },
    boat: null,
    requirements: { crew_needed: 4, skills: ['Navigation', 'Cooking'], min_experience: 'intermediate' },
    segments: [
      {
        id: 's1',
        segment_order: 1,
        departure_port: 'Portsmouth',
        arrival_port: 'Cherbourg',
        departure_port_id: 'p-ports',
        arrival_port_id: 'p-cher',
        departure_custom_location: null,
        arrival_custom_location: null,
        departure_coordinates: [-1.108, 50.787],
        arrival_coordinates: [-1.62, 49.66],
        distance_nm: 70,
        distance_manual_override: false,
        crew_needed: 2,
        berths_open: 4,
        crosses_land: false,
        estimated_duration_hours: null,
        estimated_departure_date: '2030-06-01',
        estimated_arrival_date: '2030-06-05',
        description: '',
      },
    ],
    is_owner: true,
    suspended: false,
    my_application: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });

export interface Call {
  readonly url: string;
  readonly method: string;
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;
}
type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (call: Call) => Reply | undefined;

/** Mocks the global fetch with one handler; every call is recorded with its parsed JSON body. */
export function mockFetch(handler: Handler) {
  const calls: Call[] = [];
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    };
    calls.push(call);
    const reply = handler(call);
    if (!reply) return { ok: false, status: 404, headers: new Headers(), json: async () => ({ error: `Unexpected ${call.method} ${call.url}`, code: 'NOT_FOUND' }) };
    const status = reply.status ?? 200;
    return { ok: status < 400, status, headers: new Headers(reply.headers), json: async () => reply.body };
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return { fn, calls };
}

/** Answers port searches by prefix, like the server's ranking does for these names. */
export const searchReply = (url: string, ports: readonly Port[] = [PORTSMOUTH, POOLE, CHERBOURG, GUERNSEY]): Reply | undefined => {
  if (!url.startsWith('/api/geo/ports/search')) return undefined;
  const q = new URL(url, 'http://x').searchParams.get('q')?.toLowerCase() ?? '';
  return { body: { ports: ports.filter((p) => p.name.toLowerCase().startsWith(q) || p.full_name.toLowerCase().includes(q)) } };
};

/** Answers the planner's route check: every leg by the straight line, over land for the leg orders in `overLand` (1-based). */
export const routeCheckReply = (url: string, overLand: readonly number[] = []): Reply | undefined => {
  if (!url.startsWith('/api/voyages/route-check')) return undefined;
  const points = (new URL(url, 'http://x').searchParams.get('points') ?? '').split(';');
  return { body: { legs: points.slice(1).map((_, index) => ({ distance_nm: 0, crosses_land: overLand.includes(index + 1) })) } };
};
