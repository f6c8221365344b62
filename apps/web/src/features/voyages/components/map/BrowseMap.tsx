import type { VoyageMapPoint, VoyageMapResponse, VoyageResponse } from '@crew/contracts';
import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import * as L from './leaflet';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { voyageQueryOptions, useViewerId } from '../../../../api/voyages';
import { formatBbox, type MapView } from '../../lib/browse-filters';
import { formatContribution, formatDate, formatDistance, formatDuration, formatNumber, notDecided } from '../../lib/format';
import { clusterSize, mergeOverlapping, nextMapView, shortCount, visibleArea } from '../../lib/map-points';
import { CrosshairIcon } from '../Icons';
import { setupBaseMap, type BaseMap, type TileStatus } from './base-map';
import { BROWSE_CENTER, BROWSE_ZOOM, MAX_ZOOM, TILE_LAYERS } from './tile-layers';

export const HINT_DISMISS_MS = 8000;
/** What someone moving the map does first (a resize moves it too, but starts none of these). */
const MOVE_STARTS = ['dragstart', 'zoomstart', 'keydown'] as const;
/** Markers added per task while an answer is drawn. */
const MARKERS_PER_TASK = 25;

interface BrowseMapProps {
  /** The clusters and markers of the current view, clustered by the server. */
  readonly data: VoyageMapResponse | undefined;
  readonly isLoading: boolean;
  /** The view the answer should cover changed (a zoom, or a pan past what was fetched). */
  readonly onViewChange: (view: MapView) => void;
  /** The user asked to list the voyages of the visible area: "west,south,east,north". */
  readonly onSearchArea: (bbox: string) => void;
  /** An area to open on instead of the world ("west,south,east,north", west above east across the 180° meridian): browse's `bbox`. */
  readonly openOn?: string;
  /** The area the map shows once the user (or `openOn`) has moved it, as a saved search keeps it; null before, and once the map is gone. */
  readonly onAreaChange?: (area: [number, number, number, number] | null) => void;
}

const popupLinkClass = 'button button--primary button--small';

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

/**
 * Popup built from DOM nodes, never HTML strings: titles and names are user
 * text. The marker carries only id and title; the details are the voyage
 * itself, read when the popup opens (and then cached for its page).
 */
function popupContent(point: VoyageMapPoint, load: () => Promise<VoyageResponse>, open: (id: string) => void, done: () => void): HTMLElement {
  const root = el('div', 'map-popup');
  const skipper = el('p', 'map-popup__skipper', t`Loading voyage details…`);
  const facts = el('dl', 'map-popup__facts');
  // A level-2 heading: the page's own headings above it may be only its title (a phone folds the filters away).
  root.append(el('h2', 'map-popup__title', point.title), skipper, facts);
  load().then(
    (voyage) => {
      const name = `${voyage.skipper.first_name} ${voyage.skipper.last_name}`.trim();
      skipper.textContent = t`Skipper: ${name}`;
      const dated = voyage.estimated_start_date || voyage.estimated_end_date;
      const rows: [string, string][] = [
        [t`Dates`, dated ? `${formatDate(voyage.estimated_start_date)} – ${formatDate(voyage.estimated_end_date)}` : notDecided()],
        [t`Duration`, formatDuration(voyage.estimated_duration_days)],
        [t`Distance`, formatDistance(voyage.total_distance_nm)],
        [t`Contribution`, formatContribution(voyage.contribution_type, voyage.contribution_amount, voyage.contribution_currency)],
        [t`Crew needed`, formatNumber(voyage.total_crew_needed)],
      ];
      for (const [term, value] of rows) facts.append(el('dt', undefined, term), el('dd', undefined, value));
      done();
    },
    () => {
      skipper.textContent = t`Could not load the voyage details.`;
      done();
    },
  );
  const link = el('a', popupLinkClass, t`View Details`);
  link.href = `/voyages/${encodeURIComponent(point.id)}`;
  link.addEventListener('click', (event) => {
    // Let new-tab clicks through; a plain click stays in the single-page app.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(point.id);
  });
  root.append(link);
  return root;
}

function clusterIcon(count: number): L.DivIcon {
  const size = clusterSize(count);
  const html = el('span', 'voyage-cluster__bubble');
  html.append(el('span', undefined, shortCount(count)));
  html.firstElementChild?.setAttribute('aria-hidden', 'true');
  html.append(el('span', 'visually-hidden', plural(count, { one: '# voyage, zoom in', other: '# voyages, zoom in' })));
  return L.divIcon({ className: 'voyage-cluster', html, iconSize: [size, size] });
}

function voyageIcon(color: string): L.DivIcon {
  const html = el('span', 'voyage-marker__pin');
  // A style property, not markup: an odd colour value is simply ignored.
  html.style.backgroundColor = color;
  // A 44 px target around a 22 px pin whose tip stands on the spot: easy to tap, drawn small.
  return L.divIcon({ className: 'voyage-marker', html, iconSize: [44, 44], iconAnchor: [22, 38], popupAnchor: [0, -34] });
}

const supportsTiming = () => typeof performance !== 'undefined' && typeof performance.mark === 'function';

/** Browse map: the server clusters the matching voyages for the view, so ten thousand cost a phone a few hundred markers. */
export function BrowseMap({ data, isLoading, onViewChange, onSearchArea, openOn, onAreaChange }: BrowseMapProps) {
  const { t: translate, i18n } = useLingui();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const queryClient = useQueryClient();
  const viewerId = useViewerId() ?? null;
  const loadVoyageRef = useRef((id: string) => queryClient.fetchQuery(voyageQueryOptions(id, viewerId)));
  loadVoyageRef.current = (id: string) => queryClient.fetchQuery(voyageQueryOptions(id, viewerId));
  const onViewChangeRef = useRef(onViewChange);
  onViewChangeRef.current = onViewChange;
  const onAreaChangeRef = useRef(onAreaChange);
  onAreaChangeRef.current = onAreaChange;
  const openOnRef = useRef(openOn);
  const containerRef = useRef<HTMLDivElement>(null);
  const creditRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const baseRef = useRef<BaseMap | null>(null);
  const markersRef = useRef<L.LayerGroup | null>(null);
  const viewRef = useRef<MapView>({ zoom: BROWSE_ZOOM, bbox: null });
  const shownRef = useRef(new Map<string, L.Marker>());
  const [layer, setLayer] = useState(0);
  const layerRef = useRef(layer);
  layerRef.current = layer;
  const [tileStatus, setTileStatus] = useState<TileStatus>('loading');
  const [hintShown, setHintShown] = useState(true);

  const drawGeneration = useRef(0);

  /** Draws an answer's markers, a slice per task; `drawn` runs once the last one is on the map. */
  const draw = useCallback((answer: VoyageMapResponse, drawn: () => void) => {
    const map = mapRef.current;
    const group = markersRef.current;
    if (!map || !group) return;
    const generation = ++drawGeneration.current;
    const open = (id: string) => navigateRef.current(`/voyages/${encodeURIComponent(id)}`);
    // Below the deepest zoom, bubbles that would overlap are drawn as one (each stays a whole tap target).
    const zoom = map.getZoom();
    const shown = zoom < MAX_ZOOM ? mergeOverlapping(answer.clusters, answer.points, ([lon, lat]) => map.project([lat, lon], zoom)) : answer;
    // Markers still in the answer are kept, not rebuilt: fewer DOM changes, and an
    // open popup survives the move its own auto-pan causes. The rest are added below.
    const next = new Map<string, L.Marker>();
    const wanted = new Set<string>();
    const additions: (() => void)[] = [];
    for (const cluster of shown.clusters) {
      const [lon, lat] = cluster.coordinates;
      const key = `c${lon},${lat},${cluster.count}`;
      wanted.add(key);
      const kept = shownRef.current.get(key);
      if (kept) {
        next.set(key, kept);
        continue;
      }
      additions.push(() => {
        const marker = L.marker([lat, lon], { icon: clusterIcon(cluster.count), keyboard: true });
        marker.on('click', () => map.setView([lat, lon], Math.min(cluster.expansion_zoom, MAX_ZOOM)));
        group.addLayer(marker);
        next.set(key, marker);
      });
    }
    for (const point of shown.points) {
      const key = `p${point.id}`;
      wanted.add(key);
      const kept = shownRef.current.get(key);
      if (kept) {
        next.set(key, kept);
        continue;
      }
      additions.push(() => {
        const [lon, lat] = point.coordinates;
        const marker = L.marker([lat, lon], { icon: voyageIcon(point.color), title: point.title, keyboard: true, riseOnHover: true });
        // Built on open: a popup tree per marker would be wasted on the ones nobody opens. The
        // content is set as an element (not a function, which Leaflet would call again on update).
        // No wider than a phone's map allows, and panned into full view: nothing is laid over the map.
        marker.bindPopup(t`Loading voyage details…`, { maxWidth: Math.min(280, map.getSize().x - 56), autoPanPadding: [12, 12] });
        marker.on('popupopen', ({ popup }) => {
          popup.setContent(
            popupContent(
              point,
              () => loadVoyageRef.current(point.id),
              open,
              () => popup.update(),
            ),
          );
        });
        group.addLayer(marker);
        next.set(key, marker);
      });
    }
    for (const [key, marker] of shownRef.current) if (!wanted.has(key)) group.removeLayer(marker);
    shownRef.current = next;
    // A few hundred markers at world zoom are several short tasks rather than one long one,
    // so a tap is never held up behind them; a newer answer (or leaving the page) stops the rest.
    const addSlice = () => {
      if (drawGeneration.current !== generation || markersRef.current !== group) return;
      for (const add of additions.splice(0, MARKERS_PER_TASK)) add();
      if (additions.length > 0) window.setTimeout(addSlice, 0);
      else drawn();
    };
    addSlice();
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
      attributionControl: false,
      worldCopyJump: true,
    });
    // Leaflet keeps the credits in step with the layers; its box lives under the map, where
    // it can never sit over a marker near the edge (a bubble half under it is a target too small).
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the map library's name and link, the same in every language
    const credits = L.control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' }).addTo(map);
    const creditBox = credits.getContainer();
    if (creditBox) creditRef.current?.append(creditBox);
    mapRef.current = map;
    // Tiles and the offline world start in a task of their own: the map's first layout and
    // theirs are then two short tasks on a phone rather than one long one.
    const baseSetup = window.setTimeout(() => {
      baseRef.current = setupBaseMap(map, TILE_LAYERS[layerRef.current]?.id ?? 'street', setTileStatus);
    }, 0);
    markersRef.current = L.layerGroup().addTo(map);
    // The area counts once someone moved the map (a drag, a zoom, the keyboard), not when a resize nudged it.
    let userMoved = false;
    const startMoving = () => {
      userMoved = true;
    };
    // moveend also follows every zoom; a new answer is asked for only when the view needs one.
    const moved = () => {
      const bounds = map.getBounds();
      const edges: [number, number, number, number] = [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()];
      if (userMoved) onAreaChangeRef.current?.(visibleArea(edges));
      const view = nextMapView(viewRef.current, Math.round(map.getZoom()), edges);
      if (view === viewRef.current) return;
      viewRef.current = view;
      onViewChangeRef.current(view);
    };
    for (const start of MOVE_STARTS) map.on(start, startMoving);
    map.on('moveend', moved);
    // Opened on an area (a saved search, a searched area): the map shows it, across the 180° meridian too.
    const [west, south, east, north] = openOnRef.current?.split(',').map(Number) ?? [];
    if (west !== undefined && south !== undefined && east !== undefined && north !== undefined && south < north && west !== east) {
      userMoved = true;
      map.fitBounds([
        [south, west],
        [north, east < west ? east + 360 : east],
      ]);
    }
    return () => {
      window.clearTimeout(baseSetup);
      for (const start of MOVE_STARTS) map.off(start, startMoving);
      map.off('moveend', moved);
      onAreaChangeRef.current?.(null);
      map.remove();
      mapRef.current = null;
      baseRef.current = null;
      markersRef.current = null;
      shownRef.current = new Map();
    };
  }, []);

  useEffect(() => {
    if (!data) return;
    const timed = supportsTiming();
    if (timed) performance.mark('voyage-map:data');
    draw(data, () => {
      if (!timed) return;
      try {
        performance.measure('voyage-map:clusters-drawn', 'voyage-map:data');
      } catch {
        // A browser without User Timing marks: nothing to report.
      }
    });
  }, [data, draw]);

  useEffect(() => {
    if (!hintShown) return;
    const timer = window.setTimeout(() => setHintShown(false), HINT_DISMISS_MS);
    return () => window.clearTimeout(timer);
  }, [hintShown]);

  const current = TILE_LAYERS[layer] ?? TILE_LAYERS[0];
  const next = TILE_LAYERS[(layer + 1) % TILE_LAYERS.length];
  const total = data?.total ?? 0;
  const currentLabel = current ? i18n._(current.label) : '';
  const nextLabel = next ? i18n._(next.label) : '';
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
    <>
      <div className="voyage-map">
        {/* Controls and the hint sit above the map, never over its markers (each stays a full-size target). */}
        <div className="voyage-map__toolbar">
          <div className="voyage-map__controls" role="group" aria-label={translate`Map controls`}>
            <button type="button" className="map-control" aria-label={translate`Zoom in`} title={translate`Zoom in`} onClick={() => mapRef.current?.zoomIn()}>
              +
            </button>
            <button type="button" className="map-control" aria-label={translate`Zoom out`} title={translate`Zoom out`} onClick={() => mapRef.current?.zoomOut()}>
              −
            </button>
            <button
              type="button"
              className="map-control"
              aria-label={translate`Recenter map`}
              title={translate`Recenter map`}
              onClick={() => mapRef.current?.setView(BROWSE_CENTER, BROWSE_ZOOM)}
            >
              <CrosshairIcon />
            </button>
            <button
              type="button"
              className="map-control map-control--wide"
              aria-label={translate`Map layer: ${currentLabel}. Switch to ${nextLabel}`}
              title={translate`Switch to ${nextLabel} layer`}
              onClick={cycleLayer}
            >
              {currentLabel}
            </button>
          </div>
          <button type="button" className="button button--secondary button--small voyage-map__area" onClick={searchArea}>
            <Trans>Search this area</Trans>
          </button>
        </div>
        {hintShown && (
          <div className="voyage-map__hint" role="note">
            {/* Short: on a phone it must stay smaller than the page's lead, or this hint becomes the page's largest paint. */}
            <span>
              <Trans>Choose a marker for its voyage; a numbered bubble zooms in.</Trans>
            </span>
            <button type="button" className="voyage-map__hint-close" aria-label={translate`Dismiss hint`} onClick={() => setHintShown(false)}>
              ×
            </button>
          </div>
        )}
        <div className="voyage-map__frame">
          <div ref={containerRef} className="voyage-map__canvas" data-testid="browse-map" aria-label={translate`Map of voyages`} role="region" />
        </div>
      </div>
      <p className="voyage-map__status" role="status" aria-live="polite">
        <span className="voyage-map__count">
          {isLoading && !data
            ? translate`Loading voyages…`
            : data && data.total === 0
              ? translate`No voyages found`
              : data
                ? plural(total, { one: '# voyage on the map', other: '# voyages on the map' })
                : ''}
        </span>
        {tileStatus === 'unavailable' && current?.url && (
          <span className="voyage-map__offline">
            <Trans>Map tiles are unavailable; showing the offline world map.</Trans>
          </span>
        )}
      </p>
      <div ref={creditRef} className="voyage-map__credits" />
    </>
  );
}
