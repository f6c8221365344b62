/*
 * Tile sources of the maps, in one place so a deployment can point them at its
 * own tile server. A layer without a URL is the offline vector world alone,
 * which is also drawn beneath every tile layer: when tiles cannot load (no
 * network, tests) the map still shows the coastlines.
 */
import { MAP_TILE_URLS } from '@crew/contracts/constants';

export interface TileLayerConfig {
  readonly id: 'street' | 'satellite' | 'global';
  readonly label: string;
  readonly url: string | null;
  readonly attribution: string;
  readonly maxNativeZoom: number;
}

export const TILE_LAYERS: readonly TileLayerConfig[] = [
  {
    id: 'street',
    label: 'Street',
    url: MAP_TILE_URLS.street,
    attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    maxNativeZoom: 19,
  },
  {
    id: 'satellite',
    label: 'Satellite',
    url: MAP_TILE_URLS.satellite,
    attribution: 'Imagery &copy; Esri, Maxar, Earthstar Geographics',
    maxNativeZoom: 18,
  },
  { id: 'global', label: 'Global', url: null, attribution: '', maxNativeZoom: 18 },
];

/** The browse map opens on the Atlantic. */
export const BROWSE_CENTER: [number, number] = [45, -30];
export const BROWSE_ZOOM = 3;
export const MAX_ZOOM = 18;
