import type { SegmentResponse } from '@crew/contracts';
import { t } from '@lingui/core/macro';

/** Route legs cycle through 5 colours, shared by the map line and the list swatch. */
export const SEGMENT_COLORS = ['#0e6ba8', '#d9480f', '#1b7f4b', '#7048e8', '#c2255c'] as const;
export const segmentColor = (index: number): string => SEGMENT_COLORS[((index % SEGMENT_COLORS.length) + SEGMENT_COLORS.length) % SEGMENT_COLORS.length] ?? SEGMENT_COLORS[0];

/** Line weights: the highlighted leg stands out. */
export const SEGMENT_WEIGHT = { normal: 4, highlighted: 6 } as const;

/** A leg's end names: the catalogue port, else the free-text location of a custom voyage. */
export const segmentFrom = (segment: SegmentResponse): string => segment.departure_port || segment.departure_custom_location || t`Unknown departure`;
export const segmentTo = (segment: SegmentResponse): string => segment.arrival_port || segment.arrival_custom_location || t`Unknown destination`;

export const sortSegments = (segments: readonly SegmentResponse[]): SegmentResponse[] => [...segments].sort((a, b) => a.segment_order - b.segment_order);

/** Legs that can be drawn: both ends have coordinates. */
export const hasRouteCoordinates = (segments: readonly SegmentResponse[]): boolean =>
  segments.some((segment) => segment.departure_coordinates !== null && segment.arrival_coordinates !== null);
