import type { Feature, FeatureCollection, Geometry } from 'geojson';
import * as L from './leaflet';
import 'leaflet/dist/leaflet.css';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Bundled into the lazy map chunk: the offline world costs nothing until a map is shown.
import countries from 'world-atlas/countries-110m.json';
// Natural Earth 1:10m land (small islands: the Balearics, the Windward Islands) is
// a separate file, fetched only once a map is zoomed in to DETAILED_LAND_ZOOM.
import detailedLandUrl from 'world-atlas/land-10m.json?url';
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

/** From this zoom on, the offline world is drawn from the 1:10m land. */
export const DETAILED_LAND_ZOOM = 5;

interface LandPolygon {
  readonly feature: Feature;
  /** [west, south, east, north] */
  readonly box: readonly [number, number, number, number];
}

let detailedLand: Promise<LandPolygon[]> | null = null;
/** The 1:10m land as one feature per polygon, each with its box so a view draws only what it shows. */
const loadDetailedLand = (): Promise<LandPolygon[]> => {
  detailedLand ??= fetch(detailedLandUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`land-10m: HTTP ${response.status}`);
      return response.json() as Promise<Topology<{ land: GeometryCollection }>>;
    })
    .then((topology) => {
      const land = feature(topology, topology.objects.land) as FeatureCollection;
      const polygons: LandPolygon[] = [];
      for (const item of land.features) {
        const geometry = item.geometry ? unwrapGeometry(item.geometry) : null;
        const rings = geometry?.type === 'MultiPolygon' ? geometry.coordinates : geometry?.type === 'Polygon' ? [geometry.coordinates] : [];
        for (const polygon of rings) {
          let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
          for (const [lon = 0, lat = 0] of polygon[0] ?? []) {
            west = Math.min(west, lon);
            east = Math.max(east, lon);
            south = Math.min(south, lat);
            north = Math.max(north, lat);
          }
          polygons.push({ feature: { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: polygon } }, box: [west, south, east, north] });
        }
      }
      return polygons;
    })
    .catch((error: unknown) => {
      detailedLand = null; // try again on the next zoom
      throw error;
    });
  return detailedLand;
};

const LAND_STYLE = { color: '#7f97a8', weight: 0.7, fillColor: '#f3f0e6', fillOpacity: 1 } as const;

/**
 * Zoomed in, the 1:10m land is drawn (only the polygons near the view) and the
 * 1:110m countries keep just their borders on top; zoomed out, the countries
 * alone, as before.
 */
function followDetailedLand(map: L.Map, countriesLayer: L.GeoJSON): () => void {
  const detail = L.geoJSON(undefined, { pane: 'world', interactive: false, style: LAND_STYLE });
  let removed = false;
  let drawnFor: L.LatLngBounds | null = null;
  const refresh = () => {
    if (map.getZoom() < DETAILED_LAND_ZOOM) {
      detail.remove();
      drawnFor = null;
      countriesLayer.setStyle(LAND_STYLE);
      return;
    }
    const view = map.getBounds();
    if (drawnFor?.contains(view)) return;
    loadDetailedLand()
      .then((polygons) => {
        if (removed || map.getZoom() < DETAILED_LAND_ZOOM) return;
        const area = map.getBounds().pad(1);
        const [west, south, east, north] = [area.getWest(), area.getSouth(), area.getEast(), area.getNorth()];
        detail.clearLayers();
        for (const { feature: polygon, box } of polygons) {
          // Boxes of unwrapped rings may run past ±180; test the view at its own longitude and one turn either side.
          const overlaps = [-360, 0, 360].some((turn) => box[0] + turn <= east && box[2] + turn >= west) && box[1] <= north && box[3] >= south;
          if (overlaps) detail.addData(polygon);
        }
        drawnFor = area;
        detail.addTo(map);
        countriesLayer.setStyle({ ...LAND_STYLE, fillOpacity: 0 });
        countriesLayer.bringToFront();
      })
      .catch(() => undefined); // offline and not cached: the 1:110m world stays
  };
  map.on('zoomend moveend', refresh);
  map.once('unload', () => {
    removed = true;
  });
  refresh();
  return () => {
    removed = true;
    map.off('zoomend moveend', refresh);
  };
}

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
  const countriesLayer = L.geoJSON(worldFeatures(), {
    pane: 'world',
    interactive: false,
    attribution: 'Natural Earth',
    style: LAND_STYLE,
  }).addTo(map);
  const stopDetailedLand = followDetailedLand(map, countriesLayer);

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
  return {
    setLayer,
    remove: () => {
      stopDetailedLand();
      tiles?.remove();
    },
  };
}
