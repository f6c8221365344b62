import { COASTGUARD_REGIONS, OPEN_OCEAN, coastguardRegion, coastguardRegionAt, type CoastguardRegion } from './voyage.safety';

describe('coastguard regions', () => {
  it.each([
    [[-1.3, 50.76], 'uk', 'United Kingdom'],
    [[-9.05, 53.27], 'ireland', 'Ireland'],
    [[-2.54, 49.45], 'channel_islands', 'Channel Islands'],
    [[-4.49, 48.39], 'france', 'France (Atlantic and Channel)'],
    [[4.48, 51.92], 'benelux', 'Netherlands and Belgium'],
    [[11.97, 57.71], 'scandinavia', 'Scandinavia and the Baltic'],
    [[-15.41, 28.13], 'canaries_madeira', 'Canaries and Madeira'],
    [[-9.14, 38.72], 'iberia', 'Spain and Portugal'],
    [[23.64, 37.94], 'greece', 'Greece'],
    [[16.44, 43.51], 'croatia', 'Croatia'],
    [[14.27, 40.84], 'italy', 'Italy'],
    [[14.51, 35.9], 'mediterranean', 'Mediterranean'],
    [[-61.75, 12.05], 'caribbean', 'Caribbean'],
    [[-71.06, 42.36], 'north_america', 'North America'],
    [[174.76, -36.85], 'new_zealand', 'New Zealand'],
    [[151.21, -33.86], 'australia', 'Australia'],
    [[-40, 30], 'open_ocean', 'Open ocean'],
  ] as const)('a boat at %j is in %s (%s)', (position, id, name) => {
    expect(coastguardRegionAt(position)).toMatchObject({ id, name });
    expect(coastguardRegion(id)).toBe(coastguardRegionAt(position));
  });

  it('holds the edges of a region’s box', () => {
    const [west, south, east, north] = COASTGUARD_REGIONS[0]!.box;
    expect([coastguardRegionAt([west, south]).id, coastguardRegionAt([east, north]).id]).toEqual(['uk', 'uk']);
    expect([coastguardRegionAt([west - 0.01, 55]).id, coastguardRegionAt([-5, north + 0.01]).id]).toEqual(['ireland', 'open_ocean']);
  });

  it.each([
    ['off Agadir, east of the Canaries', [-9.6, 30.4]],
    ['off the Cape Verde islands, east of the Caribbean', [-23.5, 15]],
    ['off Fiji, north of New Zealand', [178.4, -18.1]],
    ['off Bali, north of Australia', [115.2, -8.7]],
  ] as const)('calls a boat %s in the open ocean', (_label, position) => {
    expect(coastguardRegionAt(position).id).toBe('open_ocean');
  });

  it('puts the Moroccan shore of the Alboran Sea, west of Spain’s box, in the Mediterranean', () => {
    expect(coastguardRegionAt([-3.93, 35.25]).id).toBe('mediterranean');
  });

  it('names a region whose box holds the position, the open ocean holding all of them', () => {
    const holds = ({ box: [west, south, east, north] }: CoastguardRegion, [lon, lat]: readonly [number, number]): boolean =>
      lon >= west && lon <= east && lat >= south && lat <= north;
    const positions: [number, number][] = [
      [-180, -90],
      [180, 90],
      [-40, 30],
      [0, 0],
      [-1.3, 50.76],
      [174.76, -36.85],
    ];
    for (const position of positions) {
      expect(holds(coastguardRegionAt(position), position)).toBe(true);
      expect(holds(OPEN_OCEAN, position)).toBe(true);
    }
  });

  it('is the open ocean without a position or for an unknown region', () => {
    expect(coastguardRegionAt(null)).toBe(OPEN_OCEAN);
    expect(coastguardRegion('atlantis')).toBe(OPEN_OCEAN);
  });

  it('names, in every region, whom to call ashore and the VHF distress call at sea', () => {
    for (const region of [...COASTGUARD_REGIONS, OPEN_OCEAN]) {
      expect(region.name).not.toBe('');
      expect(region.contacts.length).toBeGreaterThanOrEqual(2);
      expect(region.contacts).toContain('At sea: MAYDAY on VHF channel 16 or a DSC distress alert');
      for (const contact of region.contacts) expect(contact.length).toBeGreaterThan(20);
    }
    expect(OPEN_OCEAN.contacts).toHaveLength(3);
    expect(new Set(COASTGUARD_REGIONS.map((region) => region.id)).size).toBe(COASTGUARD_REGIONS.length);
  });

  it('gives the emergency number of the country', () => {
    const dial = (id: string): string => coastguardRegion(id).contacts[0]!;
    expect(dial('uk')).toMatch(/HM Coastguard.*999/);
    expect(dial('france')).toMatch(/CROSS.*196/);
    expect(dial('greece')).toMatch(/108/);
    expect(dial('croatia')).toMatch(/195/);
    expect(dial('italy')).toMatch(/1530/);
    expect(dial('caribbean')).toMatch(/911/);
    expect(dial('new_zealand')).toMatch(/111/);
    expect(dial('australia')).toMatch(/000/);
  });
});
