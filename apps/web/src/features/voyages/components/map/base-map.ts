import * as L from './leaflet';
import 'leaflet/dist/leaflet.css';
import { toLatLngs } from '../../lib/world-geometry';
import { TILE_LAYERS, type TileLayerConfig } from './tile-layers';
import { requestCountries, requestLand } from './world-client';

/** From this zoom on, the offline world is drawn from the 1:10m land. */
export const DETAILED_LAND_ZOOM = 5;

const LAND_STYLE = { color: '#7f97a8', weight: 0.7, fillColor: '#f3f0e6', fillOpacity: 1 } as const;

/**
 * Zoomed in, the 1:10m land is drawn (only the area around the view, cut and
 * simplified for its zoom by the world worker) and the 1:110m countries keep
 * just their borders on top; zoomed out, the countries alone.
 */
function followDetailedLand(map: L.Map, countriesLayer: L.Polygon): () => void {
  const detail = L.polygon([], { pane: 'world', interactive: false, ...LAND_STYLE });
  let removed = false;
  let drawnFor: { area: L.LatLngBounds; zoom: number } | null = null;
  let asked = 0;
  const refresh = () => {
    const zoom = Math.round(map.getZoom());
    if (zoom < DETAILED_LAND_ZOOM) {
      asked++; // an answer still on its way is for a view no longer shown
      detail.remove();
      drawnFor = null;
      countriesLayer.setStyle({ fillOpacity: LAND_STYLE.fillOpacity });
      return;
    }
    if (drawnFor && drawnFor.zoom === zoom && drawnFor.area.contains(map.getBounds())) return;
    const area = map.getBounds().pad(1);
    const question = ++asked;
    requestLand([area.getWest(), area.getSouth(), area.getEast(), area.getNorth()], zoom)
      .then((shapes) => {
        if (removed || question !== asked) return;
        detail.setLatLngs(toLatLngs(shapes));
        drawnFor = { area, zoom };
        detail.addTo(map);
        countriesLayer.setStyle({ fillOpacity: 0 });
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
 * `onTileStatus` lets the screen say why the map looks plain. The world is
 * decoded in a worker and drawn when it arrives, so the map itself (and its
 * markers) never wait for it.
 */
export function setupBaseMap(map: L.Map, initial: TileLayerConfig['id'], onTileStatus: (status: TileStatus) => void): BaseMap {
  const pane = map.createPane('world');
  pane.style.zIndex = '150'; // tilePane is 200
  pane.style.pointerEvents = 'none';
  let removed = false;
  map.once('unload', () => {
    removed = true;
  });
  // One path for all the countries: a few hundred SVG elements cost a phone more than one long one.
  const countriesLayer = L.polygon([], { pane: 'world', interactive: false, attribution: 'Natural Earth', ...LAND_STYLE });
  let stopDetailedLand: (() => void) | null = null;
  requestCountries()
    .then((shapes) => {
      if (removed) return;
      countriesLayer.setLatLngs(toLatLngs(shapes)).addTo(map);
      stopDetailedLand = followDetailedLand(map, countriesLayer);
    })
    .catch(() => undefined); // no world outline: tiles (when online) and markers still show

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
      removed = true;
      stopDetailedLand?.();
      tiles?.remove();
    },
  };
}
