import type { AdminHistoryResponse, AdminVoyageExportResponse, AdminVoyageListResponse, VoyageAnalytics, VoyageListResponse, VoyageMapResponse } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Application } from '../src/application';
import { sleep, startSmtpServer, waitUntil, type TestSmtpServer } from './support/smtp-server';
import { addUser, callAs, startTestApp, type TestApp } from './support/harness';

/**
 * Voyage Oversight over HTTP: the admin list, analytics, moderation and its
 * audit trail; suspension takes a voyage out of browse, map and search at
 * once, closes it to applications and mails its skipper once over real SMTP.
 */
let testApp: TestApp;
let inbox: TestSmtpServer;
let runtime: Application;
let app: NestFastifyApplication;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

const call = callAs(() => app);

const year = new Date().getUTCFullYear() + 1;
/** Voyages depart next June, unless a test completes one: completion waits for the departure date. */
const publish = async (title: string, description = 'Three hops with time ashore.', startDate = `${year}-06-01`) => {
  const response = await call('POST', '/api/voyages/', tokens['skipper'], {
    title,
    description,
    estimated_start_date: startDate,
    estimated_end_date: `${year}-06-10`,
    contribution_type: 'shared_costs',
    contribution_amount: 100,
    contribution_currency: 'GBP',
    contribution_details: 'Food and fuel shared',
    // The skipper's own checkbox: the admin list shows it as "Includes food".
    includes_food: true,
    boat_id: ids['boat'],
    requirements: { crew_needed: 3, min_experience: 'beginner', skills: [] },
    is_custom_voyage: false,
    segments: [{ departure_port: 'Cowes', departure_coordinates: [-1.2982, 50.7626], arrival_port: 'Cherbourg', arrival_coordinates: [-1.6217, 49.6453] }],
  });
  expect([response.status, response.body['error']]).toEqual([201, undefined]);
  return response.body['id'] as string;
};

async function addActor(actor: string, type: 'crew' | 'skipper' | 'admin', firstName: string, lastName: string): Promise<void> {
  ({ id: ids[actor], token: tokens[actor] } = await addUser(runtime, { email: `${actor}@oversight.test`, firstName, lastName, type }));
}

beforeAll(async () => {
  inbox = await startSmtpServer('answer');
  testApp = await startTestApp({ env: { SMTP_URL: inbox.url }, dataDirPrefix: 'crew-oversight-', worker: true });
  ({ runtime, app } = testApp);
  await addActor('admin', 'admin', 'Ada', 'Admiral');
  await addActor('skipper', 'skipper', 'Robin', 'Knox-Johnston');
  await addActor('crew', 'crew', 'Tilly', 'Smith');
  await addActor('crew2', 'crew', 'Ben', 'Ainslie');
  const boat = await call('POST', '/api/profile/boats', tokens['skipper'], { name: 'Suhaili', boat_type: 'monohull', length_feet: 32, capacity: 5 });
  ids['boat'] = boat.body['id'] as string;
}, 60_000);

afterAll(async () => {
  await testApp.close();
  await inbox.close();
});

/** A mail's raw text with header folding and quoted-printable soft breaks undone. */
const unfolded = (raw: string): string => raw.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ');

const browse = async (query = '') => (await call('GET', `/api/voyages/?limit=50${query}`)).body as unknown as VoyageListResponse;
const onMap = async () => {
  const map = (await call('GET', '/api/voyages/map?zoom=10&bbox=-3,49,0,51')).body as unknown as VoyageMapResponse;
  return JSON.stringify(map);
};

describe('suspending a voyage', () => {
  it('takes it out of browse, map and search at once, refuses applications, mails the skipper once, and can be reinstated', async () => {
    const id = await publish('Solent Suspense Passage');
    // Seen everywhere first (the map index may lag a change by about a second).
    expect((await browse()).voyages.map((v) => v.id)).toContain(id);
    expect((await browse('&search=suspense')).voyages.map((v) => v.id)).toEqual([id]);
    await waitUntil('the map shows the voyage', async () => (await onMap()).includes(id), 5_000);

    const earlier = await call('POST', '/api/applications/', tokens['crew2'], { voyage_id: id, message: 'Crossed the Channel twice last summer.' });
    expect(earlier.status).toBe(201);

    const missingReason = await call('POST', `/api/admin/voyages/${id}/suspend`, tokens['admin'], { reason: '  ' });
    expect(missingReason.status).toBe(400);
    const suspended = await call('POST', `/api/admin/voyages/${id}/suspend`, tokens['admin'], { reason: 'Listing misleads crew about the boat' });
    expect(suspended).toEqual({ status: 200, body: { message: expect.stringContaining('suspended') } });

    expect((await browse()).voyages.map((v) => v.id)).not.toContain(id);
    expect((await browse('&search=suspense')).voyages).toEqual([]);
    await waitUntil('the map drops the voyage', async () => !(await onMap()).includes(id), 5_000);
    const applied = await call('POST', '/api/applications/', tokens['crew'], { voyage_id: id, message: 'Ten seasons on the Solent, happy to help.' });
    expect([applied.status, applied.body['code']]).toEqual([409, 'VOYAGE_SUSPENDED']);
    expect((await call('POST', `/api/admin/voyages/${id}/suspend`, tokens['admin'], { reason: 'Again' })).status).toBe(409);
    // Its page is gone for everyone but its skipper, the crew who applied and administrators, who see why it is closed.
    expect((await call('GET', `/api/voyages/${id}`)).status).toBe(404);
    expect((await call('GET', `/api/voyages/${id}`, tokens['crew'])).status).toBe(404);
    for (const viewer of ['skipper', 'crew2', 'admin']) {
      const seen = await call('GET', `/api/voyages/${id}`, tokens[viewer]);
      expect([viewer, seen.status, seen.body['suspended']]).toEqual([viewer, 200, true]);
    }

    const suspensionMails = () => inbox.messages.filter((m) => m.rcptTo.includes('skipper@oversight.test') && /An administrator has suspended your voyage/.test(unfolded(m.raw)));
    await waitUntil('the skipper is mailed', () => suspensionMails().length > 0);
    await sleep(500);
    expect(suspensionMails()).toHaveLength(1);
    expect(unfolded(suspensionMails()[0]!.raw)).toContain('Reason: Listing misleads crew about the boat');
    const [{ sent }] = await runtime.dataSource.query<{ sent: number }[]>(
      `SELECT count(*)::int AS sent FROM email_messages WHERE template = 'voyage-suspended' AND recipient_id = $1 AND status = 'sent'`,
      [ids['skipper']],
    );
    expect(sent).toBe(1);

    const listed = (await call('GET', `/api/admin/voyages?search=${id}`, tokens['admin'])).body as unknown as AdminVoyageListResponse;
    expect(listed.voyages).toEqual([expect.objectContaining({ id, status: 'ACTIVE', suspended: true })]);

    const reinstated = await call('POST', `/api/admin/voyages/${id}/reinstate`, tokens['admin'], { reason: 'Listing corrected' });
    expect(reinstated.status).toBe(200);
    expect((await browse()).voyages.map((v) => v.id)).toContain(id);
    expect((await call('POST', '/api/applications/', tokens['crew'], { voyage_id: id, message: 'Ten seasons on the Solent, happy to help.' })).status).toBe(201);

    const history = (await call('GET', `/api/admin/voyages/${id}/history`, tokens['admin'])).body as unknown as AdminHistoryResponse;
    expect(history.history.map((h) => [h.action, h.reason, h.actor_id, h.actor_name])).toEqual([
      ['voyage.reinstated', 'Listing corrected', ids['admin'], 'Ada Admiral'],
      ['voyage.suspended', 'Listing misleads crew about the boat', ids['admin'], 'Ada Admiral'],
    ]);
  });

  it('is offered only for active voyages', async () => {
    const id = await publish('Completed Crossing', 'Three hops with time ashore.', new Date().toISOString().slice(0, 10));
    expect((await call('PUT', `/api/voyages/${id}`, tokens['skipper'], { status: 'completed' })).status).toBe(200);
    const refused = await call('POST', `/api/admin/voyages/${id}/suspend`, tokens['admin'], { reason: 'Spam' });
    expect([refused.status, refused.body['code']]).toEqual([409, 'VOYAGE_NOT_ACTIVE']);
    expect((await call('POST', '/api/admin/voyages/00000000-0000-4000-8000-000000000000/suspend', tokens['admin'], { reason: 'x' })).status).toBe(404);
  });
});

describe('the admin voyage list', () => {
  it('searches title, description, ports, skipper name and id; filters by status and date; pages by 15 with a total; exports every match', async () => {
    const id = await publish('Biscay Blue Water', 'Offshore miles with a seasoned watch system.');
    const list = async (query: string) => (await call('GET', `/api/admin/voyages?${query}`, tokens['admin'])).body as unknown as AdminVoyageListResponse;
    expect((await list('search=biscay')).voyages.map((v) => v.id)).toEqual([id]);
    expect((await list('search=seasoned')).voyages.map((v) => v.id)).toEqual([id]);
    expect((await list('search=knox')).total).toBeGreaterThanOrEqual(3);
    expect((await list('search=cherbourg')).total).toBeGreaterThanOrEqual(3);
    const one = (await list(`search=${id}`)).voyages[0]!;
    expect(one).toMatchObject({
      id,
      title: 'Biscay Blue Water',
      status: 'ACTIVE',
      departure_port: 'Cowes',
      arrival_port: 'Cherbourg',
      departure_date: `${year}-06-01`,
      return_date: `${year}-06-10`,
      skipper: { id: ids['skipper'], first_name: 'Robin', last_name: 'Knox-Johnston', email: 'skipper@oversight.test' },
      crew_needed: 3,
      max_crew: 5,
      contribution_amount: 100,
      contribution_currency: 'GBP',
      includes_food: true,
    });
    expect((await list('status=COMPLETED')).voyages.every((v) => v.status === 'COMPLETED')).toBe(true);
    expect((await list('status=COMPLETED')).total).toBeGreaterThanOrEqual(1);
    // Recent: departed in the last 30 days, today included: only the completed crossing, which departed today.
    expect((await list('date=recent')).voyages.map((v) => v.title)).toEqual(['Completed Crossing']);
    const page = await list('page=1');
    expect(page).toMatchObject({ page: 1, page_size: 15 });
    expect((await call('GET', '/api/admin/voyages?status=SOMETHING', tokens['admin'])).status).toBe(400);

    const exported = (await call('GET', '/api/admin/voyages/export?search=knox', tokens['admin'])).body as unknown as AdminVoyageExportResponse;
    expect(exported.voyages.length).toBe(exported.total);

    const analytics = (await call('GET', '/api/admin/analytics/voyages', tokens['admin'])).body as unknown as VoyageAnalytics;
    expect(analytics).toMatchObject({ total_voyages: expect.any(Number), completed_voyages: 1 });
    expect(analytics.total_voyages).toBe(page.total);
    expect(analytics.new_this_month).toBe(page.total);
    // One definition of the completion rate (as Platform Analytics): completed over ended (completed or cancelled).
    const [{ ended }] = await runtime.dataSource.query<{ ended: number }[]>(`SELECT count(*)::int AS ended FROM voyage_summaries WHERE status IN ('completed', 'cancelled')`);
    expect(ended).toBeGreaterThan(0);
    expect(analytics.completion_rate).toBe(Math.round((analytics.completed_voyages / ended) * 1000) / 10);
  });
});

describe('moderating and deleting', () => {
  it('flags for review with notes, in the history', async () => {
    const id = await publish('Review Me Run');
    expect(await call('POST', `/api/admin/voyages/${id}/moderate`, tokens['admin'], { action: 'review', notes: 'Photos look borrowed' })).toEqual({
      status: 200,
      body: { message: expect.stringContaining('flagged for moderation') },
    });
    expect((await call('POST', `/api/admin/voyages/${id}/moderate`, tokens['admin'], { action: 'ban' })).status).toBe(400);
    const history = (await call('GET', `/api/admin/voyages/${id}/history`, tokens['admin'])).body as unknown as AdminHistoryResponse;
    expect(history.history[0]).toMatchObject({ action: 'voyage.flagged_for_review', reason: 'Photos look borrowed' });
  });

  it('refuses while crew are accepted, with accepted_applications; deletes otherwise, telling pending applicants', async () => {
    const id = await publish('Crewed Delete Test');
    const applied = await call('POST', '/api/applications/', tokens['crew'], { voyage_id: id, message: 'Ten seasons on the Solent, happy to help.' });
    const applicationId = (applied.body['application'] as { id: string }).id;
    expect((await call('POST', `/api/applications/${applicationId}/accept`, tokens['skipper'])).status).toBe(200);
    const refused = await call('DELETE', `/api/admin/voyages/${id}`, tokens['admin']);
    expect(refused).toEqual({
      status: 409,
      body: {
        error: 'Cannot delete voyage: There are 1 accepted crew members on this voyage. Please cancel the voyage instead.',
        code: 'VOYAGE_HAS_ACCEPTED_CREW',
        accepted_applications: 1,
      },
    });

    const other = await publish('Pending Delete Test');
    expect((await call('POST', '/api/applications/', tokens['crew2'], { voyage_id: other, message: 'Ten seasons on the Solent, happy to help.' })).status).toBe(201);
    expect(await call('DELETE', `/api/admin/voyages/${other}`, tokens['admin'])).toEqual({ status: 200, body: { message: 'Voyage deleted' } });
    expect((await call('GET', `/api/voyages/${other}`)).status).toBe(404);
    const mine = (await call('GET', '/api/applications/my-applications', tokens['crew2'])).body as { applications: { voyage: { id: string } }[] };
    expect(mine.applications.map((a) => a.voyage.id)).not.toContain(other);
    await waitUntil('the applicant is told', () => inbox.messages.some((m) => m.rcptTo.includes('crew2@oversight.test') && /cancel/i.test(unfolded(m.raw))));
    expect((await call('DELETE', `/api/admin/voyages/${other}`, tokens['admin'])).status).toBe(404);
    const history = (await call('GET', `/api/admin/voyages/${other}/history`, tokens['admin'])).body as unknown as AdminHistoryResponse;
    expect(history.history.map((h) => h.action)).toEqual(['voyage.deleted']);
  });
});
