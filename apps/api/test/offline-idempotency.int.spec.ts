import type { CheckInRecordedResponse, SailingSoonResponse, SentMessageResponse, StartConversationResponse, VoyageResponse } from '@crew/contracts';
import { voyageStreamId } from '@crew/domain';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import type { Application } from '../src/application';
import { addUser, callAs, inject, startTestApp, type TestApp } from './support/harness';

/**
 * What the offline web client relies on (docs/features/offline.md): the voyages a member's device keeps
 * (GET /api/voyages/sailing-soon), and writes it may send more than once. A check-in or a message sent with an
 * Idempotency-Key is recorded once however often it is sent, even at the same moment, and every repeat answers
 * as the first; the same key for something else is refused with 409; keys are each member's own.
 */

const DAY = 86_400_000;
const dayFromNow = (days: number): string => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const call = callAs(() => app, tokens);
let voyageId = '';
let laterVoyageId = '';

const voyage = (title: string, start: string, end: string) => ({
  title,
  description: 'Round the headland and back.',
  estimated_start_date: start,
  estimated_end_date: end,
  contribution_type: 'free',
  boat_id: ids['boat'],
  requirements: { crew_needed: 3, min_experience: 'beginner', skills: [] },
  is_custom_voyage: true,
  segments: [{ departure_custom_location: 'Falmouth', arrival_custom_location: 'Fowey', distance_nm: 22 }],
});

/** A POST with its Idempotency-Key, answering status, headers and body. */
const keyed = async <T>(actor: string, url: string, key: string, body: unknown) => {
  const response = await inject(app, 'POST', url, { token: tokens[actor], body, headers: { 'idempotency-key': key } });
  return { status: response.statusCode, replayed: response.headers['idempotent-replayed'], body: response.json() as T };
};

const checkInEvents = async (): Promise<number> => {
  const [row] = await runtime.dataSource.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM events WHERE stream_id = $1 AND event_type = 'CheckInRecorded'`, [
    voyageStreamId(voyageId),
  ]);
  return row!.count;
};
const messagesWithKey = async (key: string): Promise<number> => {
  const [row] = await runtime.dataSource.query<{ count: number }[]>('SELECT count(*)::int AS count FROM messages WHERE idempotency_key = $1', [key]);
  return row!.count;
};

async function join(actor: string, voyage: string): Promise<void> {
  const applied = await call('POST', '/api/applications/', actor, { voyage_id: voyage, message: 'Happy to stand watches and cook.' });
  expect(applied.status).toBe(201);
  const application = (applied.body as { application?: { id: string }; id?: string }).application?.id ?? String(applied.body['id']);
  expect((await call('POST', `/api/applications/${application}/accept`, 'skipper', {})).status).toBe(200);
}

beforeAll(async () => {
  testApp = await startTestApp({ dataDirPrefix: 'crew-offline-', waitForRunners: true, worker: true });
  ({ runtime, app } = testApp);
  for (const [actor, type] of [
    ['skipper', 'skipper'],
    ['anna', 'crew'],
    ['zoe', 'crew'],
    ['stranger', 'crew'],
  ] as const) {
    ({ id: ids[actor], token: tokens[actor] } = await addUser(runtime, { email: `${actor}@offline.test`, firstName: actor, lastName: 'Sailor', type }));
  }
  const boat = await call('POST', '/api/profile/boats', 'skipper', { name: 'Curlew', boat_type: 'monohull', length_feet: 34, capacity: 5 });
  ids['boat'] = String(boat.body['id']);
  // Departing today: check-ins are taken from the departure date.
  const soon = await call('POST', '/api/voyages/', 'skipper', voyage('Falmouth to Fowey', dayFromNow(0), dayFromNow(2)));
  expect(soon.status).toBe(201);
  voyageId = (soon.body as unknown as VoyageResponse).id;
  const later = await call('POST', '/api/voyages/', 'skipper', voyage('Autumn in the Scillies', dayFromNow(60), dayFromNow(64)));
  laterVoyageId = (later.body as unknown as VoyageResponse).id;
  await join('anna', voyageId);
  await join('zoe', voyageId);
  await join('anna', laterVoyageId);
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

describe('GET /api/voyages/sailing-soon', () => {
  it('lists the voyages a member sails on within 30 days, as skipper or accepted crew, and nothing for anyone else', async () => {
    const asCrew = await call<SailingSoonResponse>('GET', '/api/voyages/sailing-soon', 'anna');
    expect(asCrew.status).toBe(200);
    // The voyage 60 days away is not kept yet.
    expect(asCrew.body.voyages).toEqual([
      { id: voyageId, title: 'Falmouth to Fowey', role: 'crew', status: 'active', estimated_start_date: dayFromNow(0), estimated_end_date: dayFromNow(2) },
    ]);
    expect((await call<SailingSoonResponse>('GET', '/api/voyages/sailing-soon', 'skipper')).body.voyages.map((v) => [v.id, v.role])).toEqual([[voyageId, 'skipper']]);
    expect((await call<SailingSoonResponse>('GET', '/api/voyages/sailing-soon', 'stranger')).body.voyages).toEqual([]);
    expect((await call('GET', '/api/voyages/sailing-soon')).status).toBe(401);
  });
});

describe('a check-in sent with an Idempotency-Key', () => {
  const position = { kind: 'position', lat: 50.1, lon: -4.9, note: 'Off Dodman Point' };

  it('is recorded once when sent twice, and the repeat answers the same check-in, marked replayed', async () => {
    const key = randomUUID();
    const first = await keyed<CheckInRecordedResponse>('anna', `/api/voyages/${voyageId}/check-ins`, key, position);
    expect(first.status).toBe(201);
    expect(first.replayed).toBeUndefined();
    const again = await keyed<CheckInRecordedResponse>('anna', `/api/voyages/${voyageId}/check-ins`, key, position);
    expect(again.status).toBe(201);
    expect(again.replayed).toBe('true');
    expect(again.body.check_in_id).toBe(first.body.check_in_id);
    expect(again.body.message).toBe(first.body.message);
    expect(await checkInEvents()).toBe(1);
    expect(again.body.trust.timeline.filter((entry) => entry.kind === 'check_in_position')).toHaveLength(1);
  });

  it('is recorded once when both copies arrive at the same moment', async () => {
    const before = await checkInEvents();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => keyed<CheckInRecordedResponse>('anna', `/api/voyages/${voyageId}/check-ins`, key, { kind: 'departed', note: '' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.check_in_id)).size).toBe(1);
    expect(answers.filter((answer) => answer.replayed === 'true')).toHaveLength(3);
    expect(await checkInEvents()).toBe(before + 1);
  });

  it('is refused with 409 when the key comes back with another check-in, and nothing is recorded', async () => {
    const key = randomUUID();
    expect((await keyed('anna', `/api/voyages/${voyageId}/check-ins`, key, position)).status).toBe(201);
    const before = await checkInEvents();
    const other = await keyed<{ code: string; error: string }>('anna', `/api/voyages/${voyageId}/check-ins`, key, { ...position, note: 'Off Gribbin Head' });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(other.body.error).toBe('This Idempotency-Key was already used for another check-in: send each new check-in with a new key');
    expect(await checkInEvents()).toBe(before);
  });

  it("keeps each member's keys apart: another member's equal key is another check-in", async () => {
    const key = randomUUID();
    const anna = await keyed<CheckInRecordedResponse>('anna', `/api/voyages/${voyageId}/check-ins`, key, position);
    const zoe = await keyed<CheckInRecordedResponse>('zoe', `/api/voyages/${voyageId}/check-ins`, key, position);
    expect([anna.status, zoe.status]).toEqual([201, 201]);
    expect(zoe.replayed).toBeUndefined();
    expect(zoe.body.check_in_id).not.toBe(anna.body.check_in_id);
  });

  it('refuses a malformed key with 400, and records every check-in sent without one', async () => {
    const tooLong = await keyed<{ code: string }>('anna', `/api/voyages/${voyageId}/check-ins`, 'k'.repeat(201), position);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe('INVALID_IDEMPOTENCY_KEY');
    const before = await checkInEvents();
    expect((await call('POST', `/api/voyages/${voyageId}/check-ins`, 'anna', position)).status).toBe(201);
    expect((await call('POST', `/api/voyages/${voyageId}/check-ins`, 'anna', position)).status).toBe(201);
    expect(await checkInEvents()).toBe(before + 2);
  });

  it('is dated when it was made on the device, saying when it reached us; a malformed time is refused with 400', async () => {
    const madeAt = new Date(Date.now() - 30 * 60_000).toISOString();
    const late = await keyed<CheckInRecordedResponse>('zoe', `/api/voyages/${voyageId}/check-ins`, randomUUID(), {
      kind: 'position',
      lat: 50.2,
      lon: -4.7,
      note: 'Off Fowey',
      observed_at: madeAt,
    });
    expect(late.status).toBe(201);
    const entry = late.body.trust.timeline.find((item) => item.kind === 'check_in_position' && item.lat === 50.2);
    expect(entry?.at).toBe(madeAt);
    expect(Date.parse(entry?.received_at ?? '')).toBeGreaterThan(Date.parse(madeAt) + 29 * 60_000);
    // Sent at once (the device's time is now): dated as it arrived, nothing said of a delay.
    const atOnce = await keyed<CheckInRecordedResponse>('zoe', `/api/voyages/${voyageId}/check-ins`, randomUUID(), {
      kind: 'position',
      lat: 50.3,
      lon: -4.6,
      note: '',
      observed_at: new Date().toISOString(),
    });
    expect(atOnce.body.trust.timeline.find((item) => item.lat === 50.3)).not.toHaveProperty('received_at');
    const malformed = await keyed<{ code: string; error: string }>('zoe', `/api/voyages/${voyageId}/check-ins`, randomUUID(), { ...position, observed_at: 'this morning' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatch(/date and time/);
  });
});

describe('a message sent with an Idempotency-Key', () => {
  let conversationId = '';
  let laterConversationId = '';
  beforeAll(async () => {
    conversationId = (await call<StartConversationResponse>('POST', '/api/conversations', 'anna', { voyage_id: voyageId, message: 'See you on the pontoon' })).body.conversation.id;
    laterConversationId = (await call<StartConversationResponse>('POST', '/api/conversations', 'anna', { voyage_id: laterVoyageId, message: 'Is there a berth for a bike?' })).body
      .conversation.id;
  });

  it('is stored once when sent twice, and the repeat answers the same message, marked replayed', async () => {
    const key = randomUUID();
    const url = `/api/conversations/${conversationId}/messages`;
    const first = await keyed<SentMessageResponse>('anna', url, key, { body: 'Running ten minutes late' });
    const again = await keyed<SentMessageResponse>('anna', url, key, { body: 'Running ten minutes late' });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect([first.replayed, again.replayed]).toEqual([undefined, 'true']);
    expect(again.body.message).toEqual(first.body.message);
    expect(await messagesWithKey(key)).toBe(1);
    const thread = await call<{ messages: { body: string }[] }>('GET', url, 'skipper');
    expect(thread.body.messages.filter((message) => message.body === 'Running ten minutes late')).toHaveLength(1);
  });

  it('is stored once when both copies arrive at the same moment', async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => keyed<SentMessageResponse>('anna', `/api/conversations/${conversationId}/messages`, key, { body: 'Bringing the spare winch handle' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.message.id)).size).toBe(1);
    expect(await messagesWithKey(key)).toBe(1);
  });

  it('is refused with 409 when the key comes back with another text or in another conversation', async () => {
    const key = randomUUID();
    expect((await keyed('anna', `/api/conversations/${conversationId}/messages`, key, { body: 'On my way' })).status).toBe(201);
    for (const [url, body] of [
      [`/api/conversations/${conversationId}/messages`, 'On my way now'],
      [`/api/conversations/${laterConversationId}/messages`, 'On my way'],
    ] as const) {
      const other = await keyed<{ code: string; error: string }>('anna', url, key, { body });
      expect(other.status).toBe(409);
      expect(other.body).toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
        error: 'This Idempotency-Key was already used for another message: send each new message with a new key',
      });
    }
    expect(await messagesWithKey(key)).toBe(1);
  });

  it("keeps each member's keys apart", async () => {
    const key = randomUUID();
    const anna = await keyed<SentMessageResponse>('anna', `/api/conversations/${conversationId}/messages`, key, { body: 'Fenders are out' });
    const skipper = await keyed<SentMessageResponse>('skipper', `/api/conversations/${conversationId}/messages`, key, { body: 'Fenders are out' });
    expect([anna.status, skipper.status]).toEqual([201, 201]);
    expect(skipper.body.message.id).not.toBe(anna.body.message.id);
    expect(await messagesWithKey(key)).toBe(2);
  });
});
