import type { Box, FlatShapes } from '../../lib/world-geometry';
import type { WorldQuestion, WorldReply, WorldRequest } from './world-protocol';

type Pending = { resolve: (shapes: FlatShapes) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

/** One worker for every map of the page, started by the first map shown. */
const getWorker = (): Worker => {
  if (worker) return worker;
  const started = new Worker(new URL('./world.worker.ts', import.meta.url), { type: 'module', name: 'offline-world' });
  started.onmessage = ({ data }: MessageEvent<WorldReply>) => {
    const waiting = pending.get(data.id);
    pending.delete(data.id);
    if (!waiting) return;
    if (data.ok) waiting.resolve(data.shapes);
    else waiting.reject(new Error(data.error));
  };
  started.onerror = (event) => {
    // The worker could not start (or died): every question fails, the next one starts it afresh.
    for (const waiting of pending.values()) waiting.reject(new Error(event.message || 'offline world worker failed'));
    pending.clear();
    started.terminate();
    worker = null;
  };
  worker = started;
  return started;
};

const ask = (question: WorldQuestion): Promise<FlatShapes> =>
  new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    const request: WorldRequest = { ...question, id };
    getWorker().postMessage(request);
  });

/** The 1:110m countries or the 1:10m land of `area`, cut and simplified for `zoom` in the worker. */
export const requestWorld = (kind: WorldQuestion['kind'], area: Box, zoom: number): Promise<FlatShapes> => ask({ kind, area, zoom });
