import type { SegmentResponse } from '@crew/contracts';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import * as L from './leaflet';
import { useEffect, useRef, useState } from 'react';
import { SEGMENT_WEIGHT, segmentColor, segmentFrom, segmentTo } from '../../lib/segments';
import { setupBaseMap, type TileStatus } from './base-map';

interface RouteMapProps {
  /** Sorted legs; only those with both ends' coordinates are drawn. */
  readonly segments: readonly SegmentResponse[];
  readonly highlighted: number | null;
  /** Pointer over a leg's line (null when it leaves). */
  readonly onHover: (index: number | null) => void;
  /** A leg's line was clicked. */
  readonly onSelect: (index: number) => void;
}

const toLatLng = ([lon, lat]: readonly [number, number]): L.LatLngTuple => [lat, lon];

/** The voyage's legs as coloured lines between port markers, fitted to the route. */
export function RouteMap({ segments, highlighted, onHover, onSelect }: RouteMapProps) {
  const { t: translate } = useLingui();
  const containerRef = useRef<HTMLDivElement>(null);
  const linesRef = useRef<Map<number, L.Polyline>>(new Map());
  const handlersRef = useRef({ onHover, onSelect });
  handlersRef.current = { onHover, onSelect };
  const [tileStatus, setTileStatus] = useState<TileStatus>('loading');

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { center: [52, -2], zoom: 6, maxZoom: 18, scrollWheelZoom: false });
    setupBaseMap(map, 'street', setTileStatus);
    const lines = new Map<number, L.Polyline>();
    const bounds = L.latLngBounds([]);
    const ports = new Map<string, { at: L.LatLngTuple; name: string; kind: 'start' | 'stop' | 'end' }>();
    segments.forEach((segment, index) => {
      if (!segment.departure_coordinates || !segment.arrival_coordinates) return;
      const from = toLatLng(segment.departure_coordinates);
      const to = toLatLng(segment.arrival_coordinates);
      const line = L.polyline([from, to], { color: segmentColor(index), weight: SEGMENT_WEIGHT.normal, opacity: 0.85 }).addTo(map);
      const leg = index + 1;
      const departure = segmentFrom(segment);
      const arrival = segmentTo(segment);
      line.bindTooltip(t`Leg ${leg}: ${departure} → ${arrival}`, { sticky: true });
      line.on('mouseover', () => handlersRef.current.onHover(index));
      line.on('mouseout', () => handlersRef.current.onHover(null));
      line.on('click', () => handlersRef.current.onSelect(index));
      lines.set(index, line);
      bounds.extend(from).extend(to);
      const fromKey = from.join(',');
      if (!ports.has(fromKey)) ports.set(fromKey, { at: from, name: segmentFrom(segment), kind: index === 0 ? 'start' : 'stop' });
      ports.set(to.join(','), { at: to, name: segmentTo(segment), kind: index === segments.length - 1 ? 'end' : 'stop' });
    });
    for (const port of ports.values()) {
      const fill = port.kind === 'start' ? '#1b7f4b' : port.kind === 'end' ? '#b42318' : '#ffffff';
      L.circleMarker(port.at, { radius: 7, color: '#0b2540', weight: 2, fillColor: fill, fillOpacity: 1 })
        .bindTooltip(port.name, { direction: 'top', offset: [0, -6] })
        .addTo(map);
    }
    // Zoom 9 / 7 / 6 / 5 by route size: fitBounds with a ceiling of 9 gives that.
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [32, 32], maxZoom: 9 });
    linesRef.current = lines;
    return () => {
      map.remove();
      linesRef.current = new Map();
    };
  }, [segments]);

  useEffect(() => {
    for (const [index, line] of linesRef.current) {
      const on = index === highlighted;
      line.setStyle({ weight: on ? SEGMENT_WEIGHT.highlighted : SEGMENT_WEIGHT.normal, opacity: highlighted === null || on ? 0.9 : 0.55 });
      if (on) line.bringToFront();
    }
  }, [highlighted, segments]);

  // The notice goes under the map: laid over it, it covered the zoom buttons on a phone.
  return (
    <>
      <div className="route-map">
        <div ref={containerRef} className="route-map__canvas" role="region" aria-label={translate`Route map`} />
      </div>
      {tileStatus === 'unavailable' && (
        <p className="route-map__status" role="status">
          <Trans>Map tiles are unavailable; showing the offline world map.</Trans>
        </p>
      )}
    </>
  );
}
