import { describe, expect, it } from '@jest/globals';
import { EARTH_RADIUS_NM, greatCircleNm, projectToBox, routeLegs } from './geo';

describe('great-circle distance', () => {
  it('uses the earth radius of 3440.065 nm: one degree of latitude is 60.04 nm', () => {
    expect(EARTH_RADIUS_NM).toBe(3440.065);
    expect(greatCircleNm([0, 0], [0, 1])).toBeCloseTo(60.04, 2);
  });

  it('measures Portsmouth → Cherbourg at about 70 nm', () => {
    const nm = greatCircleNm([-1.108, 50.787], [-1.62, 49.66]);
    expect(nm).toBeGreaterThan(65);
    expect(nm).toBeLessThan(72);
    expect(Math.round(nm)).toBe(70);
  });

  it('rounds each leg and sums the rounded legs', () => {
    const { legs, totalNm } = routeLegs([
      { name: 'Portsmouth', coordinates: [-1.108, 50.787] },
      { name: 'Cherbourg', coordinates: [-1.62, 49.66] },
      { name: 'St Peter Port', coordinates: [-2.535, 49.455] },
    ]);
    expect(legs.map((leg) => leg.distanceNm)).toEqual([70, 38]);
    expect(totalNm).toBe(108);
    expect(routeLegs([{ name: 'Alone', coordinates: [0, 0] }])).toEqual({ legs: [], totalNm: 0 });
  });
});

describe('projectToBox', () => {
  it('fits the route inside the 400 × 200 canvas with a 20 px margin, north up, shape kept', () => {
    const [a, b] = projectToBox([
      [0, 0],
      [10, 10],
    ]);
    // The 10° span is limited by the height: 160 px for 10°, centred horizontally.
    expect(a).toEqual({ x: 120, y: 180 });
    expect(b).toEqual({ x: 280, y: 20 });
  });

  it('puts a single point in the centre', () => {
    expect(projectToBox([[5, 5]])).toEqual([{ x: 200, y: 100 }]);
  });
});
