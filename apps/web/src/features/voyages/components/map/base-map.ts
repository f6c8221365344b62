import type { Feature, FeatureCollection, Geometry } from 'geojson';
import * as L from './leaflet';
import 'leaflet/dist/leaflet.css';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Bundled into the lazy map chunk: the offline world costs nothing until a map is shown.
import countries from 'world-atlas/countries-110m.json';
import { unwrapRing } from '../../lib/map-points';
import { TILE_LAYERS, type TileLayerConfig } from './tile-layers';

const unwrapGeometry = (geometry: Geometry): Geometry => {
  if (geometry.type === 'Polygon') return { ...geometry, coordinates: geometry.coordinates.map(unwrapRing) };
  if (geometry.type === 'MultiPolygon') return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)) };
  return geometry;
};

type WorldTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;
let world: FeatureCollection | null = null;
const worldFeatures = (): FeatureCollection => {
  if (!world) {
    const topology = countries as unknown as WorldTopology;
    const countriesCollection = feature(topology, topology.objects.countries) as FeatureCollection;
    world = {
      ...countriesCollection,
      features: countriesCollection.features.map((item: Feature) => (item.geometry ? { ...item, geometry: unwrapGeometry(item.geometry) } : item)),
    };
  }
  return world;
};

export type TileStatus = 'loading' | 'ok' | 'unavailable';

export interface BaseMap {
  readonly setLayer: (id: TileLayerConfig['id']) => void;
  readonly remove: () => void;
}

/**
 * The vector world in its own pane beneath the tile pane, and one tile layer on
 * top. Tiles that fail (no network) stay hidden, so the world shows through;
 * `onTileStatus` lets the screen say why the map looks plain.
 */
export function setupBaseMap(map: L.Map, initial: TileLayerConfig['id'], onTileStatus: (status: TileStatus) => void): BaseMap {
  const pane = map.createPane('world');
  pane.style.zIndex = '150'; // tilePane is 200
  pane.style.pointerEvents = 'none';
  L.geoJSON(worldFeatures(), {
    pane: 'world',
    interactive: false,
    attribution: 'Natural Earth',
    style: { color: '#7f97a8', weight: 0.7, fillColor: '#f3f0e6', fillOpacity: 1 },
  }).addTo(map);

  let tiles: L.TileLayer | null = null;
  const setLayer = (id: TileLayerConfig['id']) => {
    tiles?.remove();
    tiles = null;
    const config = TILE_LAYERS.find((layer) => layer.id === id) ?? TILE_LAYERS[0];
    if (!config?.url) {
      onTileStatus('ok');
      return;
    }
    let loaded = 0;
    onTileStatus('loading');
    const layer = L.tileLayer(config.url, { attribution: config.attribution, maxNativeZoom: config.maxNativeZoom, maxZoom: 18, crossOrigin: true });
    layer.on('tileload', () => {
      loaded += 1;
      onTileStatus('ok');
    });
    layer.on('tileerror', () => {
      if (loaded === 0) onTileStatus('unavailable');
    });
    tiles = layer.addTo(map);
  };
  setLayer(initial);
  return { setLayer, remove: () => tiles?.remove() };
}
