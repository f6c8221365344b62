/** What the page tells the service worker (postMessage), and what it answers. */
export type PageToWorker =
  /** The member chose to reload into the waiting version. */
  | { readonly type: 'SKIP_WAITING' }
  /**
   * Keep what the stored voyages need offline: their pages (in the address form the member uses), the app's
   * messages in the page's language, and the map's offline world when a voyage has a route to draw.
   */
  | {
      readonly type: 'WARM';
      readonly pages: readonly string[];
      /** Fetch the pages afresh even when kept (a stored voyage's page changes with each release). */
      readonly refresh: boolean;
      readonly language: string;
      readonly map: boolean;
    }
  /** The member signed out: forget the pages kept for them. */
  | { readonly type: 'SIGNED_OUT' };

export type WorkerToPage =
  /** Waiting writes were sent (or refused) by a background sync. */
  { readonly type: 'OUTBOX_CHANGED' };

/** The background sync's tag for the outbox. */
export const OUTBOX_SYNC_TAG = 'crew-outbox';

export const isPageToWorker = (value: unknown): value is PageToWorker =>
  typeof value === 'object' && value !== null && ['SKIP_WAITING', 'WARM', 'SIGNED_OUT'].includes((value as { type?: unknown }).type as string);
