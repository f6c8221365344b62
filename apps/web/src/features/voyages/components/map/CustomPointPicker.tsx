import { Trans, useLingui } from '@lingui/react/macro';
import * as L from './leaflet';
import { useEffect, useRef, useState } from 'react';
import { setupBaseMap, type TileStatus } from './base-map';

interface CustomPointPickerProps {
  /** What the point will be called (the text typed in the port field). */
  readonly name: string;
  /** Where to open: the previous stop, if any ([lon, lat]). */
  readonly near: readonly [number, number] | null;
  readonly onPick: (coordinates: [number, number]) => void;
}

/** Longitude folded into [-180, 180] (the map lets the world repeat sideways). */
const foldLongitude = (lon: number): number => ((((lon + 180) % 360) + 360) % 360) - 180;
const round = (value: number): number => Math.round(value * 1e5) / 1e5;

/** A map to click once where a harbour that port search does not list lies. */
export function CustomPointPicker({ name, near, onPick }: CustomPointPickerProps) {
  const { t } = useLingui();
  const containerRef = useRef<HTMLDivElement>(null);
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;
  const [tileStatus, setTileStatus] = useState<TileStatus>('loading');

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const map = L.map(container, { center: near ? [near[1], near[0]] : [30, -20], zoom: near ? 8 : 2, maxZoom: 18 });
    const base = setupBaseMap(map, 'street', setTileStatus);
    map.getContainer().style.cursor = 'crosshair';
    map.on('click', (event: L.LeafletMouseEvent) => onPickRef.current([round(foldLongitude(event.latlng.lng)), round(event.latlng.lat)]));
    return () => {
      base.remove();
      map.remove();
    };
  }, [near]);

  return (
    <div className="route-map custom-point-picker">
      <div ref={containerRef} className="route-map__canvas" role="region" aria-label={t`Map: click where ${name} is`} />
      {tileStatus === 'unavailable' && (
        <p className="route-map__status" role="status">
          <Trans>Map tiles are unavailable; showing the offline world map.</Trans>
        </p>
      )}
    </div>
  );
}
