import { useEffect, useSyncExternalStore } from 'react';
import { openDeviceStore, storedVoyages, type StoredVoyage } from './storage/device-store';

/** The voyages kept on the device, as the screens show them: read once, and again after each refresh (./start.ts). */
let voyages: readonly StoredVoyage[] | null = null;
const listeners = new Set<() => void>();

export async function reloadStoredVoyages(): Promise<void> {
  const db = await openDeviceStore()?.catch(() => null);
  voyages = db ? await storedVoyages(db).catch(() => []) : [];
  listeners.forEach((listener) => listener());
}

/** The voyages kept on the device (null while they are being read). */
export function useStoredVoyages(): readonly StoredVoyage[] | null {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => voyages,
    () => null,
  );
  useEffect(() => {
    if (voyages === null) void reloadStoredVoyages();
  }, []);
  return current;
}
