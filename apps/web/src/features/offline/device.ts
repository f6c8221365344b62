import { messagingPaths, trustPaths } from '@crew/contracts/constants';
import { apiPaths } from '@crew/contracts/paths';
import type { QueryClient } from '@tanstack/react-query';
import { apiKey } from '../../api/contract-client';
import { activeLocale } from '../../i18n/i18n';
import type { OfflineParts, OfflineWrite } from '../../lib/offline-hooks';
import { showWaitingWrites } from '../../lib/offline-writes';
import { tokenStore } from '../../lib/token-store';
import { dismiss, enqueue, flushOutbox, httpSender, outboxItems, withOutboxLock } from './outbox';
import { reloadStoredVoyages } from './stored-voyages';
import { OUTBOX_SYNC_TAG } from './sw/protocol';
import { clearDevice, countStored, openDeviceStore, readCopy, readSession } from './storage/device-store';

/*
 * The page's side of what the device keeps (docs/features/offline.md): copies read when the network fails, writes
 * queued and sent, everything cleared at sign-out. Loaded when first needed (src/lib/offline-hooks.ts), or after
 * the first paint by ./start.ts.
 */

let queryClient: QueryClient | null = null;

/** The app's query cache, refreshed when waiting writes are sent. */
export const attachQueryClient = (client: QueryClient): void => {
  queryClient = client;
};

const database = () => openDeviceStore();

/** Tells the screens what waits on the device. */
export async function publishWaiting(): Promise<void> {
  const db = await database()?.catch(() => null);
  if (!db) return;
  const items = await outboxItems(db);
  showWaitingWrites(
    items.map((item) => ({
      idempotencyKey: item.idempotencyKey,
      kind: item.kind,
      voyageId: item.voyageId,
      conversationId: item.conversationId,
      body: item.body,
      createdAt: item.createdAt,
      state: item.state,
      error: item.error,
    })),
  );
}

/** The screens that show what was sent read it afresh. */
function refreshScreens(kinds: ReadonlySet<'check-in' | 'message'>): void {
  if (!queryClient) return;
  const paths = [
    ...(kinds.has('check-in') ? [trustPaths.voyageTrust, apiPaths.getVoyage] : []),
    ...(kinds.has('message') ? [messagingPaths.conversationMessages, messagingPaths.conversations] : []),
  ];
  for (const path of paths) void queryClient.invalidateQueries({ queryKey: apiKey(path) });
}

let flushing: Promise<void> | null = null;

/** Sends what waits, oldest first, as the signed-in member (no-op signed out, or while a pass runs). */
export function sendWaiting(): Promise<void> {
  flushing ??= (async () => {
    const db = await database()?.catch(() => null);
    const token = tokenStore.get();
    if (!db || !token) return;
    const report = await withOutboxLock(() => flushOutbox(db, httpSender({ token, locale: activeLocale() })));
    refreshScreens(new Set([...report.sent, ...report.refused].map((item) => item.kind)));
    await publishWaiting();
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Asks the browser to send the outbox in the background once a connection is back (where it can). */
async function requestBackgroundSync(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  await sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

async function queueWrite(write: OfflineWrite): Promise<boolean> {
  const db = await database()?.catch(() => null);
  if (!db) return false;
  try {
    await enqueue(db, write);
  } catch {
    return false;
  }
  await publishWaiting();
  void requestBackgroundSync();
  return true;
}

/** The member read why a write was refused. */
export async function dismissWrite(idempotencyKey: string): Promise<void> {
  const db = await database()?.catch(() => null);
  if (!db) return;
  await dismiss(db, idempotencyKey);
  await publishWaiting();
}

async function copyOf(path: string) {
  const db = await database()?.catch(() => null);
  if (!db) return null;
  // Only for the member the device's data is theirs: whoever signed in since has a copy of nothing.
  const [session, copy] = await Promise.all([readSession(db), readCopy(db, path)]);
  if (!session || !copy || session.token !== tokenStore.get()) return null;
  return { data: copy.data, savedAt: copy.savedAt };
}

/** What src/lib/offline-hooks.ts asks of this feature. */
export const offlineParts: OfflineParts = { readCopy: copyOf, queueWrite };

/**
 * Removes the member's data from the device: IndexedDB, and the pages the service worker kept for them. `signedOut`:
 * the member has just signed out; otherwise (a guest opening the app) only a member's data left behind goes.
 */
export async function forgetMember(signedOut: boolean): Promise<void> {
  const db = await database()?.catch(() => null);
  const stored = db ? await countStored(db) : null;
  const leftBehind = stored !== null && Object.values(stored).some((count) => count > 0);
  if (db && leftBehind) await clearDevice(db);
  await reloadStoredVoyages();
  if (signedOut || leftBehind) navigator.serviceWorker?.controller?.postMessage({ type: 'SIGNED_OUT' });
  showWaitingWrites([]);
}
