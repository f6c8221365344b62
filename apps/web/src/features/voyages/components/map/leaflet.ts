/*
 * Leaflet through its ES module build. The package's UMD main needs CommonJS
 * interop helpers, which the bundler then moves into a shared runtime chunk
 * that every page (home included) would load.
 */
export * from 'leaflet/dist/leaflet-src.esm.js';
