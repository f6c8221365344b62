/*
 * The few service-worker types this worker uses. The web client is type-checked with the DOM library, which has
 * none of them, and the WebWorker library cannot join it in one program (they declare the same globals); Workbox's
 * own declarations name the global `ExtendableEvent` and `FetchEvent`, declared here.
 */
declare global {
  interface ExtendableEvent extends Event {
    waitUntil(promise: Promise<unknown>): void;
  }
  interface FetchEvent extends ExtendableEvent {
    readonly request: Request;
    respondWith(response: Response | Promise<Response>): void;
  }
  interface ExtendableMessageEvent extends ExtendableEvent {
    readonly data: unknown;
  }
  interface SyncEvent extends ExtendableEvent {
    readonly tag: string;
  }
}

export interface WindowClientLike {
  readonly url: string;
  postMessage(message: unknown): void;
}

export interface WorkerScope {
  readonly __WB_MANIFEST: ReadonlyArray<{ readonly url: string; readonly revision: string | null }>;
  readonly location: Location;
  readonly clients: { matchAll(options?: { type?: 'window'; includeUncontrolled?: boolean }): Promise<readonly WindowClientLike[]> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
}
