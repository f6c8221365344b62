import { formatPortTime } from '@crew/contracts';
import type {
  AgreementResponse,
  ApplicationActionResponse,
  AwaitingAgreementsResponse,
  FloatPlanResponse,
  MyApplicationsResponse,
  PublicProfile,
  SailingLogResponse,
  VoyageApplicationsResponse,
  VoyageListResponse,
  VoyageResponse,
  VoyageTrustResponse,
} from '@crew/contracts';
import { voyageStreamId } from '@crew/domain';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { SafetyClock } from '../src/modules/safety/safety-clock';
import { SafetyScheduler } from '../src/modules/safety/safety-scheduler';
import type { Application } from '../src/application';
import { startSmtpServer, waitUntil, sleep, type TestSmtpServer } from './support/smtp-server';
import { addUser, callAs, startHttpApp, startTestRuntime, type TestRuntime } from './support/harness';

/**
 * Trust and safety at sea over HTTP: match scores, responsiveness, expiring
 * applications, crew agreements (who issues, who accepts, versions), float
 * plans with the shore contacts' private link, check-ins, the overdue alert
 * sent exactly once over real SMTP even when the scheduler restarts at the
 * deadline, and the verified sailing log.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let testRuntime: TestRuntime;
let inbox: TestSmtpServer;
let runtime: Application;
let app: NestFastifyApplication;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

const call = callAs(() => app, tokens);

async function addActor(actor: string, type: 'crew' | 'skipper', profile: { years?: number; skills?: string[]; emergencyEmail?: string } = {}): Promise<void> {
  const columns = {
    phone_number: '+44 7700 900123',
    sailing_experience:
      profile.years === undefined
        ? null
        : JSON.stringify({ years_sailing: profile.years, sailing_areas: ['Channel/North Sea'], experience_types: [], certifications: [], informal_description: '' }),
    crew_skills: profile.skills
      ? JSON.stringify({
          navigation: [],
          sailing: [],
          technical: [],
          safety: profile.skills.filter((s) => s === 'first_aid'),
          galley: [],
          experience: profile.skills.filter((s) => s !== 'first_aid'),
        })
      : null,
    emergency_contact: profile.emergencyEmail ? JSON.stringify({ name: 'Morag Sailor', relationship: 'sister', phone: '+44 7700 900456', email: profile.emergencyEmail }) : null,
  };
  const firstName = actor.charAt(0).toUpperCase() + actor.slice(1);
  ({ id: ids[actor], token: tokens[actor] } = await addUser(runtime, { email: `${actor}@trust.test`, firstName, lastName: 'Sailor', type, admin: false, columns }));
}

const year = new Date().getUTCFullYear() + 1;
/** Check-ins and completion are taken only from the departure date: before the float plan, the skipper moves the voyage to today. */
const today = new Date().toISOString().slice(0, 10);
const legs = [
  { departure_port: 'Cowes', departure_coordinates: [-1.2982, 50.7626], arrival_port: 'Cherbourg', arrival_coordinates: [-1.6217, 49.6453] },
  { departure_port: 'Cherbourg', departure_coordinates: [-1.6217, 49.6453], arrival_port: 'Saint-Malo', arrival_coordinates: [-2.0257, 48.6493] },
];
const voyageForm = (startDate: string) => ({
  title: 'Channel Islands Hop',
  description: 'Two hops with time ashore.',
  estimated_start_date: startDate,
  estimated_end_date: `${year}-06-10`,
  contribution_type: 'free',
  boat_id: ids['boat'],
  requirements: { crew_needed: 4, min_experience: 'intermediate', skills: ['Night Watches', 'First Aid', 'Navigation'] },
  is_custom_voyage: false,
  segments: legs,
});
const terms = {
  contribution_amount: 150,
  contribution_currency: 'GBP',
  contribution_covers: 'Food, fuel and marina fees',
  duties: 'Watches, cooking on rotation, cleaning',
  watch_system: '3 on, 6 off',
  house_rules: 'No alcohol under way',
  leaving_early: 'Crew who leave early pay their own way home',
  insurance: 'Boat insured third party; bring your own travel insurance',
};

let voyageId = '';
let annaApplication = '';
let safetyClock: SafetyClock;
/** A received mail's text, quoted-printable soft breaks undone. */
const textOf = (mail: { raw: string }): string => mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
const overdueMails = () => inbox.messages.filter((m) => /^OVERDUE/.test(m.subject ?? ''));

beforeAll(async () => {
  inbox = await startSmtpServer('answer');
  testRuntime = await startTestRuntime({ env: { SMTP_URL: inbox.url }, dataDirPrefix: 'crew-trust-' });
  ({ runtime } = testRuntime);
  // The worker runs jobs; the scheduler is driven by hand here, at the times the test chooses.
  await runtime.jobQueue.startWorker(runtime.roles.jobHandlers);
  app = await startHttpApp(runtime);
  safetyClock = app.get(SafetyClock);

  await addActor('skipper', 'skipper');
  await addActor('anna', 'crew', { years: 6, skills: ['night_watches', 'first_aid'], emergencyEmail: 'morag@trust.test' });
  await addActor('ben', 'crew', { years: 0 });
  await addActor('stranger', 'crew');
  const boat = await call('POST', '/api/profile/boats', 'skipper', { name: 'Kingfisher', boat_type: 'monohull', length_feet: 38, capacity: 6 });
  ids['boat'] = String(boat.body['id']);
  const published = await call('POST', '/api/voyages/', 'skipper', voyageForm(`${year}-06-01`));
  expect(published.status).toBe(201);
  voyageId = (published.body as unknown as VoyageResponse).id;
}, 60_000);

afterAll(async () => {
  await app.close();
  await testRuntime.close();
  await inbox.close();
});

describe('match score', () => {
  it('shows a signed-in crew member their score and its reasons; guests and skippers get none', async () => {
    const anna = (await call('GET', `/api/voyages/${voyageId}`, 'anna')).body as unknown as VoyageResponse;
    expect(anna.match_score).toEqual({
      score: 83,
      reasons: ['has 2 of 3 required skills (missing Navigation)', '6 years sailing ≥ intermediate'],
      advice: ['Add Navigation to your skills to raise your match'],
      missing_skills: ['Navigation'],
    });
    const ben = (await call('GET', `/api/voyages/${voyageId}`, 'ben')).body as unknown as VoyageResponse;
    expect(ben.match_score?.reasons).toContain('0 years sailing, a little under the intermediate level this voyage asks for');
    expect(((await call('GET', `/api/voyages/${voyageId}`)).body as unknown as VoyageResponse).match_score).toBeUndefined();
    expect(((await call('GET', `/api/voyages/${voyageId}`, 'skipper')).body as unknown as VoyageResponse).match_score).toBeUndefined();
  });

  it('sorts browse by match score for a crew member, with the score on each card', async () => {
    const list = (await call('GET', '/api/voyages/?sort=match', 'anna')).body as unknown as VoyageListResponse;
    expect(list.voyages[0]?.match_score?.score).toBe(83);
    expect((await call('GET', '/api/voyages/?sort=best', 'anna')).status).toBe(400);
  });

  it('shows the skipper each applicant’s score', async () => {
    const applied = await call('POST', '/api/applications/', 'anna', { voyage_id: voyageId, message: 'Keen sailor with five seasons of Solent racing.' });
    expect(applied.status).toBe(201);
    annaApplication = (applied.body as unknown as ApplicationActionResponse).application.id;
    expect((await call('POST', '/api/applications/', 'ben', { voyage_id: voyageId, message: 'First season, but keen to learn!' })).status).toBe(201);
    const page = (await call('GET', `/api/voyages/${voyageId}/applications`, 'skipper')).body as unknown as VoyageApplicationsResponse;
    expect(page.applications.map((a) => a.crew_member.match_score?.score)).toEqual([83, expect.any(Number)]);
    // Each applicant card carries the applicant's trust, the same as their public profile.
    const annaProfile = (await call('GET', `/api/users/${ids['anna']}/public`)).body as unknown as PublicProfile;
    expect(page.applications[0]?.crew_member.trust).toEqual(annaProfile.trust);
    expect(annaProfile.trust).toMatchObject({ level: 'email_confirmed', label: 'Email confirmed', points: 3, max_points: 6 });
    expect((await call('POST', `/api/applications/${annaApplication}/accept`, 'skipper')).status).toBe(200);
  });
});

describe('crew agreement', () => {
  let agreementId = '';

  it('is issued by the skipper only, to accepted crew only', async () => {
    expect((await call('PUT', `/api/voyages/${voyageId}/agreements/${ids['anna']}`, undefined, terms)).status).toBe(401);
    const byCrew = await call('PUT', `/api/voyages/${voyageId}/agreements/${ids['anna']}`, 'anna', terms);
    expect(byCrew).toMatchObject({ status: 403, body: { code: 'NOT_VOYAGE_OWNER' } });
    expect((await call('PUT', `/api/voyages/${voyageId}/agreements/${ids['ben']}`, 'skipper', terms)).body).toMatchObject({ code: 'NOT_ACCEPTED_CREW' });
    expect((await call('PUT', `/api/voyages/${voyageId}/agreements/${ids['anna']}`, 'skipper', { ...terms, duties: 'Watch\u0007' })).status).toBe(400);
    expect((await call('PUT', `/api/voyages/${voyageId}/agreements/${ids['anna']}`, 'skipper', { ...terms, contribution_amount: -5 })).status).toBe(400);
    const issued = await call('PUT', `/api/voyages/${voyageId}/agreements/${ids['anna']}`, 'skipper', terms);
    expect(issued.status).toBe(200);
    const agreement = issued.body as unknown as AgreementResponse;
    expect(agreement).toMatchObject({ version: 1, accepted: false, crew_id: ids['anna'], terms: { duties: terms.duties } });
    agreementId = agreement.id;
    await waitUntil('the agreement mail', () => inbox.messages.some((m) => m.rcptTo.includes('anna@trust.test') && /Crew agreement/.test(m.subject ?? '')));
  });

  it('is read by its two parties only and accepted by its crew member only, naming the version read', async () => {
    expect((await call('GET', `/api/agreements/${agreementId}`, 'ben')).status).toBe(403);
    expect((await call('GET', `/api/agreements/${agreementId}`)).status).toBe(401);
    expect((await call('GET', `/api/agreements/00000000-0000-4000-8000-000000000000`, 'anna')).status).toBe(404);
    expect((await call('POST', `/api/agreements/${agreementId}/accept`, 'skipper', { version: 1 })).body).toMatchObject({ code: 'NOT_AGREEMENT_CREW' });
    expect((await call('POST', `/api/agreements/${agreementId}/accept`, 'ben', { version: 1 })).status).toBe(403);
    // Without the version read, nothing is accepted: whatever is latest is never taken on trust.
    const unversioned = await call('POST', `/api/agreements/${agreementId}/accept`, 'anna', {});
    expect(unversioned).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(unversioned.body['error']).toMatch(/^version: Give the version of the agreement you read/);
    expect((await call('POST', `/api/agreements/${agreementId}/accept`, 'anna', { share_emergency_contact: true })).status).toBe(400);
    expect((await call('GET', `/api/agreements/${agreementId}`, 'anna')).body).toMatchObject({ accepted: false, accepted_version: null });
    const accepted = await call('POST', `/api/agreements/${agreementId}/accept`, 'anna', { version: 1, share_emergency_contact: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ accepted: true, accepted_version: 1, share_emergency_contact: true });
  });

  it('needs accepting again after a change, and the skipper sees the badge per crew member', async () => {
    const changed = (await call('PUT', `/api/voyages/${voyageId}/agreements/${ids['anna']}`, 'skipper', { ...terms, watch_system: '4 on, 8 off' }))
      .body as unknown as AgreementResponse;
    expect(changed).toMatchObject({ version: 2, accepted: false, accepted_version: 1, accepted_terms: { watch_system: '3 on, 6 off' } });
    expect((await call('POST', `/api/agreements/${agreementId}/accept`, 'anna', { version: 1 })).body).toMatchObject({ code: 'AGREEMENT_CHANGED' });
    let trust = (await call('GET', `/api/voyages/${voyageId}/trust`, 'skipper')).body as unknown as VoyageTrustResponse;
    expect(trust.crew).toEqual([expect.objectContaining({ id: ids['anna'], agreement: expect.objectContaining({ version: 2, accepted: false }) })]);
    expect((await call('POST', `/api/agreements/${agreementId}/accept`, 'anna', { version: 2, share_emergency_contact: true })).status).toBe(200);
    trust = (await call('GET', `/api/voyages/${voyageId}/trust`, 'skipper')).body as unknown as VoyageTrustResponse;
    expect(trust.crew[0]?.agreement).toMatchObject({ version: 2, accepted: true });
    expect((await call('GET', `/api/voyages/${voyageId}/trust`, 'stranger')).status).toBe(403);
  });
});

describe('float plan and check-ins', () => {
  beforeAll(async () => {
    // Before its departure date a voyage takes no check-ins: this one now departs today.
    expect((await call('POST', `/api/voyages/${voyageId}/check-ins`, 'skipper', { kind: 'departed' })).body).toMatchObject({ code: 'VOYAGE_NOT_DEPARTED' });
    const moved = await call('PUT', `/api/voyages/${voyageId}`, 'skipper', voyageForm(today));
    expect(moved.status).toBe(200);
  });
  let token = '';
  const departure = new Date(Date.now() + HOUR);
  const arrival = new Date(Date.now() + 3 * HOUR);
  const plan = {
    segment_order: 1,
    departure_at: departure.toISOString(),
    expected_arrival_at: arrival.toISOString(),
    boat_description: 'Sloop, 38 ft, white hull, blue sprayhood',
    call_sign: 'MABC1',
    notes: 'Back-up plan: Alderney if the wind heads us.',
    shore_contacts: [{ name: 'Harbour Master Jo', email: 'jo@shore.test', phone: '+44 1983 000000' }],
  };

  it('refuses a plan whose expected arrival is already past: it would alert the shore contacts at once', async () => {
    const late = { ...plan, departure_at: new Date(Date.now() - 6 * DAY).toISOString(), expected_arrival_at: new Date(Date.now() - 5 * DAY).toISOString() };
    const refused = await call('PUT', `/api/voyages/${voyageId}/float-plan`, 'skipper', late);
    expect(refused).toMatchObject({ status: 422, body: { code: 'ARRIVAL_IN_PAST', error: 'Expected arrival is already past: a float plan needs an arrival still to come' } });
    const [{ n }] = await runtime.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM events WHERE event_type = 'FloatPlanFiled'`);
    expect(n).toBe(0);
    // Nor are the refused plan's shore contacts kept: nothing is half-written.
    const [{ contacts }] = await runtime.dataSource.query<{ contacts: number }[]>('SELECT count(*)::int AS contacts FROM float_plan_contacts WHERE voyage_id = $1', [voyageId]);
    expect(contacts).toBe(0);
  });

  it('is filed by the skipper only, every value checked', async () => {
    expect((await call('PUT', `/api/voyages/${voyageId}/float-plan`, undefined, plan)).status).toBe(401);
    expect((await call('PUT', `/api/voyages/${voyageId}/float-plan`, 'anna', plan)).body).toMatchObject({ code: 'NOT_VOYAGE_OWNER' });
    expect((await call('PUT', `/api/voyages/${voyageId}/float-plan`, 'skipper', { ...plan, departure_at: '2026-02-30T08:00:00Z' })).status).toBe(400);
    expect(
      (await call('PUT', `/api/voyages/${voyageId}/float-plan`, 'skipper', { ...plan, expected_arrival_at: departure.toISOString(), departure_at: arrival.toISOString() })).body,
    ).toMatchObject({
      code: 'ARRIVAL_BEFORE_DEPARTURE',
    });
    expect((await call('PUT', `/api/voyages/${voyageId}/float-plan`, 'skipper', { ...plan, shore_contacts: [] })).status).toBe(400);
    const filed = await call('PUT', `/api/voyages/${voyageId}/float-plan`, 'skipper', plan);
    expect(filed.status).toBe(200);
    const trust = filed.body as unknown as VoyageTrustResponse;
    expect(trust.float_plan).toMatchObject({ version: 1, status: 'filed', call_sign: 'MABC1', route: [{ from: 'Cowes', to: 'Cherbourg' }] });
    expect(trust.float_plan?.aboard.map((p) => p.role)).toEqual(['skipper', 'crew']);
    expect(trust.float_plan?.emergency_contacts).toEqual([{ for: 'Anna Sailor', name: 'Morag Sailor', relationship: 'sister', phone: '+44 7700 900456' }]);
    // No contact detail in the event.
    const [event] = await runtime.dataSource.query<{ data: unknown }[]>(`SELECT data FROM events WHERE event_type = 'FloatPlanFiled'`);
    expect(JSON.stringify(event?.data)).not.toMatch(/jo@shore|Harbour Master|900456|Morag/);
  });

  it('mails the shore contact a private link that works without an account', async () => {
    await waitUntil('the float plan mail', () => inbox.messages.some((m) => m.rcptTo.includes('jo@shore.test')), 15_000);
    const mail = inbox.messages.find((m) => m.rcptTo.includes('jo@shore.test'))!;
    const link = /\/float-plans\/([0-9a-f-]{36}\.[0-9a-f]+)/.exec(textOf(mail));
    expect(link).not.toBeNull();
    token = link![1]!;
    const seen = await call('GET', `/api/float-plans/${token}`);
    expect(seen.status).toBe(200);
    expect(seen.body as unknown as FloatPlanResponse).toMatchObject({ voyage_title: 'Channel Islands Hop', coastguard: { region: 'uk' }, time_zone: 'Europe/London' });
    // The mail writes times as the page does: local to the departure port (Cowes), with its zone, never as GMT strings.
    expect(textOf(mail)).toContain(`Departure: ${formatPortTime(departure.toISOString(), 'Europe/London')}.`);
    expect(textOf(mail)).not.toContain(departure.toUTCString());
    expect((await call('GET', `/api/float-plans/${token.slice(0, -2)}xx`)).status).toBe(404);
    expect((await call('GET', '/api/float-plans/nonsense')).status).toBe(404);
  });

  it('takes check-ins from the skipper and crew, positions on the globe, and keeps a timeline', async () => {
    expect((await call('POST', `/api/voyages/${voyageId}/check-ins`, undefined, { kind: 'departed' })).status).toBe(401);
    expect((await call('POST', `/api/voyages/${voyageId}/check-ins`, 'stranger', { kind: 'departed' })).body).toMatchObject({ code: 'NOT_ABOARD' });
    expect((await call('POST', `/api/voyages/${voyageId}/check-ins`, 'anna', { kind: 'position', lat: 95, lon: 0 })).status).toBe(400);
    expect((await call('POST', `/api/voyages/${voyageId}/check-ins`, 'anna', { kind: 'position', lat: 50 })).body).toMatchObject({ code: 'POSITION_INCOMPLETE' });
    expect((await call('POST', `/api/voyages/${voyageId}/check-ins`, 'anna', { kind: 'anchored' })).status).toBe(400);
    expect((await call('POST', `/api/voyages/${voyageId}/check-ins`, 'skipper', { kind: 'departed', note: 'Off the pontoon' })).status).toBe(201);
    const position = await call('POST', `/api/voyages/${voyageId}/check-ins`, 'anna', { kind: 'position', lat: 50.1, lon: -1.5, note: 'Mid-Channel, 6 kn' });
    expect(position.status).toBe(201);
    const trust = (position.body as unknown as { trust: VoyageTrustResponse }).trust;
    expect(trust.float_plan).toMatchObject({ status: 'departed', last_position: { lat: 50.1, lon: -1.5 } });
    expect(trust.timeline.map((entry) => entry.kind)).toEqual(expect.arrayContaining(['float_plan_filed', 'check_in_departed', 'check_in_position']));
    expect(trust.timeline.find((entry) => entry.kind === 'check_in_position')?.summary).toBe('Anna Sailor reported a position: “Mid-Channel, 6 kn”');
  });

  it('alerts the shore contact and the emergency contacts exactly once, even when the scheduler restarts at the deadline', async () => {
    const deadline = new Date(arrival.getTime() + 6 * HOUR);
    await runtime.get(SafetyScheduler).tick(new Date(deadline.getTime() - 1000));
    // Nothing is overdue a second before the deadline (ben's unanswered application expires at departure meanwhile).
    const [{ early }] = await runtime.dataSource.query<{ early: number }[]>(`SELECT count(*)::int AS early FROM events WHERE event_type = 'FloatPlanOverdue'`);
    expect(early).toBe(0);
    // Two schedulers (the old process and its restart) fire at the deadline at once, without the lock between them.
    const restarted = new SafetyScheduler(runtime.dataSource, runtime.repository, () => undefined);
    const results = await Promise.all([
      runtime.get(SafetyScheduler).tick(deadline, { lock: false }),
      restarted.tick(deadline, { lock: false }),
      restarted.tick(new Date(deadline.getTime() + 1000)),
    ]);
    expect(results.reduce((sum, result) => sum + result.events, 0)).toBe(1);
    await waitUntil('two overdue alerts', () => overdueMails().length >= 2, 15_000);
    // Once more after the restart, and a replay of the reactor's jobs: nothing new.
    await restarted.tick(new Date(deadline.getTime() + HOUR));
    await sleep(1500);
    const sent = overdueMails();
    expect(sent.map((m) => m.rcptTo[0]).sort()).toEqual(['jo@shore.test', 'morag@trust.test']);
    expect(textOf(sent[0]!)).toMatch(/50\.1000, -1\.5000/);
    expect(textOf(sent[0]!)).toMatch(/HM Coastguard/);
    const [{ n }] = await runtime.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM events WHERE event_type = 'FloatPlanOverdue'`);
    expect(n).toBe(1);
    const seen = (await call('GET', `/api/float-plans/${token}`)).body as unknown as FloatPlanResponse;
    expect(seen.status).toBe('overdue');
  });

  it('tells the shore contact once that the boat arrived, so they can stand down', async () => {
    const arrivedMails = () => inbox.messages.filter((m) => /^Arrived: Channel Islands Hop$/.test(m.subject ?? ''));
    const reported = await call('POST', `/api/voyages/${voyageId}/check-ins`, 'anna', { kind: 'arrived', note: 'Alongside in Cherbourg' });
    expect(reported).toMatchObject({ status: 201, body: { message: 'Arrival recorded: the shore contacts can stand down.' } });
    await waitUntil('the arrival mail', () => arrivedMails().length >= 1, 15_000);
    // A second "arrived" for the same plan tells nobody again.
    expect((await call('POST', `/api/voyages/${voyageId}/check-ins`, 'skipper', { kind: 'arrived' })).status).toBe(201);
    await sleep(1500);
    const sent = arrivedMails();
    expect(sent.map((m) => m.rcptTo[0])).toEqual(['jo@shore.test']);
    expect(textOf(sent[0]!)).toMatch(/You can stand down/);
    expect(textOf(sent[0]!)).toMatch(/\/float-plans\/[0-9a-f-]{36}\./);
    // The job names the contact by id (event id and contact id); the address is looked up when the mail is sent.
    const jobs = await runtime.dataSource.query<{ id: string; data: unknown }[]>(`SELECT id, data FROM job_queue WHERE id LIKE '%float-plan-arrived'`);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.id).toMatch(/^[0-9a-f-]{36}:shore:[0-9a-f-]{36}:float-plan-arrived$/);
    expect(JSON.stringify(jobs[0])).not.toMatch(/jo@shore|Harbour Master/);
  });

  it('stops the link working a few days after the expected arrival', async () => {
    const spy = jest.spyOn(safetyClock, 'now').mockReturnValue(new Date(arrival.getTime() + 73 * HOUR));
    expect((await call('GET', `/api/float-plans/${token}`)).body).toMatchObject({ code: 'LINK_EXPIRED' });
    spy.mockRestore();
  });
});

describe('responsiveness and expiring applications', () => {
  it('expires a pending application after 14 days, tells the applicant, and counts it against the response rate', async () => {
    await runtime.get(SafetyScheduler).tick(new Date(Date.now() + 15 * DAY));
    await waitUntil('the expiry', async () => {
      const mine = (await call('GET', '/api/applications/my-applications', 'ben')).body as unknown as MyApplicationsResponse;
      return mine.applications[0]?.status === 'expired';
    });
    await waitUntil('the expiry mail', () => inbox.messages.some((m) => m.rcptTo.includes('ben@trust.test') && /expired/.test(m.subject ?? '')));
    const voyage = (await call('GET', `/api/voyages/${voyageId}`)).body as unknown as VoyageResponse;
    expect(voyage.skipper.response_rate).toBe(0.5);
    expect(voyage.skipper.median_response_hours).toEqual(expect.any(Number));
    const profile = (await call('GET', `/api/users/${ids['skipper']}/public`)).body as unknown as PublicProfile;
    expect(profile.response_rate).toBe(0.5);
    // An expired applicant may apply again.
    expect((await call('POST', '/api/applications/', 'ben', { voyage_id: voyageId, message: 'Still keen, if there is room!' })).status).toBe(201);
  });
});

describe('verified sailing log', () => {
  it('adds the legs to the crew member’s log when the skipper confirms them, and the trust level counts it', async () => {
    expect((await call('PUT', `/api/voyages/${voyageId}`, 'skipper', { status: 'in_progress' })).status).toBe(200);
    expect((await call('PUT', `/api/voyages/${voyageId}`, 'skipper', { status: 'completed' })).status).toBe(200);
    expect((await call('POST', `/api/voyages/${voyageId}/sailing-log/${ids['anna']}/confirm`, 'anna')).body).toMatchObject({ code: 'NOT_VOYAGE_OWNER' });
    expect((await call('POST', `/api/voyages/${voyageId}/sailing-log/${ids['ben']}/confirm`, 'skipper')).body).toMatchObject({ code: 'CREW_NOT_ON_VOYAGE' });
    // Completed: the voyage takes no more check-ins.
    const closed = await call('POST', `/api/voyages/${voyageId}/check-ins`, 'anna', { kind: 'arrived' });
    expect(closed).toMatchObject({ status: 409, body: { code: 'VOYAGE_COMPLETED', error: 'This voyage is completed: no check-ins are taken' } });
    const confirmed = await call('POST', `/api/voyages/${voyageId}/sailing-log/${ids['anna']}/confirm`, 'skipper');
    expect(confirmed.status).toBe(200);
    expect((confirmed.body as unknown as VoyageTrustResponse).crew[0]?.sailing_log).toBe('confirmed');
    const log = (await call('GET', `/api/users/${ids['anna']}/sailing-log`)).body as unknown as SailingLogResponse;
    expect(log.totals.voyages).toBe(1);
    expect(log.totals.distance_nm).toBeGreaterThan(100);
    expect(log.entries[0]?.legs.map((leg) => leg.from)).toEqual(['Cowes', 'Cherbourg']);
    expect((await call('GET', '/api/users/not-a-user/sailing-log')).status).toBe(404);
    const status = (await call('GET', '/api/profile/verification-status', 'anna')).body as { verifications: { sailing_log_verified: boolean } };
    expect(status.verifications.sailing_log_verified).toBe(true);
  });

  it('counts the legs the skipper skippered on the completed voyage in their own log and verified miles', async () => {
    const crewLog = (await call('GET', `/api/users/${ids['anna']}/sailing-log`)).body as unknown as SailingLogResponse;
    const skipperLog = (await call('GET', `/api/users/${ids['skipper']}/sailing-log`)).body as unknown as SailingLogResponse;
    expect(skipperLog.totals).toEqual(crewLog.totals);
    expect(skipperLog.entries).toEqual([
      expect.objectContaining({
        voyage_id: voyageId,
        role: 'skipper',
        voyage_title: 'Channel Islands Hop',
        skipper: { id: ids['skipper'], name: 'Skipper Sailor' },
        confirmed_by: 'skipper',
      }),
    ]);
    expect(skipperLog.entries[0]?.legs.map((leg) => `${leg.from} → ${leg.to}`)).toEqual(['Cowes → Cherbourg', 'Cherbourg → Saint-Malo']);
    expect(crewLog.entries[0]?.role).toBe('crew');
    // The skipper's trust counts the logged voyage, the same on every screen that shows it.
    const status = (await call('GET', '/api/profile/verification-status', 'skipper')).body as {
      verification_points: number;
      verification_level: string;
      verifications: { sailing_log_verified: boolean };
    };
    expect(status.verifications.sailing_log_verified).toBe(true);
    const open = (await call('GET', `/api/users/${ids['skipper']}/public`)).body as unknown as PublicProfile;
    expect(open.trust).toMatchObject({ points: status.verification_points, level: status.verification_level });
    const voyage = (await call('GET', `/api/voyages/${voyageId}`)).body as unknown as VoyageResponse;
    expect(voyage.skipper.trust).toEqual(open.trust);
    // A crew member who sailed nothing has nothing logged.
    const none = (await call('GET', `/api/users/${ids['stranger']}/sailing-log`)).body as unknown as SailingLogResponse;
    expect(none.totals).toEqual({ distance_nm: 0, days_at_sea: 0, voyages: 0 });
  });
});

describe('agreements awaiting the crew member', () => {
  const awaiting = async (actor?: string) => {
    const answer = await call('GET', '/api/agreements/awaiting', actor);
    expect(answer.status).toBe(200);
    return (answer.body as unknown as AwaitingAgreementsResponse).agreements;
  };
  let sailId = '';

  it('needs a session', async () => {
    expect((await call('GET', '/api/agreements/awaiting')).status).toBe(401);
  });

  it('lists the crew member’s own unaccepted agreement until they accept it, and again on a new version; nobody else sees it', async () => {
    // A fresh voyage with Anna and Ben accepted aboard (the first one is completed by now).
    const published = await call('POST', '/api/voyages/', 'skipper', {
      title: 'Evening Solent Sail',
      estimated_start_date: `${year}-08-01`,
      estimated_end_date: `${year}-08-03`,
      contribution_type: 'free',
      boat_id: ids['boat'],
      requirements: { crew_needed: 2, min_experience: 'beginner', skills: [] },
      is_custom_voyage: false,
      segments: legs,
    });
    expect(published.status).toBe(201);
    sailId = (published.body as unknown as VoyageResponse).id;
    for (const crew of ['anna', 'ben']) {
      const applied = await call('POST', '/api/applications/', crew, { voyage_id: sailId, message: 'Happy to crew on an evening sail.' });
      expect(applied.status).toBe(201);
      expect((await call('POST', `/api/applications/${(applied.body as unknown as ApplicationActionResponse).application.id}/accept`, 'skipper')).status).toBe(200);
    }
    // Anna accepted her first voyage's agreement: nothing waits yet.
    expect(await awaiting('anna')).toEqual([]);

    const issued = (await call('PUT', `/api/voyages/${sailId}/agreements/${ids['anna']}`, 'skipper', terms)).body as unknown as AgreementResponse;
    expect(await awaiting('anna')).toEqual([
      { id: issued.id, voyage_id: sailId, voyage_title: 'Evening Solent Sail', version: 1, accepted_version: null, issued_at: issued.issued_at },
    ]);
    // Not Anna's row for anyone else: her crewmate, her skipper, a stranger.
    expect(await awaiting('ben')).toEqual([]);
    expect(await awaiting('skipper')).toEqual([]);
    expect(await awaiting('stranger')).toEqual([]);

    expect((await call('POST', `/api/agreements/${issued.id}/accept`, 'anna', { version: 1 })).status).toBe(200);
    expect(await awaiting('anna')).toEqual([]);

    const changed = (await call('PUT', `/api/voyages/${sailId}/agreements/${ids['anna']}`, 'skipper', { ...terms, house_rules: 'Lifejackets on deck after dark' }))
      .body as unknown as AgreementResponse;
    expect(await awaiting('anna')).toEqual([expect.objectContaining({ id: issued.id, version: 2, accepted_version: 1, issued_at: changed.issued_at })]);

    // Ben's own agreement: each sees theirs only.
    const bens = (await call('PUT', `/api/voyages/${sailId}/agreements/${ids['ben']}`, 'skipper', terms)).body as unknown as AgreementResponse;
    expect((await awaiting('ben')).map((agreement) => agreement.id)).toEqual([bens.id]);
    expect((await awaiting('anna')).map((agreement) => agreement.id)).toEqual([issued.id]);
    expect(await awaiting('skipper')).toEqual([]);
  });

  it('drops the agreements of a cancelled voyage', async () => {
    expect((await call('POST', `/api/voyages/${sailId}/cancel`, 'skipper')).status).toBe(200);
    expect(await awaiting('anna')).toEqual([]);
    expect(await awaiting('ben')).toEqual([]);
  });
});

describe('a float plan whose alert was already due when it was filed (filed before such plans were refused)', () => {
  const title = 'Late Filing Passage';
  const lateMails = () => overdueMails().filter((m) => (m.subject ?? '').includes(title));
  let lateId = '';
  let contactIds: string[] = [];
  const arrival = new Date(Date.now() - 5 * DAY);
  const append = (type: string, data: Record<string, unknown>) =>
    runtime.eventStore.appendToStream(
      voyageStreamId(lateId),
      [
        {
          id: randomUUID(),
          type,
          data: data as never,
          metadata: { userId: ids['skipper']!, correlationId: `legacy-${type}`, causationId: null, timestamp: new Date().toISOString() },
        },
      ],
      'any',
    );

  beforeAll(async () => {
    const published = await call('POST', '/api/voyages/', 'skipper', {
      title,
      estimated_start_date: `${year}-09-01`,
      estimated_end_date: `${year}-09-03`,
      contribution_type: 'free',
      boat_id: ids['boat'],
      requirements: { crew_needed: 2, min_experience: 'beginner', skills: [] },
      is_custom_voyage: false,
      segments: legs,
    });
    expect(published.status).toBe(201);
    lateId = (published.body as unknown as VoyageResponse).id;
    const rows = await runtime.dataSource.query<{ id: string }[]>(
      `INSERT INTO float_plan_contacts (voyage_id, created_by, name, email) VALUES ($1, $2, 'Late Lou', 'lou@late.test'), ($1, $2, 'Late Max', 'max@late.test') RETURNING id`,
      [lateId, ids['skipper']],
    );
    contactIds = rows.map((row) => row.id).sort();
    // The log as it may hold it: a plan filed now with its arrival five days past (no filing time in the event).
    await append('FloatPlanFiled', {
      version: 1,
      segmentOrder: null,
      departureAt: new Date(arrival.getTime() - DAY).toISOString(),
      expectedArrivalAt: arrival.toISOString(),
      aboard: [ids['skipper']],
      boatDescription: 'Sloop, 38 ft, white hull',
      callSign: '',
      notes: '',
      shoreContactIds: contactIds,
      region: 'uk',
    });
    await waitUntil('the legacy plan in its read model', async () => (await runtime.dataSource.query(`SELECT 1 FROM float_plans WHERE voyage_id = $1`, [lateId])).length > 0);
    await waitUntil('the legacy plan mails', () => inbox.messages.filter((m) => m.rcptTo.some((to) => to.endsWith('@late.test'))).length >= 2, 15_000);
  });

  it('is never declared overdue by the scheduler, now or later, and nobody is mailed an alert', async () => {
    const now = Date.now();
    // (Other voyages' events may fall due meanwhile, such as an application expiring at a departure: this plan's alert never does.)
    for (const at of [now, now + HOUR, now + 3 * DAY]) await runtime.get(SafetyScheduler).tick(new Date(at));
    const [{ n }] = await runtime.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM events WHERE event_type = 'FloatPlanOverdue' AND stream_id = $1`, [
      voyageStreamId(lateId),
    ]);
    expect(n).toBe(0);
    await sleep(1500);
    // Overdue alerts for a past plan: 0 (the shore contacts were mailed two before).
    expect(lateMails()).toHaveLength(0);
    const trust = (await call('GET', `/api/voyages/${lateId}/trust`, 'skipper')).body as unknown as VoyageTrustResponse;
    expect(trust.float_plan).toMatchObject({ status: 'filed', overdue_at: null });
  });

  it('mails nobody for an overdue alert of such a plan already in the log', async () => {
    // As the scheduler declared it before the fix: no filing time in the event, so the mail reactor reads the plan's.
    const { position } = await append('FloatPlanOverdue', {
      version: 1,
      expectedArrivalAt: arrival.toISOString(),
      declaredAt: new Date().toISOString(),
      lastPosition: null,
      region: 'uk',
      shoreContactIds: contactIds,
      aboard: [ids['skipper']],
    });
    expect(await runtime.progress.waitFor(position, ['trust', 'reactor:trust-notices'], 15_000)).toBe(true);
    await sleep(2000);
    expect(lateMails()).toHaveLength(0);
  });
});
