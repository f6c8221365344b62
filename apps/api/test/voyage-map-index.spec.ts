import { MAP_RING_SIZE, MAP_RING_STEP_DEGREES } from '@crew/contracts';
import { offsetIdenticalCoordinates, VoyageMapIndex, WORLD } from '../src/modules/voyages/voyage-map-index';

const at = (id: string, lon: number, lat: number) => ({ id, title: `Voyage ${id}`, coordinates: [lon, lat] as const });
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
    const same = Array.from({ length: 1 + MAP_RING_SIZE + 2 }, (_, i) => at(`v${i}`, -1.1, 50.8));
    const out = offsetIdenticalCoordinates(same);
    const origin = [-1.1, 50.8] as const;
    expect(out[0]?.position).toEqual(origin);
    for (const point of out.slice(1, 1 + MAP_RING_SIZE)) expect(distance(point.position, origin)).toBeCloseTo(MAP_RING_STEP_DEGREES, 6);
    for (const point of out.slice(1 + MAP_RING_SIZE)) expect(distance(point.position, origin)).toBeCloseTo(2 * MAP_RING_STEP_DEGREES, 6);
    expect(new Set(out.map((p) => p.position.join(','))).size).toBe(out.length);
  });

  it('wraps longitudes across the antimeridian and stays within valid latitudes', () => {
    const out = offsetIdenticalCoordinates([at('a', 179.9, 84.9), at('b', 179.9, 84.9), at('c', 179.9, 84.9)]);
    for (const { position } of out) {
      expect(Math.abs(position[0])).toBeLessThanOrEqual(180);
      expect(Math.abs(position[1])).toBeLessThanOrEqual(85);
    }
  });
});

describe('VoyageMapIndex', () => {
  // 2,000 voyages around the Solent, 10 in the Caribbean, one in Fiji.
  const solent = Array.from({ length: 2_000 }, (_, i) => at(`s${i}`, -1.3 + (i % 40) * 0.01, 50.7 + Math.floor(i / 40) * 0.01));
  const caribbean = Array.from({ length: 10 }, (_, i) => at(`c${i}`, -61.7 + i * 0.05, 17.0));
  const fiji = [at('fiji', 178.4, -18.1)];

  it('answers a world view with a few clusters that count every voyage', async () => {
    const index = await VoyageMapIndex.build([...solent, ...caribbean, ...fiji]);
    const view = index.view(WORLD, 2);
    expect(view.total).toBe(2_011);
    expect(view.clusters.length + view.points.length).toBeLessThanOrEqual(3);
    expect(view.clusters.reduce((sum, c) => sum + c.count, 0) + view.points.length).toBe(2_011);
    // Fiji on its own is a marker with what it needs to open its popup.
    expect(view.points).toEqual([{ id: 'fiji', title: 'Voyage fiji', coordinates: [178.4, -18.1], color: expect.stringMatching(/^#[0-9a-f]{6}$/) }]);
    for (const cluster of view.clusters) expect(cluster.expansion_zoom).toBeGreaterThan(2);
  });

  it('draws only what the view shows, across the antimeridian too', async () => {
    const index = await VoyageMapIndex.build([...solent, ...caribbean, ...fiji]);
    const caribbeanView = index.view([-70, 10, -55, 25], 12);
    expect(caribbeanView.points.map((p) => p.id).sort()).toEqual(caribbean.map((c) => c.id).sort());
    expect(caribbeanView.clusters).toEqual([]);
    const pacific = index.view([170, -30, -170, 0], 5);
    expect(pacific.points.map((p) => p.id)).toEqual(['fiji']);
  });

  it('splits a cluster at its expansion zoom', async () => {
    const index = await VoyageMapIndex.build(caribbean);
    const [cluster] = index.view(WORLD, 3).clusters;
    expect(cluster?.count).toBe(10);
    const zoomed = index.view(WORLD, cluster?.expansion_zoom ?? 0);
    expect(zoomed.clusters.every((c) => c.count < 10)).toBe(true);
  });
});
