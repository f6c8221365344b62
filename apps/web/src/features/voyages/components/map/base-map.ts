import * as L from './leaflet';
import 'leaflet/dist/leaflet.css';
import { toLatLngs } from '../../lib/world-geometry';
import { TILE_LAYERS, type TileLayerConfig } from './tile-layers';
import type { WorldQuestion } from './world-protocol';
import { requestWorld } from './world-client';

/** From this zoom on, the offline world is drawn from the 1:10m land. */
export const DETAILED_LAND_ZOOM = 5;

const LAND_STYLE = { color: '#7f97a8', weight: 0.7, fillColor: '#f3f0e6', fillOpacity: 1 } as const;

/**
 * Keeps `layer` drawn with the world worker's answer for the view: the area
 * around it (the view grown by its own size on every side, so panning within
 * it asks nothing) at the view's zoom. `wanted` says at which zooms the layer
 * shows; `drawn` runs when an answer has been drawn.
 */
function followView(map: L.Map, layer: L.Polygon, kind: WorldQuestion['kind'], wanted: (zoom: number) => boolean, drawn: (shown: boolean) => void): () => void {
  let stopped = false;
  let drawnFor: { area: L.LatLngBounds; zoom: number } | null = null;
  let asked = 0;
  const refresh = () => {
    const zoom = Math.round(map.getZoom());
    if (!wanted(zoom)) {
      asked++; // an answer still on its way is for a view no longer shown
      layer.remove();
      drawnFor = null;
      drawn(false);
      return;
    }
    if (drawnFor && drawnFor.zoom === zoom && drawnFor.area.contains(map.getBounds())) return;
    const area = map.getBounds().pad(1);
    const question = ++asked;
    requestWorld(kind, [area.getWest(), area.getSouth(), area.getEast(), area.getNorth()], zoom)
      .then((shapes) => {
        if (stopped || question !== asked) return;
        layer.setLatLngs(toLatLngs(shapes));
        drawnFor = { area, zoom };
        layer.addTo(map);
        drawn(true);
      })
      .catch(() => undefined); // offline and not cached (the 1:10m land): what is drawn stays
  };
  map.on('moveend', refresh);
  map.once('unload', () => {
    stopped = true;
  });
  refresh();
  return () => {
    stopped = true;
    map.off('moveend', refresh);
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
 * decoded and cut to each view in a worker and drawn when it arrives, so the
 * map itself (and its markers) never wait for it.
 */
export function setupBaseMap(map: L.Map, initial: TileLayerConfig['id'], onTileStatus: (status: TileStatus) => void): BaseMap {
  const pane = map.createPane('world');
  pane.style.zIndex = '150'; // tilePane is 200
  pane.style.pointerEvents = 'none';
  // One path per layer: a few hundred SVG elements cost a phone more than one long one.
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the data source's name, the same in every language
  const countries = L.polygon([], { pane: 'world', interactive: false, attribution: 'Natural Earth', ...LAND_STYLE });
  const land = L.polygon([], { pane: 'world', interactive: false, ...LAND_STYLE });
  // Zoomed in, the 1:10m land is drawn and the 1:110m countries keep just their borders on top.
  const stopCountries = followView(
    map,
    countries,
    'countries',
    () => true,
    () => undefined,
  );
  const stopLand = followView(
    map,
    land,
    'land',
    (zoom) => zoom >= DETAILED_LAND_ZOOM,
    (shown) => {
      countries.setStyle({ fillOpacity: shown ? 0 : LAND_STYLE.fillOpacity });
      if (shown) countries.bringToFront();
    },
  );

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
    const layer = L.tileLayer(config.url, { attribution: config.attribution(), maxNativeZoom: config.maxNativeZoom, maxZoom: 18, crossOrigin: true });
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
      stopCountries();
      stopLand();
      tiles?.remove();
    },
  };
}
