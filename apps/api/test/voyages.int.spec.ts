import type { VoyageListResponse, VoyageMapResponse, VoyageResponse } from '@crew/contracts';
import { Voyage, voyageStreamId } from '@crew/domain';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createHttpApp } from '../src/http-app';
import { hashPassword } from '../src/modules/accounts/password-hasher';
import type { Application } from '../src/application';
import { builtWebClient, inject as injectInto, insertUser, startTestApp, type TestApp } from './support/harness';

let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

/** A raw payload goes as JSON too. */
const inject = (options: { method: 'GET' | 'POST' | 'PUT'; url: string; token?: string; body?: unknown; payload?: string; headers?: Record<string, string> }) =>
  injectInto(app, options.method, options.url, {
    token: options.token,
    body: options.body,
    raw: options.payload,
    headers: { ...(options.payload !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
  });

const year = new Date().getUTCFullYear() + 1;
const day = (month: number, date: number) => `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;

/** Three legs between points dropped on the map (no catalogue ids needed): Cowes → Cherbourg → Saint-Malo → Guernsey. */
const threeLegs = [
  { departure_port: 'Cowes', departure_coordinates: [-1.2982, 50.7626], arrival_port: 'Cherbourg', arrival_coordinates: [-1.6217, 49.6453] },
  { departure_port: 'Cherbourg', departure_coordinates: [-1.6217, 49.6453], arrival_port: 'Saint-Malo', arrival_coordinates: [-2.0257, 48.6493] },
  { departure_port: 'Saint-Malo', departure_coordinates: [-2.0257, 48.6493], arrival_port: 'St Peter Port', arrival_coordinates: [-2.5369, 49.4543] },
];

const voyageBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Solent to Brittany and the Channel Islands',
  description: 'Tidal sailing with a night crossing; suits keen beginners.',
  estimated_start_date: day(6, 1),
  estimated_end_date: day(6, 10),
  contribution_type: 'shared_costs',
  contribution_amount: 150,
  contribution_currency: 'GBP',
  contribution_details: 'Food and marina fees shared',
  boat_id: ids['boat'],
  requirements: { crew_needed: 4, min_experience: 'beginner', skills: ['Night Watches', 'Cooking'] },
  is_custom_voyage: false,
  segments: threeLegs,
  ...overrides,
});

const publish = async (token: string, overrides: Record<string, unknown> = {}): Promise<VoyageResponse> => {
  const response = await inject({ method: 'POST', url: '/api/voyages/', token, body: voyageBody(overrides) });
  expect(response.statusCode).toBe(201);
  return response.json();
};

const list = async (query: string, token?: string): Promise<VoyageListResponse> => {
  const response = await inject({ method: 'GET', url: `/api/voyages/?${query}`, token });
  expect(response.statusCode).toBe(200);
  return response.json();
};

beforeAll(async () => {
  testApp = await startTestApp({ env: { PUBLIC_URL: 'https://crew.example' }, dataDirPrefix: 'crew-voyages-' });
  ({ runtime, app } = testApp);
  const password = await hashPassword('pass-1234');
  for (const [actor, type, first, last] of [
    ['skipper', 'skipper', 'Ellen', 'MacArthur'],
    ['both', 'both', 'Robin', 'Knox-Johnston'],
    ['crew', 'crew', 'Tilly', 'Smith'],
  ] as const) {
    ids[actor] = await insertUser(runtime.dataSource, { email: `${actor}@voyages.test`, passwordHash: password, firstName: first, lastName: last, type });
    tokens[actor] = (await inject({ method: 'POST', url: '/api/auth/login', body: { email: `${actor}@voyages.test`, password: 'pass-1234' } })).json().access_token;
  }
  for (const [owner, name, active] of [
    ['skipper', 'Kingfisher', true],
    ['skipper', 'Old Faithful', false],
    ['both', 'Suhaili', true],
  ] as const) {
    const created = await inject({
      method: 'POST',
      url: '/api/profile/boats',
      token: tokens[owner],
      body: { name, boat_type: 'monohull', length_feet: 40, capacity: 6, is_active: active },
    });
    expect(created.statusCode).toBe(201);
    ids[owner === 'skipper' && active ? 'boat' : owner === 'skipper' ? 'inactiveBoat' : 'otherBoat'] = created.json().id;
  }
});

afterAll(() => testApp.close());

describe('publishing', () => {
  it('publishes a three-leg voyage with great-circle distances and shows it at once', async () => {
    const voyage = await publish(tokens['skipper']!);
    expect(voyage).toMatchObject({
      status: 'active',
      title: 'Solent to Brittany and the Channel Islands',
      estimated_start_date: day(6, 1),
      estimated_end_date: day(6, 10),
      estimated_duration_days: 9,
      total_crew_needed: 4,
      contribution_type: 'shared_costs',
      contribution_amount: 150,
      contribution_currency: 'GBP',
      departure_port: 'Cowes',
      arrival_port: 'St Peter Port',
      coordinates: [-1.2982, 50.7626],
      is_owner: true,
      skipper: { id: ids['skipper'], first_name: 'Ellen', last_name: 'MacArthur', voyage_count: 1 },
      boat: { id: ids['boat'], name: 'Kingfisher', boat_type: 'monohull', length_feet: 40 },
      requirements: { crew_needed: 4, min_experience: 'beginner', skills: ['Night Watches', 'Cooking'] },
    });
    // Each leg is rounded on its own; the total is their sum. Segment crew is half the crew, rounded up.
    expect(voyage.segments.map((s) => [s.segment_order, s.departure_port, s.arrival_port, s.crew_needed])).toEqual([
      [1, 'Cowes', 'Cherbourg', 2],
      [2, 'Cherbourg', 'Saint-Malo', 2],
      [3, 'Saint-Malo', 'St Peter Port', 2],
    ]);
    const legs = voyage.segments.map((s) => s.distance_nm);
    expect(legs[0]).toBeGreaterThanOrEqual(68);
    expect(legs[0]).toBeLessThanOrEqual(72);
    expect(voyage.total_distance_nm).toBe(legs.reduce((a, b) => a + b, 0));
    expect(voyage.color).toMatch(/^#[0-9a-f]{6}$/);

    const seen = await inject({ method: 'GET', url: `/api/voyages/${voyage.id}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ id: voyage.id, is_owner: false });
  });

  it('answers with the spec message for each form rule', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'Title is required'],
      [{ title: 'Sail' }, 'Title must be at least 5 characters'],
      [{ estimated_start_date: '' }, 'Departure date is required'],
      [{ estimated_end_date: '' }, 'Return date is required'],
      [{ estimated_end_date: day(5, 1) }, 'Return date must be after departure date'],
      [{ estimated_start_date: '2020-01-01', estimated_end_date: '2020-01-05' }, 'Departure date cannot be in the past'],
      [{ segments: [] }, 'Departure port is required'],
      [
        { segments: [{ departure_port: 'Cowes', departure_coordinates: [-1.3, 50.76] }].map((s) => ({ ...s, arrival_port: null })) },
        'Please select valid ports from the dropdown suggestions',
      ],
      [{ segments: [{ departure_port_id: 'no-such-port', arrival_port_id: 'nor-this' }] }, 'Please select valid ports from the dropdown suggestions'],
      [{ boat_id: null }, 'Please select a boat'],
      [{ boat_id: ids['inactiveBoat'] }, 'The selected boat is not active'],
      [{ requirements: { crew_needed: 21 } }, 'Crew needed must be between 1 and 20'],
      [{ contribution_amount: -5 }, 'Contribution amount cannot be negative'],
      [{ is_custom_voyage: true, segments: [{ departure_custom_location: '', arrival_custom_location: 'Horta', distance_nm: 100 }] }, 'Departure location is required'],
      [{ is_custom_voyage: true, segments: [{ departure_custom_location: 'Falmouth', arrival_custom_location: '', distance_nm: 100 }] }, 'Destination location is required'],
      [{ is_custom_voyage: true, segments: [{ departure_custom_location: 'Falmouth', arrival_custom_location: 'Horta', distance_nm: 0 }] }, 'Distance must be greater than 0'],
      [
        { is_custom_voyage: true, segments: [{ departure_custom_location: 'Falmouth', arrival_custom_location: 'Horta', distance_nm: 50_001 }] },
        'Distance seems unreasonably large (max 50,000 nm)',
      ],
    ];
    for (const [overrides, message] of cases) {
      const response = await inject({ method: 'POST', url: '/api/voyages/', token: tokens['skipper'], body: voyageBody(overrides) });
      expect({ overrides, status: response.statusCode, error: response.json().error }).toEqual({ overrides, status: 400, error: expect.stringContaining(message) });
      expect(response.json().code).toEqual(expect.any(String));
    }
  });

  it('takes names and positions of catalogue ports from the port table, not from the client', async () => {
    const find = async (q: string) => (await inject({ method: 'GET', url: `/api/geo/ports/search?q=${encodeURIComponent(q)}` })).json().ports[0];
    const [cowes, cherbourg, guernsey] = [await find('Cowes'), await find('Cherbourg'), await find('Saint Peter Port')];
    const voyage = await publish(tokens['skipper']!, {
      title: 'Catalogue ports crossing',
      segments: [
        // The coordinates sent are nonsense on purpose: the server reads the ports by id.
        { departure_port_id: cowes.id, departure_port: 'Wrong', departure_coordinates: [0, 0], arrival_port_id: cherbourg.id, arrival_port: 'Wrong', arrival_coordinates: [0, 0] },
        { departure_port_id: cherbourg.id, arrival_port_id: guernsey.id },
      ],
    });
    expect(voyage.segments.map((s) => [s.departure_port, s.arrival_port, s.departure_port_id, s.arrival_port_id])).toEqual([
      [cowes.name, cherbourg.name, cowes.id, cherbourg.id],
      [cherbourg.name, guernsey.name, cherbourg.id, guernsey.id],
    ]);
    expect(voyage.segments[0]!.departure_coordinates).toEqual([cowes.longitude, cowes.latitude]);
    expect(voyage.coordinates).toEqual([cowes.longitude, cowes.latitude]);
    expect(voyage.segments[0]!.distance_nm).toBeGreaterThan(60);
    expect(voyage.segments[0]!.distance_nm).toBeLessThan(80);
  });

  it('keeps a custom voyage to one leg with the manual distance', async () => {
    const voyage = await publish(tokens['skipper']!, {
      title: 'Atlantic crossing, route to be decided',
      is_custom_voyage: true,
      custom_voyage_notes: 'Somewhere warm',
      segments: [{ departure_custom_location: 'Falmouth', arrival_custom_location: 'Antigua', distance_nm: 3400 }],
    });
    expect(voyage).toMatchObject({ is_custom_voyage: true, total_distance_nm: 3400, coordinates: null, departure_port: 'Falmouth', arrival_port: 'Antigua' });
    expect(voyage.segments).toEqual([
      expect.objectContaining({
        departure_custom_location: 'Falmouth',
        arrival_custom_location: 'Antigua',
        distance_nm: 3400,
        distance_manual_override: true,
        estimated_duration_hours: 216,
      }),
    ]);
  });

  it("refuses crew accounts, someone else's boat and bad bodies", async () => {
    expect((await inject({ method: 'POST', url: '/api/voyages/', token: tokens['crew'], body: voyageBody() })).json()).toMatchObject({ code: 'SKIPPER_ONLY' });
    const foreign = await inject({ method: 'POST', url: '/api/voyages/', token: tokens['skipper'], body: voyageBody({ boat_id: ids['otherBoat'] }) });
    expect([foreign.statusCode, foreign.json().code]).toEqual([403, 'BOAT_NOT_YOURS']);
    const malformed = await inject({ method: 'POST', url: '/api/voyages/', token: tokens['skipper'], payload: '{"title": ' });
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'INVALID_JSON']);
    const wrongType = await inject({ method: 'POST', url: '/api/voyages/', token: tokens['skipper'], body: voyageBody({ requirements: { crew_needed: 'four' } }) });
    expect([wrongType.statusCode, wrongType.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('lets a "both" account publish with its own boat', async () => {
    const voyage = await publish(tokens['both']!, { boat_id: ids['otherBoat'], title: 'Round the Isle of Wight' });
    expect(voyage.skipper.first_name).toBe('Robin');
  });
});

describe('route legs', () => {
  /** threeLegs with the dates the form sends: 1 June to Cherbourg on the 2nd, on to Saint-Malo 4th-5th, Guernsey 7th-10th. */
  const datedLegs = [
    { ...threeLegs[0], estimated_departure_date: day(6, 1), estimated_arrival_date: day(6, 2) },
    { ...threeLegs[1], estimated_departure_date: day(6, 4), estimated_arrival_date: day(6, 5) },
    { ...threeLegs[2], estimated_departure_date: day(6, 7), estimated_arrival_date: day(6, 10) },
  ];
  const datesOf = (voyage: VoyageResponse) => voyage.segments.map((s) => [s.estimated_departure_date, s.estimated_arrival_date, s.estimated_duration_hours]);

  it("keeps every leg's departure and arrival dates, with durations from them, through publish, read and edit", async () => {
    const voyage = await publish(tokens['skipper']!, { title: 'Dated legs to Guernsey', segments: datedLegs });
    const expected = [
      [day(6, 1), day(6, 2), 24],
      [day(6, 4), day(6, 5), 24],
      [day(6, 7), day(6, 10), 72],
    ];
    expect(datesOf(voyage)).toEqual(expected);
    const read: VoyageResponse = (await inject({ method: 'GET', url: `/api/voyages/${voyage.id}` })).json();
    expect(datesOf(read)).toEqual(expected);
    const listed = (await list(`limit=100&skipper_id=${ids['skipper']}`)).voyages.find((v) => v.id === voyage.id);
    expect(listed && datesOf(listed)).toEqual(expected);

    const moved = [datedLegs[0], { ...datedLegs[1], estimated_departure_date: day(6, 3), estimated_arrival_date: day(6, 6) }, datedLegs[2]];
    const edited = await inject({
      method: 'PUT',
      url: `/api/voyages/${voyage.id}`,
      token: tokens['skipper'],
      body: voyageBody({ title: 'Dated legs to Guernsey', segments: moved }),
    });
    expect(edited.statusCode).toBe(200);
    expect(datesOf(edited.json())[1]).toEqual([day(6, 3), day(6, 6), 72]);
    const events = await runtime.eventStore.readStream(`voyage-${voyage.id}`);
    expect(events.map((e) => e.type)).toEqual(['VoyagePublished', 'VoyageRouteChanged']);
  });

  it('refuses leg dates out of order or outside the voyage with a clear message, and never answers 500 for a date off the calendar', async () => {
    const cases: [unknown[], string, string][] = [
      [
        [datedLegs[0], { ...datedLegs[1], estimated_arrival_date: day(6, 11) }, datedLegs[2]],
        'LEG_DATE_OUTSIDE_VOYAGE',
        'Leg 2: dates must lie between the departure date and the return date',
      ],
      [
        [{ ...datedLegs[0], estimated_arrival_date: day(6, 5) }, { ...datedLegs[1], estimated_departure_date: day(6, 4) }, datedLegs[2]],
        'LEG_DEPARTS_TOO_EARLY',
        'Leg 2 cannot depart before leg 1 arrives',
      ],
      [[datedLegs[0], { ...datedLegs[1], estimated_departure_date: day(6, 6) }, datedLegs[2]], 'LEG_ARRIVES_BEFORE_DEPARTING', 'Leg 2 cannot arrive before it departs'],
      // A day off the calendar never reaches the domain: the contract refuses it, naming the field.
      [
        [{ ...datedLegs[0], estimated_arrival_date: `${year}-02-30` }, datedLegs[1], datedLegs[2]],
        'VALIDATION_FAILED',
        'segments.0.estimated_arrival_date: Use a real calendar date between 2000 and 2100',
      ],
    ];
    for (const [segments, code, error] of cases) {
      const response = await inject({ method: 'POST', url: '/api/voyages/', token: tokens['skipper'], body: voyageBody({ segments }) });
      expect([response.statusCode, response.json()]).toEqual([400, expect.objectContaining({ code, error })]);
    }
    const offCalendar = await inject({
      method: 'POST',
      url: '/api/voyages/',
      token: tokens['skipper'],
      body: { title: 'Draft with a bad date', draft: true, estimated_start_date: `${year}-02-30` },
    });
    expect([offCalendar.statusCode, offCalendar.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it("flags a leg whose straight line crosses land and takes the skipper's own distance for it", async () => {
    const cowesToNorderney = { departure_port: 'Cowes', departure_coordinates: [-1.2982, 50.7626], arrival_port: 'Norderney', arrival_coordinates: [7.1578, 53.7072] };
    const estimate = await publish(tokens['skipper']!, { title: 'North Sea by the straight line', segments: [cowesToNorderney] });
    expect(estimate.segments[0]).toMatchObject({ crosses_land: true, distance_manual_override: false });
    expect(estimate.segments[0]!.distance_nm).toBeLessThan(360);
    const open = await publish(tokens['skipper']!, { title: 'Saint-Malo to Guernsey', segments: [threeLegs[2]] });
    expect(open.segments[0]!.crosses_land).toBe(false);

    const overridden = await publish(tokens['skipper']!, {
      title: 'North Sea the sailing way',
      segments: [
        { ...cowesToNorderney, distance_manual_override: true, distance_nm: 412 },
        {
          ...cowesToNorderney,
          departure_port: 'Norderney',
          departure_coordinates: cowesToNorderney.arrival_coordinates,
          arrival_port: 'Helgoland',
          arrival_coordinates: [7.8857, 54.1808],
        },
      ],
    });
    expect(overridden.segments.map((s) => [s.distance_nm, s.distance_manual_override, s.crosses_land])).toEqual([
      [412, true, true],
      [overridden.segments[1]!.distance_nm, false, false],
    ]);
    expect(overridden.total_distance_nm).toBe(412 + overridden.segments[1]!.distance_nm);
    const edit = await inject({ method: 'GET', url: `/api/voyages/${overridden.id}`, token: tokens['skipper'] });
    expect(edit.json().segments[0]).toMatchObject({ distance_nm: 412, distance_manual_override: true });

    // Beyond 50,000 nm the contract refuses the number itself; 0 and a missing distance are the domain's, per leg.
    for (const [distance, code] of [
      [0, 'LEG_DISTANCE_NOT_POSITIVE'],
      [50_001, 'VALIDATION_FAILED'],
      [null, 'LEG_DISTANCE_NOT_POSITIVE'],
    ] as const) {
      const response = await inject({
        method: 'POST',
        url: '/api/voyages/',
        token: tokens['skipper'],
        body: voyageBody({ segments: [{ ...cowesToNorderney, distance_manual_override: true, distance_nm: distance }] }),
      });
      expect([distance, response.statusCode, response.json().code]).toEqual([distance, 400, code]);
    }
  });

  it('checks a route for the planner: great-circle legs and land under them, signed in only', async () => {
    const points = '-1.2982,50.7626;7.1578,53.7072;7.8857,54.1808';
    expect((await inject({ method: 'GET', url: `/api/voyages/route-check?points=${points}` })).statusCode).toBe(401);
    const response = await inject({ method: 'GET', url: `/api/voyages/route-check?points=${points}`, token: tokens['skipper'] });
    expect(response.statusCode).toBe(200);
    expect(response.json().legs).toEqual([
      { distance_nm: expect.any(Number), crosses_land: true },
      { distance_nm: expect.any(Number), crosses_land: false },
    ]);
    for (const bad of ['-1.3,50.7', '200,10;1,1', 'a,b;c,d', '']) {
      const refused = await inject({ method: 'GET', url: `/api/voyages/route-check?points=${encodeURIComponent(bad)}`, token: tokens['skipper'] });
      expect([bad, refused.statusCode, refused.json().code]).toEqual([bad, 400, 'VALIDATION_FAILED']);
    }
  });
});

describe('drafts', () => {
  it('are seen only by their skipper, then published with PUT', async () => {
    const saved = await inject({ method: 'POST', url: '/api/voyages/', token: tokens['skipper'], body: { title: 'Half', draft: true } });
    expect(saved.statusCode).toBe(201);
    const draft: VoyageResponse = saved.json();
    expect(draft.status).toBe('draft');
    expect((await inject({ method: 'GET', url: `/api/voyages/${draft.id}` })).statusCode).toBe(404);
    expect((await inject({ method: 'GET', url: `/api/voyages/${draft.id}`, token: tokens['crew'] })).statusCode).toBe(404);
    expect((await inject({ method: 'GET', url: `/api/voyages/${draft.id}`, token: tokens['skipper'] })).statusCode).toBe(200);
    expect((await list('limit=100')).voyages.map((v) => v.id)).not.toContain(draft.id);
    const mine = await inject({ method: 'GET', url: '/api/voyages/my-voyages-with-applications', token: tokens['skipper'] });
    expect(mine.json().voyages.map((v: VoyageResponse) => v.id)).toContain(draft.id);

    const incomplete = await inject({ method: 'PUT', url: `/api/voyages/${draft.id}`, token: tokens['skipper'], body: { title: 'Half' } });
    expect([incomplete.statusCode, incomplete.json().error]).toEqual([400, 'Title must be at least 5 characters']);
    const published = await inject({ method: 'PUT', url: `/api/voyages/${draft.id}`, token: tokens['skipper'], body: voyageBody({ title: 'Draft now ready to sail' }) });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ status: 'active', title: 'Draft now ready to sail' });
    expect((await inject({ method: 'GET', url: `/api/voyages/${draft.id}` })).statusCode).toBe(200);
  });
});

describe('owner changes', () => {
  let voyage: VoyageResponse;
  beforeAll(async () => {
    voyage = await publish(tokens['skipper']!, { title: 'Owner changes voyage' });
  });

  it('edits the whole voyage, keeping events only for what changed', async () => {
    const edited = await inject({
      method: 'PUT',
      url: `/api/voyages/${voyage.id}`,
      token: tokens['skipper'],
      body: voyageBody({ title: 'Owner changes voyage, revised', segments: threeLegs.slice(0, 2), requirements: { crew_needed: 6, skills: ['Navigation'] } }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Owner changes voyage, revised', total_crew_needed: 6, arrival_port: 'Saint-Malo', requirements: { skills: ['Navigation'] } });
    expect(edited.json().segments).toHaveLength(2);
    const events = await runtime.eventStore.readStream(`voyage-${voyage.id}`);
    expect(events.map((e) => e.type)).toEqual(['VoyagePublished', 'VoyageDetailsEdited', 'VoyageRouteChanged', 'VoyageCrewNeededChanged']);
    expect(events.every((e) => e.metadata.userId === ids['skipper'])).toBe(true);
  });

  it('changes the contribution, dropping the amount when free', async () => {
    const paid = await inject({
      method: 'PUT',
      url: `/api/voyages/${voyage.id}`,
      token: tokens['skipper'],
      body: { contribution_type: 'paid', contribution_amount: 400, contribution_currency: 'EUR' },
    });
    expect(paid.json()).toMatchObject({ contribution_type: 'paid', contribution_amount: 400, contribution_currency: 'EUR' });
    const free = await inject({ method: 'PUT', url: `/api/voyages/${voyage.id}`, token: tokens['skipper'], body: { contribution_type: 'free', contribution_amount: 400 } });
    expect(free.json()).toMatchObject({ contribution_type: 'free', contribution_amount: null });
    const negative = await inject({ method: 'PUT', url: `/api/voyages/${voyage.id}`, token: tokens['skipper'], body: { contribution_type: 'paid', contribution_amount: -1 } });
    expect(negative.statusCode).toBe(400);
  });

  it('sets any status; edits only while planning, active or full', async () => {
    for (const status of ['planning', 'full', 'in_progress', 'completed', 'active'] as const) {
      const response = await inject({ method: 'PUT', url: `/api/voyages/${voyage.id}`, token: tokens['skipper'], body: { status } });
      if (status === 'completed') {
        // Not before its departure date: a voyage that has not sailed cannot be completed.
        expect([response.statusCode, response.json().code]).toEqual([409, 'VOYAGE_NOT_DEPARTED']);
        continue;
      }
      expect([status, response.statusCode, response.json().status]).toEqual([status, 200, status]);
      if (status === 'full') {
        // Full is active with no berth left: its skipper may still edit it, and it stays full.
        const crewNeeded = response.json().total_crew_needed;
        const edited = await inject({
          method: 'PUT',
          url: `/api/voyages/${voyage.id}`,
          token: tokens['skipper'],
          body: voyageBody({ title: 'Edit while full', requirements: { crew_needed: crewNeeded, min_experience: 'beginner', skills: ['Night Watches', 'Cooking'] } }),
        });
        expect([edited.statusCode, edited.json().status]).toEqual([200, 'full']);
      }
      if (status === 'in_progress') {
        const blocked = await inject({ method: 'PUT', url: `/api/voyages/${voyage.id}`, token: tokens['skipper'], body: voyageBody({ title: 'Edit under way' }) });
        expect([blocked.statusCode, blocked.json().code]).toEqual([409, 'VOYAGE_NOT_EDITABLE']);
      }
    }
    const bad = await inject({ method: 'PUT', url: `/api/voyages/${voyage.id}`, token: tokens['skipper'], body: { status: 'sunk' } });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('refuses another user, and 404s an unknown voyage', async () => {
    const other = await inject({ method: 'PUT', url: `/api/voyages/${voyage.id}`, token: tokens['both'], body: { status: 'planning' } });
    expect([other.statusCode, other.json().code]).toEqual([403, 'NOT_VOYAGE_OWNER']);
    const unknown = await inject({ method: 'PUT', url: '/api/voyages/00000000-0000-4000-8000-000000000000', token: tokens['skipper'], body: { status: 'planning' } });
    expect(unknown.statusCode).toBe(404);
    expect((await inject({ method: 'GET', url: '/api/voyages/not-a-uuid' })).json()).toMatchObject({ code: 'VOYAGE_NOT_FOUND', error: 'Voyage not found' });
  });

  it('cancels for good', async () => {
    const cancelled = await inject({ method: 'POST', url: `/api/voyages/${voyage.id}/cancel`, token: tokens['skipper'] });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ notifications_sent: 0, voyage: { status: 'cancelled' } });
    const again = await inject({ method: 'PUT', url: `/api/voyages/${voyage.id}`, token: tokens['skipper'], body: { status: 'active' } });
    expect([again.statusCode, again.json().code]).toEqual([409, 'VOYAGE_CANCELLED']);
    expect((await list('limit=100')).voyages.map((v) => v.id)).not.toContain(voyage.id);
    expect((await list('limit=100&status=cancelled')).voyages.map((v) => v.id)).toContain(voyage.id);
  });
});

describe('concurrent edits (ETag / If-Match)', () => {
  it('tags a voyage with its stream revision and refuses an edit or a cancel made on a stale copy with 412', async () => {
    const voyage = await publish(tokens['skipper']!, { title: 'Two skippers, one voyage' });
    const loaded = await inject({ method: 'GET', url: `/api/voyages/${voyage.id}` });
    expect(loaded.headers['etag']).toBe('"0"');
    // A compressed answer (as browsers get it) carries the same tag.
    const compressed = await inject({ method: 'GET', url: `/api/voyages/${voyage.id}`, headers: { 'accept-encoding': 'br' } });
    expect([compressed.headers['content-encoding'], compressed.headers['etag']]).toEqual(['br', '"0"']);

    // The first save sends the tag it loaded and gets the new one back.
    const first = await inject({ method: 'PUT', url: `/api/voyages/${voyage.id}`, token: tokens['skipper'], headers: { 'if-match': '"0"' }, body: { status: 'planning' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['etag']).toBe('"1"');
    expect((await inject({ method: 'GET', url: `/api/voyages/${voyage.id}` })).headers['etag']).toBe('"1"');

    // A second tab still holding revision 0: its full edit, status change and cancel are all refused, nothing written.
    const stale = { 'if-match': '"0"' };
    for (const request of [
      { method: 'PUT' as const, url: `/api/voyages/${voyage.id}`, body: voyageBody({ title: 'Overwrites the other tab' }) },
      { method: 'PUT' as const, url: `/api/voyages/${voyage.id}`, body: { status: 'active' } },
      { method: 'POST' as const, url: `/api/voyages/${voyage.id}/cancel` },
    ]) {
      const refused = await inject({ ...request, token: tokens['skipper'], headers: stale });
      expect([request.url, refused.statusCode]).toEqual([request.url, 412]);
      expect(refused.json()).toEqual({ code: 'PRECONDITION_FAILED', error: expect.stringMatching(/^Someone else changed this/) });
    }
    expect((await runtime.eventStore.readStream(`voyage-${voyage.id}`)).length).toBe(2);
    expect((await inject({ method: 'GET', url: `/api/voyages/${voyage.id}` })).json()).toMatchObject({ status: 'planning', title: 'Two skippers, one voyage' });

    // Weak or listed tags name the revision too; * and no header set no precondition; a malformed header is a 400.
    const weak = await inject({ method: 'PUT', url: `/api/voyages/${voyage.id}`, token: tokens['skipper'], headers: { 'if-match': 'W/"1"' }, body: { status: 'active' } });
    expect([weak.statusCode, weak.headers['etag']]).toEqual([200, '"2"']);
    const listed = await inject({ method: 'PUT', url: `/api/voyages/${voyage.id}`, token: tokens['skipper'], headers: { 'if-match': '"1", "2"' }, body: { status: 'planning' } });
    expect(listed.statusCode).toBe(200);
    expect((await inject({ method: 'PUT', url: `/api/voyages/${voyage.id}`, token: tokens['skipper'], headers: { 'if-match': '*' }, body: { status: 'active' } })).statusCode).toBe(
      200,
    );
    expect((await inject({ method: 'PUT', url: `/api/voyages/${voyage.id}`, token: tokens['skipper'], body: { status: 'planning' } })).statusCode).toBe(200);
    const malformed = await inject({ method: 'PUT', url: `/api/voyages/${voyage.id}`, token: tokens['skipper'], headers: { 'if-match': '5' }, body: { status: 'active' } });
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'INVALID_IF_MATCH']);
    // Who may not edit hears that first, whatever tag they send.
    const other = await inject({ method: 'PUT', url: `/api/voyages/${voyage.id}`, token: tokens['both'], headers: stale, body: { status: 'active' } });
    expect(other.statusCode).toBe(403);

    const current = (await inject({ method: 'GET', url: `/api/voyages/${voyage.id}` })).headers['etag'] as string;
    const cancelled = await inject({ method: 'POST', url: `/api/voyages/${voyage.id}/cancel`, token: tokens['skipper'], headers: { 'if-match': current } });
    expect([cancelled.statusCode, cancelled.json().voyage.status]).toEqual([200, 'cancelled']);
  });
});

describe('browsing', () => {
  const made: Record<string, string> = {};
  beforeAll(async () => {
    const base = { estimated_start_date: day(8, 1) };
    made['weekFree'] = (
      await publish(tokens['both']!, {
        ...base,
        boat_id: ids['otherBoat'],
        title: 'Falmouth week of freedom',
        contribution_type: 'free',
        estimated_end_date: day(8, 6),
        description: 'Coastal hops',
      })
    ).id;
    made['fortnightShared'] = (
      await publish(tokens['both']!, { boat_id: ids['otherBoat'], title: 'Biscay crossing to La Coruña', estimated_start_date: day(9, 1), estimated_end_date: day(9, 15) })
    ).id;
    made['monthPaid'] = (
      await publish(tokens['both']!, {
        boat_id: ids['otherBoat'],
        title: 'Caribbean season delivery',
        contribution_type: 'paid',
        contribution_amount: 900,
        estimated_start_date: day(11, 1),
        estimated_end_date: day(12, 15),
        segments: [{ departure_port: 'English Harbour', departure_coordinates: [-61.76, 17.0], arrival_port: 'Rodney Bay', arrival_coordinates: [-60.95, 14.08] }],
      })
    ).id;
  });

  it('filters by text (prefix, accents, skipper name), dates, duration, contribution, bounds and skipper', async () => {
    // Only this block's voyages count; the same skipper published others above.
    const idsOf = async (query: string) =>
      (await list(`limit=100&skipper_id=${ids['both']}&${query}`)).voyages
        .map((v) => v.id)
        .filter((id) => Object.values(made).includes(id))
        .sort();
    const sorted = (...keys: string[]) => keys.map((key) => made[key]!).sort();
    expect(await idsOf('search=falm')).toEqual(sorted('weekFree'));
    expect(await idsOf('search=coruna')).toEqual(sorted('fortnightShared'));
    expect(await idsOf(`search=${encodeURIComponent('Knox')}`)).toEqual(sorted('weekFree', 'fortnightShared', 'monthPaid'));
    // A skipper is found by their name as it is now: renamed, by the new name and no longer by the old one.
    await runtime.dataSource.query(`UPDATE users SET last_name = 'Heikell' WHERE id = $1`, [ids['both']]);
    try {
      expect(await idsOf('search=heik')).toEqual(sorted('weekFree', 'fortnightShared', 'monthPaid'));
      expect(await idsOf('search=kno')).toEqual([]);
    } finally {
      await runtime.dataSource.query(`UPDATE users SET last_name = 'Knox' WHERE id = $1`, [ids['both']]);
    }
    expect(await idsOf('search=%21%21')).toEqual([]);
    expect(await idsOf(`departure_from=${day(8, 15)}`)).toEqual(sorted('fortnightShared', 'monthPaid'));
    expect(await idsOf(`departure_to=${day(8, 15)}`)).toEqual(sorted('weekFree'));
    expect(await idsOf('duration=days')).toEqual(sorted('weekFree'));
    expect(await idsOf('duration=weeks')).toEqual(sorted('fortnightShared'));
    expect(await idsOf('duration=months')).toEqual(sorted('monthPaid'));
    expect(await idsOf('contribution=free')).toEqual(sorted('weekFree'));
    expect(await idsOf('contribution=shared')).toEqual(sorted('fortnightShared'));
    expect(await idsOf('contribution=paid')).toEqual(sorted('monthPaid'));
    expect(await idsOf('bbox=-70,10,-55,20')).toEqual(sorted('monthPaid'));
    expect(await idsOf('bbox=170,10,-55,20')).toEqual(sorted('monthPaid'));
    expect(await idsOf('contribution=free&duration=months')).toEqual([]);
  });

  it('pages in departure order with a total, and validates its query', async () => {
    const all = await list(`skipper_id=${ids['both']}&limit=100`);
    const starts = all.voyages.map((v) => v.estimated_start_date ?? '');
    expect(starts).toEqual([...starts].sort());
    const page = await list(`skipper_id=${ids['both']}&limit=2&offset=1`);
    expect(page).toMatchObject({ total: all.total, limit: 2, offset: 1 });
    expect(page.voyages.map((v) => v.id)).toEqual(all.voyages.slice(1, 3).map((v) => v.id));
    expect(await list(`skipper_id=${ids['both']}&offset=500`)).toMatchObject({ total: all.total, voyages: [] });
    for (const bad of ['limit=0', 'limit=101', 'duration=years', 'bbox=1,2,3', 'departure_from=tomorrow', 'skipper_id=42']) {
      const response = await inject({ method: 'GET', url: `/api/voyages/?${bad}` });
      expect([bad, response.statusCode, response.json().code]).toEqual([bad, 400, 'VALIDATION_FAILED']);
    }
  });

  it('gives the map the clusters and markers of a view, counted over every matching voyage', async () => {
    const map = async (query: string): Promise<VoyageMapResponse> => {
      const response = await inject({ method: 'GET', url: `/api/voyages/map?skipper_id=${ids['both']}&${query}` });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    // Zoomed in past clustering, every voyage is its own marker.
    const close = await map('zoom=18');
    expect(close.clusters).toEqual([]);
    expect(close.points.map((p) => p.id)).toEqual(expect.arrayContaining(Object.values(made)));
    expect(new Set(close.points.map((p) => p.id)).size).toBe(close.points.length);
    expect(close.total).toBe(close.points.length);
    expect(close.points.find((p) => p.id === made['monthPaid'])).toEqual({
      id: made['monthPaid'],
      title: expect.any(String),
      coordinates: [-61.76, 17],
      color: expect.stringMatching(/^#/),
    });
    // At world zoom the Channel voyages share a bubble; the count still adds up.
    const world = await map('zoom=2');
    expect(world.total).toBe(close.total);
    expect(world.clusters.reduce((sum, c) => sum + c.count, 0) + world.points.length).toBe(close.total);
    expect(world.clusters.length).toBeGreaterThan(0);
    // Up to zoom 4 the world is drawn from voyages counted per grid cell: the counts still add up, a voyage alone
    // in its part of the world is still its own marker, and a bubble opens on a zoom drawn voyage by voyage.
    const grid = await map('zoom=4');
    expect(grid.total).toBe(close.total);
    expect(grid.clusters.reduce((sum, c) => sum + c.count, 0) + grid.points.length).toBe(close.total);
    expect(grid.points.find((p) => p.id === made['monthPaid'])).toEqual(close.points.find((p) => p.id === made['monthPaid']));
    expect(grid.clusters.every((c) => c.count >= 2 && c.expansion_zoom > 4)).toBe(true);
    // A view shows only what lies in it: the Caribbean holds one of these voyages.
    expect((await map('zoom=10&bbox=-70,10,-55,20')).points.map((p) => p.id)).toEqual([made['monthPaid']]);
    expect((await map('zoom=3&bbox=-70,10,-55,20')).points.map((p) => p.id)).toEqual([made['monthPaid']]);
    for (const bad of ['zoom=19', 'zoom=-1', 'zoom=x', 'bbox=1,2,3']) {
      const response = await inject({ method: 'GET', url: `/api/voyages/map?${bad}` });
      expect([bad, response.statusCode, response.json().code]).toEqual([bad, 400, 'VALIDATION_FAILED']);
    }
  });

  it('compresses JSON by Accept-Encoding, for the cached guest list as for any answer', async () => {
    const plain = await inject({ method: 'GET', url: '/api/voyages/?limit=20' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      // Twice: the second answer comes from the bytes compressed for the first.
      for (let i = 0; i < 2; i++) {
        const response = await inject({ method: 'GET', url: '/api/voyages/?limit=20', headers: { 'accept-encoding': `${encoding}, identity;q=0.5` } });
        expect([response.statusCode, response.headers['content-encoding'], response.headers['vary']]).toEqual([200, encoding, 'accept-encoding']);
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
        expect(JSON.parse(decode(response.rawPayload).toString('utf8'))).toEqual(plain.json());
      }
    }
    // Signed-in answers and other routes go through the same compression.
    const mine = await inject({ method: 'GET', url: '/api/voyages/?limit=20', token: tokens['crew'], headers: { 'accept-encoding': 'gzip' } });
    expect(mine.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(mine.rawPayload).toString('utf8')).total).toBe(plain.json().total);
    const openApi = await inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(openApi.headers['content-encoding']).toBe('br');
  });

  it('counts published miles and active voyages on the home page', async () => {
    const stats = (await inject({ method: 'GET', url: '/api/stats/public' })).json();
    const published = await list('limit=100');
    expect(stats.active_voyages).toBe(published.total);
    expect(stats.nautical_miles).toBe(published.voyages.reduce((sum, v) => sum + v.total_distance_nm, 0));
  });
});

describe('searching by place, and browsing what can still be joined', () => {
  const made: Record<string, string> = {};
  const find = async (q: string) => (await inject({ method: 'GET', url: `/api/geo/ports/search?q=${encodeURIComponent(q)}` })).json().ports[0] as { id: string; name: string };
  /** Legs between catalogue ports, each named as sailors type it. */
  const route = async (...names: string[]) => {
    const ports = await Promise.all(names.map(find));
    return ports.slice(1).map((arrival, i) => ({ departure_port_id: ports[i]!.id, arrival_port_id: arrival.id }));
  };
  /** Of the voyages this block made, those a list or map answer holds. */
  const ours = (ids: readonly string[]) =>
    Object.entries(made)
      .filter(([, id]) => ids.includes(id))
      .map(([key]) => key)
      .sort();
  const listed = async (query: string) => ours((await list(`limit=100&${query}`)).voyages.map((v) => v.id));
  const mapped = async (query: string): Promise<VoyageMapResponse> => {
    const response = await inject({ method: 'GET', url: `/api/voyages/map?zoom=18&${query}` });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    // Titles and descriptions name no region: only the ports of the legs can.
    made['split'] = (
      await publish(tokens['skipper']!, { title: 'A week of stone towns', description: 'Swims, konobas and quiet coves.', segments: await route('Split', 'Hvar', 'Dubrovnik') })
    ).id;
    made['grenada'] = (
      await publish(tokens['skipper']!, {
        title: 'Down the island chain',
        description: 'Short reaches in the trades.',
        segments: await route('Rodney Bay', 'Bequia', 'Prickly Bay'),
      })
    ).id;
  });

  it('finds a voyage by the country, sea, coast or islands of any port of its legs, in the list, on the map and in their totals', async () => {
    for (const place of ['Croatia', 'Adriatic', 'Dalmatia', 'Mediterranean', 'Hvar', 'dalmat'])
      expect([place, await listed(`search=${encodeURIComponent(place)}`)]).toEqual([place, ['split']]);
    // Bequia, the middle stop, is the only Grenadine: every leg's ports count, not only the first and the last.
    for (const place of ['Caribbean', 'Windward Islands', 'Grenadines', 'Grenada', 'Saint Lucia', 'West Indies'])
      expect([place, await listed(`search=${encodeURIComponent(place)}`)]).toEqual([place, ['grenada']]);
    for (const place of ['Greek Islands', 'Baltic', 'Balearic Islands']) expect([place, await listed(`search=${encodeURIComponent(place)}`)]).toEqual([place, []]);
    const dalmatia = await mapped('search=Dalmatia');
    expect(ours(dalmatia.points.map((p) => p.id))).toEqual(['split']);
    expect(dalmatia.total).toBe((await list('limit=100&search=Dalmatia')).total);
    expect(ours((await mapped('search=Grenadines')).points.map((p) => p.id))).toEqual(['grenada']);
  });

  it('lists, maps and counts only voyages that can still be joined, unless a status filter asks for others', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const quokka = (title: string, overrides: Record<string, unknown> = {}) => publish(tokens['both']!, { boat_id: ids['otherBoat'], title: `Quokka ${title}`, ...overrides });
    const setStatus = async (id: string, status: string) =>
      expect((await inject({ method: 'PUT', url: `/api/voyages/${id}`, token: tokens['both'], body: { status } })).json().status).toBe(status);
    made['open'] = (await quokka('open')).id;
    made['planning'] = (await quokka('planning')).id;
    await setStatus(made['planning'], 'planning');
    made['full'] = (await quokka('full')).id;
    await setStatus(made['full'], 'full');
    made['underWay'] = (await quokka('under way')).id;
    await setStatus(made['underWay'], 'in_progress');
    // Completed from its departure day on (a voyage that has not sailed cannot be completed).
    made['sailed'] = (await quokka('sailed', { estimated_start_date: today, estimated_end_date: inDays(5) })).id;
    await setStatus(made['sailed'], 'completed');
    // Departing today: an application would expire at once.
    made['today'] = (await quokka('departing today', { estimated_start_date: today, estimated_end_date: inDays(5) })).id;
    // Its departure passed without it being started: the clock's sweep archives it.
    made['archived'] = (await quokka('archived', { estimated_start_date: inDays(1), estimated_end_date: inDays(6) })).id;
    const swept = await runtime.repository.execute(
      Voyage,
      voyageStreamId(made['archived']),
      { type: 'SweepVoyage', at: new Date(Date.now() + 2 * 86_400_000).toISOString() },
      { userId: null, correlationId: 'browse-test-sweep' },
    );
    expect(swept.position).toBeTruthy();
    expect(await runtime.progress.waitFor(swept.position!, ['voyage-summaries'], 5_000)).toBe(true);
    expect((await inject({ method: 'GET', url: `/api/voyages/${made['archived']}` })).json().archived).toBe(true);

    const page = await list('limit=100&search=quokka');
    expect(ours(page.voyages.map((v) => v.id))).toEqual(['open', 'planning']);
    expect(page.total).toBe(2);
    const map = await mapped('search=quokka');
    expect([ours(map.points.map((p) => p.id)), map.total]).toEqual([['open', 'planning'], 2]);
    // Sorted by match for a crew member: the same voyages.
    const matched = (await inject({ method: 'GET', url: '/api/voyages/?limit=100&search=quokka&sort=match', token: tokens['crew'] })).json() as VoyageListResponse;
    expect([ours(matched.voyages.map((v) => v.id)), matched.total]).toEqual([['open', 'planning'], 2]);

    // A status filter shows that status; planning or active ones only while they can be joined, never archived ones.
    expect(await listed('search=quokka&status=full')).toEqual(['full']);
    expect(await listed('search=quokka&status=in_progress')).toEqual(['underWay']);
    expect(await listed('search=quokka&status=completed')).toEqual(['sailed']);
    expect(await listed('search=quokka&status=active')).toEqual(['open']);
    expect((await mapped('search=quokka&status=completed')).total).toBe(1);
    // The home page's "active voyages" counts what browse shows, full, under way and archived ones left out.
    const stats = (await inject({ method: 'GET', url: '/api/stats/public' })).json();
    expect(stats.active_voyages).toBe((await list('limit=1')).total);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('lists the public pages and every published voyage with absolute addresses, never a draft or a cancelled voyage', async () => {
    const open = await publish(tokens['skipper']!, { title: 'Listed for search engines' });
    const cancelled = await publish(tokens['skipper']!, { title: 'Cancelled, so unlisted' });
    await inject({ method: 'POST', url: `/api/voyages/${cancelled.id}/cancel`, token: tokens['skipper'] });
    const draft: VoyageResponse = (await inject({ method: 'POST', url: '/api/voyages/', token: tokens['skipper'], body: { title: 'Draft, unlisted', draft: true } })).json();

    const sitemap = await inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    const addresses = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(
      sitemap.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'),
    ).toBe(true);
    expect(addresses).toEqual(
      expect.arrayContaining(['https://crew.example/', 'https://crew.example/voyages', 'https://crew.example/help', `https://crew.example/voyages/${open.id}`]),
    );
    expect(addresses).not.toContain(`https://crew.example/voyages/${cancelled.id}`);
    expect(addresses).not.toContain(`https://crew.example/voyages/${draft.id}`);
    // Every voyage browse shows, whatever its status but cancelled, is listed; so are voyages that can no longer be joined.
    const browsed = await Promise.all(['', '&status=full', '&status=in_progress', '&status=completed'].map((status) => list(`limit=100${status}`)));
    expect(addresses).toEqual(expect.arrayContaining(browsed.flatMap((page) => page.voyages.map((v) => `https://crew.example/voyages/${v.id}`))));
    expect(sitemap.body).toMatch(new RegExp(`<loc>https://crew.example/voyages/${open.id}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));

    const robots = await inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('User-agent: *');
    expect(robots.body).toContain('Disallow: /admin');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Sitemap: https://crew.example/sitemap.xml');
    expect(robots.body).toContain('Sitemap: https://crew.example/fr/sitemap.xml');
    expect(robots.body).toContain('Disallow: /de/admin');
  });

  it("serves a voyage's page carrying the guest's answer to it, escaped, and a missing voyage's page without one", async () => {
    const webDist = builtWebClient('crew-voyage-page-', {
      'index.html': { file: 'assets/index-abc.js', isEntry: true },
      'src/features/voyages/routes/VoyageDetailPage.tsx': { file: 'assets/VoyageDetailPage-abc.js', imports: ['index.html'] },
    });
    const site = await createHttpApp(runtime, { logger: false, webDist });
    await site.init();
    try {
      const get = (url: string, method: 'GET' | 'HEAD' = 'GET') =>
        site
          .getHttpAdapter()
          .getInstance()
          .inject({ method, url, headers: { 'accept-encoding': 'br', 'accept-language': 'de' } });
      const voyage = await publish(tokens['skipper']!, { description: 'Ends the block early? </script><script>alert(1)</script>' });
      const page = await get(`/fr/voyages/${voyage.id}`);
      expect(page.statusCode).toBe(200);
      const html = brotliDecompressSync(page.rawPayload).toString('utf8');
      const block =
        /<script type="application\/json" id="early-answer" data-url="([^"]+)" data-read-at="(\d+)">([^<]*)<\/script>\s*<script async fetchpriority="high" src="\/voyage-prefetch.js">/.exec(
          html,
        );
      expect(block?.[1]).toBe(`/api/voyages/${voyage.id}`);
      // The very answer the browser would get, and nothing in it that could end the element.
      expect(Math.abs(Number(block?.[2]) - Date.now())).toBeLessThan(60_000);
      expect(JSON.parse(block![3]!)).toEqual((await inject({ method: 'GET', url: `/api/voyages/${voyage.id}`, headers: { 'accept-language': 'de' } })).json());
      expect(html.match(/<\/script>/g)).toHaveLength(3);

      for (const url of ['/voyages/0b7a0c1e-0000-4000-8000-000000000000', '/voyages/%E2%82%AC']) {
        const missing = await get(url);
        expect([url, missing.statusCode]).toEqual([url, 200]);
        expect(brotliDecompressSync(missing.rawPayload).toString('utf8')).not.toContain('early-answer');
      }
      const head = await get(`/voyages/${voyage.id}`, 'HEAD');
      expect([head.statusCode, head.body]).toEqual([200, '']);
    } finally {
      await site.close();
    }
  });

  it('has a sitemap per language, each page naming its other languages', async () => {
    const open = await publish(tokens['skipper']!, { title: 'Listed in every language' });
    const french = await inject({ method: 'GET', url: '/fr/sitemap.xml' });
    expect(french.statusCode).toBe(200);
    const addresses = [...french.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(addresses).toEqual(expect.arrayContaining(['https://crew.example/fr', 'https://crew.example/fr/voyages', `https://crew.example/fr/voyages/${open.id}`]));
    expect(addresses.every((address) => address?.startsWith('https://crew.example/fr'))).toBe(true);
    expect(french.body).toContain(`<xhtml:link rel="alternate" hreflang="de" href="https://crew.example/de/voyages/${open.id}"/>`);
    expect(french.body).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="https://crew.example/voyages/${open.id}"/>`);
    const english = await inject({ method: 'GET', url: '/sitemap.xml' });
    expect(english.body).toContain(`<loc>https://crew.example/voyages/${open.id}</loc>`);
    expect(english.body).toContain(`<xhtml:link rel="alternate" hreflang="it" href="https://crew.example/it/voyages/${open.id}"/>`);
  });
});
