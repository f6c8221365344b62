import type { AddressInfo } from 'node:net';
import type {
  AccessListsResponse,
  AdminHistoryResponse,
  AdminOverviewResponse,
  AdminUserActionResponse,
  AdminUserListResponse,
  CampaignAudienceCount,
  CampaignPreview,
  ConfigHistoryPage,
  MonetizationImpact,
  RecentCommunications,
  StreamTicketResponse,
  SubscriptionStatusResponse,
  SupportStatsResponse,
  VoyageListResponse,
} from '@crew/contracts';
import { rolloutBucketOf } from '@crew/domain';
import { voyageSummaryProjector } from '@crew/projections';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { issueToken } from '../src/modules/accounts/auth-tokens';
import { rebuildProjection } from '../src/platform/projections/projection-rebuild';
import type { Application } from '../src/application';
import { startSmtpServer, waitUntil, type TestSmtpServer } from './support/smtp-server';
import { openEventStream } from './support/sse-client';
import { addUser, callAs, startTestApp, type TestApp } from './support/harness';

/**
 * What an administrator may do safely, and figures that add up: suspending
 * and reinstating a member (sign-in, sessions, live streams, browse, mails,
 * audit trail, refusals), the monetization impact preview against the access
 * policy applying enforces, the campaign audience count, preview and test
 * send, premium refused for skippers, the dashboard's user parts, labels and
 * names in the configuration history, and the pending tickets count.
 */
let testApp: TestApp;
let inbox: TestSmtpServer;
let runtime: Application;
let app: NestFastifyApplication;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const PASSWORD = 'A steady helm 42';

const call = callAs(() => app, tokens);
const unfolded = (raw: string): string => raw.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ');
const mailsTo = (actor: string, subject: RegExp) => inbox.messages.filter((m) => m.rcptTo.includes(`${actor}@safety.test`) && subject.test(m.subject ?? ''));

/** A user with a chosen id (so its rollout bucket is known), a password, and a token of the current version. */
async function addActor(
  actor: string,
  type: 'crew' | 'skipper' | 'both' | 'admin',
  firstName: string,
  lastName: string,
  options: { id?: string; daysAgo?: number } = {},
): Promise<string> {
  const user = await addUser(runtime, { email: `${actor}@safety.test`, password: PASSWORD, firstName, lastName, type, id: options.id, createdDaysAgo: options.daysAgo ?? 100 });
  ({ id: ids[actor], token: tokens[actor] } = user);
  return user.id;
}

/** A user id in a chosen rollout bucket (the first 7 hex digits modulo 100). */
const idInBucket = (bucket: number, n: number): string => `${bucket.toString(16).padStart(7, '0')}0-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const year = new Date().getUTCFullYear() + 1;
const voyageForm = (title: string) => ({
  title,
  estimated_start_date: `${year}-07-01`,
  estimated_end_date: `${year}-07-09`,
  boat_id: ids['boat'],
  is_custom_voyage: true,
  segments: [{ departure_custom_location: 'Falmouth', arrival_custom_location: 'Horta', distance_nm: 1200 }],
});
const browseTitles = async (): Promise<string[]> => ((await call<VoyageListResponse>('GET', '/api/voyages/?limit=50')).body.voyages ?? []).map((v) => v.title);
const history = async (actor: string) => (await call<AdminHistoryResponse>('GET', `/api/admin/users/${ids[actor]}/history`, 'admin')).body.history;
const signIn = (actor: string) => call('POST', '/api/auth/login', undefined, { email: `${actor}@safety.test`, password: PASSWORD });

beforeAll(async () => {
  inbox = await startSmtpServer('answer');
  testApp = await startTestApp({ env: { SMTP_URL: inbox.url }, dataDirPrefix: 'crew-admin-safety-', worker: true, listen: true });
  ({ runtime, app } = testApp);
  await addActor('admin', 'admin', 'Ada', 'Admiral');
  await addActor('admin2', 'admin', 'Grace', 'Hopper');
  await addActor('skipper', 'skipper', 'Robin', 'Knox');
  await addActor('crew', 'crew', 'Tilly', 'Smith', { id: idInBucket(70, 999) });
  const boat = await call<{ id: string }>('POST', '/api/profile/boats', 'skipper', { name: 'Kingfisher', boat_type: 'monohull', length_feet: 38, capacity: 6 });
  expect(boat.status).toBe(201);
  ids['boat'] = boat.body.id;
  for (const title of ['Azores Adventure', 'Biscay Crossing']) expect((await call('POST', '/api/voyages/', 'skipper', voyageForm(title))).status).toBe(201);
}, 60_000);

afterAll(async () => {
  await testApp.close();
  await inbox.close();
});

describe('suspending a member', () => {
  it('refuses oneself, another administrator, an unknown user and a missing reason, with clear codes', async () => {
    expect((await call('POST', `/api/admin/users/${ids['admin']}/suspend`, 'admin', { reason: 'Testing' })).body).toMatchObject({ code: 'CANNOT_SUSPEND_SELF' });
    const admin = await call('POST', `/api/admin/users/${ids['admin2']}/suspend`, 'admin', { reason: 'Testing' });
    expect([admin.status, admin.body.code]).toEqual([403, 'ADMIN_PROTECTED']);
    expect((await call('POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/suspend', 'admin', { reason: 'Testing' })).status).toBe(404);
    expect((await call('POST', `/api/admin/users/${ids['skipper']}/suspend`, 'admin', { reason: '   ' })).status).toBe(400);
    expect((await call('POST', `/api/admin/users/${ids['skipper']}/suspend`, 'admin', { reason: 'x'.repeat(501) })).status).toBe(400);
    expect((await call('POST', `/api/admin/users/${ids['skipper']}/suspend`, 'crew', { reason: 'Testing' })).status).toBe(403);
    expect((await call('POST', `/api/admin/users/${ids['skipper']}/reinstate`, 'admin', {})).body).toMatchObject({ code: 'NOT_SUSPENDED' });
    expect(await browseTitles()).toEqual(expect.arrayContaining(['Azores Adventure', 'Biscay Crossing']));
  });

  it('signs them out everywhere (sessions and live streams), refuses every way in, hides their voyages and mails them the reason', async () => {
    expect((await signIn('skipper')).status).toBe(200);
    const ticket = (await call<StreamTicketResponse>('POST', '/api/messages/stream-ticket', 'skipper')).body;
    const address = app.getHttpServer().address() as AddressInfo;
    const stream = await openEventStream(`http://127.0.0.1:${address.port}${ticket.stream_url}`);
    expect(stream.status).toBe(200);
    await stream.next((event) => event.type === 'ready');
    const bystanderTicket = (await call<StreamTicketResponse>('POST', '/api/messages/stream-ticket', 'crew')).body;
    const bystander = await openEventStream(`http://127.0.0.1:${address.port}${bystanderTicket.stream_url}`);
    await bystander.next((event) => event.type === 'ready');

    const suspended = await call<AdminUserActionResponse>('POST', `/api/admin/users/${ids['skipper']}/suspend`, 'admin', { reason: 'Listings that misled crew about the boat' });
    expect(suspended.status).toBe(200);
    expect(suspended.body.user.suspension).toMatchObject({ reason: 'Listings that misled crew about the boat', suspended_by: ids['admin'], suspended_by_name: 'Ada Admiral' });

    await stream.ended();
    await expect(bystander.ended(300)).rejects.toThrow('did not end');
    bystander.close();
    // The token they had no longer works; neither password, sign-in link nor email verification lets them in.
    expect((await call('GET', '/api/auth/me', 'skipper')).status).toBe(401);
    const password = await signIn('skipper');
    expect([password.status, password.body]).toEqual([403, { error: 'This account is suspended. Contact support.', code: 'ACCOUNT_SUSPENDED' }]);
    const { token: link } = await issueToken(runtime.dataSource.manager, ids['skipper']!, 'sign_in_link', new Date());
    expect((await call('POST', '/api/auth/sign-in-link/consume', undefined, { token: link })).body).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    const { token: verify } = await issueToken(runtime.dataSource.manager, ids['skipper']!, 'verify_email', new Date());
    expect((await call('GET', `/api/auth/verify-email?token=${verify}`)).body).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    // A wrong password still says only that.
    expect((await call('POST', '/api/auth/login', undefined, { email: 'skipper@safety.test', password: 'wrong-password-1' })).body).toMatchObject({ code: 'INVALID_CREDENTIALS' });

    // Their voyages are out of browse, search and the sitemap at once (the answer waited for the read model).
    const titles = await browseTitles();
    expect(titles).not.toContain('Azores Adventure');
    expect(titles).not.toContain('Biscay Crossing');
    expect((await call<VoyageListResponse>('GET', '/api/voyages/?search=azores')).body.total).toBe(0);
    const sitemap = await app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/sitemap.xml' });
    const [{ n: hidden }] = await runtime.dataSource.query<{ n: number }[]>('SELECT count(*)::int AS n FROM voyage_summaries WHERE skipper_id = $1 AND owner_suspended', [
      ids['skipper'],
    ]);
    expect(hidden).toBe(2);
    const voyageIds = await runtime.dataSource.query<{ voyage_id: string }[]>('SELECT voyage_id FROM voyage_summaries WHERE skipper_id = $1', [ids['skipper']]);
    for (const { voyage_id } of voyageIds) expect(sitemap.body).not.toContain(voyage_id);
    // Nor by a direct link, except to an administrator.
    for (const { voyage_id } of voyageIds) {
      expect((await call('GET', `/api/voyages/${voyage_id}`)).status).toBe(404);
      expect((await call('GET', `/api/voyages/${voyage_id}`, 'crew')).status).toBe(404);
      expect((await call('GET', `/api/voyages/${voyage_id}`, 'admin')).status).toBe(200);
    }

    await waitUntil('the suspension mail', () => mailsTo('skipper', /account has been suspended/).length === 1);
    expect(unfolded(mailsTo('skipper', /account has been suspended/)[0]!.raw)).toContain('Reason: Listings that misled crew about the boat');

    // Recorded with who, when and why.
    const entries = await history('skipper');
    expect(entries[0]).toMatchObject({ action: 'user.suspended', actor_id: ids['admin'], actor_name: 'Ada Admiral', reason: 'Listings that misled crew about the boat' });
    expect(Date.parse(entries[0]!.occurred_at)).toBeGreaterThan(Date.now() - 60_000);

    expect((await call('POST', `/api/admin/users/${ids['skipper']}/suspend`, 'admin2', { reason: 'Again' })).body).toMatchObject({ code: 'ALREADY_SUSPENDED' });
    const listed = (await call<AdminUserListResponse>('GET', '/api/admin/users?search=knox', 'admin')).body.users;
    expect(listed.map((u) => u.suspension?.reason)).toEqual(['Listings that misled crew about the boat']);
  });

  it('keeps their voyages out of browse when the voyage summaries are rebuilt from the log', async () => {
    await rebuildProjection(voyageSummaryProjector, runtime.eventStore, runtime.dataSource);
    const [{ n }] = await runtime.dataSource.query<{ n: number }[]>('SELECT count(*)::int AS n FROM voyage_summaries WHERE skipper_id = $1 AND owner_suspended', [ids['skipper']]);
    expect(n).toBe(2);
    expect(await browseTitles()).not.toContain('Azores Adventure');
  });

  it('reinstating brings them back: they sign in, their voyages return to browse, they are mailed, and it is recorded', async () => {
    const reinstated = await call<AdminUserActionResponse>('POST', `/api/admin/users/${ids['skipper']}/reinstate`, 'admin2', { reason: 'Listings corrected' });
    expect(reinstated.status).toBe(200);
    expect(reinstated.body.user.suspension).toBeNull();
    expect(await browseTitles()).toEqual(expect.arrayContaining(['Azores Adventure', 'Biscay Crossing']));
    const [{ voyage_id: reopened }] = await runtime.dataSource.query<{ voyage_id: string }[]>('SELECT voyage_id FROM voyage_summaries WHERE skipper_id = $1 LIMIT 1', [
      ids['skipper'],
    ]);
    expect((await call('GET', `/api/voyages/${reopened}`)).status).toBe(200);
    const session = await signIn('skipper');
    expect(session.status).toBe(200);
    expect((await call('GET', '/api/auth/me', (session.body as { access_token: string }).access_token)).status).toBe(200);
    await waitUntil('the reinstatement mail', () => mailsTo('skipper', /account is active again/).length === 1);
    expect(unfolded(mailsTo('skipper', /account is active again/)[0]!.raw)).toContain('Listings corrected');
    const entries = await history('skipper');
    expect(entries.slice(0, 2).map((e) => [e.action, e.actor_name, e.reason])).toEqual([
      ['user.reinstated', 'Grace Hopper', 'Listings corrected'],
      ['user.suspended', 'Ada Admiral', 'Listings that misled crew about the boat'],
    ]);
    expect((await call('POST', `/api/admin/users/${ids['skipper']}/reinstate`, 'admin', {})).body).toMatchObject({ code: 'NOT_SUSPENDED' });
  });
});

describe('premium for skippers', () => {
  it('is refused on the server with a clear code (only crew can hold a crew subscription)', async () => {
    const refused = await call('POST', `/api/admin/users/${ids['skipper']}/subscription`, 'admin', { action: 'grant' });
    expect([refused.status, refused.body.code]).toEqual([409, 'NOT_CREW']);
    expect((await call('POST', `/api/admin/users/${ids['admin2']}/subscription`, 'admin', { action: 'grant' })).body.code).toBe('ADMIN_PROTECTED');
  });
});

describe('the monetization impact preview', () => {
  /** How many crew members the policy refuses now, asked the way a member asks: their own subscription status. */
  const refusedNow = async (crew: readonly string[]): Promise<number> => {
    let refused = 0;
    for (const actor of crew) {
      const status = await call<SubscriptionStatusResponse>('GET', '/api/subscription', actor);
      expect(status.status).toBe(200);
      if (!status.body.can_apply) refused++;
    }
    return refused;
  };

  it('counts exactly the crew members the enforced policy refuses once the settings are saved', async () => {
    // Crew in known rollout buckets: old and new accounts, the lists, premium, "both", and a skipper who never counts.
    const crew: string[] = [];
    const add = async (actor: string, type: 'crew' | 'both', bucket: number, daysAgo: number) => {
      await addActor(actor, type, actor, 'Impact', { id: idInBucket(bucket, crew.length + 1), daysAgo });
      expect(rolloutBucketOf(ids[actor]!)).toBe(bucket);
      crew.push(actor);
    };
    await add('old10', 'crew', 10, 200);
    await add('old60', 'crew', 60, 200);
    await add('old90', 'crew', 90, 200);
    await add('new10', 'crew', 10, 5);
    await add('mid40', 'crew', 40, 20);
    await add('granted', 'crew', 20, 200);
    await add('grandpa', 'crew', 30, 200);
    await add('beta', 'both', 35, 200);
    await add('both50', 'both', 50, 200);
    crew.push('crew');
    expect((await call('POST', `/api/admin/users/${ids['granted']}/subscription`, 'admin', { action: 'grant' })).status).toBe(200);
    expect((await call('POST', '/api/admin/users/grandfathered', 'admin', { action: 'add', user_id: ids['grandpa'], list_type: 'grandfathered' })).status).toBe(200);
    expect((await call('POST', '/api/admin/users/grandfathered', 'admin', { action: 'add', user_id: ids['beta'], list_type: 'beta' })).status).toBe(200);

    const preview = async (query: string) => {
      const answer = await call<MonetizationImpact>('GET', `/api/admin/monetization/impact?${query}`, 'admin');
      expect(answer.status).toBe(200);
      return answer.body;
    };
    // Monetization is off: nobody needs one now.
    expect(await refusedNow(crew)).toBe(0);
    const steps: { query: string; apply: () => Promise<unknown> }[] = [
      { query: 'enabled=true', apply: () => call('POST', '/api/admin/monetization/toggle', 'admin', { enabled: true }) },
      { query: 'rollout=55', apply: () => call('PUT', '/api/admin/rollout/percentage', 'admin', { percentage: 55 }) },
      {
        query: 'rollout=100&trial_days=0',
        apply: async () => {
          await call('PUT', '/api/admin/rollout/percentage', 'admin', { percentage: 100 });
          await call('PUT', '/api/admin/config/free_trial_period_days', 'admin', { value: 0 });
        },
      },
      { query: 'trial_days=30', apply: () => call('PUT', '/api/admin/config/free_trial_period_days', 'admin', { value: 30 }) },
      { query: 'enabled=false', apply: () => call('POST', '/api/admin/monetization/toggle', 'admin', { enabled: false }) },
    ];
    const seen: number[] = [];
    for (const step of steps) {
      const before = await refusedNow(crew);
      const impact = await preview(step.query);
      expect(impact.crew_members).toBe(crew.length);
      expect(impact.currently_need_subscription).toBe(before);
      await step.apply();
      const after = await refusedNow(crew);
      expect({ step: step.query, previewed: impact.need_subscription }).toEqual({ step: step.query, previewed: after });
      expect(impact.newly_blocked - impact.newly_allowed).toBe(after - before);
      seen.push(after);
    }
    // Real refusals along the way: inside 55%, the two old members; at 100% with no trial, everyone without premium or a list.
    expect(seen).toEqual([0, 2, 7, 5, 0]);
  });

  it('refuses malformed values', async () => {
    for (const query of ['rollout=33', 'rollout=101', 'trial_days=91', 'enabled=yes', 'other=1']) {
      expect((await call('GET', `/api/admin/monetization/impact?${query}`, 'admin')).status).toBe(400);
    }
    expect((await call('GET', '/api/admin/monetization/impact', 'crew')).status).toBe(403);
  });
});

describe('campaign audience, preview and test send', () => {
  it('counts the audience as Send would, renders the mail for the admin, and mails a test to the admin only', async () => {
    const [{ n: crewCount }] = await runtime.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM users WHERE user_type IN ('crew', 'both')`);
    const counted = await call<CampaignAudienceCount>('GET', '/api/admin/support/campaigns/audience-count?audience=crew', 'admin');
    expect(counted.body).toEqual({ audience: 'crew', recipients: crewCount });
    // A suspended member is left out of every audience.
    await call('POST', `/api/admin/users/${ids['old90']}/suspend`, 'admin', { reason: 'Spam' });
    await waitUntil('the suspension mail', () => mailsTo('old90', /account has been suspended/).length === 1);
    expect((await call<CampaignAudienceCount>('GET', '/api/admin/support/campaigns/audience-count?audience=crew', 'admin')).body.recipients).toBe(crewCount - 1);
    expect((await call('GET', '/api/admin/support/campaigns/audience-count?audience=everyone', 'admin')).status).toBe(400);

    const draft = { subject: 'Spring regatta', template: 'campaign', message: 'Join us in May.\n\nBring oilskins.' };
    const preview = await call<CampaignPreview>('POST', '/api/admin/support/campaigns/preview', 'admin', draft);
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toBe('Spring regatta');
    expect(preview.body.text).toContain('Hello Ada,');
    expect(preview.body.text).toContain('Bring oilskins.');
    expect(preview.body.text).toContain('Unsubscribe:');
    expect((await call('POST', '/api/admin/support/campaigns/preview', 'admin', { ...draft, template: 'reset-password' })).body).toMatchObject({ code: 'UNKNOWN_TEMPLATE' });

    const campaignsBefore = (await call<RecentCommunications>('GET', '/api/admin/support/communications/recent', 'admin')).body.communications.length;
    const mailsBefore = inbox.messages.length;
    const sent = await call('POST', '/api/admin/support/campaigns/test-send', 'admin', draft);
    expect([sent.status, sent.body]).toEqual([200, { message: 'Test sent to admin@safety.test', recipient: 'admin@safety.test' }]);
    await waitUntil('the test mail', () => inbox.messages.length > mailsBefore);
    expect(inbox.messages.slice(mailsBefore).map((m) => [m.rcptTo, m.subject])).toEqual([[['admin@safety.test'], '[Test] Spring regatta']]);
    // Nothing recorded as a campaign, nothing queued for anyone else.
    expect((await call<RecentCommunications>('GET', '/api/admin/support/communications/recent', 'admin')).body.communications).toHaveLength(campaignsBefore);
    const [{ n: campaigns }] = await runtime.dataSource.query<{ n: number }[]>('SELECT count(*)::int AS n FROM email_campaigns');
    expect(campaigns).toBe(0);
    const [{ n: campaignMails }] = await runtime.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM email_messages WHERE campaign_id IS NOT NULL OR template = 'campaign'`,
    );
    expect(campaignMails).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.messages.length).toBe(mailsBefore + 1);
  });
});

describe('figures that add up', () => {
  it("splits the dashboard's users into parts whose sum is the total", async () => {
    const overview = (await call<AdminOverviewResponse>('GET', '/api/admin/analytics/overview', 'admin')).body;
    const users = overview.user_stats;
    expect(users.skipper_only + users.crew_only + users.both + users.admins).toBe(users.total_users);
    const [row] = await runtime.dataSource.query<{ total: number; both: number }[]>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE user_type = 'both')::int AS both FROM users`,
    );
    expect([users.total_users, users.both]).toEqual([row!.total, row!.both]);
    expect(users.skippers).toBe(users.skipper_only + users.both);
    expect(users.crew_members).toBe(users.crew_only + users.both);
    const list = (await call<AdminUserListResponse>('GET', '/api/admin/users', 'admin')).body.stats;
    expect(list.both).toBe(users.both);
  });

  it('names settings by their labels and people by their names in the configuration history, (removed) once erased', async () => {
    await call('POST', '/api/admin/monetization/toggle', 'admin2', { enabled: true });
    const recent = (await call<ConfigHistoryPage>('GET', '/api/admin/config/history', 'admin')).body.history;
    expect(recent[0]).toMatchObject({ key: 'monetization_enabled', label: 'Monetization', changed_by: ids['admin2'], changed_by_name: 'Grace Hopper', member_name: null });
    const listChange = recent.find((entry) => entry.key === 'beta_testers');
    expect(listChange).toMatchObject({ label: 'Beta testers', member_name: 'beta Impact', changed_by_name: 'Ada Admiral' });
    const lists = (await call<AccessListsResponse>('GET', '/api/admin/users/grandfathered', 'admin')).body;
    expect(lists.people).toEqual(expect.arrayContaining([{ id: ids['grandpa'], name: 'grandpa Impact', email: 'grandpa@safety.test' }]));

    // The other administrator's account goes: their changes stay, without a name.
    await runtime.dataSource.query('DELETE FROM users WHERE id = $1', [ids['admin2']]);
    const after = (await call<ConfigHistoryPage>('GET', '/api/admin/config/history', 'admin')).body.history;
    expect(after[0]).toMatchObject({ changed_by: ids['admin2'], changed_by_name: null, label: 'Monetization' });
  });

  it('counts new and in-progress tickets as pending, one definition for every screen', async () => {
    const stats = async () => (await call<SupportStatsResponse>('GET', '/api/admin/support/stats', 'admin')).body;
    expect((await stats()).pending_tickets).toBe(0);
    const opened = await call<{ ticket: { id: string } }>('POST', '/api/support/tickets', 'crew', { title: 'Cannot upload', description: 'The photo upload keeps failing.' });
    expect(opened.status).toBe(201);
    await waitUntil('the ticket counts', async () => (await stats()).open_tickets === 1);
    expect(await stats()).toMatchObject({ open_tickets: 1, pending_tickets: 1 });
    expect((await call('PUT', `/api/admin/support/tickets/${opened.body.ticket.id}/status`, 'admin', { status: 'pending' })).status).toBe(200);
    expect(await stats()).toMatchObject({ open_tickets: 0, pending_tickets: 1 });
    expect((await call('PUT', `/api/admin/support/tickets/${opened.body.ticket.id}/status`, 'admin', { status: 'resolved' })).status).toBe(200);
    expect(await stats()).toMatchObject({ open_tickets: 0, pending_tickets: 0 });
  });
});
