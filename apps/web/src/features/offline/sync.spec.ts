import { describe, expect, it, jest } from '@jest/globals';
import { countStored, readCopy, readSession, storedVoyages, storeVoyage, writeSession } from './storage/device-store';
import { freshDevice } from './storage/fresh-device.spec-support';
import { refreshDevice, voyagePagePaths } from './sync';

const now = () => new Date('2026-07-01T08:00:00.000Z');
const answer = (status: number, body: unknown = {}): Response => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response;

/** The API as one crew member sees it: one voyage sailing soon, its trust page naming their agreement. */
const server = (answers: Record<string, unknown>, status: Record<string, number> = {}) =>
  jest.fn(async (url: string, _init?: RequestInit) =>
    url in answers ? answer(status[url] ?? 200, answers[url]) : answer(status[url] ?? 404, { error: 'Not found', code: 'NOT_FOUND' }),
  );

const crewView = {
  '/api/auth/me': { id: 'anna', first_name: 'Anna' },
  '/api/users/anna/sailing-log': { user_id: 'anna', entries: [] },
  '/api/voyages/sailing-soon': {
    voyages: [{ id: 'v1', title: 'Falmouth to Fowey', role: 'crew', status: 'active', estimated_start_date: '2026-07-03', estimated_end_date: '2026-07-05' }],
  },
  '/api/voyages/v1': { id: 'v1', title: 'Falmouth to Fowey', segments: [] },
  '/api/voyages/v1/trust': {
    role: 'crew',
    crew: [{ id: 'anna', name: 'Anna', agreement: { id: 'a1', version: 2, accepted: true, accepted_version: 2 }, sailing_log: null }],
    float_plan: null,
    timeline: [],
  },
  '/api/agreements/a1': { id: 'a1', version: 2 },
};

describe('keeping the member’s voyages on the device', () => {
  it('keeps each voyage sailing soon with its page, trust, agreement, the member and their sailing log', async () => {
    const db = await freshDevice();
    const fetcher = server(crewView);
    const outcome = await refreshDevice({ db, token: 'token-1', locale: 'fr', fetcher: fetcher as unknown as typeof fetch, now });
    expect(outcome).toMatchObject({ outcome: 'stored', userId: 'anna' });
    for (const path of ['/api/voyages/v1', '/api/voyages/v1/trust', '/api/agreements/a1', '/api/auth/me', '/api/users/anna/sailing-log']) {
      expect(await readCopy(db, path)).toMatchObject({ savedAt: '2026-07-01T08:00:00.000Z' });
    }
    const [voyage] = await storedVoyages(db);
    expect(voyagePagePaths(voyage!)).toEqual(['/voyages/v1', '/agreements/a1']);
    expect(await readSession(db)).toEqual({ userId: 'anna', token: 'token-1', locale: 'fr' });
    // Every request is the member's, in the page's language.
    expect(
      fetcher.mock.calls.every(([, init]) => (init as RequestInit).headers && (init as { headers: Record<string, string> }).headers['authorization'] === 'Bearer token-1'),
    ).toBe(true);
  });

  it('drops a voyage no longer sailing soon', async () => {
    const db = await freshDevice();
    await storeVoyage(db, { id: 'old', title: 'Last month', role: 'crew', startDate: '2026-06-01', endDate: '2026-06-03', savedAt: '2026-06-01T08:00:00.000Z' }, [
      { path: '/api/voyages/old', data: {} },
    ]);
    await writeSession(db, { userId: 'anna', token: 'token-1', locale: 'en' });
    await refreshDevice({ db, token: 'token-1', locale: 'en', fetcher: server(crewView) as unknown as typeof fetch, now });
    expect((await storedVoyages(db)).map((voyage) => voyage.id)).toEqual(['v1']);
    expect(await readCopy(db, '/api/voyages/old')).toBeUndefined();
  });

  it('keeps nothing of another member who used the device before', async () => {
    const db = await freshDevice();
    await writeSession(db, { userId: 'zoe', token: 'token-zoe', locale: 'en' });
    await storeVoyage(db, { id: 'zoes', title: 'Zoe’s voyage', role: 'crew', startDate: '2026-07-02', endDate: null, savedAt: '2026-06-30T08:00:00.000Z' }, [
      { path: '/api/voyages/zoes', data: {} },
    ]);
    await refreshDevice({ db, token: 'token-1', locale: 'en', fetcher: server(crewView) as unknown as typeof fetch, now });
    expect(await readCopy(db, '/api/voyages/zoes')).toBeUndefined();
    expect((await readSession(db))?.userId).toBe('anna');
  });

  it('changes nothing without an answer, and says when the session is over', async () => {
    const db = await freshDevice();
    const offline = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await refreshDevice({ db, token: 'token-1', locale: 'en', fetcher: offline as unknown as typeof fetch, now })).toEqual({ outcome: 'unreachable' });
    expect(await countStored(db)).toEqual({ copies: 0, voyages: 0, outbox: 0, session: 0 });
    const ended = server({}, { '/api/auth/me': 401 });
    expect(await refreshDevice({ db, token: 'token-1', locale: 'en', fetcher: ended as unknown as typeof fetch, now })).toEqual({ outcome: 'signed-out' });
  });
});
