import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { allProjectors } from '@crew/projections';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Application } from '../src/application';
import { verifyProjection } from '../src/platform/projections/projection-rebuild';
import { REMOVED_TEXT } from '../src/platform/privacy/personal-data-cipher';
import { addUser, callAs, startTestApp, type TestApp } from './support/harness';
import { startSmtpServer, waitUntil, type TestSmtpServer } from './support/smtp-server';
import { readTestEnvironment } from './support/test-env';

/**
 * Erasure reaches the event log (docs/privacy.md): a skipper and a crew member
 * write a marker of their own into every text they can fill, their accounts
 * are erased, and neither marker is found anywhere afterwards: not in the
 * events, snapshots, read models, job tables or mail records, nor in Redis.
 * Every projection rebuilt from the log then equals its live rows.
 */
let testApp: TestApp;
let inbox: TestSmtpServer;
let runtime: Application;
let app: NestFastifyApplication;
let redis: Redis | null = null;
const redisPrefix = `crew-pd-${randomUUID().slice(0, 8)}`;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const call = callAs(() => app, tokens);
const skipperMark = `SKMARK${randomUUID().replace(/-/g, '')}`;
const crewMark = `CRMARK${randomUUID().replace(/-/g, '')}`;
const today = new Date().toISOString().slice(0, 10);
const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const ok = async (response: Promise<{ status: number; body: Record<string, unknown> }>, status: number): Promise<Record<string, unknown>> => {
  const { status: got, body } = await response;
  expect([got, body['error']]).toEqual([status, undefined]);
  return body;
};

/** Every row of every table in the database whose text holds the marker, by table. */
const tablesHolding = async (marker: string): Promise<Record<string, number>> => {
  const tables = await runtime.dataSource.query<{ schema: string; name: string }[]>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  const found: Record<string, number> = {};
  for (const { schema, name } of tables) {
    const [row] = await runtime.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM "${schema}"."${name}" t WHERE t::text LIKE $1`, [`%${marker}%`]);
    if (row!.n > 0) found[`${schema}.${name}`] = row!.n;
  }
  return found;
};

/** Redis keys of this deployment whose value holds the marker. */
const redisKeysHolding = async (marker: string): Promise<string[]> => {
  if (!redis) return [];
  const holding: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 500);
    cursor = next;
    for (const key of keys) {
      const dumped = await redis.dumpBuffer(key);
      if (dumped?.toString('latin1').includes(marker)) holding.push(key);
    }
  } while (cursor !== '0');
  return holding;
};

beforeAll(async () => {
  const { redisUrl } = readTestEnvironment();
  inbox = await startSmtpServer('answer');
  testApp = await startTestApp({
    env: { SMTP_URL: inbox.url, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) },
    runtimeOptions: { redisPrefix },
    dataDirPrefix: 'crew-personal-data-',
    worker: true,
  });
  ({ runtime, app } = testApp);
  if (redisUrl) redis = new Redis(redisUrl);
  for (const [actor, type] of [
    ['admin', 'admin'],
    ['skipper', 'skipper'],
    ['crew', 'crew'],
  ] as const) {
    ({ id: ids[actor], token: tokens[actor] } = await addUser(runtime, { email: `${actor}@pd.test`, type, firstName: actor, lastName: 'Tester', createdDaysAgo: 100 }));
  }
}, 60_000);

afterAll(async () => {
  redis?.disconnect();
  await testApp.close();
  await inbox.close();
});

describe('erasing members whose words are in the event log', () => {
  let voyageId = '';
  let ticketId = '';

  it('seals what they wrote in the log, and every reader still reads it in the clear', async () => {
    const boat = await ok(call('POST', '/api/profile/boats', 'skipper', { name: `Boat ${skipperMark}`, boat_type: 'monohull', length_feet: 36, capacity: 5 }), 201);
    const voyage = await ok(
      call('POST', '/api/voyages/', 'skipper', {
        title: `Title ${skipperMark}`,
        description: `Description ${skipperMark} with time ashore.`,
        estimated_start_date: today,
        estimated_end_date: inDays(12),
        boat_id: boat['id'],
        is_custom_voyage: true,
        segments: [{ departure_custom_location: 'Falmouth', arrival_custom_location: 'Horta', distance_nm: 1200 }],
      }),
      201,
    );
    voyageId = voyage['id'] as string;
    const application = await ok(call('POST', '/api/applications/', 'crew', { voyage_id: voyageId, message: `Application ${crewMark} five seasons.` }), 201);
    const applicationId = ((application['application'] as Record<string, unknown> | undefined)?.['id'] ?? application['id']) as string;
    await ok(call('POST', `/api/applications/${applicationId}/accept`, 'skipper'), 200);
    await ok(
      call('PUT', `/api/voyages/${voyageId}/agreements/${ids['crew']}`, 'skipper', {
        contribution_amount: 150,
        contribution_currency: 'GBP',
        contribution_covers: `Covers ${skipperMark}`,
        duties: `Duties ${skipperMark}`,
        watch_system: `Watches ${skipperMark}`,
        house_rules: `Rules ${skipperMark}`,
        leaving_early: `Leaving ${skipperMark}`,
        insurance: `Insurance ${skipperMark}`,
      }),
      200,
    );
    await ok(
      call('PUT', `/api/voyages/${voyageId}/float-plan`, 'skipper', {
        departure_at: `${today}T08:00:00Z`,
        expected_arrival_at: `${inDays(10)}T18:00:00Z`,
        boat_description: `Hull ${skipperMark}`,
        call_sign: 'MABC1',
        notes: `Notes ${skipperMark}`,
        shore_contacts: [{ name: `Shore ${skipperMark}`, email: 'shore@pd.test' }],
      }),
      200,
    );
    await ok(call('POST', `/api/voyages/${voyageId}/check-ins`, 'crew', { kind: 'departed', note: `Check-in ${crewMark}` }), 201);
    await ok(call('POST', '/api/conversations', 'crew', { voyage_id: voyageId, message: `Message ${crewMark}` }), 201);
    const ticket = await ok(call('POST', '/api/support/tickets', 'crew', { title: `Ticket ${crewMark}`, description: `My problem ${crewMark} in detail.` }), 201);
    ticketId = (ticket['ticket'] as Record<string, unknown>)['id'] as string;
    await ok(call('POST', `/api/support/tickets/${ticketId}/reply`, 'crew', { message: `Reply ${crewMark}` }), 201);
    // Cancelled, so its skipper may be erased (a voyage under way with crew may not lose its skipper).
    await ok(call('POST', `/api/voyages/${voyageId}/cancel`, 'skipper', { reason: `Reason ${skipperMark}` }), 200);
    await ok(call('PUT', '/api/profile/update-emergency-contact', 'crew', { name: `Kin ${crewMark}`, relationship: 'sister', phone: '+44 7700 900123', email: '' }), 200);

    // In the log, only ciphertext: the texts are sealed with their writer's key.
    const [plain] = await runtime.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM events WHERE data::text LIKE $1 OR data::text LIKE $2`, [
      `%${skipperMark}%`,
      `%${crewMark}%`,
    ]);
    expect(plain!.n).toBe(0);
    const sealed = await runtime.dataSource.query<{ event_type: string }[]>(`SELECT DISTINCT event_type FROM events WHERE metadata->>'personalData' = 'pd1' ORDER BY 1`);
    expect(sealed.map((row) => row.event_type)).toEqual(
      expect.arrayContaining(['CheckInRecorded', 'CrewAgreementIssued', 'FloatPlanFiled', 'SupportTicketOpened', 'SupportTicketReplied', 'VoyageCancelled', 'VoyagePublished']),
    );
    // Readers see the words.
    await waitUntil('the voyage in the read model', async () => (await call('GET', `/api/voyages/${voyageId}`, 'crew')).body['title'] === `Title ${skipperMark}`);
    const mine = await ok(call('GET', `/api/support/tickets/${ticketId}`, 'crew'), 200);
    expect(JSON.stringify(mine)).toContain(`My problem ${crewMark}`);
  }, 60_000);

  it('leaves no trace of either marker anywhere once both are erased, and every projection rebuilds to its live rows', async () => {
    await ok(call('DELETE', `/api/admin/users/${ids['crew']}`, 'admin'), 200);
    await ok(call('DELETE', `/api/admin/users/${ids['skipper']}`, 'admin'), 200);
    await waitUntil(
      'the read models and mails to settle',
      async () => {
        const left = { ...(await tablesHolding(skipperMark)), ...(await tablesHolding(crewMark)) };
        return Object.keys(left).length === 0;
      },
      20_000,
    ).catch(() => undefined);
    expect({ skipper: await tablesHolding(skipperMark), crew: await tablesHolding(crewMark) }).toEqual({ skipper: {}, crew: {} });
    expect([...(await redisKeysHolding(skipperMark)), ...(await redisKeysHolding(crewMark))]).toEqual([]);

    // Both keys are tombstones, and the sealed texts read as removed.
    const keys = await runtime.dataSource.query<{ gone: boolean }[]>('SELECT data_key IS NULL AS gone FROM member_data_keys WHERE member_id = ANY($1::uuid[])', [
      [ids['crew'], ids['skipper']],
    ]);
    expect(keys).toEqual([{ gone: true }, { gone: true }]);
    const checkIns = (await runtime.eventStore.readStream(`voyage-${voyageId}`)).filter((event) => event.type === 'CheckInRecorded');
    expect(checkIns.map((event) => event.data['note'])).toEqual([REMOVED_TEXT]);
    const snapshots = await runtime.dataSource.query<unknown[]>('SELECT 1 FROM stream_snapshots WHERE stream_id = ANY($1::text[])', [
      [`voyage-${voyageId}`, `support-ticket-${ticketId}`],
    ]);
    expect(snapshots).toEqual([]);

    for (const projector of allProjectors) {
      const verified = await verifyProjection(projector, runtime.eventStore, runtime.dataSource);
      expect({ projector: projector.name, equal: verified.equal, tables: verified.tables }).toEqual({
        projector: projector.name,
        equal: true,
        tables: verified.equal ? verified.tables : [],
      });
    }
  }, 120_000);
});
