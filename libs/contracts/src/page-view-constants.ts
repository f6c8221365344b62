// A leaf (it imports nothing): paths.ts names the beacon's path, and the web client's first chunk carries
// paths.ts, so reaching PAGE_VIEWS through the constants barrel would bring every form limit and message with it.

/**
 * First-party page views (platform analytics), sent only with analytics
 * consent. The beacon's limits live here so the tracker and the API agree.
 */
export const PAGE_VIEWS = {
  path: '/api/analytics/page-views',
  /** Most views one beacon carries. */
  maxViews: 50,
  /** Longest route pattern. */
  maxPathLength: 120,
  /** A view older than this when it arrives is refused (the tracker sends queued views within minutes). */
  maxAgeMs: 24 * 60 * 60 * 1000,
  /** How far ahead of the server's clock a view may be stamped. */
  maxAheadMs: 5 * 60 * 1000,
  /** Views of one browser further apart than this start a new visit (session). */
  visitGapMs: 30 * 60 * 1000,
} as const;
