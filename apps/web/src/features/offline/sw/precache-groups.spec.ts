import { describe, expect, it } from '@jest/globals';
import { offlinePageFor, splitManifest } from './precache-groups';

describe('what the service worker keeps when', () => {
  const groups = splitManifest([
    { url: 'assets/index-abc123.js', revision: null },
    { url: 'assets/index-abc123.css', revision: null },
    { url: 'assets/i18n/x1y2z3-fr.js', revision: null },
    { url: 'assets/i18n/x1y2z3-de.js', revision: null },
    { url: 'assets/i18n/q9-fr.js', revision: null },
    { url: 'assets/land-10m-Bo62Myp-.json', revision: null },
    { url: 'assets/AdminUsersPage-ab12.js', revision: null },
    { url: 'assets/analytics-charts-cd34.js', revision: null },
    { url: 'icons/icon-192.png', revision: 'r1' },
    { url: 'manifest.webmanifest', revision: 'r2' },
  ]);

  it('precaches the app, its styles and icons', () => {
    expect(groups.core.map((entry) => entry.url)).toEqual(['/assets/index-abc123.js', '/assets/index-abc123.css', '/icons/icon-192.png', '/manifest.webmanifest']);
  });

  it("keeps each language's messages apart, to keep only the page's", () => {
    expect(groups.languages.get('fr')).toEqual(['/assets/i18n/x1y2z3-fr.js', '/assets/i18n/q9-fr.js']);
    expect(groups.languages.get('de')).toEqual(['/assets/i18n/x1y2z3-de.js']);
  });

  it('keeps the offline world for the map apart, and never precaches the administrator’s screens', () => {
    expect(groups.map).toEqual(['/assets/land-10m-Bo62Myp-.json']);
    expect(groups.core.some((entry) => /Admin|analytics-charts/.test(entry.url))).toBe(false);
    expect(groups.all.has('/assets/AdminUsersPage-ab12.js')).toBe(true);
  });

  it('sends an address to the offline page of its language', () => {
    expect(offlinePageFor('/fr/voyages/1')).toBe('/fr/offline');
    expect(offlinePageFor('/voyages/1')).toBe('/offline');
    expect(offlinePageFor('/de')).toBe('/de/offline');
  });
});
