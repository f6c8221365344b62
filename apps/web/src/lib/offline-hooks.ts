import { useSyncExternalStore } from 'react';

/*
 * Where the shared layers meet the offline feature (src/features/offline, docs/features/offline.md) without
 * importing it: the app layer hands in loaders of its parts (src/main.tsx), which are fetched only when one is
 * needed: a read that found no network, a write to queue, a new version to announce.
 */

/** A copy of a GET answer kept on the device, and when it was saved (ISO instant). */
export interface DeviceCopy {
  readonly data: unknown;
  readonly savedAt: string;
}

/** A write that could not reach the server, to send later with its Idempotency-Key. */
export interface OfflineWrite {
  readonly kind: 'check-in' | 'message';
  readonly path: string;
  readonly body: unknown;
  readonly idempotencyKey: string;
  /** The voyage (check-ins) or conversation (messages) it belongs to, to show it there while it waits. */
  readonly voyageId?: string;
  readonly conversationId?: string;
}

export interface OfflineParts {
  /** The device's copy of a GET answer for the signed-in member, or null. */
  readonly readCopy: (path: string) => Promise<DeviceCopy | null>;
  /** Keeps the write to send when the connection returns (false: this browser cannot keep it). */
  readonly queueWrite: (write: OfflineWrite) => Promise<boolean>;
}

let loadParts: (() => Promise<OfflineParts>) | null = null;

/** The app layer names where the offline parts come from; nothing is fetched until one is used. */
export const provideOfflineParts = (loader: () => Promise<OfflineParts>): void => {
  loadParts = loader;
};

/** The offline feature's parts, fetched on first use (null: not provided, or not loadable offline). */
export const offlineParts = async (): Promise<OfflineParts | null> => {
  if (!loadParts) return null;
  try {
    return await loadParts();
  } catch {
    // No network and the chunk not cached: there is no copy to give.
    return null;
  }
};

// ---------------------------------------------------------------- answers shown from the device

type Listener = () => void;
const copyListeners = new Set<Listener>();
/** API paths whose last answer came from the device, and when that copy was saved. */
const servedFromDevice = new Map<string, string>();

const notifyCopies = () => copyListeners.forEach((listener) => listener());

/** The device's copy of `path`, remembered as what the screen now shows (null: none kept). */
export async function deviceCopyOf(path: string): Promise<DeviceCopy | null> {
  const copy = await (await offlineParts())?.readCopy(path);
  if (!copy) return null;
  servedFromDevice.set(path, copy.savedAt);
  notifyCopies();
  return copy;
}

/** The server answered `path`: the screen shows it, not the device's copy. */
export function answeredByServer(path: string): void {
  if (servedFromDevice.delete(path)) notifyCopies();
}

/** When the copy of `path` the screen shows was saved, or null when the server answered it. */
export function useShownFromDevice(path: string): string | null {
  return useSyncExternalStore(
    (listener) => {
      copyListeners.add(listener);
      return () => copyListeners.delete(listener);
    },
    () => servedFromDevice.get(path) ?? null,
    () => null,
  );
}

// ---------------------------------------------------------------- a new version of the app

const updateListeners = new Set<Listener>();
let applyUpdate: (() => void) | null = null;

/** The service worker has a new version waiting: `apply` swaps it in and reloads, when the member says so. */
export function announceUpdate(apply: () => void): void {
  applyUpdate = apply;
  updateListeners.forEach((listener) => listener());
}

/** The waiting version's "apply and reload", or null while there is none. */
export function useUpdateReady(): (() => void) | null {
  return useSyncExternalStore(
    (listener) => {
      updateListeners.add(listener);
      return () => updateListeners.delete(listener);
    },
    () => applyUpdate,
    () => null,
  );
}
