import type { ApplicationActionResponse, MyApplicationsResponse, VoyageApplicationsResponse, VoyageResponse } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { hashPassword } from '../src/modules/accounts/password-hasher';
import { ProjectionRunner } from '../src/platform/projections/projection-runner';
import type { Application } from '../src/application';
import { startSmtpServer, waitUntil, type TestSmtpServer } from './support/smtp-server';
import { addUser, call as request, quietLogger, startTestApp, type TestApp } from './support/harness';

const processes: TestApp[] = [];
let inbox: TestSmtpServer;
/** Two API processes on one database: the first also runs projections and the mail worker. */
const runtimes: Application[] = [];
const apps: NestFastifyApplication[] = [];
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

type Method = 'GET' | 'POST' | 'PUT';
/** The harness's call through one of the two processes (the first unless `via` says). */
const call = (method: Method, url: string, token?: string, body?: unknown, via = 0) => request(apps[via]!, method, url, { token, body });

const year = new Date().getUTCFullYear() + 1;
const legs = [
  { departure_port: 'Cowes', departure_coordinates: [-1.2982, 50.7626], arrival_port: 'Cherbourg', arrival_coordinates: [-1.6217, 49.6453] },
  { departure_port: 'Cherbourg', departure_coordinates: [-1.6217, 49.6453], arrival_port: 'Saint-Malo', arrival_coordinates: [-2.0257, 48.6493] },
  { departure_port: 'Saint-Malo', departure_coordinates: [-2.0257, 48.6493], arrival_port: 'St Peter Port', arrival_coordinates: [-2.5369, 49.4543] },
];

const voyageForm = (crewNeeded: number, title: string) => ({
  title,
  description: 'Three hops with time ashore.',
  estimated_start_date: `${year}-06-01`,
  estimated_end_date: `${year}-06-10`,
  contribution_type: 'free',
  boat_id: ids['boat'],
  requirements: { crew_needed: crewNeeded, min_experience: 'beginner', skills: [] },
  is_custom_voyage: false,
  segments: legs,
});

const publish = async (crewNeeded: number, title = 'Channel Islands Hop'): Promise<VoyageResponse> => {
  const response = await call('POST', '/api/voyages/', tokens['skipper'], voyageForm(crewNeeded, title));
  expect(response.status).toBe(201);
  return response.body as unknown as VoyageResponse;
};

const MESSAGE = 'Keen sailor with five seasons of Solent racing.';
const apply = (actor: string, voyageId: string, extra: Record<string, unknown> = {}, via = 0) =>
  call('POST', '/api/applications/', tokens[actor], { voyage_id: voyageId, message: MESSAGE, ...extra }, via);
const act = (actor: string, applicationId: string, action: 'withdraw' | 'accept' | 'reject', via = 0) =>
  call('POST', `/api/applications/${applicationId}/${action}`, tokens[actor], undefined, via);
const voyage = async (voyageId: string, actor?: string) => (await call('GET', `/api/voyages/${voyageId}`, actor ? tokens[actor] : undefined)).body as unknown as VoyageResponse;
const applicationId = (response: { body: Record<string, unknown> }): string => (response.body as unknown as ApplicationActionResponse).application.id;

async function addActor(actor: string, type: 'crew' | 'skipper' | 'both', passwordHash: string): Promise<void> {
  const firstName = actor.charAt(0).toUpperCase() + actor.slice(1);
  ({ id: ids[actor], token: tokens[actor] } = await addUser(runtimes[0]!, { email: `${actor}@applications.test`, passwordHash, firstName, lastName: 'Sailor', type }));
}

beforeAll(async () => {
  inbox = await startSmtpServer('answer');
  for (const role of ['primary', 'secondary'] as const) {
    const primary = role === 'primary';
    const started = await startTestApp({
      database: processes[0]?.database,
      env: { SMTP_URL: inbox.url },
      dataDirPrefix: 'crew-applications-',
      projectors: primary,
      worker: primary,
    });
    processes.push(started);
    runtimes.push(started.runtime);
    apps.push(started.app);
  }
  const password = await hashPassword('pass-1234');
  await addActor('skipper', 'skipper', password);
  await addActor('otherskipper', 'skipper', password);
  await addActor('both', 'both', password);
  for (const crew of ['anna', 'ben', 'cleo', 'dai', 'eve']) await addActor(crew, 'crew', password);
  await runtimes[0]!.dataSource.query(`UPDATE users SET sailing_experience = $2, crew_skills = $3 WHERE id = $1`, [
    ids['anna'],
    JSON.stringify({ years_sailing: 5, sailing_areas: ['Channel/North Sea'], experience_types: [], certifications: ['RYA Day Skipper'], informal_description: 'Racing crew' }),
    JSON.stringify({ navigation: ['chart_plotting'], sailing: [], technical: [], safety: ['first_aid'], galley: [], experience: [] }),
  ]);
  const boat = await call('POST', '/api/profile/boats', tokens['skipper'], { name: 'Kingfisher', boat_type: 'monohull', length_feet: 38, capacity: 6 });
  expect(boat.status).toBe(201);
  ids['boat'] = boat.body['id'] as string;
}, 60_000);

afterAll(async () => {
  // The secondary first: the primary's close drops the database.
  for (const started of processes.reverse()) await started.close();
  await inbox.close();
});

const mailsTo = (actor: string, subject: RegExp) => inbox.messages.filter((m) => m.rcptTo.includes(`${actor}@applications.test`) && subject.test(m.subject ?? ''));

describe('applying', () => {
  it('records an application, shows it to the applicant and counts it on the voyage, and mails the skipper once', async () => {
    const { id } = await publish(4);
    const short = await apply('anna', id, { message: 'Hi there' });
    expect(short.status).toBe(400);
    expect(short.body['error']).toContain('at least 10 characters');

    const applied = await apply('anna', id);
    expect(applied.status).toBe(201);
    expect(applied.body['message']).toBe('Application submitted successfully! The skipper will review your application.');
    const application = (applied.body as unknown as ApplicationActionResponse).application;
    expect(application).toMatchObject({ status: 'pending', message: MESSAGE, segment_orders: [], voyage: { id, title: 'Channel Islands Hop' } });

    expect((await voyage(id, 'anna')).my_application).toEqual({ id: application.id, status: 'pending' });
    expect((await voyage(id, 'ben')).my_application).toBeNull();
    expect(await voyage(id)).toMatchObject({ my_application: null, application_count: 1, pending_count: 1, current_crew_count: 0 });

    const again = await apply('anna', id);
    expect(again.status).toBe(409);
    expect(again.body['error']).toContain('already applied');

    const mine = (await call('GET', '/api/applications/my-applications', tokens['anna'])).body as unknown as MyApplicationsResponse;
    expect(mine.applications.map((a) => [a.voyage.id, a.status])).toEqual([[id, 'pending']]);

    await waitUntil('the skipper got the application mail', () => mailsTo('skipper', /^New application for Channel Islands Hop$/).length === 1);
    // Quoted-printable: undo the soft line breaks before reading the text.
    const text = mailsTo('skipper', /^New application/)[0]!.raw.replace(/=\r?\n/g, '');
    expect(text).toContain(`/voyages/${id}/applications`);
    expect(text).toContain('Anna Sailor has applied to join');
    expect(text).toContain(MESSAGE);
  });

  it('refuses skipper accounts, the owner, drafts, closed and unknown voyages, bad ids and unknown legs', async () => {
    const open = await publish(4);
    expect((await apply('otherskipper', open.id)).body).toMatchObject({ code: 'CREW_ONLY', error: 'Skipper accounts cannot apply for voyages' });
    expect((await apply('otherskipper', open.id)).status).toBe(403);
    const ownVoyage = await call('POST', '/api/voyages/', tokens['both'], { title: 'Both draft', draft: true });
    expect((await apply('both', ownVoyage.body['id'] as string)).status).toBe(404);
    expect((await apply('anna', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await apply('anna', 'not-a-uuid')).status).toBe(400);
    expect((await apply('ben', open.id, { segment_orders: [4] })).body).toMatchObject({ code: 'UNKNOWN_LEG' });
    // Under way (it departs next year, so it cannot be completed yet): no longer open to applications.
    expect((await call('PUT', `/api/voyages/${open.id}`, tokens['skipper'], { status: 'in_progress' })).status).toBe(200);
    expect((await apply('ben', open.id)).body).toMatchObject({ code: 'VOYAGE_NOT_OPEN' });
  });
});

describe('switching an account to Skipper & Crew', () => {
  it('lets a skipper who may not apply switch, keep their voyages, and then apply; the switch goes one way only', async () => {
    const password = await hashPassword('pass-1234');
    await addActor('switcher', 'skipper', password);
    await addActor('crewswitcher', 'crew', password);
    const boat = await call('POST', '/api/profile/boats', tokens['switcher'], { name: 'Tern', boat_type: 'monohull', length_feet: 30, capacity: 4 });
    expect(boat.status).toBe(201);
    const open = await publish(4);
    expect((await apply('switcher', open.id)).body).toMatchObject({ code: 'CREW_ONLY' });

    const switched = await call('POST', '/api/users/me/account-type', tokens['switcher'], { user_type: 'both' });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ id: ids['switcher'], user_type: 'both' });
    expect((await apply('switcher', open.id)).status).toBe(201);
    // Everything the skipper had stays theirs, and they can still skipper.
    expect(((await call('GET', '/api/profile/boats', tokens['switcher'])).body as unknown as { boats: { id: string }[] }).boats.map((b) => b.id)).toEqual([boat.body['id']]);
    // Again: nothing to do, the same account.
    expect(await call('POST', '/api/users/me/account-type', tokens['switcher'], { user_type: 'both' })).toMatchObject({ status: 200, body: { user_type: 'both' } });
    // Crew may switch too; no other type can be asked for, and PUT /api/users/me still changes no type.
    expect(await call('POST', '/api/users/me/account-type', tokens['crewswitcher'], { user_type: 'both' })).toMatchObject({ status: 200, body: { user_type: 'both' } });
    expect(await call('POST', '/api/users/me/account-type', tokens['switcher'], { user_type: 'skipper' })).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    const put = await call('PUT', '/api/users/me', tokens['switcher'], { first_name: 'Switcher', last_name: 'Sailor', email: 'switcher@applications.test', user_type: 'crew' });
    expect(put).toMatchObject({ status: 400, body: { code: 'ACCOUNT_TYPE_FIXED' } });
  });
});

describe('withdrawing, rejecting and re-applying', () => {
  it('lets only the author withdraw a pending application, then apply again; a rejected applicant may not', async () => {
    const { id } = await publish(4, 'Solent Shakedown');
    const first = applicationId(await apply('ben', id));
    expect((await act('cleo', first, 'withdraw')).status).toBe(403);
    expect((await act('skipper', first, 'withdraw')).status).toBe(403);
    const withdrawn = await act('ben', first, 'withdraw');
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ message: 'Application withdrawn successfully.', application: { status: 'withdrawn' } });
    expect((await act('ben', first, 'withdraw')).body).toMatchObject({ code: 'APPLICATION_NOT_PENDING' });

    const second = applicationId(await apply('ben', id));
    expect((await voyage(id, 'ben')).my_application).toEqual({ id: second, status: 'pending' });
    expect((await act('ben', second, 'reject')).status).toBe(403);
    expect((await act('otherskipper', second, 'reject')).status).toBe(403);
    const rejected = await act('skipper', second, 'reject');
    expect(rejected.body).toMatchObject({ message: 'Application rejected.', application: { status: 'rejected' } });
    // Rejected ranks above withdrawn.
    expect((await voyage(id, 'ben')).my_application).toEqual({ id: second, status: 'rejected' });
    const retry = await apply('ben', id);
    expect(retry.status).toBe(409);
    expect(retry.body['error']).toContain('already applied');
    expect(await voyage(id)).toMatchObject({ application_count: 1, pending_count: 0 });
    await waitUntil('Ben got the rejection mail', () => mailsTo('ben', /^Your application for Solent Shakedown$/).length === 1);
  });
});

describe('the review page', () => {
  it('shows the skipper every application with the applicant profile, and nobody else', async () => {
    const { id } = await publish(4, 'Review Me');
    await apply('anna', id, { segment_orders: [1, 2] });
    const page = await call('GET', `/api/voyages/${id}/applications`, tokens['skipper']);
    expect(page.status).toBe(200);
    const { voyage: summary, applications } = page.body as unknown as VoyageApplicationsResponse;
    expect(summary).toMatchObject({ id, title: 'Review Me', skipper_id: ids['skipper'], crew_needed: 4, departure_port: 'Cowes', arrival_port: 'St Peter Port' });
    expect(summary.segments).toHaveLength(3);
    expect(applications).toHaveLength(1);
    expect(applications[0]).toMatchObject({
      status: 'pending',
      segment_orders: [1, 2],
      message: MESSAGE,
      crew_member: {
        first_name: 'Anna',
        email: 'anna@applications.test',
        sailing_experience: { years_sailing: 5, certifications: ['RYA Day Skipper'], informal_description: 'Racing crew' },
        crew_skills: { navigation: ['chart_plotting'], safety: ['first_aid'] },
      },
    });
    expect((await call('GET', `/api/voyages/${id}/applications`, tokens['anna'])).body).toMatchObject({
      code: 'NOT_VOYAGE_OWNER',
      error: 'You are not authorized to view applications for this voyage',
    });
    expect((await call('GET', `/api/voyages/${id}/applications`, tokens['otherskipper'])).status).toBe(403);
    expect((await call('GET', `/api/voyages/${id}/applications`)).status).toBe(401);
    expect((await call('GET', `/api/voyages/00000000-0000-4000-8000-000000000000/applications`, tokens['skipper'])).status).toBe(404);
    expect((await call('GET', `/api/voyages/nope/applications`, tokens['skipper'])).status).toBe(404);
  });

  it('answers guests 401 and unknown applications 404 on every application route', async () => {
    for (const [method, url] of [
      ['POST', '/api/applications/'],
      ['GET', '/api/applications/my-applications'],
      ['POST', '/api/applications/00000000-0000-4000-8000-000000000000/withdraw'],
      ['POST', '/api/applications/00000000-0000-4000-8000-000000000000/accept'],
      ['POST', '/api/applications/00000000-0000-4000-8000-000000000000/reject'],
    ] as const) {
      expect((await call(method, url, undefined, method === 'POST' ? {} : undefined)).status).toBe(401);
    }
    for (const action of ['withdraw', 'accept', 'reject'] as const) {
      expect((await act('skipper', '00000000-0000-4000-8000-000000000000', action)).status).toBe(404);
      expect((await act('skipper', 'garbage', action)).status).toBe(404);
    }
  });
});

describe('capacity', () => {
  it('fills the voyage with accepted crew, then refuses more applications and acceptances', async () => {
    const { id } = await publish(2, 'Two Berths');
    const [a, b, c] = [applicationId(await apply('anna', id)), applicationId(await apply('ben', id)), applicationId(await apply('cleo', id))];
    expect((await act('skipper', a, 'accept')).body).toMatchObject({ message: 'Application accepted successfully!', application: { status: 'accepted' } });
    expect((await act('anna', a, 'withdraw')).body).toMatchObject({ code: 'APPLICATION_NOT_PENDING' });
    await act('skipper', b, 'accept');
    expect(await voyage(id)).toMatchObject({ status: 'full', current_crew_count: 2, pending_count: 1, application_count: 3 });
    expect((await act('skipper', c, 'accept')).body).toMatchObject({ code: 'VOYAGE_FULL', error: 'Voyage is full' });
    expect((await apply('dai', id)).body).toMatchObject({ code: 'VOYAGE_FULL', error: 'Voyage is full' });
    expect((await voyage(id, 'anna')).my_application?.status).toBe('accepted');
    await waitUntil('the accepted crew got their mail', () => mailsTo('anna', /^You're on the crew: Two Berths$/).length === 1);

    // Raising crew needed opens the voyage again; lowering it below the crew aboard is refused.
    expect((await call('PUT', `/api/voyages/${id}`, tokens['skipper'], voyageForm(1, 'Two Berths'))).body).toMatchObject({ code: 'CREW_NEEDED_BELOW_ACCEPTED' });
    const raised = await call('PUT', `/api/voyages/${id}`, tokens['skipper'], voyageForm(3, 'Two Berths'));
    expect(raised.body).toMatchObject({ status: 'active', total_crew_needed: 3, current_crew_count: 2 });
    expect((await apply('dai', id)).status).toBe(201);
    expect((await act('skipper', c, 'accept')).body).toMatchObject({ application: { status: 'accepted' } });
    expect(await voyage(id)).toMatchObject({ status: 'full', current_crew_count: 3 });
  });

  it('counts crew per leg for applications to part of the voyage', async () => {
    const { id } = await publish(1, 'Leg By Leg');
    const first = applicationId(await apply('anna', id, { segment_orders: [1] }));
    const second = applicationId(await apply('ben', id, { segment_orders: [2, 3] }));
    const whole = applicationId(await apply('cleo', id));
    await act('skipper', first, 'accept');
    // Leg 1 is taken: a whole-voyage crew member no longer fits.
    expect((await act('skipper', whole, 'accept')).body).toMatchObject({ code: 'VOYAGE_FULL' });
    expect((await apply('dai', id, { segment_orders: [1, 2] })).body).toMatchObject({ code: 'LEG_FULL' });
    expect(await voyage(id)).toMatchObject({ status: 'active', current_crew_count: 1 });
    await act('skipper', second, 'accept');
    expect(await voyage(id)).toMatchObject({ status: 'full', current_crew_count: 1 });
  });

  it("shows the berths open on each leg, as the capacity it enforces, beside the spec's segment crew_needed", async () => {
    const { id } = await publish(3, 'Berths Per Leg');
    const berths = async () => (await voyage(id)).segments.map((segment) => segment.berths_open);
    expect((await voyage(id)).segments.map((segment) => segment.crew_needed)).toEqual([2, 2, 2]);
    expect(await berths()).toEqual([3, 3, 3]);
    const whole = applicationId(await apply('anna', id));
    const legOne = applicationId(await apply('ben', id, { segment_orders: [1] }));
    const legsOneTwo = applicationId(await apply('cleo', id, { segment_orders: [1, 2] }));
    // Pending applications hold no berth.
    expect(await berths()).toEqual([3, 3, 3]);
    await act('skipper', whole, 'accept');
    await act('skipper', legOne, 'accept');
    expect(await berths()).toEqual([1, 2, 2]);
    await act('skipper', legsOneTwo, 'accept');
    expect(await berths()).toEqual([0, 1, 2]);
    // Where the page says 0, the server refuses; where it says 1 or more, it accepts.
    expect((await apply('dai', id, { segment_orders: [1] })).body).toMatchObject({ code: 'LEG_FULL' });
    expect((await apply('dai', id, { segment_orders: [2, 3] })).status).toBe(201);
  });
});

describe('cancelling', () => {
  it('rejects pending applications, mails every live applicant once and says how many', async () => {
    const { id } = await publish(4, 'Doomed Passage');
    const accepted = applicationId(await apply('anna', id));
    await act('skipper', accepted, 'accept');
    const pending = applicationId(await apply('ben', id));
    const withdrawn = applicationId(await apply('cleo', id));
    await act('cleo', withdrawn, 'withdraw');
    await apply('dai', id);

    const cancelled = await call('POST', `/api/voyages/${id}/cancel`, tokens['skipper']);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ notifications_sent: 3, message: 'Voyage cancelled. 3 crew members were notified.' });
    const review = (await call('GET', `/api/voyages/${id}/applications`, tokens['skipper'])).body as unknown as VoyageApplicationsResponse;
    expect(Object.fromEntries(review.applications.map((a) => [a.crew_member.first_name, a.status]))).toEqual({
      Anna: 'accepted',
      Ben: 'rejected',
      Cleo: 'withdrawn',
      Dai: 'rejected',
    });
    expect((await voyage(id, 'ben')).my_application).toEqual({ id: pending, status: 'rejected' });
    await waitUntil('three cancellation mails arrived', () => inbox.messages.filter((m) => m.subject === 'Voyage cancelled: Doomed Passage').length === 3);
    expect(mailsTo('cleo', /^Voyage cancelled/)).toHaveLength(0);
    // The cancellation covers the declined applications: no separate rejection mail for them.
    expect(mailsTo('dai', /^Your application for Doomed Passage/)).toHaveLength(0);
  });

  it('sends no mail twice when the notice reactor replays the log from the start', async () => {
    const before = inbox.messages.length;
    const live = runtimes[0]!.roles.runners.find((runner) => runner.name === 'reactor:application-notices');
    const consumer = runtimes[0]!.roles.reactors.find((reactor) => reactor.name === 'reactor:application-notices');
    if (!live || !consumer) throw new Error('the application notices reactor is not running');
    // Rewind the reactor to the start of the log, as a rebuild or a lost checkpoint would, and run it again.
    await live.stop();
    await runtimes[0]!.dataSource.query(`UPDATE projection_checkpoints SET log_commit = 0, log_prepare = 0 WHERE name = 'reactor:application-notices'`);
    const replay = new ProjectionRunner(consumer, runtimes[0]!.eventStore, runtimes[0]!.dataSource, { logger: quietLogger });
    replay.start();
    const head = await runtimes[0]!.eventStore.readAll({ commit: 0n, prepare: 0n }, 1_000_000);
    const last = head[head.length - 1]!.position;
    await waitUntil('the reactor passed the head of the log again', async () => {
      const [row] = await runtimes[0]!.dataSource.query(`SELECT log_commit FROM projection_checkpoints WHERE name = 'reactor:application-notices'`);
      return BigInt(row.log_commit) >= last.commit;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await replay.stop();
    expect(inbox.messages.length).toBe(before);
  });
});

describe('a crowd applying at once', () => {
  it('records 200 concurrent applications once each, and two clients accepting in parallel never exceed the crew needed', async () => {
    const crewNeeded = 6;
    const { id } = await publish(crewNeeded, 'Popular Crossing');
    const password = await hashPassword('pass-1234');
    const crowd = Array.from({ length: 200 }, (_, i) => `crowd${i}`);
    await Promise.all(crowd.map((actor) => addActor(actor, 'crew', password)));

    const retriedBefore = runtimes.reduce((sum, r) => sum + r.repository.conflictsRetried, 0);
    const applyTimes: number[] = [];
    const applied = await Promise.all(
      crowd.map(async (actor, i) => {
        const started = performance.now();
        const response = await apply(actor, id, {}, i % 2);
        applyTimes.push(performance.now() - started);
        return response;
      }),
    );
    expect(applied.filter((r) => r.status !== 201).map((r) => r.body)).toEqual([]);
    const applicationIds = applied.map(applicationId);
    expect(new Set(applicationIds).size).toBe(200);

    const acceptTimes: number[] = [];
    const accepted = await Promise.all(
      [0, 1].flatMap((client) =>
        applicationIds.slice(0, 40).map(async (applicationId) => {
          const started = performance.now();
          const response = await act('skipper', applicationId, 'accept', client);
          acceptTimes.push(performance.now() - started);
          return response;
        }),
      ),
    );
    expect(accepted.filter((r) => r.status >= 500)).toEqual([]);
    expect(accepted.filter((r) => r.status === 200)).toHaveLength(crewNeeded);
    expect(new Set(accepted.filter((r) => r.status !== 200).map((r) => r.body['code']))).toEqual(new Set(['VOYAGE_FULL', 'APPLICATION_NOT_PENDING']));

    const events = await runtimes[0]!.eventStore.readStream(`voyage-${id}`);
    expect(events.filter((e) => e.type === 'ApplicationSubmitted')).toHaveLength(200);
    expect(events.filter((e) => e.type === 'ApplicationAccepted')).toHaveLength(crewNeeded);
    expect(await voyage(id)).toMatchObject({ status: 'full', current_crew_count: crewNeeded, application_count: 200, pending_count: 200 - crewNeeded });

    const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
    const retried = runtimes.reduce((sum, r) => sum + r.repository.conflictsRetried, 0) - retriedBefore;
    // Figures for the record, not assertions: the machine is shared.
    console.log(
      `200 concurrent applies: p50 ${percentile(applyTimes, 50).toFixed(1)} ms, p99 ${percentile(applyTimes, 99).toFixed(1)} ms; ` +
        `80 parallel accepts: p50 ${percentile(acceptTimes, 50).toFixed(1)} ms, p99 ${percentile(acceptTimes, 99).toFixed(1)} ms; conflicts retried ${retried}`,
    );
  }, 120_000);
});
