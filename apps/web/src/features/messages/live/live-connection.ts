import type { LiveMessageEvent } from '@crew/contracts';
import { openStreamTicket } from '../../../api/messages';

type Listener = (event: LiveMessageEvent) => void;

const EVENT_TYPES = ['ready', 'message', 'read', 'block'] as const;
const listeners = new Set<Listener>();
let source: EventSource | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let connecting = false;
let failures = 0;

/**
 * One stream per tab, shared by every component that listens (the header
 * badge, the messages page). EventSource cannot send the bearer token, so a
 * one-minute ticket is asked for first (POST /api/messages/stream-ticket)
 * and named in the stream's URL. When the stream closes (network lost, server
 * restarted, ticket expired on a reconnect), a new ticket opens a new one
 * after a pause that doubles up to 30 s; the `ready` event that starts each
 * stream tells the listeners to refetch what they may have missed.
 */
async function connect(): Promise<void> {
  if (connecting || source || listeners.size === 0 || typeof EventSource === 'undefined') return;
  connecting = true;
  try {
    const ticket = await openStreamTicket();
    if (listeners.size === 0) return;
    const stream = new EventSource(ticket.stream_url);
    source = stream;
    for (const type of EVENT_TYPES) {
      stream.addEventListener(type, (message) => {
        failures = 0;
        const event = JSON.parse((message as MessageEvent<string>).data) as LiveMessageEvent;
        for (const listener of [...listeners]) listener(event);
      });
    }
    stream.onerror = () => {
      // While CONNECTING the browser retries by itself; CLOSED (e.g. a 401 for an expired ticket) needs a new ticket.
      if (stream.readyState === EventSource.CLOSED) {
        if (source === stream) source = null;
        scheduleReconnect();
      }
    };
  } catch {
    scheduleReconnect();
  } finally {
    connecting = false;
  }
}

function scheduleReconnect(): void {
  if (retryTimer || listeners.size === 0) return;
  const wait = Math.min(30_000, 1_000 * 2 ** failures);
  failures++;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void connect();
  }, wait);
}

function disconnect(): void {
  source?.close();
  source = null;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
}

/** Listens to the signed-in user's live events; the stream opens with the first listener and closes after the last. */
export function subscribeLive(listener: Listener): () => void {
  listeners.add(listener);
  void connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) disconnect();
  };
}
