import { describe, expect, it } from '@jest/globals';
import { boxPolygons, clipRing, flatten, landInArea, simplifyRing, toLatLngs, toleranceAt, type Ring } from './world-geometry';

const square = (west: number, south: number, size: number): Ring => [
  [west, south],
  [west + size, south],
  [west + size, south + size],
  [west, south + size],
  [west, south],
];

describe('flatten and toLatLngs', () => {
  it('round-trip polygons with holes as Leaflet [lat, lon] rings', () => {
    const polygons = [[square(0, 0, 10), square(2, 2, 2)], [square(20, 40, 1)]];
    const shapes = flatten(polygons);
    expect(shapes.coords).toHaveLength(15 * 2);
    expect([...shapes.rings]).toEqual([5, 10, 15]);
    expect([...shapes.polygons]).toEqual([2, 3]);
    const latLngs = toLatLngs(shapes);
    expect(latLngs).toHaveLength(2);
    expect(latLngs[0]).toHaveLength(2);
    expect(latLngs[0]?.[1]?.[1]).toEqual([2, 4]);
    expect(latLngs[1]?.[0]?.[2]).toEqual([41, 21]);
  });

  it('an empty answer is an empty multi-polygon', () => {
    expect(toLatLngs(flatten([]))).toEqual([]);
  });
});

describe('clipRing', () => {
  it('keeps a ring inside the box as it is and drops one outside', () => {
    expect(clipRing(square(1, 1, 2), [0, 0, 10, 10])).toHaveLength(5);
    expect(clipRing(square(20, 20, 2), [0, 0, 10, 10])).toEqual([]);
  });

  it('cuts a ring crossing the box along its edges', () => {
    const cut = clipRing(square(-5, -5, 10), [0, 0, 10, 10]);
    const lons = cut.map(([lon = 0]) => lon);
    const lats = cut.map(([, lat = 0]) => lat);
    expect(Math.min(...lons)).toBe(0);
    expect(Math.max(...lons)).toBe(5);
    expect(Math.min(...lats)).toBe(0);
    expect(Math.max(...lats)).toBe(5);
  });
});

describe('simplifyRing', () => {
  it('drops points closer to the line than the tolerance and keeps the corners', () => {
    const wobbly: Ring = [
      [0, 0],
      [5, 0.001],
      [10, 0],
      [10, 10],
      [5, 9.999],
      [0, 10],
      [0, 0],
    ];
    expect(simplifyRing(wobbly, 0.01)).toEqual([
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ]);
    expect(simplifyRing(wobbly, 0.0001)).toHaveLength(7);
  });
});

describe('landInArea', () => {
  const land = boxPolygons([[square(0, 40, 10)], [square(100, 0, 5)], [square(175, -20, 10)]]);

  it('answers only the land overlapping the area, cut to it', () => {
    const found = landInArea(land, [5, 30, 50, 60], 0);
    expect(found).toHaveLength(1);
    const lons = found[0]?.[0]?.map(([lon = 0]) => lon) ?? [];
    expect(Math.min(...lons)).toBe(5);
    expect(Math.max(...lons)).toBe(10);
  });

  it('finds land one turn of the world away, at the longitudes of the view', () => {
    // A view on the copy of the world west of the antimeridian (Leaflet's longitudes past -180).
    const found = landInArea(land, [-190, -30, -170, 0], 0);
    expect(found).toHaveLength(1);
    const lons = found[0]?.[0]?.map(([lon = 0]) => lon) ?? [];
    expect(Math.min(...lons)).toBe(-185);
    expect(Math.max(...lons)).toBe(-175);
  });
});

describe('toleranceAt', () => {
  it('is half a pixel of a 256 px tile world', () => {
    expect(toleranceAt(0)).toBeCloseTo(360 / 512);
    expect(toleranceAt(5)).toBeCloseTo(360 / 256 / 32 / 2);
  });
});
