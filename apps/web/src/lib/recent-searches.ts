/** Recent searches are capped at 5, newest first, kept locally. */
export const RECENT_SEARCHES_KEY = 'crew.recent_searches';
export const MAX_RECENT_SEARCHES = 5;

/**
 * Suggested in the header's quick search. Each is a region, country or passage
 * browse search knows by the ports of a voyage's legs, and each finds voyages
 * on the demo data (apps/api/test/demo-data.int.spec.ts reads this list).
 */
export const POPULAR_DESTINATIONS = [
  'Mediterranean',
  'Caribbean',
  'Atlantic Crossing',
  'Channel Islands',
  'Greek Islands',
  'Croatia',
  'Canary Islands',
  'Balearic Islands',
] as const;

export const readRecentSearches = (storage: Storage = window.localStorage): string[] => {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(RECENT_SEARCHES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string').slice(0, MAX_RECENT_SEARCHES) : [];
  } catch {
    return [];
  }
};

/** Adds a search to the front; a repeat (any case) moves to the front instead of duplicating. */
export const addRecentSearch = (term: string, storage: Storage = window.localStorage): string[] => {
  const trimmed = term.trim();
  if (!trimmed) return readRecentSearches(storage);
  const next = [trimmed, ...readRecentSearches(storage).filter((item) => item.toLowerCase() !== trimmed.toLowerCase())].slice(0, MAX_RECENT_SEARCHES);
  storage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(next));
  return next;
};

export const clearRecentSearches = (storage: Storage = window.localStorage): void => storage.removeItem(RECENT_SEARCHES_KEY);
