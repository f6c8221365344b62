import { describe, expect, it } from '@jest/globals';
import { offsetIdenticalCoordinates, RING_SIZE, RING_STEP_DEGREES, shortCount, unwrapRing } from './map-points';

const at = (id: string, lon: number, lat: number) => ({ id, coordinates: [lon, lat] as const });
const distance = (a: readonly [number, number], b: readonly [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);

describe('offsetIdenticalCoordinates', () => {
  it('leaves voyages at distinct points where they are', () => {
    const out = offsetIdenticalCoordinates([at('a', -1.1, 50.8), at('b', -1.6, 49.6)]);
    expect(out.map((p) => p.position)).toEqual([
      [-1.1, 50.8],
      [-1.6, 49.6],
    ]);
  });

  it('keeps the first at the spot and puts the next six on a ring 0.5° out, the next on a second ring', () => {
    const same = Array.from({ length: 1 + RING_SIZE + 2 }, (_, i) => at(`v${i}`, -1.1, 50.8));
    const out = offsetIdenticalCoordinates(same);
    const origin = [-1.1, 50.8] as const;
    expect(out[0]?.position).toEqual(origin);
    const firstRing = out.slice(1, 1 + RING_SIZE);
    for (const point of firstRing) expect(distance(point.position, origin)).toBeCloseTo(RING_STEP_DEGREES, 6);
    for (const point of out.slice(1 + RING_SIZE)) expect(distance(point.position, origin)).toBeCloseTo(2 * RING_STEP_DEGREES, 6);
    // Every voyage ends up on its own position.
    expect(new Set(out.map((p) => p.position.join(','))).size).toBe(out.length);
  });

  it('keeps the voyage data and the original coordinates', () => {
    const [, second] = offsetIdenticalCoordinates([at('a', 10, 10), at('b', 10, 10)]);
    expect(second?.id).toBe('b');
    expect(second?.coordinates).toEqual([10, 10]);
    expect(second?.position).not.toEqual([10, 10]);
  });

  it('wraps longitudes across the antimeridian and stays within valid latitudes', () => {
    const out = offsetIdenticalCoordinates([at('a', 179.9, 84.9), at('b', 179.9, 84.9), at('c', 179.9, 84.9)]);
    for (const { position } of out) {
      expect(position[0]).toBeGreaterThanOrEqual(-180);
      expect(position[0]).toBeLessThanOrEqual(180);
      expect(Math.abs(position[1])).toBeLessThanOrEqual(85);
    }
  });

  it('is stable: the same input gives the same layout', () => {
    const input = [at('a', 0, 0), at('b', 0, 0), at('c', 0, 0)];
    expect(offsetIdenticalCoordinates(input)).toEqual(offsetIdenticalCoordinates(input));
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
    expect(unwrapRing([[179, 65], [-179, 66], [-178, 64], [179, 65]])).toEqual([[179, 65], [181, 66], [182, 64], [179, 65]]);
  });
  it('leaves ordinary rings alone', () => {
    const ring = [[-10, 50], [2, 51], [1, 43], [-10, 50]];
    expect(unwrapRing(ring)).toEqual(ring);
  });
});
