import type { DeviceDatabase, OutboxItem } from './storage/device-store';

/*
 * The outbox: check-ins and messages made without a connection wait on the device under their Idempotency-Key
 * and are sent, oldest first, when the connection returns (docs/features/offline.md). The page sends them on
 * opening and on the `online` event, the service worker on a background sync where the browser has it; both may
 * send the same write, which the server records once (the key).
 */

/** A write to keep (what the shared layers hand over: src/lib/offline-hooks.ts). */
export interface NewWrite {
  readonly kind: OutboxItem['kind'];
  readonly path: string;
  readonly body: unknown;
  readonly idempotencyKey: string;
  readonly voyageId?: string | undefined;
  readonly conversationId?: string | undefined;
}

/** What became of one attempt to send a write. */
export type SendResult =
  /** Recorded (or recorded before: the server answered its first answer again). */
  | { readonly outcome: 'sent' }
  /** No connection, the server busy or down, or the session over: try again later, in the same order. */
  | { readonly outcome: 'retry'; readonly reason: string }
  /** The server refused it for good (the voyage completed, the member no longer aboard…): kept with the reason. */
  | { readonly outcome: 'refused'; readonly error: string };

export type Sender = (item: OutboxItem) => Promise<SendResult>;

export async function enqueue(db: DeviceDatabase, write: NewWrite, now: Date = new Date()): Promise<OutboxItem> {
  const item: OutboxItem = {
    idempotencyKey: write.idempotencyKey,
    kind: write.kind,
    path: write.path,
    body: write.body,
    voyageId: write.voyageId ?? null,
    conversationId: write.conversationId ?? null,
    createdAt: now.toISOString(),
    attempts: 0,
    state: 'waiting',
    error: null,
  };
  await db.put('outbox', item);
  return item;
}

/** Every write on the device (waiting and refused), oldest first. */
export const outboxItems = (db: DeviceDatabase): Promise<OutboxItem[]> => db.getAllFromIndex('outbox', 'byCreated');

/** The member has read why a write was refused: it goes. */
export async function dismiss(db: DeviceDatabase, idempotencyKey: string): Promise<void> {
  await db.delete('outbox', idempotencyKey);
}

export interface FlushReport {
  readonly sent: readonly OutboxItem[];
  readonly refused: readonly OutboxItem[];
  /** Writes still waiting after the pass (a retry stopped it). */
  readonly waiting: number;
}

/**
 * Sends the waiting writes, oldest first. A write the server took leaves the outbox; one it refused stays, marked
 * with the reason; a failure to reach it stops the pass (the rest keep their order: a departure is never sent
 * after the arrival that followed it).
 */
export async function flushOutbox(db: DeviceDatabase, send: Sender): Promise<FlushReport> {
  const sent: OutboxItem[] = [];
  const refused: OutboxItem[] = [];
  const items = (await outboxItems(db)).filter((item) => item.state === 'waiting');
  let index = 0;
  for (; index < items.length; index += 1) {
    const item = items[index];
    if (!item) break;
    const result = await send(item);
    if (result.outcome === 'sent') {
      await db.delete('outbox', item.idempotencyKey);
      sent.push(item);
      continue;
    }
    if (result.outcome === 'refused') {
      const marked: OutboxItem = { ...item, attempts: item.attempts + 1, state: 'refused', error: result.error };
      await db.put('outbox', marked);
      refused.push(marked);
      continue;
    }
    await db.put('outbox', { ...item, attempts: item.attempts + 1 });
    break;
  }
  return { sent, refused, waiting: items.length - index };
}

/** One pass at a time across the page, other tabs and the service worker (Web Locks, where the browser has them). */
export async function withOutboxLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as (Navigator & { locks?: LockManager }) | undefined)?.locks;
  if (!locks) return run();
  return locks.request('crew-outbox', run);
}

/** How an answer to a write is taken: the server's own refusal text is kept to show. */
export async function resultOf(response: Response): Promise<SendResult> {
  if (response.ok) return { outcome: 'sent' };
  const { status } = response;
  if (status === 401 || status === 408 || status === 429 || status >= 500) return { outcome: 'retry', reason: `HTTP ${status}` };
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return { outcome: 'refused', error: typeof body?.error === 'string' ? body.error : `HTTP ${status}` };
}

/** The Authorization header of a request as the member (the scheme src/lib/api-client.ts sends). */
const tokenType = 'Bearer';
export const asMember = (token: string): string => `${tokenType} ${token}`;

/** Sends a write as the member, with its key: the page's and the service worker's way alike. */
export const httpSender =
  (session: { readonly token: string; readonly locale: string }, fetcher: typeof fetch = fetch): Sender =>
  async (item) => {
    let response: Response;
    try {
      response = await fetcher(item.path, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'accept-language': session.locale,
          'content-type': 'application/json',
          authorization: asMember(session.token),
          'idempotency-key': item.idempotencyKey,
        },
        body: JSON.stringify(item.body),
      });
    } catch (error) {
      return { outcome: 'retry', reason: error instanceof Error ? error.message : 'network' };
    }
    return resultOf(response);
  };
