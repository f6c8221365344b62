import type { VoyageMapPoint } from '@crew/contracts';
import * as L from './leaflet';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Supercluster from 'supercluster';
import { formatBbox } from '../../lib/browse-filters';
import { formatContribution, formatDistance, formatDuration } from '../../lib/format';
import { clusterSize, offsetIdenticalCoordinates, shortCount } from '../../lib/map-points';
import { CrosshairIcon } from '../Icons';
import { setupBaseMap, type BaseMap, type TileStatus } from './base-map';
import { BROWSE_CENTER, BROWSE_ZOOM, MAX_ZOOM, TILE_LAYERS } from './tile-layers';

export const HINT_DISMISS_MS = 8000;
/** Past this zoom every voyage shows on its own; ring offsets keep shared ports apart. */
const CLUSTER_MAX_ZOOM = 14;

type PointProps = VoyageMapPoint;

interface BrowseMapProps {
  readonly points: readonly VoyageMapPoint[] | undefined;
  readonly isLoading: boolean;
  /** The user asked to list the voyages of the visible area: "west,south,east,north". */
  readonly onSearchArea: (bbox: string) => void;
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

/** Popup built from DOM nodes, never HTML strings: titles and names are user text. */
function popupContent(point: PointProps, open: (id: string) => void): HTMLElement {
  const root = el('div', 'map-popup');
  root.append(el('h3', 'map-popup__title', point.title), el('p', 'map-popup__skipper', `Skipper: ${point.skipper_name}`));
  const facts = el('dl', 'map-popup__facts');
  const rows: [string, string][] = [
    ['Duration', formatDuration(point.estimated_duration_days)],
    ['Distance', formatDistance(point.total_distance_nm)],
    ['Cost', formatContribution(point.contribution_type, point.contribution_amount, point.contribution_currency)],
    ['Crew needed', String(point.total_crew_needed)],
  ];
  for (const [term, value] of rows) facts.append(el('dt', undefined, term), el('dd', undefined, value));
  const link = el('a', 'button button--primary button--small', 'View Details');
  link.href = `/voyages/${encodeURIComponent(point.id)}`;
  link.addEventListener('click', (event) => {
    // Let new-tab clicks through; a plain click stays in the single-page app.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(point.id);
  });
  root.append(facts, link);
  return root;
}

function clusterIcon(count: number): L.DivIcon {
  const size = clusterSize(count);
  const html = el('span', 'voyage-cluster__bubble');
  html.append(el('span', undefined, shortCount(count)));
  html.firstElementChild?.setAttribute('aria-hidden', 'true');
  html.append(el('span', 'visually-hidden', `${count} voyages, zoom in`));
  return L.divIcon({ className: 'voyage-cluster', html, iconSize: [size, size] });
}

function voyageIcon(color: string): L.DivIcon {
  const html = el('span', 'voyage-marker__pin');
  // A style property, not markup: an odd colour value is simply ignored.
  html.style.backgroundColor = color;
  return L.divIcon({ className: 'voyage-marker', html, iconSize: [22, 22], iconAnchor: [11, 22], popupAnchor: [0, -20] });
}

const supportsTiming = () => typeof performance !== 'undefined' && typeof performance.mark === 'function';

/** Browse map: every matching voyage, clustered with supercluster so ten thousand stay smooth. */
export function BrowseMap({ points, isLoading, onSearchArea }: BrowseMapProps) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const baseRef = useRef<BaseMap | null>(null);
  const markersRef = useRef<L.LayerGroup | null>(null);
  const indexRef = useRef<Supercluster<PointProps> | null>(null);
  const shownRef = useRef(new Map<string, L.Marker>());
  const [layer, setLayer] = useState(0);
  const [tileStatus, setTileStatus] = useState<TileStatus>('loading');
  const [hintShown, setHintShown] = useState(true);
  const [shown, setShown] = useState(0);

  const draw = useCallback(() => {
    const map = mapRef.current;
    const index = indexRef.current;
    const group = markersRef.current;
    if (!map || !index || !group) return;
    const bounds = map.getBounds();
    const clusters = index.getClusters([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], Math.round(map.getZoom()));
    const open = (id: string) => navigateRef.current(`/voyages/${encodeURIComponent(id)}`);
    // Markers still in view are kept, not rebuilt: fewer DOM changes, and an open
    // popup survives the move its own auto-pan causes.
    const next = new Map<string, L.Marker>();
    for (const item of clusters) {
      const [lon, lat] = item.geometry.coordinates as [number, number];
      const properties = item.properties;
      const isCluster = 'cluster' in properties && properties.cluster;
      const key = isCluster ? `c${properties.cluster_id}` : `p${(properties as PointProps).id}`;
      const kept = shownRef.current.get(key);
      if (kept) {
        next.set(key, kept);
        continue;
      }
      let marker: L.Marker;
      if (isCluster) {
        const clusterId = properties.cluster_id;
        marker = L.marker([lat, lon], { icon: clusterIcon(properties.point_count), keyboard: true });
        marker.on('click', () => map.setView([lat, lon], Math.min(index.getClusterExpansionZoom(clusterId), MAX_ZOOM)));
      } else {
        const point = properties as PointProps;
        marker = L.marker([lat, lon], { icon: voyageIcon(point.color), title: point.title, keyboard: true, riseOnHover: true });
        // Built on open: thousands of markers should not each carry a popup tree.
        // Padding keeps an opened popup clear of the controls laid over the map.
        marker.bindPopup(() => popupContent(point, open), { maxWidth: 280, autoPanPaddingTopLeft: [70, 80], autoPanPaddingBottomRight: [20, 40] });
      }
      group.addLayer(marker);
      next.set(key, marker);
    }
    for (const [key, marker] of shownRef.current) if (!next.has(key)) group.removeLayer(marker);
    shownRef.current = next;
  }, []);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, {
      center: BROWSE_CENTER,
      zoom: BROWSE_ZOOM,
      maxZoom: MAX_ZOOM,
      minZoom: 2,
      zoomControl: false,
      worldCopyJump: true,
    });
    mapRef.current = map;
    baseRef.current = setupBaseMap(map, TILE_LAYERS[0]?.id ?? 'street', setTileStatus);
    markersRef.current = L.layerGroup().addTo(map);
    // moveend also follows every zoom.
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      map.remove();
      mapRef.current = null;
      baseRef.current = null;
      markersRef.current = null;
      shownRef.current = new Map();
    };
  }, [draw]);

  useEffect(() => {
    if (!points) return;
    const timed = supportsTiming();
    if (timed) performance.mark('voyage-map:data');
    const visible = points.filter((point) => point.status !== 'cancelled');
    const index = new Supercluster<PointProps>({ radius: 60, maxZoom: CLUSTER_MAX_ZOOM });
    index.load(
      offsetIdenticalCoordinates(visible).map(({ position, ...point }) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [position[0], position[1]] },
        properties: point,
      })),
    );
    indexRef.current = index;
    // Cluster ids of a new index mean other groups: start the layer afresh.
    markersRef.current?.clearLayers();
    shownRef.current = new Map();
    setShown(visible.length);
    draw();
    if (timed) {
      try {
        performance.measure('voyage-map:clusters-drawn', 'voyage-map:data');
      } catch {
        // A browser without User Timing marks: nothing to report.
      }
    }
  }, [points, draw]);

  useEffect(() => {
    if (!hintShown) return;
    const timer = window.setTimeout(() => setHintShown(false), HINT_DISMISS_MS);
    return () => window.clearTimeout(timer);
  }, [hintShown]);

  const current = TILE_LAYERS[layer] ?? TILE_LAYERS[0];
  const next = TILE_LAYERS[(layer + 1) % TILE_LAYERS.length];
  const cycleLayer = () => {
    const nextIndex = (layer + 1) % TILE_LAYERS.length;
    setLayer(nextIndex);
    const config = TILE_LAYERS[nextIndex];
    if (config) baseRef.current?.setLayer(config.id);
  };
  const searchArea = () => {
    const map = mapRef.current;
    if (!map) return;
    const bounds = map.getBounds();
    onSearchArea(formatBbox(bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()));
  };

  return (
    <div className="voyage-map">
      <div ref={containerRef} className="voyage-map__canvas" data-testid="browse-map" aria-label="Map of voyages" role="region" />
      <div className="voyage-map__controls">
        <button type="button" className="map-control" aria-label="Zoom in" title="Zoom in" onClick={() => mapRef.current?.zoomIn()}>
          +
        </button>
        <button type="button" className="map-control" aria-label="Zoom out" title="Zoom out" onClick={() => mapRef.current?.zoomOut()}>
          −
        </button>
        <button type="button" className="map-control" aria-label="Recenter map" title="Recenter map" onClick={() => mapRef.current?.setView(BROWSE_CENTER, BROWSE_ZOOM)}>
          <CrosshairIcon />
        </button>
        <button
          type="button"
          className="map-control map-control--wide"
          aria-label={`Map layer: ${current?.label ?? ''}. Switch to ${next?.label ?? ''}`}
          title={`Switch to ${next?.label ?? ''} layer`}
          onClick={cycleLayer}
        >
          {current?.label}
        </button>
      </div>
      <button type="button" className="button button--secondary button--small voyage-map__area" onClick={searchArea}>
        Search this area
      </button>
      {hintShown && (
        <div className="voyage-map__hint" role="note">
          <span>Click a marker for voyage details. Numbered bubbles group nearby voyages: click one to zoom in.</span>
          <button type="button" className="voyage-map__hint-close" aria-label="Dismiss hint" onClick={() => setHintShown(false)}>
            ×
          </button>
        </div>
      )}
      <p className="voyage-map__status" role="status" aria-live="polite">
        {isLoading && !points
          ? 'Loading voyages…'
          : points && shown === 0
            ? 'No voyages found'
            : points
              ? `${shown.toLocaleString('en-US')} ${shown === 1 ? 'voyage' : 'voyages'} on the map`
              : ''}
        {tileStatus === 'unavailable' && current?.url ? ' · Map tiles are unavailable; showing the offline world map.' : ''}
      </p>
    </div>
  );
}
