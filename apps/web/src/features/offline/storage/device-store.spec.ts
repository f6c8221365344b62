import { describe, expect, it } from '@jest/globals';
import { enqueue } from '../outbox';
import { clearDevice, countStored, dropVoyagesExcept, readCopy, readSession, storeSharedCopy, storeVoyage, storedVoyages, writeSession } from './device-store';
import { freshDevice } from './fresh-device.spec-support';

const voyage = (id: string, startDate: string, savedAt = '2026-07-01T08:00:00.000Z') => ({ id, title: `Voyage ${id}`, role: 'crew' as const, startDate, endDate: null, savedAt });

describe('the device store', () => {
  it('keeps a voyage with its answers, each found by its API path with the time it was saved', async () => {
    const db = await freshDevice();
    await storeVoyage(db, voyage('v1', '2026-07-03'), [
      { path: '/api/voyages/v1', data: { title: 'Falmouth to Fowey' } },
      { path: '/api/voyages/v1/trust', data: { crew: [] } },
    ]);
    expect(await readCopy(db, '/api/voyages/v1')).toEqual({ path: '/api/voyages/v1', data: { title: 'Falmouth to Fowey' }, voyageId: 'v1', savedAt: '2026-07-01T08:00:00.000Z' });
    expect((await storedVoyages(db)).map((kept) => [kept.id, kept.paths])).toEqual([['v1', ['/api/voyages/v1', '/api/voyages/v1/trust']]]);
  });

  it('replaces what was kept of a voyage when it is stored again, dropping answers it no longer has', async () => {
    const db = await freshDevice();
    await storeVoyage(db, voyage('v1', '2026-07-03'), [
      { path: '/api/voyages/v1', data: 1 },
      { path: '/api/agreements/a1', data: { version: 1 } },
    ]);
    await storeVoyage(db, voyage('v1', '2026-07-03', '2026-07-02T09:30:00.000Z'), [{ path: '/api/voyages/v1', data: 2 }]);
    expect(await readCopy(db, '/api/agreements/a1')).toBeUndefined();
    expect(await readCopy(db, '/api/voyages/v1')).toMatchObject({ data: 2, savedAt: '2026-07-02T09:30:00.000Z' });
  });

  it('lists voyages soonest first and drops those no longer sailing soon with their answers, keeping shared ones', async () => {
    const db = await freshDevice();
    await storeVoyage(db, voyage('later', '2026-07-20'), [{ path: '/api/voyages/later', data: 1 }]);
    await storeVoyage(db, voyage('soon', '2026-07-02'), [{ path: '/api/voyages/soon', data: 1 }]);
    await storeSharedCopy(db, '/api/auth/me', { id: 'anna' }, '2026-07-01T08:00:00.000Z');
    expect((await storedVoyages(db)).map((kept) => kept.id)).toEqual(['soon', 'later']);
    expect(await dropVoyagesExcept(db, new Set(['later']))).toEqual(['soon']);
    expect(await readCopy(db, '/api/voyages/soon')).toBeUndefined();
    expect(await readCopy(db, '/api/voyages/later')).toBeDefined();
    expect(await readCopy(db, '/api/auth/me')).toBeDefined();
  });

  it('is emptied whole at sign-out: voyages, answers, waiting writes and the session', async () => {
    const db = await freshDevice();
    await storeVoyage(db, voyage('v1', '2026-07-03'), [{ path: '/api/voyages/v1', data: 1 }]);
    await storeSharedCopy(db, '/api/auth/me', { id: 'anna' }, '2026-07-01T08:00:00.000Z');
    await enqueue(db, { kind: 'check-in', path: '/api/voyages/v1/check-ins', body: { kind: 'departed' }, idempotencyKey: 'k1', voyageId: 'v1' });
    await writeSession(db, { userId: 'anna', token: 'token', locale: 'fr' });
    expect(await countStored(db)).toEqual({ copies: 2, voyages: 1, outbox: 1, session: 1 });
    await clearDevice(db);
    expect(await countStored(db)).toEqual({ copies: 0, voyages: 0, outbox: 0, session: 0 });
    expect(await readSession(db)).toBeUndefined();
  });
});
