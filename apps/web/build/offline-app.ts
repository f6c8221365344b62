import type { ManifestOptions, VitePWAOptions } from 'vite-plugin-pwa';

/*
 * The installed app (docs/features/offline.md): its web app manifest, and which built files the service worker's
 * precache list names (src/features/offline/sw/precache-groups.ts says which of them it keeps when).
 */

/** The theme colour of index.html's `theme-color`: the header's navy. */
const NAVY = '#0b2540';

export const appManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Crew Finder',
  short_name: 'Crew Finder',
  description: 'Connect with experienced skippers or find reliable crew for your next sailing voyage.',
  // Unprefixed: the server opens it in the member's saved language (cookie), else the phone's.
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: NAVY,
  background_color: '#ffffff',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

export const serviceWorkerFiles: VitePWAOptions['injectManifest'] = {
  globPatterns: ['assets/**/*.{js,css,json}', 'icons/*.png', 'voyage-prefetch.js', 'downloads/*.html', 'manifest.webmanifest'],
  globIgnores: ['**/*.map', '.vite/**'],
  // The map's offline world (1:10m land) is 3 MB; it is kept only when a voyage with a route is on the device.
  maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  // Hashed names change with their content: no revision needed.
  dontCacheBustURLsMatching: /^assets\//,
};
