import type { PortStop, Segment } from '@crew/domain';
import { SAILING_REGIONS } from './sailing-regions';
import { placesOf, type CountryOf, type StopCountry } from './voyage-places';

const stop = (name: string, lon: number, lat: number, portId: string | null = null): PortStop => ({ name, portId, coordinates: [lon, lat] });
const legs = (...stops: PortStop[]): Segment[] =>
  stops.slice(1).map((arrival, i) => ({
    order: i + 1,
    departure: stops[i]!,
    arrival,
    distanceNm: 0,
    distanceManualOverride: false,
    crewNeeded: 2,
    estimatedDurationHours: null,
    estimatedDepartureDate: null,
    estimatedArrivalDate: null,
    crossesLand: false,
  }));
/** Countries as the ports table would give them, by stop name. */
const countries =
  (known: Record<string, StopCountry>): CountryOf =>
  (s) =>
    known[s.name] ?? null;
const places = (segments: Segment[], known: Record<string, StopCountry> = {}): string[] => placesOf(segments, countries(known)).split(', ');

const HR = { code: 'HR', name: 'Croatia' };
const GR = { code: 'GR', name: 'Greece' };
const TR = { code: 'TR', name: 'Türkiye' };

describe('the places a route passes', () => {
  it('names every port, its country with the names sailors use, and the sea, coast and islands it lies in', () => {
    const route = legs(stop('Split', 16.44, 43.5, 'hrspu'), stop('Hvar', 16.44, 43.17), stop('Dubrovnik', 18.09, 42.66));
    expect(places(route, { Split: HR, Hvar: HR, Dubrovnik: HR })).toEqual([
      'Split',
      'Hvar',
      'Dubrovnik',
      'Croatia',
      'Hrvatska',
      'Mediterranean',
      'Mediterranean Sea',
      'The Med',
      'Adriatic',
      'Adriatic Sea',
      'Dalmatia',
      'Dalmatian Coast',
      'Dalmatian Islands',
    ]);
  });

  it('takes the Grenadines and the Windward Islands from a Grenada voyage, and a middle stop counts as much as the ends', () => {
    const grenada = { code: 'GD', name: 'Grenada' };
    const route = legs(stop('Prickly Bay', -61.763, 12.003), stop('Tyrrel Bay (Carriacou)', -61.49, 12.457), stop("Saint George's", -61.75, 12.05));
    expect(places(route, { 'Prickly Bay': grenada, 'Tyrrel Bay (Carriacou)': grenada, "Saint George's": grenada })).toEqual(
      expect.arrayContaining(['Grenada', 'Caribbean', 'West Indies', 'Lesser Antilles', 'Windward Islands', 'Grenadines']),
    );
    // Grenada alone is Windward, not a Grenadine.
    expect(places(legs(stop('Prickly Bay', -61.763, 12.003), stop("Saint George's", -61.75, 12.05)), { 'Prickly Bay': grenada })).not.toContain('Grenadines');
  });

  it('keeps an island group to its country when the port’s country is known, and goes by position alone when it is not', () => {
    const bodrumToKos = legs(stop('Bodrum', 27.42, 37.03), stop('Kos', 27.29, 36.89));
    expect(places(bodrumToKos, { Bodrum: TR, Kos: GR })).toEqual(expect.arrayContaining(['Dodecanese', 'Greek Islands', 'Aegean', 'Mediterranean']));
    expect(places(legs(stop('Bodrum', 27.42, 37.03), stop('Turgutreis', 27.25, 37.0)), { Bodrum: TR, Turgutreis: TR })).not.toContain('Dodecanese');
    // A point dropped on the map far from any port: no country, its region still counts.
    expect(places(legs(stop('Anchorage off Naxos', 25.4, 37.1), stop('Paros bay', 25.2, 37.1)))).toEqual(expect.arrayContaining(['Cyclades', 'Greek Islands', 'Aegean']));
  });

  it('counts an ocean a long leg crosses, and names the crossing', () => {
    const arc = legs(stop('Las Palmas de Gran Canaria', -15.415, 28.129), stop('Rodney Bay', -60.95, 14.08));
    expect(places(arc)).toEqual(expect.arrayContaining(['Canary Islands', 'Atlantic', 'Caribbean', 'Atlantic Crossing', 'Transatlantic']));
    // A coastal hop is no crossing, and a sea between two harbours of another counts only for open water.
    const hop = places(legs(stop('Lymington', -1.5443, 50.7577), stop('Cherbourg', -1.6164, 49.6398), stop('Saint Peter Port', -2.5353, 49.4598)));
    expect(hop).toEqual(expect.arrayContaining(['English Channel', 'Channel Islands', 'Solent']));
    expect(hop).not.toContain('Atlantic Crossing');
    expect(hop).not.toContain('Atlantic');
    // Across Biscay: the bay lies only under the line of the leg.
    expect(places(legs(stop('Falmouth', -5.0663, 50.1526), stop('A Coruña', -8.39, 43.37)))).toEqual(expect.arrayContaining(['Bay of Biscay', 'Atlantic', 'Galicia']));
  });

  it('crosses the antimeridian and leaves placeholders of custom voyages out', () => {
    expect(places(legs(stop('Suva', 178.44, -18.14), stop('Apia', -171.76, -13.83)))).toEqual(expect.arrayContaining(['Pacific', 'South Pacific', 'Polynesia']));
    const custom = legs({ name: 'Unknown Departure', portId: null, coordinates: null }, { name: 'Unknown Destination', portId: null, coordinates: null });
    expect(placesOf(custom, () => null)).toBe('');
  });

  it('names only regions that exist, each once, and every region can be found', () => {
    const names = SAILING_REGIONS.map((region) => region.name);
    expect(new Set(names).size).toBe(names.length);
    for (const region of SAILING_REGIONS) {
      for (const parent of region.within ?? []) expect([region.name, names.includes(parent)]).toEqual([region.name, true]);
      expect([region.name, (region.areas ?? []).length > 0 || (region.countries ?? []).length > 0 || SAILING_REGIONS.some((r) => r.within?.includes(region.name))]).toEqual([
        region.name,
        true,
      ]);
    }
  });
});
