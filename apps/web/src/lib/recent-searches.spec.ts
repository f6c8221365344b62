import { describe, expect, it } from '@jest/globals';
import { addRecentSearch, MAX_RECENT_SEARCHES, readRecentSearches, RECENT_SEARCHES_KEY } from './recent-searches';

describe('recent searches', () => {
  it('keeps the newest first and at most five', () => {
    for (const term of ['Croatia', 'Azores', 'Solent', 'Brittany', 'Scilly', 'Canaries']) addRecentSearch(term);
    expect(readRecentSearches()).toEqual(['Canaries', 'Scilly', 'Brittany', 'Solent', 'Azores']);
    expect(readRecentSearches()).toHaveLength(MAX_RECENT_SEARCHES);
  });

  it('stores and returns no more than five, dropping the oldest', () => {
    let latest: string[] = [];
    for (const term of ['Croatia', 'Azores', 'Solent', 'Brittany', 'Scilly', 'Canaries', 'Madeira']) latest = addRecentSearch(term);
    expect(latest).toEqual(['Madeira', 'Canaries', 'Scilly', 'Brittany', 'Solent']);
    expect(JSON.parse(window.localStorage.getItem(RECENT_SEARCHES_KEY) ?? '[]')).toEqual(latest);
  });

  it('moves a repeated search (any case) to the front instead of duplicating it', () => {
    addRecentSearch('Croatia');
    addRecentSearch('Azores');
    expect(addRecentSearch('  croatia ')).toEqual(['croatia', 'Azores']);
  });

  it('ignores blank searches', () => {
    addRecentSearch('Azores');
    expect(addRecentSearch('   ')).toEqual(['Azores']);
  });

  it('survives corrupt or foreign data in storage', () => {
    window.localStorage.setItem(RECENT_SEARCHES_KEY, '{not json');
    expect(readRecentSearches()).toEqual([]);
    window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['Azores', 42, null]));
    expect(readRecentSearches()).toEqual(['Azores']);
  });
});
