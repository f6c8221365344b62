import type { HealthResponse, VoyageResponse } from '@crew/contracts';
import { voyageStreamId, type JsonObject, type RecordedEvent } from '@crew/domain';
import { voyageSummaryProjector } from '@crew/projections';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import type { EventToAppend } from '../src/platform/event-store/event-store.port';
import { listParkedEvents, retryParkedEvents } from '../src/platform/projections/parked-events';
import { rebuildProjection } from '../src/platform/projections/projection-rebuild';
import type { Application } from '../src/application';
import { waitUntil } from './support/smtp-server';
import { inject as injectInto, insertUser, startTestApp, type TestApp } from './support/harness';

/**
 * Issue 10: one event a projector cannot apply must never stop the platform.
 * Impossible payloads go straight into the log (past every command check);
 * everything else keeps projecting, health names the parked events, a command
 * on the poisoned voyage answers a clear 503 instead of a false 404, and a
 * retry after an upcaster clears them.
 */
let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;
let token: string;
let skipperId: string;
let boatId: string;

/** As the skipper. */
const inject = (options: { method: 'GET' | 'POST' | 'PUT'; url: string; body?: unknown }) =>
  injectInto(app, options.method, options.url, { body: options.body, headers: { authorization: `Bearer ${token}` } });

const year = new Date().getUTCFullYear() + 1;
const publish = async (title: string): Promise<VoyageResponse> => {
  const response = await inject({
    method: 'POST',
    url: '/api/voyages/',
    body: {
      title,
      description: 'Channel hop',
      estimated_start_date: `${year}-06-01`,
      estimated_end_date: `${year}-06-08`,
      contribution_type: 'free',
      contribution_currency: 'GBP',
      boat_id: boatId,
      requirements: { crew_needed: 3, min_experience: 'beginner', skills: [] },
      is_custom_voyage: false,
      segments: [{ departure_port: 'Cowes', departure_coordinates: [-1.2982, 50.7626], arrival_port: 'Cherbourg', arrival_coordinates: [-1.6217, 49.6453] }],
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
};

const health = async (): Promise<{ statusCode: number; body: HealthResponse }> => {
  const response = await inject({ method: 'GET', url: '/api/health' });
  return { statusCode: response.statusCode, body: response.json() };
};

const summaryIds = async (): Promise<string[]> =>
  (await runtime.dataSource.query<{ voyage_id: string }[]>('SELECT voyage_id FROM voyage_summaries ORDER BY voyage_id')).map((r) => r.voyage_id);

/** Appends events straight to the log, as a bug in an old release (or a hand-made import) could have. */
const appendRaw = async (streamId: string, type: string, data: JsonObject): Promise<string> => {
  const id = randomUUID();
  const event: EventToAppend = { id, type, data, metadata: { userId: skipperId, correlationId: randomUUID(), causationId: null, timestamp: new Date().toISOString() } };
  await runtime.eventStore.appendToStream(streamId, [event], 'any');
  return id;
};

beforeAll(async () => {
  testApp = await startTestApp({ dataDirPrefix: 'crew-poison-' });
  ({ runtime, app } = testApp);
  skipperId = await insertUser(runtime.dataSource, { email: 'poison@voyages.test', password: 'pass-1234', firstName: 'Ann', lastName: 'Davison', type: 'skipper' });
  token = (await inject({ method: 'POST', url: '/api/auth/login', body: { email: 'poison@voyages.test', password: 'pass-1234' } })).json().access_token;
  boatId = (
    await inject({ method: 'POST', url: '/api/profile/boats', body: { name: 'Felicity Ann', boat_type: 'monohull', length_feet: 23, capacity: 2, is_active: true } })
  ).json().id;
});

afterAll(() => testApp.close());

describe('a poison event', () => {
  const badDateVoyage = randomUUID();
  const badShapeVoyage = randomUUID();
  let badDateEvent: string;
  let badShapeEvent: string;
  let heldEvent: string;

  it('is parked with its error while every other event keeps projecting, and health says so', async () => {
    const before = await publish('Before the poison');
    const healthy = await health();
    expect(healthy.statusCode).toBe(200);
    expect(healthy.body.projections.every((p) => p.parked === 0)).toBe(true);

    // A real VoyagePublished as a template, then two that no read model can hold.
    const [published] = (await runtime.eventStore.readStream(voyageStreamId(before.id))) as [RecordedEvent];
    const snapshot = published.data as { details: JsonObject } & JsonObject;
    badDateEvent = await appendRaw(voyageStreamId(badDateVoyage), 'VoyagePublished', {
      ...snapshot,
      details: { ...snapshot.details, title: 'Leap day that never was', startDate: '2027-02-30', endDate: '2027-03-05' },
    });
    badShapeEvent = await appendRaw(voyageStreamId(badShapeVoyage), 'VoyagePublished', { ...snapshot, segments: 'Cowes to Cherbourg' });
    // A later event of the poisoned stream must not be applied ahead of it: it is held behind it.
    heldEvent = await appendRaw(voyageStreamId(badDateVoyage), 'VoyageStatusChanged', { status: 'planning', previous: 'active' });

    // The platform goes on: a voyage published after the poison shows at once, through the same projector.
    const after = await publish('After the poison');
    expect(after.title).toBe('After the poison');
    expect(await summaryIds()).toEqual([before.id, after.id].sort());

    const parked = await listParkedEvents(runtime.dataSource, 'voyage-summaries');
    expect(parked.map((p) => [p.event_id, p.event_type, p.held_behind])).toEqual(
      expect.arrayContaining([
        [badDateEvent, 'VoyagePublished', null],
        [badShapeEvent, 'VoyagePublished', null],
        [heldEvent, 'VoyageStatusChanged', badDateEvent],
      ]),
    );
    expect(parked).toHaveLength(3);
    expect(parked.find((p) => p.event_id === badDateEvent)!.error).toMatch(/date|range/i);
    expect(parked.find((p) => p.event_id === badDateEvent)!.attempts).toBeGreaterThan(1);
    // Other consumers park only what they cannot read either: analytics (for its destinations) and the
    // skipper's log (for its legs) read the route, so they park the route that is not a list, and nothing else.
    const others = async () => (await listParkedEvents(runtime.dataSource)).filter((p) => p.consumer !== 'voyage-summaries');
    await waitUntil('analytics and the skipper log park the bad route', async () => (await others()).length >= 2, 10_000);
    expect((await others()).map((p) => [p.consumer, p.event_id]).sort()).toEqual([
      ['analytics-metrics', badShapeEvent],
      ['skipper-log', badShapeEvent],
    ]);

    const degraded = await health();
    expect(degraded.statusCode).toBe(503);
    expect(degraded.body.status).toBe('degraded');
    const summaries = degraded.body.projections.find((p) => p.name === 'voyage-summaries')!;
    expect(summaries).toMatchObject({ parked: 3, lag_events: 0, status: 'running' });
  });

  it('answers a command on the poisoned voyage with a clear 503, not a false 404', async () => {
    const response = await inject({ method: 'PUT', url: `/api/voyages/${badDateVoyage}`, body: { status: 'active' } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: 'PROJECTION_FAILED', error: expect.stringMatching(/saved, but it cannot be shown yet/) });
    expect(await listParkedEvents(runtime.dataSource, 'voyage-summaries')).toHaveLength(4);
  });

  it('is parked again by a rebuild, which keeps every other row', async () => {
    const result = await rebuildProjection(voyageSummaryProjector, runtime.eventStore, runtime.dataSource);
    expect(result.parked).toBe(4);
    expect(await summaryIds()).toHaveLength(2);
    expect(await listParkedEvents(runtime.dataSource, 'voyage-summaries')).toHaveLength(4);
  });

  it('is cleared by a retry once an upcaster corrects it, and the held events follow in order', async () => {
    const summaries = runtime.projectors.find((p) => p.name === 'voyage-summaries')!;
    // Without a fix, a retry fails again and keeps everything parked.
    const unchanged = await retryParkedEvents(summaries, runtime.eventStore, runtime.dataSource);
    expect(unchanged).toMatchObject({ cleared: 0, stillParked: 4 });

    runtime.upcasters.register({
      eventType: 'VoyagePublished',
      description: 'Dates that do not exist become the last day of their month; a route that is not a list becomes an empty one.',
      upcast: (event) => {
        const data = event.data as { details: { startDate: string } & JsonObject; segments: unknown } & JsonObject;
        const startDate = data.details.startDate === '2027-02-30' ? '2027-02-28' : data.details.startDate;
        const segments = Array.isArray(data.segments) ? data.segments : [];
        return { ...event, data: { ...data, details: { ...data.details, startDate }, segments } };
      },
    });
    const outcome = await retryParkedEvents(summaries, runtime.eventStore, runtime.dataSource);
    expect(outcome).toEqual({ consumer: 'voyage-summaries', cleared: 4, stillParked: 0, errors: [] });
    const analytics = runtime.projectors.find((p) => p.name === 'analytics-metrics')!;
    expect(await retryParkedEvents(analytics, runtime.eventStore, runtime.dataSource)).toEqual({ consumer: 'analytics-metrics', cleared: 1, stillParked: 0, errors: [] });
    const skipperLog = runtime.projectors.find((p) => p.name === 'skipper-log')!;
    expect(await retryParkedEvents(skipperLog, runtime.eventStore, runtime.dataSource)).toMatchObject({ consumer: 'skipper-log', stillParked: 0, errors: [] });
    expect(await listParkedEvents(runtime.dataSource)).toEqual([]);

    const fixed = await inject({ method: 'GET', url: `/api/voyages/${badDateVoyage}` });
    expect(fixed.statusCode).toBe(200);
    // The held status changes were applied after the corrected publication, in log order.
    expect(fixed.json()).toMatchObject({ estimated_start_date: '2027-02-28', status: 'active', title: 'Leap day that never was' });
    expect((await inject({ method: 'GET', url: `/api/voyages/${badShapeVoyage}` })).json()).toMatchObject({ segments: [] });
    await waitUntil('health is ok again', async () => (await health()).statusCode === 200, 5_000);

    // Later events of those streams project normally again.
    const edited = await inject({ method: 'PUT', url: `/api/voyages/${badDateVoyage}`, body: { status: 'planning' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'planning' });
  });

  it('answers a clear 503, not a false 404, when the read model has not caught up within the wait', async () => {
    const summaries = runtime.roles.runners.find((r) => r.name === 'voyage-summaries')!;
    await summaries.stop();
    const response = await inject({
      method: 'POST',
      url: '/api/voyages/',
      body: {
        title: 'Written while the read model is stopped',
        estimated_start_date: `${year}-07-01`,
        estimated_end_date: `${year}-07-08`,
        contribution_type: 'free',
        boat_id: boatId,
        requirements: { crew_needed: 2, min_experience: 'beginner', skills: [] },
        is_custom_voyage: false,
        segments: [{ departure_port: 'Cowes', departure_coordinates: [-1.2982, 50.7626], arrival_port: 'Cherbourg', arrival_coordinates: [-1.6217, 49.6453] }],
      },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: 'PROJECTION_LAGGING', error: expect.stringMatching(/saved, but it is taking longer than usual/) });
  });
});
