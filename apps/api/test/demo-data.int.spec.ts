import type { MyApplicationsResponse, VoyageListResponse, VoyageMapResponse } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_CREW, DEMO_PASSWORD, DEMO_SKIPPERS, demoEmail } from '../src/cli/demo/demo-people';
import { describeDemo, seedDemo, type DemoSummary } from '../src/cli/demo/demo-seed';
import { loadConfig } from '../src/platform/config/app-config';
import type { Application } from '../src/application';
import { inject, startTestApp, type TestApp } from './support/harness';

jest.setTimeout(180_000);

let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;
let summary: DemoSummary;
const NOW = new Date();

const get = async <T>(url: string, token?: string): Promise<T> => {
  const response = await inject(app, 'GET', url, { token });
  expect(response.statusCode).toBe(200);
  return response.json() as T;
};
const signIn = async (email: string, password: string) =>
  app
    .getHttpAdapter()
    .getInstance()
    .inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email, password }) });

beforeAll(async () => {
  testApp = await startTestApp({ dataDirPrefix: 'crew-demo-' });
  ({ runtime, app } = testApp);
  summary = await seedDemo(runtime, { now: NOW });
  expect(summary.lastPosition).not.toBeNull();
  expect(await runtime.progress.waitFor(summary.lastPosition!, ['voyage-summaries', 'applications'], 60_000)).toBe(true);
});

afterAll(() => testApp.close());

describe('demo data', () => {
  it('registers a dozen skippers and thirty crew at the .example domain, verified, all signing in with the documented password', async () => {
    expect(summary).toMatchObject({ skipped: null, skippers: DEMO_SKIPPERS.length, crew: DEMO_CREW.length });
    expect(DEMO_SKIPPERS.length).toBeGreaterThanOrEqual(12);
    expect(DEMO_CREW.length).toBeGreaterThanOrEqual(30);
    const users = await runtime.dataSource.query<{ email: string; email_verified: boolean; user_type: string; sailing_experience: { years_sailing: number } | null }[]>(
      `SELECT email, email_verified, user_type, sailing_experience FROM users WHERE NOT is_admin`,
    );
    expect(users).toHaveLength(DEMO_SKIPPERS.length + DEMO_CREW.length);
    expect(users.every((user) => user.email.endsWith('@crewfinder.example') && user.email_verified && user.sailing_experience !== null)).toBe(true);
    expect(new Set(users.map((user) => user.sailing_experience?.years_sailing)).size).toBeGreaterThan(10);
    expect(new Set(users.map((user) => user.user_type))).toEqual(new Set(['skipper', 'crew', 'both']));
    for (const person of [DEMO_SKIPPERS[0]!, DEMO_CREW[0]!]) {
      expect((await signIn(demoEmail(person), DEMO_PASSWORD)).statusCode).toBe(200);
    }
    // Registration mails nothing: the accounts are created verified.
    const [mails] = await runtime.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM email_messages WHERE template = 'verify-email'`);
    expect(mails?.n ?? 0).toBe(0);
  });

  it('gives every boat a drawing stored as WebP through the photo store', async () => {
    const boats = await runtime.dataSource.query<{ boat_type: string; boat_photo_url: string | null; boat_photo_thumbnail_url: string | null }[]>(
      'SELECT boat_type, boat_photo_url, boat_photo_thumbnail_url FROM boats',
    );
    expect(boats.length).toBe(summary.boats);
    expect(new Set(boats.map((boat) => boat.boat_type))).toEqual(new Set(['monohull', 'catamaran', 'trimaran']));
    for (const boat of boats) {
      expect(boat.boat_photo_url).toMatch(/^\/uploads\/[0-9a-f-]+\.webp$/);
      const file = path.join(runtime.photos.directory, path.basename(boat.boat_photo_url!));
      expect(existsSync(file)).toBe(true);
      expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 675 });
    }
  });

  it('publishes about forty voyages on real routes across the next twelve months, a few under way or sailed', async () => {
    const browse = await get<VoyageListResponse>('/api/voyages/?limit=100');
    const [full, underWay, sailed] = await Promise.all(['full', 'in_progress', 'completed'].map((status) => get<VoyageListResponse>(`/api/voyages/?limit=100&status=${status}`)));
    // Browse shows the voyages that can still be joined; full, under way and sailed ones come with a status filter.
    const voyages = [browse, full, underWay, sailed].flatMap((page) => page.voyages);
    expect(voyages.length).toBeGreaterThanOrEqual(38);
    expect(browse.total).toBeGreaterThanOrEqual(25);
    const statuses = Object.keys(summary.voyages).sort();
    expect(statuses).toEqual(['active', 'completed', 'full', 'in_progress', 'planning']);
    const today = NOW.toISOString().slice(0, 10);
    const inAYear = new Date(NOW.getTime() + 366 * 86_400_000).toISOString().slice(0, 10);
    const upcoming = voyages.filter((voyage) => ['active', 'full', 'planning'].includes(voyage.status));
    expect(upcoming.every((voyage) => (voyage.estimated_start_date ?? '') > today && (voyage.estimated_start_date ?? '') <= inAYear)).toBe(true);
    // Across the seasons: departures in at least eight different months.
    expect(new Set(upcoming.map((voyage) => voyage.estimated_start_date?.slice(5, 7))).size).toBeGreaterThanOrEqual(8);
    expect(sailed.voyages.every((voyage) => (voyage.estimated_end_date ?? '') < today)).toBe(true);
    for (const voyage of voyages) {
      expect(voyage.description.length).toBeGreaterThan(40);
      expect(voyage.boat?.boat_photo_url).toMatch(/\.webp$/);
      // Every leg has its own dates, in order, within the voyage's.
      let previous = voyage.estimated_start_date ?? '';
      for (const segment of voyage.segments) {
        expect([segment.estimated_departure_date, segment.estimated_arrival_date].every((date) => date !== null && date >= previous)).toBe(true);
        previous = segment.estimated_arrival_date ?? previous;
      }
      expect(previous).toBe(voyage.estimated_end_date);
    }
    // Ports from the ports table for nearly all harbours, named as it names them.
    expect(summary.harboursFromTable).toBeGreaterThan(summary.harboursPinned.length * 3);
    // Only the harbours the ports table lacks are pins (Korissia: the table has only Kéa's inland town).
    expect([...summary.harboursPinned].sort()).toEqual(['Arinagour', 'Korissia', 'Russell', 'Tutukaka']);
    const ids = voyages.flatMap((voyage) => voyage.segments.map((segment) => segment.departure_port_id)).filter(Boolean);
    expect(ids.length).toBeGreaterThan(60);
  });

  it('browses only the voyages that can still be joined: full, under way and sailed ones are out of the list, the map and their totals', async () => {
    const today = NOW.toISOString().slice(0, 10);
    const browse = await get<VoyageListResponse>('/api/voyages/?limit=100');
    const map = await get<VoyageMapResponse>('/api/voyages/map?zoom=18');
    expect(browse.voyages.every((voyage) => ['planning', 'active'].includes(voyage.status) && (voyage.estimated_start_date ?? '') > today)).toBe(true);
    expect(map.total).toBe(browse.total);
    expect(map.points.map((point) => point.id).sort()).toEqual(browse.voyages.map((voyage) => voyage.id).sort());
    const others = await Promise.all(['full', 'in_progress', 'completed'].map((status) => get<VoyageListResponse>(`/api/voyages/?limit=100&status=${status}`)));
    const closed = others.flatMap((page) => page.voyages.map((voyage) => voyage.id));
    // The demo has voyages under way and sailed (a full one only while its crew is complete).
    expect(Math.min(others[1]!.total, others[2]!.total)).toBeGreaterThan(0);
    expect(closed.filter((id) => browse.voyages.some((voyage) => voyage.id === id) || map.points.some((point) => point.id === id))).toEqual([]);
  });

  it('finds voyages that can still be joined for every destination the site suggests', async () => {
    // The suggestions as the web client has them (header quick search and browse).
    const source = readFileSync(path.join(__dirname, '../../web/src/lib/recent-searches.ts'), 'utf8');
    const destinations = [...(/POPULAR_DESTINATIONS = \[([^\]]*)\]/.exec(source)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((match) => match[1]!);
    expect(destinations.length).toBeGreaterThanOrEqual(8);
    const found: [string, number, number][] = [];
    for (const destination of destinations) {
      const search = encodeURIComponent(destination);
      const [list, map] = [await get<VoyageListResponse>(`/api/voyages/?limit=100&search=${search}`), await get<VoyageMapResponse>(`/api/voyages/map?zoom=18&search=${search}`)];
      found.push([destination, list.total, map.total]);
    }
    expect(found.filter(([, listed, mapped]) => listed === 0 || mapped !== listed)).toEqual([]);
  });

  it('has applications in every state, visible to the crew who made them', async () => {
    expect(Object.keys(summary.applications).sort()).toEqual(['accepted', 'pending', 'rejected', 'withdrawn']);
    const rows = await runtime.dataSource.query<{ status: string; n: number }[]>('SELECT status, count(*)::int AS n FROM applications GROUP BY status');
    expect(Object.fromEntries(rows.map((row) => [row.status, row.n]))).toEqual(summary.applications);
    const crew = await signIn(demoEmail(DEMO_CREW[0]!), DEMO_PASSWORD);
    const mine = await get<MyApplicationsResponse>('/api/applications/my-applications', crew.json().access_token);
    expect(mine.applications.every((application) => application.message.length >= 10)).toBe(true);
  });

  it('fills only an empty database: run again it adds nothing and says why', async () => {
    const again = await seedDemo(runtime, { now: NOW });
    expect(again.skipped).toMatch(/already has \d+ voyages/);
    expect(describeDemo(again, 'http://localhost:3000')).toBe(`Demo data not added: ${again.skipped}. It fills only an empty database.`);
    const [row] = await runtime.dataSource.query<{ n: number }[]>('SELECT count(*)::int AS n FROM users WHERE NOT is_admin');
    expect(row?.n).toBe(DEMO_SKIPPERS.length + DEMO_CREW.length);
  });

  it('is a start option that is off unless asked for', () => {
    expect(loadConfig({}).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).demoData).toBe(false);
    expect(loadConfig({ DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(() => loadConfig({ DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA/);
  });
});
