import { describe, expect, it } from '@jest/globals';
import { clusterSize, mergeOverlapping, nextMapView, shortCount, unwrapRing, visibleArea, WORLD_VIEW_MAX_ZOOM } from './map-points';

describe('nextMapView', () => {
  const world = { zoom: 3, bbox: null } as const;

  it('asks for the whole world up to a middle zoom, and only again when the zoom changes', () => {
    expect(nextMapView(world, 3, [-80, 20, 20, 60])).toBe(world);
    expect(nextMapView(world, WORLD_VIEW_MAX_ZOOM, [-40, 30, 0, 55])).toEqual({ zoom: WORLD_VIEW_MAX_ZOOM, bbox: null });
  });

  it('zoomed in, asks for the visible area grown by half on every side, and keeps it while the view stays inside', () => {
    const view = nextMapView(world, 8, [-2, 50, 0, 51]);
    expect(view).toMatchObject({ zoom: 8, bbox: '-3,49.5,1,51.5' });
    expect(nextMapView(view, 8, [-2.5, 49.8, -0.5, 50.9])).toBe(view);
    expect(nextMapView(view, 8, [0, 50, 2, 51])).toMatchObject({ bbox: '-1,49.5,3,51.5' });
    expect(nextMapView(view, 9, [-2, 50, -1, 50.5])).toMatchObject({ zoom: 9 });
  });

  it('wraps a view across the antimeridian as west > east, and rounds outward', () => {
    expect(nextMapView(world, 6, [170.123, -20, 190, -10])).toMatchObject({ bbox: '160.18,-25,-160.06,-5' });
    expect(nextMapView(world, 5, [-300, -60, 100, 60])).toEqual({ zoom: 5, bbox: null });
  });
});

describe('visibleArea', () => {
  it('is the view in range, rounded to four decimals', () => {
    expect(visibleArea([-6.123456, 48.5, 3.25, 52.000049])).toEqual([-6.1235, 48.5, 3.25, 52]);
  });

  it('keeps a view across the 180° meridian as west above east, whichever copy of the world it is on', () => {
    expect(visibleArea([170, -20, 190, -10])).toEqual([170, -20, -170, -10]);
    expect(visibleArea([-190, -20, -170, -10])).toEqual([170, -20, -170, -10]);
    expect(visibleArea([-200, 10, -180, 20])).toEqual([160, 10, 180, 20]);
  });

  it('is no area for a view of the whole world, and keeps latitudes on the globe', () => {
    expect(visibleArea([-200, -80, 170, 80])).toBeNull();
    expect(visibleArea([-20, -95, 20, 95])).toEqual([-20, -90, 20, 90]);
  });
});

describe('clusterSize', () => {
  it('is never smaller than a 44 px tap target', () => {
    for (const count of [2, 9, 50, 500, 5_000]) expect(clusterSize(count)).toBeGreaterThanOrEqual(44);
  });
});

describe('shortCount', () => {
  it('shortens thousands for cluster bubbles', () => {
    expect(shortCount(999)).toBe('999');
    expect(shortCount(1000)).toBe('1k');
    expect(shortCount(1250)).toBe('1.3k');
    expect(shortCount(10_000)).toBe('10k');
  });
});

describe('unwrapRing', () => {
  it('keeps a ring that crosses the antimeridian continuous', () => {
    expect(
      unwrapRing([
        [179, 65],
        [-179, 66],
        [-178, 64],
        [179, 65],
      ]),
    ).toEqual([
      [179, 65],
      [181, 66],
      [182, 64],
      [179, 65],
    ]);
  });
  it('leaves ordinary rings alone', () => {
    const ring = [
      [-10, 50],
      [2, 51],
      [1, 43],
      [-10, 50],
    ];
    expect(unwrapRing(ring)).toEqual(ring);
  });
});

describe('mergeOverlapping', () => {
  // One degree is ten pixels here, so distances read off the coordinates.
  const project = ([lon, lat]: readonly [number, number]) => ({ x: lon * 10, y: -lat * 10 });
  const cluster = (lon: number, lat: number, count: number, expansion_zoom = 6) => ({ coordinates: [lon, lat] as const, count, expansion_zoom });
  const point = (id: string, lon: number, lat: number) => ({ id, coordinates: [lon, lat] as const });

  it('draws bubbles that would overlap as one, at the bigger one, splitting at the lower zoom of the two', () => {
    const { clusters } = mergeOverlapping([cluster(0, 0, 5, 7), cluster(3, 0, 40, 5), cluster(10, 0, 3)], [], project);
    expect(clusters).toEqual([cluster(3, 0, 45, 5), cluster(10, 0, 3)]);
  });

  it('leaves bubbles that only touch, and single voyages clear of every bubble, as they are', () => {
    const input = [cluster(0, 0, 5), cluster(4.4, 0, 5)];
    const alone = point('a', 20, 20);
    expect(mergeOverlapping(input, [alone], project)).toEqual({ clusters: input, points: [alone] });
  });

  it('counts a single voyage under a bubble into it, so no marker hides another', () => {
    const { clusters, points } = mergeOverlapping([cluster(0, 0, 5)], [point('under', 1, 1), point('clear', 0, 5)], project);
    expect(clusters).toEqual([cluster(0, 0, 6)]);
    expect(points.map((p) => p.id)).toEqual(['clear']);
  });
});
