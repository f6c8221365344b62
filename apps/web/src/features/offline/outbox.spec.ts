import { describe, expect, it, jest } from '@jest/globals';
import { dismiss, enqueue, flushOutbox, httpSender, outboxItems, resultOf, type SendResult } from './outbox';
import { freshDevice } from './storage/fresh-device.spec-support';
import type { OutboxItem } from './storage/device-store';

const checkIn = (key: string, kind: string) => ({ kind: 'check-in' as const, path: '/api/voyages/v1/check-ins', body: { kind, note: '' }, idempotencyKey: key, voyageId: 'v1' });
const at = (minute: number) => new Date(Date.UTC(2026, 6, 1, 8, minute));
/** An answer as fetch gives it (jsdom has no Response): its status and JSON body. */
const json = (status: number, body: unknown = {}): Response => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response;

describe('the outbox', () => {
  it('keeps writes under their key, oldest first; the same write queued again stays one', async () => {
    const db = await freshDevice();
    await enqueue(db, checkIn('k2', 'position'), at(5));
    await enqueue(db, checkIn('k1', 'departed'), at(1));
    await enqueue(db, checkIn('k1', 'departed'), at(1));
    expect((await outboxItems(db)).map((item) => [item.idempotencyKey, item.state, item.attempts])).toEqual([
      ['k1', 'waiting', 0],
      ['k2', 'waiting', 0],
    ]);
  });

  it('sends oldest first and forgets what the server took', async () => {
    const db = await freshDevice();
    await enqueue(db, checkIn('k1', 'departed'), at(1));
    await enqueue(db, checkIn('k2', 'arrived'), at(9));
    const sent: string[] = [];
    const report = await flushOutbox(db, async (item) => {
      sent.push(item.idempotencyKey);
      return { outcome: 'sent' };
    });
    expect(sent).toEqual(['k1', 'k2']);
    expect(report.waiting).toBe(0);
    expect(await outboxItems(db)).toEqual([]);
  });

  it('stops at the first write it cannot deliver, so a departure never arrives after the arrival that followed it', async () => {
    const db = await freshDevice();
    await enqueue(db, checkIn('k1', 'departed'), at(1));
    await enqueue(db, checkIn('k2', 'arrived'), at(9));
    const send = jest.fn(async (): Promise<SendResult> => ({ outcome: 'retry', reason: 'offline' }));
    const report = await flushOutbox(db, send);
    expect(send).toHaveBeenCalledTimes(1);
    expect(report).toMatchObject({ sent: [], refused: [], waiting: 2 });
    expect((await outboxItems(db)).map((item) => [item.idempotencyKey, item.state, item.attempts])).toEqual([
      ['k1', 'waiting', 1],
      ['k2', 'waiting', 0],
    ]);
  });

  it('keeps a write the server refused, with its reason, until the member dismisses it, and goes on with the next', async () => {
    const db = await freshDevice();
    await enqueue(db, checkIn('k1', 'position'), at(1));
    await enqueue(db, checkIn('k2', 'arrived'), at(9));
    const report = await flushOutbox(db, async (item: OutboxItem) =>
      item.idempotencyKey === 'k1' ? { outcome: 'refused', error: 'This voyage is completed: no check-ins are taken' } : { outcome: 'sent' },
    );
    expect(report.sent.map((item) => item.idempotencyKey)).toEqual(['k2']);
    expect(await outboxItems(db)).toMatchObject([{ idempotencyKey: 'k1', state: 'refused', error: 'This voyage is completed: no check-ins are taken' }]);
    // A refused write is not sent again.
    const again = jest.fn(async (): Promise<SendResult> => ({ outcome: 'sent' }));
    await flushOutbox(db, again);
    expect(again).not.toHaveBeenCalled();
    await dismiss(db, 'k1');
    expect(await outboxItems(db)).toEqual([]);
  });
});

describe('an answer to a write', () => {
  it.each([
    [201, { outcome: 'sent' }],
    [200, { outcome: 'sent' }],
    [401, { outcome: 'retry', reason: 'HTTP 401' }],
    [408, { outcome: 'retry', reason: 'HTTP 408' }],
    [429, { outcome: 'retry', reason: 'HTTP 429' }],
    [503, { outcome: 'retry', reason: 'HTTP 503' }],
  ])('%i is %j', async (status, expected) => {
    expect(await resultOf(json(status))).toEqual(expected);
  });

  it("is refused for good on the server's other refusals, with its own words", async () => {
    expect(await resultOf(json(409, { error: 'This voyage is completed: no check-ins are taken', code: 'VOYAGE_COMPLETED' }))).toEqual({
      outcome: 'refused',
      error: 'This voyage is completed: no check-ins are taken',
    });
    const notJson = { ok: false, status: 422, json: async () => Promise.reject(new SyntaxError('not JSON')) } as unknown as Response;
    expect(await resultOf(notJson)).toEqual({ outcome: 'refused', error: 'HTTP 422' });
  });
});

describe('sending a write', () => {
  it('posts its body as the member, in their language, with its Idempotency-Key', async () => {
    const fetcher = jest.fn(async (_url: string, _init: RequestInit) => json(201));
    const item: OutboxItem = { ...checkIn('key-1', 'departed'), conversationId: null, createdAt: at(1).toISOString(), attempts: 0, state: 'waiting', error: null };
    expect(await httpSender({ token: 'token-1', locale: 'fr' }, fetcher as unknown as typeof fetch)(item)).toEqual({ outcome: 'sent' });
    const [url, init] = fetcher.mock.calls[0]!;
    expect(url).toBe('/api/voyages/v1/check-ins');
    expect(init).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ kind: 'departed', note: '' }),
      headers: { authorization: 'Bearer token-1', 'idempotency-key': 'key-1', 'accept-language': 'fr', 'content-type': 'application/json' },
    });
  });

  it('tries again later when there is no network', async () => {
    const fetcher = async () => {
      throw new TypeError('Failed to fetch');
    };
    const item: OutboxItem = { ...checkIn('key-1', 'departed'), conversationId: null, createdAt: at(1).toISOString(), attempts: 0, state: 'waiting', error: null };
    expect(await httpSender({ token: 't', locale: 'en' }, fetcher as unknown as typeof fetch)(item)).toEqual({ outcome: 'retry', reason: 'Failed to fetch' });
  });
});
