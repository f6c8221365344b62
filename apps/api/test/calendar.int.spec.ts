import type { ApplicationActionResponse, CalendarFeed, CalendarFeedStatus, VoyageResponse } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import ical, { type VEvent } from 'node-ical';
import { hashPassword } from '../src/modules/accounts/password-hasher';
import type { Application } from '../src/application';
import { addUser, call as request, inject, startTestApp, type TestApp } from './support/harness';

/**
 * Calendars over HTTP on a real database (docs/features/calendar.md): a
 * voyage's .ics for whoever may see the voyage, and a member's private feed
 * that follows their voyages, applications and the skippers' edits.
 */
let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const SITE = 'https://crew.example';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = <T = Record<string, unknown>>(method: Method, url: string, actor?: string, body?: unknown) =>
  request<T>(app, method, url, { token: actor ? tokens[actor] : undefined, body });

const year = new Date().getUTCFullYear() + 1;
const day = (month: number, date: number) => `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
const compact = (isoDate: string) => isoDate.replace(/-/g, '');

/** Three legs between points dropped on the map: Cowes → Cherbourg → Saint-Malo → St Peter Port, with dates. */
const legs = (start = day(6, 1)) => [
  {
    departure_port: 'Cowes',
    departure_coordinates: [-1.2982, 50.7626],
    arrival_port: 'Cherbourg',
    arrival_coordinates: [-1.6217, 49.6453],
    estimated_departure_date: start,
    estimated_arrival_date: day(6, 2),
  },
  {
    departure_port: 'Cherbourg',
    departure_coordinates: [-1.6217, 49.6453],
    arrival_port: 'Saint-Malo',
    arrival_coordinates: [-2.0257, 48.6493],
    estimated_departure_date: day(6, 4),
    estimated_arrival_date: day(6, 5),
  },
  {
    departure_port: 'Saint-Malo',
    departure_coordinates: [-2.0257, 48.6493],
    arrival_port: 'St Peter Port',
    arrival_coordinates: [-2.5369, 49.4543],
    estimated_departure_date: day(6, 7),
    estimated_arrival_date: day(6, 10),
  },
];

const voyageForm = (title: string, boat: string, overrides: Record<string, unknown> = {}) => ({
  title,
  description: 'Channel hops with a night crossing.',
  estimated_start_date: day(6, 1),
  estimated_end_date: day(6, 10),
  contribution_type: 'free',
  boat_id: ids[boat],
  requirements: { crew_needed: 4, min_experience: 'beginner', skills: [] },
  is_custom_voyage: false,
  segments: legs(),
  ...overrides,
});

const publish = async (skipper: string, title: string, overrides: Record<string, unknown> = {}): Promise<string> => {
  const response = await call<VoyageResponse>('POST', '/api/voyages/', skipper, voyageForm(title, `${skipper}Boat`, overrides));
  expect(response.status).toBe(201);
  return response.body.id;
};

const apply = async (actor: string, voyageId: string): Promise<string> => {
  const response = await call<ApplicationActionResponse>('POST', '/api/applications/', actor, { voyage_id: voyageId, message: 'Keen sailor with five seasons of Solent racing.' });
  expect(response.status).toBe(201);
  return response.body.application.id;
};

const act = async (actor: string, applicationId: string, action: 'withdraw' | 'accept' | 'reject'): Promise<void> => {
  const response = await call('POST', `/api/applications/${applicationId}/${action}`, actor);
  expect([action, response.status]).toEqual([action, 200]);
};

/** GET of a calendar address (a full URL or a path) with its raw answer. */
const fetchCalendar = (url: string, actor?: string, headers: Record<string, string> = {}) =>
  inject(app, 'GET', url.startsWith(SITE) ? url.slice(SITE.length) : url, { token: actor ? tokens[actor] : undefined, headers });

const eventsOf = (text: string): VEvent[] =>
  Object.values(ical.sync.parseICS(text))
    .filter((component): component is VEvent => component?.type === 'VEVENT')
    .sort((a, b) => a.uid.localeCompare(b.uid));

const text = (value: unknown): string => (typeof value === 'string' ? value : ((value as { val?: string } | undefined)?.val ?? ''));
/** The voyage ids of a feed's events. */
const voyagesIn = (events: readonly VEvent[]): string[] => [...new Set(events.map((event) => /^voyage-(.+)-leg-\d+@/.exec(event.uid)![1]!))].sort();
const eventsOfVoyage = (events: readonly VEvent[], voyageId: string) => events.filter((event) => event.uid.startsWith(`voyage-${voyageId}-`));

async function feedOf(url: string): Promise<VEvent[]> {
  const response = await fetchCalendar(url);
  expect(response.statusCode).toBe(200);
  return eventsOf(response.body);
}

beforeAll(async () => {
  testApp = await startTestApp({ env: { PUBLIC_URL: SITE }, dataDirPrefix: 'crew-calendar-' });
  ({ runtime, app } = testApp);
  const passwordHash = await hashPassword('pass-1234');
  for (const [actor, type, firstName, lastName] of [
    ['ellen', 'skipper', 'Ellen', 'MacArthur'],
    ['robin', 'both', 'Robin', 'Knox-Johnston'],
    ['tilly', 'crew', 'Tilly', 'Smith'],
    ['guest2', 'crew', 'Naomi', 'James'],
  ] as const) {
    ({ id: ids[actor], token: tokens[actor] } = await addUser(runtime, { email: `${actor}@calendar.test`, passwordHash, firstName, lastName, type }));
  }
  for (const skipper of ['ellen', 'robin']) {
    const boat = await call('POST', '/api/profile/boats', skipper, { name: `${skipper} boat`, boat_type: 'monohull', length_feet: 38, capacity: 6 });
    expect(boat.status).toBe(201);
    ids[`${skipper}Boat`] = boat.body['id'] as string;
  }
}, 60_000);

afterAll(() => testApp.close());

describe('a voyage’s calendar file', () => {
  it('gives anyone a published voyage’s legs as an .ics download, one all-day event per leg', async () => {
    const voyageId = await publish('ellen', 'Solent to the Channel Islands');
    const response = await fetchCalendar(`/api/voyages/${voyageId}/calendar.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="solent-to-the-channel-islands.ics"');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['etag']).toMatch(/^"\d+-en"$/);
    expect(new Date(String(response.headers['last-modified'])).getTime()).toBeGreaterThan(0);
    const events = eventsOf(response.body);
    expect(events.map((event) => [text(event.summary), text(event.location)])).toEqual([
      ['Solent to the Channel Islands (leg 1 of 3): Cowes → Cherbourg', 'Cowes'],
      ['Solent to the Channel Islands (leg 2 of 3): Cherbourg → Saint-Malo', 'Cherbourg'],
      ['Solent to the Channel Islands (leg 3 of 3): Saint-Malo → St Peter Port', 'Saint-Malo'],
    ]);
    expect(response.body).toContain(`DTSTART;VALUE=DATE:${compact(day(6, 7))}\r\nDTEND;VALUE=DATE:${compact(day(6, 11))}`);
    expect(text(events[0]!.url)).toBe(`${SITE}/voyages/${voyageId}`);
    // In the language asked for, with the voyage's link in that language.
    const french = await fetchCalendar(`/api/voyages/${voyageId}/calendar.ics?lang=fr`);
    expect(french.headers['etag']).toMatch(/-fr"$/);
    expect(text(eventsOf(french.body)[0]!.url)).toBe(`${SITE}/fr/voyages/${voyageId}`);
    const german = await fetchCalendar(`/api/voyages/${voyageId}/calendar.ics`, undefined, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(german.headers['vary']).toMatch(/Accept-Language/);
    expect(text(eventsOf(german.body)[0]!.url)).toBe(`${SITE}/de/voyages/${voyageId}`);
  });

  it('is 404, as the voyage is, for anyone who may not see the voyage; its skipper gets it, kept by no cache', async () => {
    const draft = await call<VoyageResponse>('POST', '/api/voyages/', 'ellen', { ...voyageForm('Not yet decided', 'ellenBoat'), draft: true });
    expect(draft.status).toBe(201);
    const url = `/api/voyages/${draft.body.id}/calendar.ics`;
    for (const actor of [undefined, 'tilly']) {
      const refused = await fetchCalendar(url, actor);
      expect([refused.statusCode, refused.json()]).toEqual([404, { error: 'Voyage not found', code: 'VOYAGE_NOT_FOUND' }]);
      expect((await call('GET', `/api/voyages/${draft.body.id}`, actor)).status).toBe(404);
    }
    const own = await fetchCalendar(url, 'ellen');
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(eventsOf(own.body)).toHaveLength(3);
    for (const missing of [`/api/voyages/${crypto.randomUUID()}/calendar.ics`, '/api/voyages/not-a-voyage/calendar.ics']) {
      const response = await fetchCalendar(missing);
      expect([response.statusCode, response.json()]).toEqual([404, { error: 'Voyage not found', code: 'VOYAGE_NOT_FOUND' }]);
    }
    expect((await fetchCalendar(`${url}?lang=xx`, 'ellen')).statusCode).toBe(400);
  });
});

describe('a member’s calendar feed', () => {
  it('follows the voyages a member skippers, crews and applied to, as applications and dates change, until reset or turned off', async () => {
    const skippered = await publish('robin', 'Round the Isle of Wight');
    const pending = await publish('ellen', 'Brittany in June');
    const accepted = await publish('ellen', 'Channel Islands hop');
    const rejected = await publish('ellen', 'Scilly Isles dash');
    const withdrawn = await publish('ellen', 'Normandy beaches');
    const applications: Record<string, string> = {};
    for (const [key, voyageId] of Object.entries({ pending, accepted, rejected, withdrawn })) applications[key] = await apply('robin', voyageId);
    // Someone else's application to the same voyage: their name must not reach robin's feed.
    await apply('tilly', accepted);
    await act('ellen', applications['rejected']!, 'reject');
    await act('robin', applications['withdrawn']!, 'withdraw');

    expect((await call<CalendarFeedStatus>('GET', '/api/users/me/calendar-feed', 'robin')).body).toEqual({ active: false, created_at: null });
    const created = await call<CalendarFeed>('POST', '/api/users/me/calendar-feed', 'robin');
    expect(created.status).toBe(201);
    const feedUrl = created.body.url;
    expect(feedUrl).toMatch(new RegExp(`^${SITE}/api/calendar-feeds/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(created.body.webcal_url).toBe(feedUrl.replace('https://', 'webcal://'));
    expect((await call<CalendarFeedStatus>('GET', '/api/users/me/calendar-feed', 'robin')).body).toEqual({ active: true, created_at: created.body.created_at });
    // Only a hash is kept.
    const [stored] = await runtime.dataSource.query<{ token_hash: Buffer }[]>('SELECT token_hash FROM calendar_feeds WHERE user_id = $1', [ids['robin']]);
    expect(stored!.token_hash.toString('utf8')).not.toContain(feedUrl.split('/').pop()!.replace('.ics', ''));

    const answer = await fetchCalendar(feedUrl);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.body).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    expect(answer.body).toContain('X-PUBLISHED-TTL:PT1H');
    for (const personal of ['Ellen', 'MacArthur', 'Tilly', 'Smith', 'Knox-Johnston', '@calendar.test']) expect(answer.body).not.toContain(personal);
    let events = eventsOf(answer.body);
    expect(voyagesIn(events)).toEqual([skippered, pending, accepted].sort());
    const partIn = (voyageId: string) => eventsOfVoyage(events, voyageId).map((event) => [event.status, /Your part: (.+)/.exec(text(event.description))?.[1]]);
    expect(partIn(skippered)).toEqual(Array(3).fill(['CONFIRMED', 'Skipper']));
    expect(partIn(pending)).toEqual(Array(3).fill(['TENTATIVE', 'Application pending']));
    expect(partIn(accepted)).toEqual(Array(3).fill(['TENTATIVE', 'Application pending']));
    const sequenceBefore = Number(eventsOfVoyage(events, accepted)[0]!.sequence);

    // Accepted: the voyage stays, confirmed, with a higher SEQUENCE; withdrawn: it leaves.
    await act('ellen', applications['accepted']!, 'accept');
    await act('robin', applications['pending']!, 'withdraw');
    events = await feedOf(feedUrl);
    expect(voyagesIn(events)).toEqual([skippered, accepted].sort());
    expect(partIn(accepted)).toEqual(Array(3).fill(['CONFIRMED', 'Accepted crew']));
    const sequenceAccepted = Number(eventsOfVoyage(events, accepted)[0]!.sequence);
    expect(sequenceAccepted).toBeGreaterThan(sequenceBefore);

    // The skipper moves the voyage a week later: the feed has the new days, under the same UIDs, with a higher SEQUENCE.
    const uids = eventsOfVoyage(events, accepted).map((event) => event.uid);
    const later = legs(day(6, 8)).map((leg, index) => ({
      ...leg,
      estimated_departure_date: [day(6, 8), day(6, 11), day(6, 14)][index],
      estimated_arrival_date: [day(6, 9), day(6, 12), day(6, 17)][index],
    }));
    const edited = await call(
      'PUT',
      `/api/voyages/${accepted}`,
      'ellen',
      voyageForm('Channel Islands hop', 'ellenBoat', { estimated_start_date: day(6, 8), estimated_end_date: day(6, 17), segments: later }),
    );
    expect(edited.status).toBe(200);
    const moved = await fetchCalendar(feedUrl);
    expect(moved.body).toContain(`DTSTART;VALUE=DATE:${compact(day(6, 14))}\r\nDTEND;VALUE=DATE:${compact(day(6, 18))}`);
    events = eventsOf(moved.body);
    expect(eventsOfVoyage(events, accepted).map((event) => event.uid)).toEqual(uids);
    expect(Number(eventsOfVoyage(events, accepted)[0]!.sequence)).toBeGreaterThan(sequenceAccepted);

    // Reset: a new address works, the old one is 404; turned off: 404.
    const reset = await call<CalendarFeed>('POST', '/api/users/me/calendar-feed', 'robin');
    expect(reset.body.url).not.toBe(feedUrl);
    expect((await fetchCalendar(feedUrl)).statusCode).toBe(404);
    expect(voyagesIn(await feedOf(reset.body.url))).toEqual([skippered, accepted].sort());
    const off = await call<CalendarFeedStatus>('DELETE', '/api/users/me/calendar-feed', 'robin');
    expect([off.status, off.body]).toEqual([200, { active: false, created_at: null }]);
    const gone = await fetchCalendar(reset.body.url);
    expect([gone.statusCode, gone.json()]).toEqual([404, { error: 'Calendar feed not found', code: 'CALENDAR_FEED_NOT_FOUND' }]);
  });

  it('answers 404 with a JSON error for an address that is no feed', async () => {
    for (const file of [`${'A'.repeat(43)}.ics`, 'short.ics', `${'B'.repeat(43)}.txt`, `${'C'.repeat(43)}`]) {
      const response = await fetchCalendar(`/api/calendar-feeds/${file}`);
      expect([file, response.statusCode, response.json()]).toEqual([file, 404, { error: 'Calendar feed not found', code: 'CALENDAR_FEED_NOT_FOUND' }]);
    }
  });

  it('is in the member’s data export without its token, and goes with the account', async () => {
    const feed = await call<CalendarFeed>('POST', '/api/users/me/calendar-feed', 'guest2');
    const exported = await inject(app, 'GET', '/api/users/me/export', { token: tokens['guest2'] });
    expect(exported.statusCode).toBe(200);
    const document = JSON.parse(exported.body) as { calendar_feed: unknown };
    expect(document.calendar_feed).toEqual({ active: true, created_at: expect.any(String) });
    expect(exported.body).not.toContain(feed.body.url.split('/').pop()!.replace('.ics', ''));
    const deleted = await call('DELETE', '/api/users/me', 'guest2', { password: 'pass-1234' });
    expect(deleted.status).toBe(200);
    expect(await runtime.dataSource.query('SELECT 1 FROM calendar_feeds WHERE user_id = $1', [ids['guest2']])).toEqual([]);
    expect((await fetchCalendar(feed.body.url)).statusCode).toBe(404);
  });
});
