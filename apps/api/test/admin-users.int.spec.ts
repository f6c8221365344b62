import { ADMIN_USERS_COUNT_CAP, type AdminHistoryResponse, type AdminUserActionResponse, type AdminUserListResponse, type VoyageListResponse } from '@crew/contracts';
import { allProjectors } from '@crew/projections';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { rebuildProjection } from '../src/platform/projections/projection-rebuild';
import type { Application } from '../src/application';
import { startSmtpServer, waitUntil, type TestSmtpServer } from './support/smtp-server';
import { addUser, callAs, insertUser, insertUsers, startTestApp, type TestApp } from './support/harness';

/**
 * User Management over HTTP: search, premium, profile status, emails through
 * the job pipeline, the audit trail, what an administrator may not do to
 * another administrator, and deleting a user for good.
 */
let testApp: TestApp;
let inbox: TestSmtpServer;
let runtime: Application;
let app: NestFastifyApplication;
let dataDir: string;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

const call = callAs(() => app);
const unfolded = (raw: string): string => raw.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ');

async function addActor(actor: string, type: 'crew' | 'skipper' | 'both' | 'admin', firstName: string, lastName: string, createdDaysAgo = 100): Promise<void> {
  ({ id: ids[actor], token: tokens[actor] } = await addUser(runtime, { email: `${actor}@people.test`, type, firstName, lastName, createdDaysAgo }));
}

const year = new Date().getUTCFullYear() + 1;
const publish = async (actor: string, boatId: string, title: string) => {
  const response = await call('POST', '/api/voyages/', tokens[actor], {
    title,
    estimated_start_date: `${year}-07-01`,
    estimated_end_date: `${year}-07-09`,
    boat_id: boatId,
    is_custom_voyage: true,
    segments: [{ departure_custom_location: 'Falmouth', arrival_custom_location: 'Horta', distance_nm: 1200 }],
  });
  expect([response.status, response.body['error']]).toEqual([201, undefined]);
  return response.body['id'] as string;
};
const upload = async (url: string, actor: string): Promise<string> => {
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const boundary = '----admin';
  const response = await app
    .getHttpAdapter()
    .getInstance()
    .inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${tokens[actor]}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  expect(response.statusCode).toBe(201);
  return response.json().photo_url as string;
};

beforeAll(async () => {
  inbox = await startSmtpServer('answer');
  testApp = await startTestApp({ env: { SMTP_URL: inbox.url }, dataDirPrefix: 'crew-admin-users-', worker: true });
  ({ runtime, app, dataDir } = testApp);
  await addActor('admin', 'admin', 'Ada', 'Admiral');
  await addActor('admin2', 'admin', 'Grace', 'Hopper');
  await addActor('skipper', 'skipper', 'Robin', 'Knox-Johnston');
  await addActor('crew', 'crew', 'Tilly', 'Smith');
  await addActor('newcrew', 'crew', 'Noor', 'Fresh', 3);
  await addActor('both', 'both', 'Zebedee', 'Quartermaine');
}, 60_000);

afterAll(async () => {
  await testApp.close();
  await inbox.close();
});

const list = async (query = '') => {
  const response = await call('GET', `/api/admin/users${query}`, tokens['admin']);
  expect(response.status).toBe(200);
  return response.body as unknown as AdminUserListResponse;
};
const history = async (actor: string) => ((await call('GET', `/api/admin/users/${ids[actor]}/history`, tokens['admin'])).body as unknown as AdminHistoryResponse).history;

describe('the user list', () => {
  it('searches first name, last name, email and id; filters by type and subscription; counts', async () => {
    expect((await list('?search=tilly')).users.map((u) => u.id)).toEqual([ids['crew']]);
    expect((await list('?search=KNOX')).users.map((u) => u.id)).toEqual([ids['skipper']]);
    expect((await list('?search=zebedee%40people')).users.map((u) => u.id)).toEqual([]);
    expect((await list('?search=both%40people')).users.map((u) => u.id)).toEqual([ids['both']]);
    expect((await list(`?search=${ids['newcrew']}`)).users.map((u) => u.id)).toEqual([ids['newcrew']]);
    expect((await list('?search=smith%20tilly')).total).toBe(1);
    expect((await list('?user_type=admin')).total).toBe(2);
    const all = await list();
    expect(all).toMatchObject({ total: 6, page: 1, page_size: 20, stats: { total_users: 6, skippers: 2, crew_members: 3, premium_users: 0 } });
    expect(all.users[0]).toMatchObject({ id: ids['newcrew'], subscription: 'trial' });
    expect(all.users.find((u) => u.id === ids['both'])).toMatchObject({ subscription: 'free', email: 'both@people.test' });
    expect((await list('?subscription=trial')).users.map((u) => u.id)).toEqual([ids['newcrew']]);
    expect((await list('?page=2')).users).toEqual([]);
    expect((await call('GET', '/api/admin/users?user_type=pirate', tokens['admin'])).status).toBe(400);
  });
});

describe('premium, profile status and emails', () => {
  it('grants and revokes premium, recorded with who, when and why', async () => {
    const granted = await call('POST', `/api/admin/users/${ids['crew']}/subscription`, tokens['admin'], { action: 'grant', reason: 'Goodwill after a failed payment' });
    expect(granted.status).toBe(200);
    expect((granted.body as unknown as AdminUserActionResponse).user).toMatchObject({ subscription: 'premium', subscription_status: 'active' });
    expect((await list('?subscription=premium')).users.map((u) => u.id)).toEqual([ids['crew']]);
    // Skippers and administrators never pay: with such a type the premium and trial filters find nobody.
    for (const query of ['?subscription=premium&user_type=skipper', '?subscription=trial&user_type=skipper', '?subscription=premium&user_type=admin']) {
      expect(await list(query)).toMatchObject({ users: [], total: 0, total_exact: true });
    }
    expect((await list()).stats.premium_users).toBe(1);
    // The filters read users.premium_until, which follows the subscriptions table: past its end, a subscription is over.
    const premiumUntil = async (): Promise<string | null> =>
      (await runtime.dataSource.query<{ at: string | null }[]>('SELECT premium_until::text AS at FROM users WHERE id = $1', [ids['crew']]))[0]?.at ?? null;
    const [{ ends }] = await runtime.dataSource.query<{ ends: string }[]>(`SELECT end_date::text AS ends FROM subscriptions WHERE user_id = $1 AND status = 'active'`, [
      ids['crew'],
    ]);
    expect(await premiumUntil()).toBe(ends);
    await runtime.dataSource.query(`UPDATE subscriptions SET end_date = now() - interval '1 day' WHERE user_id = $1`, [ids['crew']]);
    expect((await list('?subscription=premium')).users).toEqual([]);
    expect((await list('?subscription=free&search=tilly')).users.map((u) => u.id)).toEqual([ids['crew']]);
    await runtime.dataSource.query(`UPDATE subscriptions SET end_date = $2 WHERE user_id = $1`, [ids['crew'], ends]);
    expect((await list('?subscription=premium&search=tilly&user_type=crew')).users.map((u) => u.id)).toEqual([ids['crew']]);
    // A rebuild of the subscriptions writes the table again: the column follows.
    const subscriptions = allProjectors.find((projector) => projector.name === 'subscriptions');
    if (!subscriptions) throw new Error('no subscriptions projector');
    await rebuildProjection(subscriptions, runtime.eventStore, runtime.dataSource);
    expect(await premiumUntil()).toBe(ends);
    expect((await list('?subscription=premium')).users.map((u) => u.id)).toEqual([ids['crew']]);
    expect((await call('POST', `/api/admin/users/${ids['crew']}/subscription`, tokens['admin'], { action: 'grant' })).status).toBe(409);
    const revoked = await call('POST', `/api/admin/users/${ids['crew']}/subscription`, tokens['admin'], { action: 'revoke' });
    expect((revoked.body as unknown as AdminUserActionResponse).user.subscription).toBe('free');
    expect(await premiumUntil()).toBeNull();
    expect((await list('?subscription=premium')).users).toEqual([]);
    expect((await list('?subscription=free&search=tilly')).users.map((u) => u.id)).toEqual([ids['crew']]);
    const entries = await history('crew');
    expect(entries.map((e) => [e.action, e.reason, e.actor_id, e.actor_name])).toEqual([
      ['user.premium_revoked', '', ids['admin'], 'Ada Admiral'],
      ['user.premium_granted', 'Goodwill after a failed payment', ids['admin'], 'Ada Admiral'],
    ]);
    expect(Date.parse(entries[0]!.occurred_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('marks a profile complete and incomplete', async () => {
    const complete = await call('PUT', `/api/admin/users/${ids['skipper']}/profile-status`, tokens['admin'], { profile_complete: true });
    expect(complete.body).toMatchObject({ message: 'Profile marked as complete', user: { profile_complete: true } });
    const incomplete = await call('PUT', `/api/admin/users/${ids['skipper']}/profile-status`, tokens['admin'], { profile_complete: false });
    expect(incomplete.body).toMatchObject({ message: 'Profile marked as incomplete', user: { profile_complete: false } });
    expect((await history('skipper')).map((e) => e.action)).toEqual(['user.profile_marked_incomplete', 'user.profile_marked_complete']);
  });

  it('emails a user through the job pipeline, recorded in email_messages, with nothing personal in the event', async () => {
    const sent = await call('POST', `/api/admin/users/${ids['crew']}/send-email`, tokens['admin'], {
      template: 'admin_contact',
      subject: 'About your profile',
      message: 'Please add an emergency contact before your next voyage.',
    });
    expect(sent).toEqual({ status: 200, body: { message: 'Email sent to crew@people.test', recipient: 'crew@people.test' } });
    await waitUntil('the mail arrives', () => inbox.messages.some((m) => m.rcptTo.includes('crew@people.test') && unfolded(m.raw).includes('add an emergency contact')));
    await waitUntil('the mail is recorded', async () => {
      const rows = await runtime.dataSource.query<{ status: string }[]>(`SELECT status FROM email_messages WHERE template = 'admin_contact' AND recipient_id = $1`, [ids['crew']]);
      return rows.length === 1 && rows[0]!.status === 'sent';
    });
    const events = await runtime.dataSource.query<{ data: unknown }[]>(`SELECT data FROM events WHERE stream_id = $1`, [`admin_actions-user-${ids['crew']}`]);
    expect(JSON.stringify(events)).not.toContain('emergency contact');
    expect(JSON.stringify(events)).not.toContain('crew@people.test');
    const voyageContact = await call('POST', `/api/admin/users/${ids['crew']}/send-email`, tokens['admin'], { template: 'admin_voyage_contact', subject: 'Hi', message: 'Hello' });
    expect(voyageContact.status).toBe(400);
  });
});

describe('what an administrator may not do', () => {
  it('refuses premium for an administrator and deleting one, or oneself', async () => {
    const grant = await call('POST', `/api/admin/users/${ids['admin2']}/subscription`, tokens['admin'], { action: 'grant' });
    expect([grant.status, grant.body['code']]).toEqual([403, 'ADMIN_PROTECTED']);
    const remove = await call('DELETE', `/api/admin/users/${ids['admin2']}`, tokens['admin']);
    expect([remove.status, remove.body['code']]).toEqual([403, 'ADMIN_PROTECTED']);
    const self = await call('DELETE', `/api/admin/users/${ids['admin']}`, tokens['admin']);
    expect([self.status, self.body['code']]).toEqual([403, 'CANNOT_DELETE_SELF']);
    expect((await call('DELETE', '/api/admin/users/00000000-0000-4000-8000-000000000000', tokens['admin'])).status).toBe(404);
    expect((await call('DELETE', '/api/admin/users/not-an-id', tokens['admin'])).status).toBe(404);
  });
});

describe('deleting a user', () => {
  it('is refused with the counts while they skipper an active voyage with accepted crew', async () => {
    const boat = await call('POST', '/api/profile/boats', tokens['skipper'], { name: 'Suhaili', boat_type: 'monohull', length_feet: 32, capacity: 5 });
    const voyageId = await publish('skipper', boat.body['id'] as string, 'Falmouth to the Azores');
    const applied = await call('POST', '/api/applications/', tokens['crew'], { voyage_id: voyageId, message: 'Ten seasons on the Solent, happy to help.' });
    const applicationId = (applied.body['application'] as { id: string }).id;
    expect((await call('POST', `/api/applications/${applicationId}/accept`, tokens['skipper'])).status).toBe(200);
    const refused = await call('DELETE', `/api/admin/users/${ids['skipper']}`, tokens['admin']);
    expect(refused).toEqual({
      status: 409,
      body: expect.objectContaining({ code: 'USER_HAS_ACTIVE_CREW', error: expect.any(String), reason: expect.any(String), active_voyages: 1, accepted_applications: 1 }),
    });
  });

  it('erases their name, email, profile, photos, messages and boats everywhere, for good', async () => {
    // A "both" member: a profile photo, a boat with a photo, a voyage with a pending applicant, applications with messages to skippers.
    const first = 'Zebedee';
    const last = 'Quartermaine';
    const email = 'both@people.test';
    const secret = 'Quartermaine-secret-message: I once sailed the Fastnet backwards.';
    await runtime.dataSource.query(`UPDATE users SET phone_number = '+44 7700 900123', emergency_contact = $2 WHERE id = $1`, [
      ids['both'],
      JSON.stringify({ name: 'Mum Quartermaine', phone: '+44 1' }),
    ]);
    const photo = await upload('/api/profile/upload-photo', 'both');
    const boat = await call('POST', '/api/profile/boats', tokens['both'], { name: 'Quartermaine Star', boat_type: 'catamaran', length_feet: 40, capacity: 6 });
    const boatPhoto = await upload(`/api/profile/boats/${boat.body['id'] as string}/upload-photo`, 'both');
    const ownVoyage = await publish('both', boat.body['id'] as string, 'Isles of Scilly Hop');
    expect((await call('POST', '/api/applications/', tokens['crew'], { voyage_id: ownVoyage, message: 'Ten seasons on the Solent, happy to help.' })).status).toBe(201);
    const skipperBoat = await call('GET', '/api/profile/boats', tokens['skipper']);
    const otherVoyage = await publish(
      'skipper',
      (skipperBoat.body as unknown as { id: string }[])[0]?.id ?? (skipperBoat.body['boats'] as { id: string }[])[0]!.id,
      'Scilly Isles Weekend',
    );
    expect((await call('POST', '/api/applications/', tokens['both'], { voyage_id: otherVoyage, message: secret })).status).toBe(201);
    await waitUntil('the skipper was mailed the application', () => inbox.messages.some((m) => unfolded(m.raw).includes('Quartermaine-secret-message')));
    const uploads = path.join(dataDir, 'uploads');
    const filesBefore = readdirSync(uploads);
    expect(existsSync(path.join(uploads, path.basename(photo)))).toBe(true);

    const deleted = await call('DELETE', `/api/admin/users/${ids['both']}`, tokens['admin']);
    expect(deleted).toEqual({ status: 200, body: { message: expect.any(String), deleted_records: { applications: 1, voyages: 1, boats: 1 } } });

    // Gone from browse, their pending application withdrawn, the applicant to their voyage told it is cancelled.
    const browse = (await call('GET', '/api/voyages/?limit=50')).body as unknown as VoyageListResponse;
    expect(browse.voyages.map((v) => v.id)).not.toContain(ownVoyage);
    expect((await call('GET', `/api/voyages/${otherVoyage}`)).body).toMatchObject({ application_count: 0, pending_count: 0 });
    await waitUntil('the applicant is told', () =>
      inbox.messages.some((m) => m.rcptTo.includes('crew@people.test') && /cancel/i.test(unfolded(m.raw)) && unfolded(m.raw).includes('Isles of Scilly Hop')),
    );

    // Photos gone from the uploads folder.
    for (const url of [photo, boatPhoto]) expect(existsSync(path.join(uploads, path.basename(url)))).toBe(false);
    expect(readdirSync(uploads).length).toBe(filesBefore.length - 4);

    const traces = async (): Promise<string[]> => {
      const tables = await runtime.dataSource.query<{ table_name: string }[]>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
      );
      const found: string[] = [];
      for (const { table_name } of tables) {
        for (const needle of [first, last, email, 'Fastnet backwards', '7700 900123']) {
          const [{ n }] = await runtime.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM "${table_name}" t WHERE strpos(t::text, $1) > 0`, [needle]);
          if (n > 0) found.push(`${table_name}: ${needle}`);
        }
      }
      return found;
    };
    expect(await traces()).toEqual([]);
    // No read model rebuilt from the log brings them back.
    for (const projector of allProjectors) await rebuildProjection(projector, runtime.eventStore, runtime.dataSource);
    expect(await traces()).toEqual([]);
    const [{ n }] = await runtime.dataSource.query<{ n: number }[]>('SELECT count(*)::int AS n FROM voyage_summaries WHERE skipper_id = $1', [ids['both']]);
    expect(n).toBe(0);
    expect((await history('both')).map((e) => [e.action, e.details])).toEqual([['user.deleted', { applications: 1, voyages: 1, boats: 1 }]]);
  });
});

describe('counts at scale', () => {
  const counted = async () => {
    const [row] = await runtime.dataSource.query<AdminUserListResponse['stats'][]>(
      `SELECT count(*)::int AS total_users, count(*) FILTER (WHERE user_type IN ('skipper', 'both'))::int AS skippers,
              count(*) FILTER (WHERE user_type IN ('crew', 'both'))::int AS crew_members,
              count(*) FILTER (WHERE user_type = 'both')::int AS both, count(*) FILTER (WHERE user_type = 'admin')::int AS admins,
              (SELECT count(*)::int FROM subscriptions s JOIN users p ON p.id = s.user_id
                WHERE s.status = 'active' AND s.end_date > now() AND NOT p.is_admin AND p.user_type IN ('crew', 'both')) AS premium_users
         FROM users`,
    );
    return row;
  };

  it('keeps the stat cards equal to a full count through sign-ups, admin flags, premium and deletions', async () => {
    await call('POST', `/api/admin/users/${ids['crew']}/subscription`, tokens['admin'], { action: 'grant', reason: 'Counting check' });
    await insertUser(runtime.dataSource, { email: 'late@people.test', firstName: 'Late', lastName: 'Comer', type: 'both', verified: false });
    await runtime.dataSource.query(`UPDATE users SET is_admin = true WHERE email = 'late@people.test'`);
    expect((await list()).stats).toEqual(await counted());
    expect((await list()).stats.premium_users).toBe(1);
    await runtime.dataSource.query(`DELETE FROM users WHERE email = 'late@people.test'`);
    const stats = (await list()).stats;
    expect(stats).toEqual(await counted());
    expect((await list()).total).toBe(stats.total_users);
    await call('POST', `/api/admin/users/${ids['crew']}/subscription`, tokens['admin'], { action: 'revoke' });
  });

  it('says "more than 1,000" instead of counting every match of a broad search', async () => {
    const crowd = Array.from({ length: ADMIN_USERS_COUNT_CAP + 1 }, (_, i) => ({
      email: `bulk.${i + 1}@crowd.test`,
      firstName: 'Bulk',
      lastName: 'Member',
      type: 'crew' as const,
      verified: false,
    }));
    await insertUsers(runtime.dataSource, crowd);
    try {
      expect(await list('?search=crowd.test')).toMatchObject({ total: ADMIN_USERS_COUNT_CAP, total_exact: false });
      expect(await list('?search=bulk.17%40')).toMatchObject({ total: 1, total_exact: true });
      // A page of a search with few matches is sorted out of them; of one with more than the cap, read in join order: the same page either way.
      const newestFirst = async (pattern: string, offset: number): Promise<string[]> =>
        (await runtime.dataSource.query<{ id: string }[]>(`SELECT id FROM users WHERE email LIKE $1 ORDER BY created_at DESC, id LIMIT 20 OFFSET $2`, [pattern, offset])).map(
          (row) => row.id,
        );
      const few = await list('?search=bulk.1&page=2');
      expect(few).toMatchObject({ total: 113, total_exact: true });
      expect(few.users.map((u) => u.id)).toEqual(await newestFirst('bulk.1%@crowd.test', 20));
      const many = await list('?search=crowd.test&page=3');
      expect(many).toMatchObject({ total: ADMIN_USERS_COUNT_CAP, total_exact: false });
      expect(many.users.map((u) => u.id)).toEqual(await newestFirst('%@crowd.test', 40));
      const all = await list();
      expect(all).toMatchObject({ total: all.stats.total_users, total_exact: true });
      expect(all.stats).toEqual(await counted());
    } finally {
      await runtime.dataSource.query(`DELETE FROM users WHERE email LIKE 'bulk.%@crowd.test'`);
    }
  }, 60_000);
});
