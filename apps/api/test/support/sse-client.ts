import http from 'node:http';
import type { LiveMessageEvent } from '@crew/contracts';

export interface SseConnection {
  readonly status: number;
  readonly events: LiveMessageEvent[];
  /** Resolves with the first matching event not handed out before (already received, or still to come). */
  next(match: (event: LiveMessageEvent) => boolean, timeoutMs?: number): Promise<LiveMessageEvent>;
  /** Resolves when the server ends the stream (rejects after the timeout). */
  ended(timeoutMs?: number): Promise<void>;
  close(): void;
}

/**
 * A minimal server-sent-events client over node:http (what EventSource does
 * in a browser): opens the URL, splits the stream into events and keeps their
 * JSON data. Answers that are not a stream resolve with their status.
 */
export const openEventStream = (url: string): Promise<SseConnection> =>
  new Promise((resolve, reject) => {
    const events: LiveMessageEvent[] = [];
    const handedOut = new Set<LiveMessageEvent>();
    const waiters: { match: (event: LiveMessageEvent) => boolean; resolve: (event: LiveMessageEvent) => void }[] = [];
    const request = http.get(url, { headers: { accept: 'text/event-stream' } }, (response) => {
      let buffer = '';
      let finished = false;
      const enders: (() => void)[] = [];
      response.on('end', () => {
        finished = true;
        for (const ender of enders.splice(0)) ender();
      });
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (!data) continue;
          const event = JSON.parse(data) as LiveMessageEvent;
          events.push(event);
          for (const waiter of [...waiters]) {
            if (!handedOut.has(event) && waiter.match(event)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              handedOut.add(event);
              waiter.resolve(event);
            }
          }
        }
      });
      response.on('error', () => undefined);
      resolve({
        status: response.statusCode ?? 0,
        events,
        next: (match, timeoutMs = 5_000) =>
          new Promise((resolveEvent, rejectEvent) => {
            const seen = events.find((event) => !handedOut.has(event) && match(event));
            if (seen) {
              handedOut.add(seen);
              resolveEvent(seen);
              return;
            }
            const timer = setTimeout(() => rejectEvent(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.type))}`)), timeoutMs);
            waiters.push({
              match,
              resolve: (event) => {
                clearTimeout(timer);
                resolveEvent(event);
              },
            });
          }),
        ended: (timeoutMs = 5_000) =>
          new Promise((resolveEnd, rejectEnd) => {
            if (finished) return resolveEnd();
            const timer = setTimeout(() => rejectEnd(new Error(`the stream did not end within ${timeoutMs} ms`)), timeoutMs);
            enders.push(() => {
              clearTimeout(timer);
              resolveEnd();
            });
          }),
        close: () => {
          request.destroy();
          response.destroy();
        },
      });
    });
    request.on('error', reject);
  });
