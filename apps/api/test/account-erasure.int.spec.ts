import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Application } from '../src/application';
import { AccountErasures } from '../src/platform/account-erasures';
import type { AccountErased } from '../src/platform/contributions';
import { comparePositions, type LogPosition } from '../src/platform/event-store/event-store.port';
import { addUser, callAs, startTestApp, type TestApp } from './support/harness';
import { sleep, startSmtpServer, waitUntil, type TestSmtpServer } from './support/smtp-server';

/**
 * Erasing an account is every context's step, run in a declared order
 * (AccountErasures). Each step is idempotent: erasing the same member again,
 * at once or later, writes nothing more and leaves the same end state as
 * erasing them once (and the administrator's DELETE answers 404).
 */
let testApp: TestApp;
let inbox: TestSmtpServer;
let runtime: Application;
let app: NestFastifyApplication;
let dataDir: string;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

const call = callAs(() => app, tokens);
const unfolded = (raw: string): string => raw.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ');

async function addActor(actor: string, type: 'crew' | 'skipper' | 'both' | 'admin', firstName: string, lastName: string): Promise<void> {
  ({ id: ids[actor], token: tokens[actor] } = await addUser(runtime, { email: `${actor}@erasure.test`, type, firstName, lastName, createdDaysAgo: 100 }));
}

const year = new Date().getUTCFullYear() + 1;
const boatOf = async (actor: string, name: string): Promise<string> => {
  const boat = await call('POST', '/api/profile/boats', actor, { name, boat_type: 'monohull', length_feet: 34, capacity: 5 });
  expect(boat.status).toBe(201);
  return boat.body['id'] as string;
};
const publish = async (actor: string, boatId: string, title: string): Promise<string> => {
  const response = await call('POST', '/api/voyages/', actor, {
    title,
    estimated_start_date: `${year}-06-01`,
    estimated_end_date: `${year}-06-09`,
    boat_id: boatId,
    is_custom_voyage: true,
    segments: [{ departure_custom_location: 'Plymouth', arrival_custom_location: 'Roscoff', distance_nm: 100 }],
  });
  expect([response.status, response.body['error']]).toEqual([201, undefined]);
  return response.body['id'] as string;
};
const upload = async (url: string, actor: string): Promise<string> => {
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#884422' } })
    .png()
    .toBuffer();
  const boundary = '----erasure';
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

const head = async (): Promise<LogPosition> => {
  const [row] = await runtime.dataSource.query<{ c: string; p: string }[]>(
    'SELECT transaction_id::text AS c, position::text AS p FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1',
  );
  return { commit: BigInt(row!.c), prepare: BigInt(row!.p) };
};
/** Every projection and reactor has passed the last event written, and none of them wrote more. */
const caughtUp = async (): Promise<void> => {
  const deadline = Date.now() + 15_000;
  let target = await head();
  for (;;) {
    const rows = await runtime.dataSource.query<{ log_commit: string; log_prepare: string }[]>('SELECT log_commit, log_prepare FROM projection_checkpoints');
    if (rows.length > 0 && rows.every((row) => comparePositions({ commit: BigInt(row.log_commit), prepare: BigInt(row.log_prepare) }, target) >= 0)) {
      const now = await head();
      if (comparePositions(now, target) === 0) return;
      target = now;
    }
    if (Date.now() > deadline) throw new Error('the read models did not catch up');
    await sleep(20);
  }
};

/** What is left of an erased member, counted. */
type EndCounts = Record<
  'users' | 'boats' | 'voyages' | 'pending_applications' | 'withdrawn_applications' | 'tickets_not_erased' | 'tickets_erased' | 'mails_to_them' | 'mails_scrubbed' | 'events',
  number
>;

const erasureOf = (actor: string): Omit<AccountErased, 'traces'> => ({
  userId: ids[actor]!,
  erasedBy: ids['admin']!,
  metadata: { userId: ids['admin']!, correlationId: randomUUID() },
  at: new Date(),
});

beforeAll(async () => {
  inbox = await startSmtpServer('answer');
  testApp = await startTestApp({ env: { SMTP_URL: inbox.url }, dataDirPrefix: 'crew-erasure-', worker: true });
  ({ runtime, app, dataDir } = testApp);
  await addActor('admin', 'admin', 'Ada', 'Admiral');
  await addActor('skipper', 'skipper', 'Robin', 'Knox-Johnston');
  await addActor('crew', 'crew', 'Tilly', 'Smith');
  await addActor('member', 'both', 'Oriel', 'Pennywhistle');
  await addActor('hasty', 'skipper', 'Hastings', 'Quickfall');
}, 60_000);

afterAll(async () => {
  await testApp.close();
  await inbox.close();
});

describe('the erasure steps', () => {
  it('run the records of every context first, then the account row, the mails, the data key, and the live streams last', () => {
    const steps = runtime.get(AccountErasures).steps;
    expect(steps.slice(-4)).toEqual(['accounts', 'mail', 'data-key', 'messaging']);
    expect(steps.slice(0, -4)).toEqual(expect.arrayContaining(['applications', 'boats', 'support', 'voyages']));
  });
});

describe('erasing the same member twice', () => {
  it('writes nothing more the second time and leaves the same end state as erasing them once', async () => {
    const secret = 'Pennywhistle-secret: I crossed Biscay on a pedalo.';
    const photo = await upload('/api/profile/upload-photo', 'member');
    const boatId = await boatOf('member', 'Pennywhistle Lark');
    const boatPhoto = await upload(`/api/profile/boats/${boatId}/upload-photo`, 'member');
    const ownVoyage = await publish('member', boatId, 'Channel Islands Loop');
    expect((await call('POST', '/api/applications/', 'crew', { voyage_id: ownVoyage, message: 'Keen to crew, five seasons of dinghy racing.' })).status).toBe(201);
    const otherVoyage = await publish('skipper', await boatOf('skipper', 'Suhaili'), 'Plymouth to Roscoff');
    expect((await call('POST', '/api/applications/', 'member', { voyage_id: otherVoyage, message: secret })).status).toBe(201);
    expect((await call('POST', '/api/support/tickets', 'member', { title: 'Cannot change my boat', description: 'The boat form keeps its old length.' })).status).toBe(201);
    await waitUntil('the skipper was mailed the application', () => inbox.messages.some((m) => unfolded(m.raw).includes('Pennywhistle-secret')));
    const uploads = path.join(dataDir, 'uploads');
    const filesBefore = readdirSync(uploads).length;

    const memberId = ids['member']!;
    const endState = async () => {
      await caughtUp();
      const [rows] = await runtime.dataSource.query<EndCounts[]>(
        `SELECT (SELECT count(*)::int FROM users WHERE id = $1) AS users,
                (SELECT count(*)::int FROM boats WHERE owner_id = $1) AS boats,
                (SELECT count(*)::int FROM voyage_summaries WHERE skipper_id = $1) AS voyages,
                (SELECT count(*)::int FROM applications WHERE crew_id = $1 AND status = 'pending') AS pending_applications,
                (SELECT count(*)::int FROM applications WHERE crew_id = $1 AND status = 'withdrawn') AS withdrawn_applications,
                (SELECT count(*)::int FROM support_tickets WHERE requester_id = $1 AND NOT erased) AS tickets_not_erased,
                (SELECT count(*)::int FROM support_tickets WHERE requester_id = $1 AND erased AND status = 'closed') AS tickets_erased,
                (SELECT count(*)::int FROM email_messages WHERE recipient_id = $1) AS mails_to_them,
                (SELECT count(*)::int FROM email_messages WHERE subject = '(erased)') AS mails_scrubbed,
                (SELECT count(*)::int FROM events) AS events`,
        [memberId],
      );
      const traces: string[] = [];
      const tables = await runtime.dataSource.query<{ table_name: string }[]>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
      );
      for (const { table_name } of tables) {
        for (const needle of ['Oriel', 'Pennywhistle', 'member@erasure.test', 'pedalo']) {
          const [{ n }] = await runtime.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM "${table_name}" t WHERE strpos(t::text, $1) > 0`, [needle]);
          if (n > 0) traces.push(`${table_name}: ${needle}`);
        }
      }
      return { ...rows!, traces, files: readdirSync(uploads).sort() };
    };

    const erasures = runtime.get(AccountErasures);
    const event = erasureOf('member');
    expect(await erasures.erase(event)).toMatchObject({ applications: 1, voyages: 1, boats: 1, tickets: 1, data_keys: 1, snapshots: expect.any(Number) });
    const once = await endState();
    expect(once).toMatchObject({
      users: 0,
      boats: 0,
      voyages: 0,
      pending_applications: 0,
      withdrawn_applications: 1,
      tickets_not_erased: 0,
      tickets_erased: 1,
      mails_to_them: 0,
      traces: [],
    });
    expect(once.mails_scrubbed).toBeGreaterThan(0);
    expect(once.files).toHaveLength(filesBefore - 4);
    for (const url of [photo, boatPhoto]) expect(once.files).not.toContain(path.basename(url));

    // The applications read model keeps the withdrawn application (ids only), so it is counted again; nothing is withdrawn twice.
    expect(await erasures.erase(event)).toMatchObject({ applications: 1, voyages: 0, boats: 0, tickets: 0, data_keys: 0, snapshots: 0 });
    expect(await endState()).toEqual(once);
    // The administrator's deletion finds no one left to delete.
    expect((await call('DELETE', `/api/admin/users/${memberId}`, 'admin')).status).toBe(404);
  });

  it('run again before the read models have caught up (two at once), both finish and the voyage is deleted once', async () => {
    const voyageId = await publish('hasty', await boatOf('hasty', 'Quickfall'), 'Solent Evening Race');
    expect((await call('POST', '/api/applications/', 'crew', { voyage_id: voyageId, message: 'Happy to trim the jib all evening.' })).status).toBe(201);
    await caughtUp();
    const erasures = runtime.get(AccountErasures);
    const event = erasureOf('hasty');
    // The second reads the voyage from browse before the first's deletion is projected there.
    await Promise.all([erasures.erase(event), erasures.erase(event)]);
    await caughtUp();
    const [{ deletions }] = await runtime.dataSource.query<{ deletions: number }[]>(
      `SELECT count(*)::int AS deletions FROM events WHERE stream_id = $1 AND event_type = 'VoyageDeleted'`,
      [`voyage-${voyageId}`],
    );
    expect(deletions).toBe(1);
    const [{ left }] = await runtime.dataSource.query<{ left: number }[]>(
      'SELECT (SELECT count(*)::int FROM users WHERE id = $1) + (SELECT count(*)::int FROM voyage_summaries WHERE skipper_id = $1) AS left',
      [ids['hasty']],
    );
    expect(left).toBe(0);
  });
});
