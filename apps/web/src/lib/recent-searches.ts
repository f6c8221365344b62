import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
/** Recent searches are capped at 5, newest first, kept locally. */
export const RECENT_SEARCHES_KEY = 'crew.recent_searches';
export const MAX_RECENT_SEARCHES = 5;

/**
 * Suggested in the header's quick search. Each is a region, country or passage
 * browse search knows by the ports of a voyage's legs, and each finds voyages
 * on the demo data (apps/api/test/demo-data.int.spec.ts reads this list).
 */
/* eslint-disable lingui/no-unlocalized-strings -- the search words browse knows; shown through POPULAR_DESTINATION_LABELS */
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
/* eslint-enable lingui/no-unlocalized-strings */

/** The popular destinations' names in the page's language. */
export const POPULAR_DESTINATION_LABELS: Readonly<Record<(typeof POPULAR_DESTINATIONS)[number], MessageDescriptor>> = {
  Mediterranean: msg`Mediterranean`,
  Caribbean: msg`Caribbean`,
  'Atlantic Crossing': msg`Atlantic Crossing`,
  'Channel Islands': msg`Channel Islands`,
  'Greek Islands': msg`Greek Islands`,
  Croatia: msg`Croatia`,
  'Canary Islands': msg`Canary Islands`,
  'Balearic Islands': msg`Balearic Islands`,
};

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
