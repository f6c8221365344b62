import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/*
 * What the device keeps for a signed-in member (docs/features/offline.md), in IndexedDB through `idb`: the
 * answers of the voyages they sail on soon (copies of GET answers, by API path), the list of those voyages, the
 * writes waiting to be sent (the outbox), and the session the service worker sends them with. Read and written
 * by the page and by the service worker alike; everything goes at sign-out.
 */

export const DEVICE_DB = 'crew-offline';
const VERSION = 1;

/** A GET answer as the server gave it, by its path (with query), and when it was saved. */
export interface StoredCopy {
  readonly path: string;
  readonly data: unknown;
  readonly savedAt: string;
  /** The stored voyage it belongs to (its copies go with it); null for answers every voyage shares (the member). */
  readonly voyageId: string | null;
}

/** A voyage kept on the device, what its page needs listed under `paths`. */
export interface StoredVoyage {
  readonly id: string;
  readonly title: string;
  readonly role: 'skipper' | 'crew';
  readonly startDate: string | null;
  readonly endDate: string | null;
  readonly savedAt: string;
  readonly paths: readonly string[];
}

/** A write waiting to be sent (POST with JSON), under its Idempotency-Key. */
export interface OutboxItem {
  readonly idempotencyKey: string;
  readonly kind: 'check-in' | 'message';
  readonly path: string;
  readonly body: unknown;
  readonly voyageId: string | null;
  readonly conversationId: string | null;
  readonly createdAt: string;
  readonly attempts: number;
  /** waiting: to send; refused: the server said no (kept, with its reason, until the member dismisses it). */
  readonly state: 'waiting' | 'refused';
  readonly error: string | null;
}

/** The member the device's data belongs to, and the session the service worker sends waiting writes with. */
export interface StoredSession {
  readonly userId: string;
  readonly token: string;
  /** The page's language, for the server's answers (its refusals) when the service worker sends. */
  readonly locale: string;
}

interface DeviceSchema extends DBSchema {
  copies: { key: string; value: StoredCopy; indexes: { byVoyage: string } };
  voyages: { key: string; value: StoredVoyage };
  outbox: { key: string; value: OutboxItem; indexes: { byCreated: string } };
  session: { key: 'current'; value: StoredSession };
}

export type DeviceDatabase = IDBPDatabase<DeviceSchema>;

let opening: Promise<DeviceDatabase> | null = null;

/** The device's database, opened once per page or worker (null when the browser has no IndexedDB). */
export function openDeviceStore(): Promise<DeviceDatabase> | null {
  if (typeof indexedDB === 'undefined') return null;
  opening ??= openDB<DeviceSchema>(DEVICE_DB, VERSION, {
    upgrade(db) {
      const copies = db.createObjectStore('copies', { keyPath: 'path' });
      copies.createIndex('byVoyage', 'voyageId');
      db.createObjectStore('voyages', { keyPath: 'id' });
      db.createObjectStore('outbox', { keyPath: 'idempotencyKey' }).createIndex('byCreated', 'createdAt');
      db.createObjectStore('session');
    },
    // Another tab (or the worker) upgrades: let it, and open afresh next time.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** Forgets the open connection (tests open a fresh database each). */
export function forgetDeviceStore(): void {
  void opening?.then((db) => db.close()).catch(() => undefined);
  opening = null;
}

/** Stores a voyage and its answers in one transaction, replacing what was kept of it; its copies no longer answered go. */
export async function storeVoyage(db: DeviceDatabase, voyage: Omit<StoredVoyage, 'paths'>, copies: ReadonlyArray<Omit<StoredCopy, 'savedAt' | 'voyageId'>>): Promise<void> {
  const tx = db.transaction(['voyages', 'copies'], 'readwrite');
  const copyStore = tx.objectStore('copies');
  const kept = new Set(copies.map((copy) => copy.path));
  for (const old of await copyStore.index('byVoyage').getAll(voyage.id)) if (!kept.has(old.path)) await copyStore.delete(old.path);
  for (const copy of copies) await copyStore.put({ ...copy, voyageId: voyage.id, savedAt: voyage.savedAt });
  await tx.objectStore('voyages').put({ ...voyage, paths: [...kept] });
  await tx.done;
}

/** Keeps an answer every stored voyage's pages need (the member, their sailing log). */
export async function storeSharedCopy(db: DeviceDatabase, path: string, data: unknown, savedAt: string): Promise<void> {
  await db.put('copies', { path, data, savedAt, voyageId: null });
}

/** The stored copy of a GET answer, or undefined. */
export const readCopy = (db: DeviceDatabase, path: string): Promise<StoredCopy | undefined> => db.get('copies', path);

/** The voyages kept, soonest first. */
export async function storedVoyages(db: DeviceDatabase): Promise<StoredVoyage[]> {
  const voyages = await db.getAll('voyages');
  return voyages.sort((a, b) => (a.startDate ?? '9999').localeCompare(b.startDate ?? '9999') || a.id.localeCompare(b.id));
}

/** Drops the voyages (and their copies) not in `keep`: those no longer sailing soon, or no longer the member's. */
export async function dropVoyagesExcept(db: DeviceDatabase, keep: ReadonlySet<string>): Promise<string[]> {
  const tx = db.transaction(['voyages', 'copies'], 'readwrite');
  const dropped: string[] = [];
  for (const id of await tx.objectStore('voyages').getAllKeys()) {
    if (keep.has(id)) continue;
    dropped.push(id);
    await tx.objectStore('voyages').delete(id);
    for (const key of await tx.objectStore('copies').index('byVoyage').getAllKeys(id)) await tx.objectStore('copies').delete(key);
  }
  await tx.done;
  return dropped;
}

export const readSession = (db: DeviceDatabase): Promise<StoredSession | undefined> => db.get('session', 'current');

export async function writeSession(db: DeviceDatabase, session: StoredSession): Promise<void> {
  await db.put('session', session, 'current');
}

/** Everything the device keeps goes: at sign-out, or when another member signs in on it. */
export async function clearDevice(db: DeviceDatabase): Promise<void> {
  const tx = db.transaction(['copies', 'voyages', 'outbox', 'session'], 'readwrite');
  await Promise.all([tx.objectStore('copies').clear(), tx.objectStore('voyages').clear(), tx.objectStore('outbox').clear(), tx.objectStore('session').clear(), tx.done]);
}

/** How many records the device keeps, per store (for the sign-out check and the tests). */
export async function countStored(db: DeviceDatabase): Promise<Record<'copies' | 'voyages' | 'outbox' | 'session', number>> {
  const [copies, voyages, outbox, session] = await Promise.all([db.count('copies'), db.count('voyages'), db.count('outbox'), db.count('session')]);
  return { copies, voyages, outbox, session };
}
