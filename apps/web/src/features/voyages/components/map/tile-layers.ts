/*
 * Tile sources of the maps, in one place so a deployment can point them at its
 * own tile server. A layer without a URL is the offline vector world alone,
 * which is also drawn beneath every tile layer: when tiles cannot load (no
 * network, tests) the map still shows the coastlines.
 */
import { MAP_TILE_URLS } from '@crew/contracts/constants';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';

export interface TileLayerConfig {
  readonly id: 'street' | 'satellite' | 'global';
  /** The layer's name on the map's switch (a message, read in the page's language). */
  readonly label: MessageDescriptor;
  readonly url: string | null;
  /** The credit line, as HTML, in the page's language. */
  readonly attribution: () => string;
  readonly maxNativeZoom: number;
}

// eslint-disable-next-line lingui/no-unlocalized-strings -- the map data's name and licence link, the same in every language
const OPENSTREETMAP = '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

export const TILE_LAYERS: readonly TileLayerConfig[] = [
  {
    id: 'street',
    label: msg`Street`,
    url: MAP_TILE_URLS.street,
    attribution: () => t`&copy; ${OPENSTREETMAP} contributors`,
    maxNativeZoom: 19,
  },
  {
    id: 'satellite',
    label: msg`Satellite`,
    url: MAP_TILE_URLS.satellite,
    attribution: () => t`Imagery &copy; Esri, Maxar, Earthstar Geographics`,
    maxNativeZoom: 18,
  },
  { id: 'global', label: msg`Global`, url: null, attribution: () => '', maxNativeZoom: 18 },
];

/** The browse map opens on the Atlantic. */
export const BROWSE_CENTER: [number, number] = [45, -30];
export const BROWSE_ZOOM = 3;
export const MAX_ZOOM = 18;
