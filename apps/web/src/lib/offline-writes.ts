import { useSyncExternalStore } from 'react';
import { offlineParts, type OfflineWrite } from './offline-hooks';

/*
 * Writes made without a connection (check-ins, messages), kept on the device by the offline feature until they
 * are sent (docs/features/offline.md): how the shared layers hand one over, and how screens show what waits.
 * Apart from ./offline-hooks.ts so that no first page carries it.
 */

/** Keeps a write for later; false when it cannot be kept (the caller says it failed, as before). */
export async function queueOfflineWrite(write: OfflineWrite): Promise<boolean> {
  return (await (await offlineParts())?.queueWrite(write)) ?? false;
}

/** A fresh Idempotency-Key for one write. */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/** A write kept on the device until it can be sent, as screens show it. */
export interface WaitingWrite {
  readonly idempotencyKey: string;
  readonly kind: OfflineWrite['kind'];
  readonly voyageId: string | null;
  readonly conversationId: string | null;
  readonly body: unknown;
  /** When it was made (ISO instant). */
  readonly createdAt: string;
  /** Waiting to be sent, or refused by the server (with its reason) and kept for the member to see. */
  readonly state: 'waiting' | 'refused';
  readonly error: string | null;
}

const waitingListeners = new Set<() => void>();
const NONE: readonly WaitingWrite[] = [];
let waitingWrites: readonly WaitingWrite[] = NONE;

/** The offline feature says what waits on the device (after each change of its queue). */
export function showWaitingWrites(writes: readonly WaitingWrite[]): void {
  waitingWrites = writes.length === 0 ? NONE : writes;
  waitingListeners.forEach((listener) => listener());
}

/** The writes waiting on the device (none until the offline feature has looked). */
export function useWaitingWrites(): readonly WaitingWrite[] {
  return useSyncExternalStore(
    (listener) => {
      waitingListeners.add(listener);
      return () => waitingListeners.delete(listener);
    },
    () => waitingWrites,
    () => NONE,
  );
}
