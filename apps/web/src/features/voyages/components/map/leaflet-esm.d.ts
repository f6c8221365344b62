// Leaflet's ES module build has the same API as its typed UMD entry.
declare module 'leaflet/dist/leaflet-src.esm.js' {
  export * from 'leaflet';
}
