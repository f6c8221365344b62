import type { Box, FlatShapes } from '../../lib/world-geometry';

/** What a map asks the world worker: the 1:110m countries or the 1:10m land of an area, for a zoom. */
export interface WorldQuestion {
  readonly kind: 'countries' | 'land';
  readonly area: Box;
  readonly zoom: number;
}

export type WorldRequest = WorldQuestion & { readonly id: number };

export type WorldReply = { readonly id: number; readonly ok: true; readonly shapes: FlatShapes } | { readonly id: number; readonly ok: false; readonly error: string };
