/**
 * Whom to call when a boat is overdue, by sailing region: the first region
 * whose box holds the position. Every alert also names VHF 16 / DSC, which
 * reaches the nearest rescue centre anywhere.
 */
export interface CoastguardRegion {
  readonly id: string;
  readonly name: string;
  /** west, south, east, north in degrees. */
  readonly box: readonly [number, number, number, number];
  readonly contacts: readonly string[];
}

const VHF = 'At sea: MAYDAY on VHF channel 16 or a DSC distress alert';

export const COASTGUARD_REGIONS: readonly CoastguardRegion[] = [
  { id: 'uk', name: 'United Kingdom', box: [-8.7, 49.9, 2, 61], contacts: ['HM Coastguard: dial 999 or 112 and ask for the Coastguard', VHF] },
  { id: 'ireland', name: 'Ireland', box: [-11, 51.3, -5.9, 55.5], contacts: ['Irish Coast Guard: dial 112 or 999 and ask for the Coast Guard', VHF] },
  { id: 'channel_islands', name: 'Channel Islands', box: [-2.8, 49.1, -2, 49.8], contacts: ['Guernsey or Jersey Coastguard: dial 999 or 112', VHF] },
  { id: 'france', name: 'France (Atlantic and Channel)', box: [-6, 43.3, 3, 51.2], contacts: ['CROSS (French coastguard): dial 196, or 112', VHF] },
  { id: 'benelux', name: 'Netherlands and Belgium', box: [2, 50.8, 7.3, 53.8], contacts: ['Netherlands Coastguard (Kustwacht) or Belgian MRCC: dial 112', VHF] },
  { id: 'scandinavia', name: 'Scandinavia and the Baltic', box: [4, 53.5, 31, 72], contacts: ['Dial 112 and ask for sea rescue (JRCC / MRCC)', VHF] },
  { id: 'canaries_madeira', name: 'Canaries and Madeira', box: [-19, 27, -13, 33.5], contacts: ['Canaries: Salvamento Marítimo 900 202 202; Madeira: 112', VHF] },
  { id: 'iberia', name: 'Spain and Portugal', box: [-10.5, 35.8, 4.5, 43.8], contacts: ['Spain: Salvamento Marítimo 900 202 202; Portugal: 112', VHF] },
  { id: 'greece', name: 'Greece', box: [19, 34.5, 29.7, 41.8], contacts: ['Hellenic Coast Guard: dial 108, or 112', VHF] },
  { id: 'croatia', name: 'Croatia', box: [13, 42, 19.5, 46], contacts: ['Croatian MRCC Rijeka: dial 195, or 112', VHF] },
  { id: 'italy', name: 'Italy', box: [6.5, 36, 18.6, 47], contacts: ['Guardia Costiera: dial 1530, or 112', VHF] },
  { id: 'mediterranean', name: 'Mediterranean', box: [-6, 30, 36.5, 46], contacts: ['Dial 112 and ask for the coastguard', VHF] },
  { id: 'caribbean', name: 'Caribbean', box: [-86, 9, -59, 27], contacts: ['Dial 911 (or the island’s emergency number) and ask for the coastguard', VHF] },
  { id: 'north_america', name: 'North America', box: [-130, 24, -52, 60], contacts: ['US Coast Guard: dial 911; Canada: Joint Rescue Coordination Centre via 911', VHF] },
  { id: 'new_zealand', name: 'New Zealand', box: [165, -48, 179.9, -33], contacts: ['Dial 111 and ask for the Police (maritime search and rescue)', VHF] },
  { id: 'australia', name: 'Australia', box: [112, -44, 154, -10], contacts: ['Dial 000 or 112; AMSA rescue coordination', VHF] },
];

export const OPEN_OCEAN: CoastguardRegion = {
  id: 'open_ocean',
  name: 'Open ocean',
  box: [-180, -90, 180, 90],
  contacts: [
    'The rescue centre (MRCC) responsible for the last known position: any coastguard will connect you',
    VHF,
    'The boat may carry an EPIRB or a satellite tracker: give its last position',
  ],
};

/** The region of a position ([longitude, latitude]); the open ocean when none holds it or there is no position. */
export function coastguardRegionAt(coordinates: readonly [number, number] | null): CoastguardRegion {
  if (!coordinates) return OPEN_OCEAN;
  const [lon, lat] = coordinates;
  return COASTGUARD_REGIONS.find(({ box: [west, south, east, north] }) => lon >= west && lon <= east && lat >= south && lat <= north) ?? OPEN_OCEAN;
}

export const coastguardRegion = (id: string): CoastguardRegion => COASTGUARD_REGIONS.find((region) => region.id === id) ?? OPEN_OCEAN;
