/*
 * The demo's voyages: real cruising routes between real harbours, in the
 * season sailors sail them. Harbours are looked up in the ports table by name
 * (its own, another of its names, or its town's) and country near the position
 * given here; one the table lacks becomes a point dropped on the map, as a
 * skipper would do.
 */

export interface Harbour {
  /** As sailors call it; the first name is shown if the ports table has no match. */
  readonly names: readonly string[];
  readonly country: string;
  readonly latitude: number;
  readonly longitude: number;
}

const h = (names: string | readonly string[], country: string, latitude: number, longitude: number): Harbour => ({
  names: typeof names === 'string' ? [names] : names,
  country,
  latitude,
  longitude,
});

export const HARBOURS = {
  lymington: h('Lymington', 'GB', 50.7577, -1.5443),
  cowes: h('Cowes', 'GB', 50.7631, -1.2977),
  yarmouth: h('Yarmouth', 'GB', 50.7053, -1.4993),
  weymouth: h('Weymouth', 'GB', 50.6082, -2.4539),
  dartmouth: h('Dartmouth', 'GB', 50.3522, -3.5794),
  salcombe: h('Salcombe', 'GB', 50.2374, -3.7687),
  falmouth: h('Falmouth', 'GB', 50.1526, -5.0663),
  cherbourg: h('Cherbourg', 'FR', 49.6398, -1.6164),
  alderney: h(['Braye', 'St Anne', 'Alderney'], 'GG', 49.7237, -2.1997),
  stPeterPort: h('Saint Peter Port', 'GG', 49.4598, -2.5353),
  stHelier: h('Saint Helier', 'JE', 49.188, -2.1049),
  roscoff: h('Roscoff', 'FR', 48.7238, -3.9871),
  camaret: h('Camaret-sur-Mer', 'FR', 48.275, -4.5962),
  concarneau: h('Concarneau', 'FR', 47.875, -3.9225),
  lorient: h('Lorient', 'FR', 47.7483, -3.3702),
  lePalais: h('Le Palais', 'FR', 47.3459, -3.1549),
  laTrinite: h('La Trinité-sur-Mer', 'FR', 47.5868, -3.0299),
  laRochelle: h('La Rochelle', 'FR', 46.1603, -1.1511),
  coruna: h(['A Coruña', 'La Coruña (A Coruña)', 'La Coruña'], 'ES', 43.37, -8.39),
  baiona: h('Baiona', 'ES', 42.1167, -8.85),
  lisbon: h(['Lisbon', 'Lisboa'], 'PT', 38.705, -9.14),
  funchal: h('Funchal', 'PT', 32.6457, -16.9155),
  lasPalmas: h('Las Palmas de Gran Canaria', 'ES', 28.129, -15.415),
  horta: h('Horta', 'PT', 38.53, -28.63),
  pontaDelgada: h('Ponta Delgada', 'PT', 37.737, -25.665),
  crosshaven: h('Crosshaven', 'IE', 51.7983, -8.3008),
  rodneyBay: h(['Rodney Bay', 'Gros Islet'], 'LC', 14.0763, -60.9495),
  leMarin: h('Le Marin', 'MQ', 14.4716, -60.8699),
  bequia: h(['Port Elizabeth', 'Bequia'], 'VC', 13.011, -61.2355),
  unionIsland: h(['Clifton', 'Union Island'], 'VC', 12.5958, -61.4128),
  carriacou: h(['Hillsborough', 'Carriacou'], 'GD', 12.4829, -61.456),
  stGeorges: h("Saint George's", 'GD', 12.0535, -61.7513),
  antigua: h(['English Harbour', 'Falmouth Harbour', 'Falmouth'], 'AG', 17.0074, -61.7627),
  lavrio: h(['Lavrio', 'Lávrio'], 'GR', 37.7144, 24.0565),
  alimos: h(['Alimos', 'Álimos'], 'GR', 37.9103, 23.7236),
  kea: h(['Korissia', 'Kea'], 'GR', 37.6593, 24.3152),
  syros: h(['Ermoupoli', 'Ermoúpolis', 'Syros'], 'GR', 37.4429, 24.9427),
  mykonos: h('Mykonos', 'GR', 37.4453, 25.3287),
  paros: h(['Naoussa', 'Náousa'], 'GR', 37.1232, 25.2365),
  naxos: h(['Naxos', 'Náxos'], 'GR', 37.1056, 25.3764),
  lefkada: h(['Lefkada', 'Lefkáda'], 'GR', 38.8304, 20.7044),
  fiskardo: h(['Fiskardo', 'Fiskárdo'], 'GR', 38.4598, 20.5772),
  preveza: h(['Preveza', 'Préveza'], 'GR', 38.9562, 20.7505),
  corfu: h(['Corfu', 'Kerkyra'], 'GR', 39.6244, 19.9202),
  split: h('Split', 'HR', 43.5031, 16.4392),
  hvar: h('Hvar', 'HR', 43.1725, 16.4428),
  vis: h('Vis', 'HR', 43.0619, 16.1831),
  korcula: h(['Korčula', 'Korcula'], 'HR', 42.9604, 17.1353),
  dubrovnik: h('Dubrovnik', 'HR', 42.6584, 18.0857),
  trogir: h('Trogir', 'HR', 43.5125, 16.2517),
  starigrad: h('Stari Grad', 'HR', 43.1847, 16.5953),
  sibenik: h(['Šibenik', 'Sibenik'], 'HR', 43.7348, 15.8895),
  zadar: h('Zadar', 'HR', 44.1158, 15.2251),
  palma: h('Palma', 'ES', 39.5666, 2.6376),
  calaDor: h(["Cala d'Or"], 'ES', 39.3721, 3.2329),
  mahon: h(['Mahón', 'Maó', 'Mahón, Menorca'], 'ES', 39.8885, 4.2651),
  ciutadella: h('Ciutadella', 'ES', 40.0011, 3.8414),
  alcudia: h(['Alcúdia', 'Port d’Alcúdia'], 'ES', 39.8393, 3.1375),
  ibiza: h(['Ibiza', 'Eivissa'], 'ES', 38.9107, 1.4381),
  formentera: h(['La Savina', 'Sant Francesc de Formentera'], 'ES', 38.7345, 1.4156),
  soller: h('Port de Sóller', 'ES', 39.7976, 2.6964),
  stockholm: h('Stockholm', 'SE', 59.3245, 18.0804),
  sandhamn: h('Sandhamn', 'SE', 59.2884, 18.9116),
  mariehamn: h('Mariehamn', 'AX', 60.0973, 19.9348),
  helsinki: h(['Helsinki', 'Helsingfors (Helsinki)'], 'FI', 60.1653, 24.956),
  tallinn: h('Tallinn', 'EE', 59.4452, 24.7652),
  visby: h('Visby', 'SE', 57.6409, 18.296),
  kiel: h('Kiel', 'DE', 54.3233, 10.1394),
  marstal: h('Marstal', 'DK', 54.8562, 10.5173),
  aeroskobing: h(['Ærøskøbing'], 'DK', 54.888, 10.4112),
  copenhagen: h('Copenhagen', 'DK', 55.6894, 12.5997),
  bodo: h(['Bodø', 'Bodo'], 'NO', 67.2833, 14.3795),
  reine: h('Reine', 'NO', 67.9325, 13.0896),
  svolvaer: h(['Svolvær', 'Svolvaer'], 'NO', 68.2342, 14.5683),
  bergen: h('Bergen', 'NO', 60.3966, 5.3213),
  floro: h(['Florø', 'Floro'], 'NO', 61.5996, 5.0328),
  alesund: h(['Ålesund', 'Alesund'], 'NO', 62.4727, 6.1549),
  kristiansand: h('Kristiansand', 'NO', 58.1413, 7.9957),
  arendal: h('Arendal', 'NO', 58.4615, 8.7725),
  oban: h('Oban', 'GB', 56.4154, -5.4718),
  tobermory: h('Tobermory', 'GB', 56.622, -6.0723),
  coll: h(['Arinagour', 'Coll'], 'GB', 56.6174, -6.5218),
  mallaig: h('Mallaig', 'GB', 57.0059, -5.8283),
  portree: h('Portree', 'GB', 57.4129, -6.1942),
  stornoway: h('Stornoway', 'GB', 58.2093, -6.3865),
  balboa: h(['Balboa', 'La Playita'], 'PA', 8.9129, -79.5238),
  sanCristobal: h('Puerto Baquerizo Moreno', 'EC', -0.9017, -89.6102),
  hivaOa: h(['Atuona', 'Hiva Oa'], 'PF', -9.8034, -139.042),
  nukuHiva: h(['Taiohae', 'Nuku Hiva'], 'PF', -8.9109, -140.0997),
  papeete: h('Papeete', 'PF', -17.5363, -149.5665),
  opua: h('Opua', 'NZ', -35.3137, 174.1215),
  russell: h('Russell', 'NZ', -35.2619, 174.1223),
  paihia: h('Paihia', 'NZ', -35.2807, 174.091),
  tutukaka: h('Tutukaka', 'NZ', -35.6108, 174.5295),
  whangarei: h('Whangarei', 'NZ', -35.7317, 174.3239),
  auckland: h('Auckland', 'NZ', -36.8428, 174.7559),
} as const;

export type HarbourKey = keyof typeof HARBOURS;

/** When a demo voyage sails, relative to today: its season's next start, or days ago for voyages under way or done. */
export type DemoTiming =
  | { readonly kind: 'season'; readonly month: number; readonly day: number }
  | { readonly kind: 'past'; readonly daysAgo: number; readonly status: 'completed' | 'in_progress' };

export interface DemoVoyage {
  readonly skipper: string;
  readonly boat: string;
  readonly title: string;
  readonly description: string;
  readonly route: readonly HarbourKey[];
  readonly timing: DemoTiming;
  /** Days in port between legs (default 2: a cruise); 1 for a delivery, 0 for a passage sailed straight through. */
  readonly layover?: number;
  readonly crewNeeded: number;
  readonly contribution: { readonly type: 'free' | 'shared_costs' | 'paid'; readonly amount?: number; readonly currency: 'GBP' | 'EUR' | 'USD'; readonly details?: string };
  readonly minExperience: 'beginner' | 'intermediate' | 'advanced' | 'expert';
  readonly skills: readonly string[];
  /** How many crew apply (the seed spreads them over every application state). */
  readonly applicants: number;
  /** The skipper accepts crew until no berth is left. */
  readonly fill?: boolean;
  /** Left in planning rather than recruiting. */
  readonly planning?: boolean;
}

const season = (month: number, day: number): DemoTiming => ({ kind: 'season', month, day });
const past = (daysAgo: number, status: 'completed' | 'in_progress'): DemoTiming => ({ kind: 'past', daysAgo, status });

export const DEMO_VOYAGES: readonly DemoVoyage[] = [
  {
    skipper: 'helen', boat: 'helen-boat', title: 'Solent to the Channel Islands',
    description: 'A classic early-summer cruise: across to Cherbourg, the Alderney Race at slack water, then Guernsey and Jersey. Tidal planning every day, fresh crab every evening.',
    route: ['lymington', 'cherbourg', 'alderney', 'stPeterPort', 'stHelier'], timing: season(6, 7), crewNeeded: 3,
    contribution: { type: 'shared_costs', amount: 180, currency: 'GBP', details: 'Food, fuel and harbour dues shared' },
    minExperience: 'intermediate', skills: ['Tidal Planning', 'Night Watches', 'Helm/Steering'], applicants: 5,
  },
  {
    skipper: 'helen', boat: 'helen-boat', title: 'Solent weekend: Cowes and Yarmouth',
    description: 'A gentle first weekend aboard: a sail across to Cowes, lunch at anchor off Newtown Creek and a night in Yarmouth. Perfect for newcomers.',
    route: ['lymington', 'cowes', 'yarmouth'], timing: season(5, 16), layover: 0, crewNeeded: 2,
    contribution: { type: 'free', currency: 'GBP' }, minExperience: 'beginner', skills: ['Line Handling', 'Knot Tying'], applicants: 4,
  },
  {
    skipper: 'helen', boat: 'helen-boat', title: 'Night passage training to the West Country',
    description: 'Lymington to Dartmouth overnight, with a proper watch system, then Salcombe. For crew who want their first night at sea with an instructor aboard.',
    route: ['lymington', 'weymouth', 'dartmouth', 'salcombe'], timing: season(9, 5), layover: 1, crewNeeded: 3,
    contribution: { type: 'paid', amount: 450, currency: 'GBP', details: 'RYA mileage and instruction included' },
    minExperience: 'beginner', skills: ['Night Watches', 'Navigation', 'Collision Avoidance'], applicants: 3,
  },
  {
    skipper: 'yann', boat: 'yann-boat', title: 'Glénan, Lorient and Belle-Île',
    description: "South Brittany at its best: Concarneau to Lorient's sailing city, across to Le Palais on Belle-Île and into La Trinité. Fast sailing on a Pogo, swims in turquoise water.",
    route: ['concarneau', 'lorient', 'lePalais', 'laTrinite'], timing: season(7, 12), crewNeeded: 3,
    contribution: { type: 'shared_costs', amount: 220, currency: 'EUR', details: 'Food and marina fees' },
    minExperience: 'intermediate', skills: ['Sail Trim', 'Spinnaker Handling', 'Helm/Steering'], applicants: 4, fill: true,
  },
  {
    skipper: 'yann', boat: 'yann-boat', title: 'Through the Iroise Sea: Roscoff to Concarneau',
    description: 'The Chenal du Four and the Raz de Sein with the tide under us. Rocks, lighthouses and some of the strongest streams in Europe: an education in tidal pilotage.',
    route: ['roscoff', 'camaret', 'concarneau'], timing: season(8, 20), crewNeeded: 2,
    contribution: { type: 'shared_costs', amount: 150, currency: 'EUR' }, minExperience: 'advanced', skills: ['Tidal Planning', 'Chart Plotting'], applicants: 3,
  },
  {
    skipper: 'yann', boat: 'yann-boat', title: 'Biscay crossing to Galicia',
    description: 'Three days across the Bay of Biscay to A Coruña, then down the Rías to Baiona. Dolphins guaranteed, swell likely.',
    route: ['concarneau', 'coruna', 'baiona'], timing: season(9, 14), layover: 2, crewNeeded: 3,
    contribution: { type: 'shared_costs', amount: 300, currency: 'EUR' }, minExperience: 'advanced', skills: ['Night Watches', 'Heavy Weather Sailing', 'Offshore Passages'], applicants: 4,
  },
  {
    skipper: 'tom', boat: 'tom-boat', title: 'Falmouth to Lisbon delivery',
    description: 'Taking Fastnet Light south for the winter: across Biscay to A Coruña, down the Galician coast and on to Lisbon. Offshore watches, steady trades at the end.',
    route: ['falmouth', 'coruna', 'baiona', 'lisbon'], timing: season(9, 22), layover: 1, crewNeeded: 3,
    contribution: { type: 'shared_costs', amount: 350, currency: 'GBP', details: 'Food and fuel; flights home your own' },
    minExperience: 'intermediate', skills: ['Night Watches', 'Offshore Passages', 'Helm/Steering'], applicants: 5,
  },
  {
    skipper: 'tom', boat: 'tom-boat', title: 'Lisbon to the Canaries via Madeira',
    description: 'Two ocean legs in the Portuguese trades: five hundred miles to Funchal, a few days ashore, then on to Gran Canaria in time for the ARC.',
    route: ['lisbon', 'funchal', 'lasPalmas'], timing: season(10, 18), layover: 3, crewNeeded: 3,
    contribution: { type: 'shared_costs', amount: 400, currency: 'GBP' }, minExperience: 'intermediate', skills: ['Offshore Passages', 'Night Watches', 'Cooking'], applicants: 4,
  },
  {
    skipper: 'tom', boat: 'tom-boat', title: 'ARC: Gran Canaria to Saint Lucia',
    description: 'The Atlantic Rally for Cruisers: 2,700 miles of trade-wind sailing to Rodney Bay. Twin headsails, a fishing line astern and a rum punch at the finish.',
    route: ['lasPalmas', 'rodneyBay'], timing: season(11, 23), layover: 0, crewNeeded: 4,
    contribution: { type: 'shared_costs', amount: 950, currency: 'GBP', details: 'Food, fuel, rally fee share and safety kit' },
    minExperience: 'advanced', skills: ['Ocean Crossing', 'Night Watches', 'Sail Trim', 'Cooking'], applicants: 6,
  },
  {
    skipper: 'tom', boat: 'tom-boat', title: 'Atlantic return: Antigua to the Azores',
    description: 'The spring crossing east after Antigua Sailing Week: 2,200 miles to Horta, a painted wall on the mole, then São Miguel.',
    route: ['antigua', 'horta', 'pontaDelgada'], timing: season(5, 10), layover: 3, crewNeeded: 3,
    contribution: { type: 'shared_costs', amount: 800, currency: 'USD' }, minExperience: 'expert', skills: ['Ocean Crossing', 'Weather Routing', 'Heavy Weather Sailing'], applicants: 3,
  },
  {
    skipper: 'grace', boat: 'grace-cat', title: 'Windward Islands: Martinique to Grenada',
    description: 'Ten days down the island chain: Le Marin, Rodney Bay, Bequia, the Tobago Cays from Union Island, Carriacou and Grenada. Short reaches in the trades and snorkelling every day.',
    route: ['leMarin', 'rodneyBay', 'bequia', 'unionIsland', 'carriacou', 'stGeorges'], timing: season(1, 18), crewNeeded: 4,
    contribution: { type: 'shared_costs', amount: 650, currency: 'USD', details: 'Food, fuel, park fees' },
    minExperience: 'beginner', skills: ['Anchoring', 'Dinghy Handling', 'Cooking'], applicants: 6, fill: true,
  },
  {
    skipper: 'grace', boat: 'grace-cat', title: 'Grenadines week from Bequia',
    description: 'A slow week in the Grenadines: Bequia, Union Island and Carriacou with plenty of time at anchor. Great for a first week on a catamaran.',
    route: ['bequia', 'unionIsland', 'carriacou'], timing: season(2, 21), layover: 3, crewNeeded: 4,
    contribution: { type: 'paid', amount: 1400, currency: 'USD', details: 'Cabin, food and park fees included' },
    minExperience: 'beginner', skills: ['Anchoring', 'Photography'], applicants: 3,
  },
  {
    skipper: 'grace', boat: 'grace-cat', title: 'Up the islands to Antigua Sailing Week',
    description: 'From Grenada to English Harbour in time for Sailing Week, stopping in Martinique. Overnight passages between the islands.',
    route: ['stGeorges', 'leMarin', 'antigua'], timing: season(4, 12), layover: 2, crewNeeded: 3,
    contribution: { type: 'shared_costs', amount: 300, currency: 'USD' }, minExperience: 'intermediate', skills: ['Night Watches', 'Helm/Steering'], applicants: 3,
  },
  {
    skipper: 'nikos', boat: 'nikos-boat', title: 'Cyclades in the meltemi',
    description: 'Lavrio to Kea, Syros, Mykonos, Paros and Naxos, timed around the meltemi: early starts, short hops and long lunches in quiet bays.',
    route: ['lavrio', 'kea', 'syros', 'mykonos', 'paros', 'naxos'], timing: season(7, 4), crewNeeded: 4,
    contribution: { type: 'shared_costs', amount: 350, currency: 'EUR', details: 'Food, fuel and harbour dues' },
    minExperience: 'intermediate', skills: ['Reefing', 'Anchoring', 'Mooring'], applicants: 6,
  },
  {
    skipper: 'nikos', boat: 'nikos-boat', title: 'Ionian islands: Lefkada to Corfu',
    description: 'The gentle side of Greece: Fiskardo on Kefalonia, the channel at Preveza and north to Corfu. Flat water, afternoon breezes, tavernas on the quay.',
    route: ['lefkada', 'fiskardo', 'preveza', 'corfu'], timing: season(9, 19), crewNeeded: 4,
    contribution: { type: 'shared_costs', amount: 280, currency: 'EUR' }, minExperience: 'beginner', skills: ['Mooring', 'Line Handling'], applicants: 4,
  },
  {
    skipper: 'nikos', boat: 'nikos-boat', title: 'Saronic shakedown before the season',
    description: 'A long weekend from Alimos round Cape Sounion to Lavrio and Kea, getting the boat and crew ready for summer.',
    route: ['alimos', 'lavrio', 'kea'], timing: season(5, 2), layover: 1, crewNeeded: 3,
    contribution: { type: 'free', currency: 'EUR' }, minExperience: 'beginner', skills: ['Line Handling'], applicants: 2, planning: true,
  },
  {
    skipper: 'marta', boat: 'marta-boat', title: 'Dalmatian islands: Split to Dubrovnik',
    description: 'Hvar, Vis, Korčula and Dubrovnik: stone towns, konobas with mooring buoys and swim stops in every cove. A week of the Adriatic at its best.',
    route: ['split', 'hvar', 'vis', 'korcula', 'dubrovnik'], timing: season(6, 14), crewNeeded: 5,
    contribution: { type: 'shared_costs', amount: 300, currency: 'EUR', details: 'Food, fuel, marinas and buoys' },
    minExperience: 'beginner', skills: ['Mooring', 'Anchoring', 'Cooking'], applicants: 6,
  },
  {
    skipper: 'marta', boat: 'marta-boat', title: 'Šibenik and Zadar in September',
    description: 'North from Trogir to Šibenik and Zadar as the crowds leave: warm water, quiet anchorages and the sea organ at sunset.',
    route: ['trogir', 'sibenik', 'zadar'], timing: season(9, 12), crewNeeded: 4,
    contribution: { type: 'shared_costs', amount: 260, currency: 'EUR' }, minExperience: 'beginner', skills: ['Anchoring', 'Docking'], applicants: 3,
  },
  {
    skipper: 'marta', boat: 'marta-boat', title: 'Spring sailing school around Hvar',
    description: 'Five days of skills: mooring stern-to, anchoring, reefing and a night sail to Stari Grad. For crew who want to build confidence before summer.',
    route: ['split', 'starigrad', 'hvar', 'split'], timing: season(5, 11), layover: 1, crewNeeded: 5,
    contribution: { type: 'paid', amount: 690, currency: 'EUR', details: 'Instruction, cabin and food' },
    minExperience: 'beginner', skills: ['Docking', 'Reefing', 'Knot Tying'], applicants: 4,
  },
  {
    skipper: 'rafael', boat: 'rafael-cat', title: 'Mallorca to Menorca by night',
    description: "Down Mallorca's east coast to Cala d'Or, a night crossing to Mahón, then round to Ciutadella and back across to Alcúdia.",
    route: ['palma', 'calaDor', 'mahon', 'ciutadella', 'alcudia'], timing: season(6, 21), crewNeeded: 5,
    contribution: { type: 'shared_costs', amount: 320, currency: 'EUR' }, minExperience: 'beginner', skills: ['Night Watches', 'Anchoring', 'Cooking'], applicants: 5,
  },
  {
    skipper: 'rafael', boat: 'rafael-cat', title: 'Ibiza and Formentera calas',
    description: 'Across to Ibiza, then a few days in the turquoise calas of Formentera. Paddleboards, snorkelling and a long sail back to Palma.',
    route: ['palma', 'ibiza', 'formentera', 'palma'], timing: season(8, 9), crewNeeded: 6,
    contribution: { type: 'shared_costs', amount: 380, currency: 'EUR' }, minExperience: 'beginner', skills: ['Anchoring', 'Dinghy Handling'], applicants: 4,
  },
  {
    skipper: 'rafael', boat: 'rafael-cat', title: 'Tramuntana coast to Sóller',
    description: 'The wild north-west coast of Mallorca: round Dragonera and up under the Serra de Tramuntana to the horseshoe bay of Sóller.',
    route: ['palma', 'soller'], timing: season(10, 4), crewNeeded: 4,
    contribution: { type: 'free', currency: 'EUR' }, minExperience: 'beginner', skills: ['Helm/Steering'], applicants: 2,
  },
  {
    skipper: 'anna', boat: 'anna-boat', title: 'Stockholm archipelago to Åland',
    description: 'Out through the skerries to Sandhamn, across the Sea of Åland to Mariehamn and on to Helsinki. Long light evenings and swims off granite rocks.',
    route: ['stockholm', 'sandhamn', 'mariehamn', 'helsinki'], timing: season(7, 6), crewNeeded: 3,
    contribution: { type: 'shared_costs', amount: 260, currency: 'EUR', details: 'Food and harbour fees' },
    minExperience: 'beginner', skills: ['Anchoring', 'Mooring', 'Navigation'], applicants: 4,
  },
  {
    skipper: 'anna', boat: 'anna-boat', title: 'Gotland and across to Tallinn',
    description: 'An overnight crossing to Visby for Medieval Week, then the open Baltic to Tallinn’s old town.',
    route: ['stockholm', 'visby', 'tallinn'], timing: season(8, 3), layover: 2, crewNeeded: 3,
    contribution: { type: 'shared_costs', amount: 240, currency: 'EUR' }, minExperience: 'intermediate', skills: ['Night Watches', 'Navigation'], applicants: 3,
  },
  {
    skipper: 'anna', boat: 'anna-boat', title: 'Danish South Sea to Copenhagen',
    description: 'From Kiel through the little islands of the South Funen archipelago, Marstal and Ærøskøbing, then up to Copenhagen.',
    route: ['kiel', 'marstal', 'aeroskobing', 'copenhagen'], timing: season(6, 1), crewNeeded: 3,
    contribution: { type: 'shared_costs', amount: 200, currency: 'EUR' }, minExperience: 'beginner', skills: ['Docking', 'Line Handling'], applicants: 3,
  },
  {
    skipper: 'ingrid', boat: 'ingrid-boat', title: 'Lofoten under the midnight sun',
    description: 'Across the Vestfjord from Bodø to Reine, then along the Lofoten wall to Svolvær. Granite peaks straight out of the sea and sun all night.',
    route: ['bodo', 'reine', 'svolvaer'], timing: season(6, 24), crewNeeded: 3,
    contribution: { type: 'shared_costs', amount: 400, currency: 'EUR' }, minExperience: 'advanced', skills: ['Heavy Weather Sailing', 'Navigation', 'Night Watches'], applicants: 4, fill: true,
  },
  {
    skipper: 'ingrid', boat: 'ingrid-boat', title: 'Fjord coast: Bergen to Ålesund',
    description: 'Up the Norwegian coast through the inner leads, with a careful eye on the weather round Stad. Fjords, fishing villages and waffles.',
    route: ['bergen', 'floro', 'alesund'], timing: season(7, 15), crewNeeded: 3,
    contribution: { type: 'shared_costs', amount: 350, currency: 'EUR' }, minExperience: 'intermediate', skills: ['Navigation', 'Radar Operation'], applicants: 3,
  },
  {
    skipper: 'ingrid', boat: 'ingrid-boat', title: 'Southern skerries: Kristiansand to Arendal',
    description: 'A relaxed long weekend among the white wooden towns of the Sørlandet coast, anchoring among smooth rocks on the way.',
    route: ['kristiansand', 'arendal'], timing: season(8, 11), crewNeeded: 3,
    contribution: { type: 'free', currency: 'EUR' }, minExperience: 'beginner', skills: ['Anchoring'], applicants: 2,
  },
  {
    skipper: 'callum', boat: 'callum-boat', title: 'Hebridean island hop',
    description: 'Oban to Tobermory, out to Coll, north to Skye and across the Minch to Stornoway. Whales, whisky and weather to respect.',
    route: ['oban', 'tobermory', 'coll', 'portree', 'stornoway'], timing: season(6, 10), crewNeeded: 2,
    contribution: { type: 'shared_costs', amount: 160, currency: 'GBP' }, minExperience: 'intermediate', skills: ['Tidal Planning', 'Anchoring', 'Reefing'], applicants: 4,
  },
  {
    skipper: 'callum', boat: 'callum-boat', title: 'Small Isles and Skye',
    description: 'Through the Sound of Mull to Mallaig and on to Portree, with a night at anchor under the Cuillin if the weather allows.',
    route: ['oban', 'tobermory', 'mallaig', 'portree'], timing: season(8, 16), crewNeeded: 2,
    contribution: { type: 'shared_costs', amount: 120, currency: 'GBP' }, minExperience: 'beginner', skills: ['Anchoring', 'Cooking'], applicants: 3,
  },
  {
    skipper: 'keoni', boat: 'keoni-boat', title: 'Pacific Puddle Jump: Panama to Tahiti',
    description: "From Balboa to the Galápagos, the long leg to the Marquesas, and on through the Tuamotus to Papeete. 4,000 miles of the world's best trade-wind sailing.",
    route: ['balboa', 'sanCristobal', 'hivaOa', 'papeete'], timing: season(3, 5), layover: 4, crewNeeded: 3,
    contribution: { type: 'shared_costs', amount: 1800, currency: 'USD', details: 'Food, fuel, park and clearance fees' },
    minExperience: 'expert', skills: ['Ocean Crossing', 'Night Watches', 'Diesel Engine Maintenance', 'Cooking'], applicants: 5, fill: true,
  },
  {
    skipper: 'keoni', boat: 'keoni-boat', title: 'Marquesas to Tahiti',
    description: 'Join for the second half of the Pacific season: Nuku Hiva to Papeete across the Tuamotus.',
    route: ['nukuHiva', 'papeete'], timing: season(5, 8), layover: 0, crewNeeded: 2,
    contribution: { type: 'shared_costs', amount: 600, currency: 'USD' }, minExperience: 'advanced', skills: ['Offshore Passages', 'Night Watches'], applicants: 3,
  },
  {
    skipper: 'sophie', boat: 'sophie-tri', title: 'Bay of Islands summer sail',
    description: 'Opua to Russell, then out to the islands of the Bay and down the coast to Tutukaka for the Poor Knights. Fast trimaran sailing in summer sun.',
    route: ['opua', 'russell', 'tutukaka'], timing: season(1, 9), crewNeeded: 2,
    contribution: { type: 'free', currency: 'USD' }, minExperience: 'beginner', skills: ['Sail Trim', 'Anchoring'], applicants: 4,
  },
  {
    skipper: 'sophie', boat: 'sophie-tri', title: 'Hauraki Gulf to the Bay of Islands',
    description: 'A coastal passage north from Auckland to Whangarei, Tutukaka and Opua in time for Christmas in the Bay.',
    route: ['auckland', 'whangarei', 'tutukaka', 'opua'], timing: season(12, 12), layover: 1, crewNeeded: 2,
    contribution: { type: 'shared_costs', amount: 150, currency: 'USD' }, minExperience: 'intermediate', skills: ['Night Watches', 'Helm/Steering'], applicants: 3,
  },
  // Under way and already sailed: they show how the site looks during and after a voyage.
  {
    skipper: 'tom', boat: 'tom-boat', title: 'Cork to Falmouth autumn passage',
    description: 'A short offshore hop from Crosshaven round Land’s End to Falmouth before the winter refit.',
    route: ['crosshaven', 'falmouth'], timing: past(40, 'completed'), layover: 0, crewNeeded: 2,
    contribution: { type: 'shared_costs', amount: 90, currency: 'GBP' }, minExperience: 'intermediate', skills: ['Night Watches'], applicants: 3,
  },
  {
    skipper: 'nikos', boat: 'nikos-boat', title: 'Late-season Cyclades',
    description: 'The last week of the season from Syros to Mykonos and Paros, with the meltemi finally gone.',
    route: ['syros', 'mykonos', 'paros'], timing: past(70, 'completed'), crewNeeded: 3,
    contribution: { type: 'shared_costs', amount: 250, currency: 'EUR' }, minExperience: 'beginner', skills: ['Anchoring'], applicants: 3,
  },
  {
    skipper: 'callum', boat: 'callum-boat', title: 'Spring shakedown in the Sound of Mull',
    description: 'Oban to Tobermory and back: the first sail of the year to check every line and shackle.',
    route: ['oban', 'tobermory', 'oban'], timing: past(120, 'completed'), layover: 1, crewNeeded: 2,
    contribution: { type: 'free', currency: 'GBP' }, minExperience: 'beginner', skills: ['Line Handling'], applicants: 2,
  },
  {
    skipper: 'yann', boat: 'yann-boat', title: 'La Rochelle to Lisbon, under way',
    description: 'Crossing Biscay south-west to Galicia and down the Portuguese coast: the crew are at sea now.',
    route: ['laRochelle', 'coruna', 'lisbon'], timing: past(4, 'in_progress'), layover: 1, crewNeeded: 2,
    contribution: { type: 'shared_costs', amount: 280, currency: 'EUR' }, minExperience: 'advanced', skills: ['Offshore Passages'], applicants: 3,
  },
  {
    skipper: 'grace', boat: 'grace-cat', title: 'Antigua to Martinique, under way',
    description: 'A reach south from English Harbour past Guadeloupe and Dominica to Le Marin: the crew are aboard and the gennaker is up.',
    route: ['antigua', 'leMarin'], timing: past(1, 'in_progress'), layover: 0, crewNeeded: 3,
    contribution: { type: 'shared_costs', amount: 350, currency: 'USD' }, minExperience: 'beginner', skills: ['Helm/Steering'], applicants: 3,
  },
];
