/*
 * Where sailors say they sail: seas, oceans, coasts and island groups, with
 * the other names they type for them. Browse search finds a voyage by the
 * regions its ports lie in (see voyage-places.ts). Curated for this project:
 * the names are facts, the outlines are ours, drawn coarse (a few degrees of
 * open water either side of a coast cost nothing) and checked against the
 * ports table so that a region takes the harbours sailors count in it and
 * not the next coast over.
 *
 * Changing this file changes what the projection writes: rebuild
 * voyage-summaries (`npm run projections`) or ship a migration that fills
 * `places` again, as 1765030000000-voyage-places does.
 */

/** [west, south, east, north] in degrees; west > east crosses the antimeridian. */
export type Box = readonly [number, number, number, number];
/** A closed outline of [longitude, latitude] corners (the last joins the first). */
export type Outline = readonly (readonly [number, number])[];
export type Area = Box | Outline;

export interface SailingRegion {
  readonly name: string;
  /** Other names sailors type for it. */
  readonly aliases?: readonly string[];
  /**
   * Where it is. Without areas, a region is named only through `within` of a
   * smaller one, or by `countries` alone.
   */
  readonly areas?: readonly Area[];
  /**
   * ISO 3166 codes: with areas, a port of a known country counts only when it
   * is one of these (the Dodecanese are Greek, Bodrum across the strait is
   * not); without areas, every port of these countries counts.
   */
  readonly countries?: readonly string[];
  /** Open water: the line of a long leg through it counts, not only the ports. */
  readonly sea?: boolean;
  /** Names for a leg of at least CROSSING_NM sailed across it. */
  readonly crossing?: readonly string[];
  /** Larger regions it lies in, named with it. */
  readonly within?: readonly string[];
}

/** A leg at least this long with its middle in an ocean crosses it. */
export const CROSSING_NM = 1000;

export const SAILING_REGIONS: readonly SailingRegion[] = [
  // ---------------------------------------------------------------- oceans
  {
    name: 'Atlantic',
    aliases: ['Atlantic Ocean'],
    sea: true,
    crossing: ['Atlantic Crossing', 'Transatlantic'],
    areas: [
      // Europe and Africa from Ushant to Gibraltar, Madeira, the Canaries and the Azores.
      [-32, 20, -5.65, 48.5],
      // West of Ireland, Iceland.
      [-32, 48.5, -8.2, 67],
      // North America's east coast to Newfoundland, Bermuda, the northern Bahamas.
      [
        [-81.5, 24],
        [-81.7, 30.5],
        [-77.2, 39.5],
        [-75, 41.5],
        [-73.7, 43],
        [-72, 45],
        [-71.5, 47],
        [-66, 49.5],
        [-55, 52.5],
        [-32, 52.5],
        [-32, 24],
      ],
      // The trade-wind belt, Cape Verde, West Africa, the Guianas and north-east Brazil.
      [-60, -5, -15, 24],
      [-15, -5, 12, 15],
      // South America and southern Africa.
      [-70, -60, 20, -5],
    ],
  },
  {
    name: 'Pacific',
    aliases: ['Pacific Ocean'],
    sea: true,
    crossing: ['Pacific Crossing', 'Transpacific'],
    areas: [
      // The Americas' west coast, Hawaii, Polynesia: east of the antimeridian, west of the isthmus.
      [
        [-180, -60],
        [-67.3, -60],
        [-67.3, -54.5],
        [-71.5, -50],
        [-71, -40],
        [-69.5, -30],
        [-70, -18],
        [-75, -10],
        [-77, -3],
        [-76, 5],
        [-77, 7],
        [-77.6, 8.6],
        [-79.5, 9.1],
        [-81, 8.4],
        [-82.7, 8.9],
        [-84.2, 10.3],
        [-85.2, 11.1],
        [-85.6, 12.5],
        [-86.6, 13.9],
        [-88.6, 14.4],
        [-89.4, 14.9],
        [-92, 15.5],
        [-94.5, 17],
        [-99, 21],
        [-103, 25],
        [-108, 30],
        [-114, 32.5],
        [-116, 34],
        [-120, 40],
        [-122, 48.5],
        [-125, 55],
        [-135, 59.5],
        [-145, 62],
        [-160, 66],
        [-180, 66],
      ],
      // Japan, the Philippine Sea, Micronesia, New Guinea's north coast.
      [120, -10, 180, 60],
      // Australia's east coast, the Coral and Tasman Seas, New Zealand, Melanesia.
      [146.9, -60, 180, -10],
    ],
  },
  {
    name: 'Indian Ocean',
    sea: true,
    crossing: ['Indian Ocean Crossing'],
    areas: [
      // Southern Africa's east coast, Madagascar, the Mascarenes, Australia's west and south.
      [20, -60, 146.9, -10],
      // East Africa, the Red Sea, Arabia, India, the Bay of Bengal, the Andaman Sea.
      [38.5, -10, 100, 30],
      [32.2, 12.5, 38.5, 30],
    ],
  },
  { name: 'Southern Ocean', sea: true, areas: [[-180, -90, 180, -60]] },
  { name: 'Arctic', aliases: ['Arctic Circle'], sea: true, areas: [[-180, 66.5, 180, 90]] },

  // ---------------------------------------------------------------- Mediterranean
  {
    name: 'Mediterranean',
    aliases: ['Mediterranean Sea', 'The Med'],
    sea: true,
    areas: [
      [-5.65, 34.5, 3.4, 42.6],
      [3.4, 30, 16.5, 46],
      [16.5, 30, 29.2, 41.2],
      [29.2, 30, 36.5, 40.95],
      [16.5, 41.2, 20, 45.9],
    ],
  },
  {
    name: 'Adriatic',
    aliases: ['Adriatic Sea'],
    sea: true,
    within: ['Mediterranean'],
    areas: [
      [12, 43.5, 15, 45.9],
      [13.5, 41.3, 20, 45.9],
      [
        [15.5, 41.3],
        [20, 41.3],
        [20, 40.3],
        [18.52, 40.08],
        [16, 40.9],
      ],
    ],
  },
  {
    name: 'Ionian',
    aliases: ['Ionian Sea'],
    sea: true,
    within: ['Mediterranean'],
    areas: [
      [
        [15.6, 38.25],
        [16.2, 38.5],
        [16.3, 39],
        [16.35, 39.6],
        [16.55, 40.1],
        [16.9, 40.65],
        [18.52, 40.08],
        [20, 40.3],
        [20.5, 39.9],
        [21.2, 39.2],
        [21.8, 38.4],
        [21.85, 37.6],
        [22.3, 37.2],
        [22.5, 36.3],
        [15, 36.3],
        [14.9, 37.5],
      ],
    ],
  },
  {
    name: 'Aegean',
    aliases: ['Aegean Sea'],
    sea: true,
    within: ['Mediterranean'],
    areas: [
      [
        [22.5, 35],
        [22.5, 37.7],
        [23.05, 37.85],
        [23.25, 38.3],
        [22.6, 38.7],
        [22.3, 39],
        [22.3, 41],
        [26.3, 41],
        [26.35, 40.05],
        [27.8, 39.5],
        [28.3, 37],
        [28.5, 36.3],
        [27, 35],
      ],
    ],
  },
  { name: 'Saronic Gulf', sea: true, within: ['Aegean'], areas: [[22.95, 37.2, 24.1, 38.05]] },
  { name: 'Tyrrhenian', aliases: ['Tyrrhenian Sea'], sea: true, within: ['Mediterranean'], areas: [[8.9, 37.9, 15.65, 42.9]] },
  // Croatia's coast and islands.
  { name: 'Dalmatia', aliases: ['Dalmatian Coast', 'Dalmatian Islands'], countries: ['HR'], within: ['Adriatic'], areas: [[14.9, 42.35, 18.6, 44.45]] },
  { name: 'Kvarner', aliases: ['Kvarner Gulf'], countries: ['HR'], within: ['Adriatic'], areas: [[14.2, 44.4, 15.1, 45.4]] },
  { name: 'Istria', countries: ['HR', 'SI'], within: ['Adriatic'], areas: [[13.45, 44.75, 14.35, 45.6]] },
  { name: 'Bay of Kotor', aliases: ['Boka Kotorska'], countries: ['ME'], within: ['Adriatic'], areas: [[18.45, 42.37, 18.8, 42.55]] },
  // Greece's island groups.
  { name: 'Greek Islands', aliases: ['Greek Isles'], within: ['Mediterranean'] },
  { name: 'Cyclades', aliases: ['Cycladic Islands'], countries: ['GR'], within: ['Greek Islands', 'Aegean'], areas: [[24.25, 36.3, 26.1, 37.98]] },
  {
    name: 'Dodecanese',
    countries: ['GR'],
    within: ['Greek Islands', 'Aegean'],
    areas: [
      [
        [26.2, 37.5],
        [27, 37.6],
        [28.6, 36.6],
        [28.5, 35.3],
        [26.7, 35.3],
        [26.2, 36.4],
      ],
    ],
  },
  {
    name: 'Ionian Islands',
    countries: ['GR'],
    within: ['Greek Islands', 'Ionian'],
    areas: [
      [19.6, 39.35, 20.15, 39.85],
      [20.1, 39.1, 20.3, 39.25],
      [20.55, 38.55, 20.85, 38.9],
      [20.3, 38, 20.8, 38.55],
      [20.6, 37.6, 21, 37.95],
    ],
  },
  { name: 'Saronic Islands', countries: ['GR'], within: ['Greek Islands', 'Saronic Gulf'], areas: [[23.1, 37.2, 23.6, 37.8]] },
  { name: 'Sporades', aliases: ['Northern Sporades'], countries: ['GR'], within: ['Greek Islands', 'Aegean'], areas: [[23.35, 38.75, 24.7, 39.35]] },
  {
    name: 'North Aegean Islands',
    countries: ['GR'],
    within: ['Greek Islands', 'Aegean'],
    areas: [
      [25.8, 37.55, 27.1, 39.45],
      [24.5, 39.75, 25.8, 40.85],
    ],
  },
  { name: 'Crete', countries: ['GR'], within: ['Greek Islands', 'Mediterranean'], areas: [[23.4, 34.75, 26.4, 35.75]] },
  { name: 'Turquoise Coast', aliases: ['Lycian Coast', 'Turkish Riviera'], countries: ['TR'], within: ['Mediterranean'], areas: [[27.3, 36, 30.7, 37.2]] },
  // The western Mediterranean.
  { name: 'Balearic Islands', aliases: ['Balearics', 'Baleares', 'Illes Balears'], countries: ['ES'], within: ['Mediterranean'], areas: [[1.1, 38.55, 4.4, 40.15]] },
  { name: 'Mallorca', aliases: ['Majorca'], countries: ['ES'], within: ['Balearic Islands'], areas: [[2.3, 39.25, 3.5, 40]] },
  { name: 'Menorca', aliases: ['Minorca'], countries: ['ES'], within: ['Balearic Islands'], areas: [[3.78, 39.78, 4.35, 40.1]] },
  { name: 'Ibiza', aliases: ['Eivissa'], countries: ['ES'], within: ['Balearic Islands'], areas: [[1.15, 38.8, 1.65, 39.15]] },
  { name: 'Formentera', countries: ['ES'], within: ['Balearic Islands'], areas: [[1.35, 38.63, 1.6, 38.8]] },
  { name: 'Costa Brava', countries: ['ES'], within: ['Mediterranean'], areas: [[2.7, 41.6, 3.35, 42.45]] },
  { name: 'French Riviera', aliases: ["Côte d'Azur", 'Riviera'], countries: ['FR', 'MC'], within: ['Mediterranean'], areas: [[5.85, 42.95, 7.55, 43.85]] },
  { name: 'Italian Riviera', aliases: ['Liguria', 'Riviera'], countries: ['IT'], within: ['Mediterranean'], areas: [[7.5, 43.75, 10.1, 44.45]] },
  { name: 'Corsica', aliases: ['Corse'], countries: ['FR'], within: ['Mediterranean'], areas: [[8.5, 41.3, 9.6, 43.05]] },
  { name: 'Sardinia', aliases: ['Sardegna'], countries: ['IT'], within: ['Mediterranean'], areas: [[8.1, 38.85, 9.85, 41.3]] },
  { name: 'Sicily', aliases: ['Sicilia'], countries: ['IT'], within: ['Mediterranean'], areas: [[12.3, 36.6, 15.6, 38.35]] },
  { name: 'Aeolian Islands', aliases: ['Eolie', 'Lipari Islands'], countries: ['IT'], within: ['Tyrrhenian'], areas: [[14.3, 38.3, 15.3, 38.85]] },
  { name: 'Bay of Naples', countries: ['IT'], within: ['Tyrrhenian'], areas: [[13.85, 40.5, 14.5, 40.9]] },
  { name: 'Amalfi Coast', countries: ['IT'], within: ['Tyrrhenian'], areas: [[14.45, 40.55, 14.8, 40.7]] },

  // ---------------------------------------------------------------- Atlantic Europe and its islands
  { name: 'Canary Islands', aliases: ['Canaries', 'Islas Canarias'], countries: ['ES'], within: ['Atlantic'], areas: [[-18.3, 27.5, -13.3, 29.5]] },
  { name: 'Madeira', countries: ['PT'], within: ['Atlantic'], areas: [[-17.4, 32.3, -16.2, 33.2]] },
  { name: 'Azores', aliases: ['Açores'], countries: ['PT'], within: ['Atlantic'], areas: [[-31.5, 36.8, -24.8, 40]] },
  { name: 'Bay of Biscay', aliases: ['Biscay'], sea: true, within: ['Atlantic'], areas: [[-9.4, 43.2, -1.1, 48]] },
  { name: 'Galicia', aliases: ['Rías Baixas'], countries: ['ES'], within: ['Atlantic'], areas: [[-9.4, 41.85, -7, 43.8]] },
  { name: 'Brittany', aliases: ['Bretagne'], countries: ['FR'], areas: [[-5.2, 47.2, -1.75, 48.9]] },
  {
    name: 'English Channel',
    aliases: ['The Channel', 'La Manche'],
    sea: true,
    areas: [
      [
        [-5.75, 48.4],
        [-5.75, 50.05],
        [-5.35, 50.15],
        [-5, 50.3],
        [-4.5, 50.45],
        [-3.5, 50.9],
        [1.65, 51.15],
        [1.65, 50],
        [-1, 48.4],
      ],
    ],
  },
  { name: 'Channel Islands', countries: ['GG', 'JE'], within: ['English Channel'], areas: [[-2.75, 49.1, -2, 49.75]] },
  { name: 'Solent', aliases: ['The Solent'], countries: ['GB'], within: ['English Channel'], areas: [[-1.75, 50.62, -1, 50.92]] },
  { name: 'Isle of Wight', countries: ['GB'], areas: [[-1.6, 50.57, -1.06, 50.77]] },
  { name: 'West Country', aliases: ['Cornwall', 'Devon'], countries: ['GB'], areas: [[-5.75, 49.85, -2.9, 51.3]] },
  { name: 'Isles of Scilly', aliases: ['Scilly'], countries: ['GB'], areas: [[-6.5, 49.85, -6.2, 50]] },
  { name: 'Irish Sea', sea: true, areas: [[-6.3, 52, -2.9, 54.8]] },
  {
    name: 'North Sea',
    sea: true,
    areas: [
      [
        [1.5, 51.2],
        [-0.6, 51.35],
        [-2, 52.5],
        [-2.3, 54],
        [-2.7, 55],
        [-3.9, 56],
        [-4, 56.5],
        [-4.6, 57.6],
        [-3.3, 58.65],
        [-3.5, 59.5],
        [-2, 62],
        [7.5, 62],
        [7.2, 58],
        [9, 57.3],
        [9.1, 53.3],
        [6, 51.5],
        [2, 50.7],
        [1.5, 51],
      ],
    ],
  },
  {
    name: 'Scotland',
    countries: ['GB'],
    areas: [
      [
        [-5.3, 54.6],
        [-3.05, 54.95],
        [-2, 55.8],
        [0, 61.5],
        [-9.5, 61.5],
        [-9.5, 55.45],
        [-6.5, 55.45],
        [-5.95, 55.25],
      ],
    ],
  },
  { name: 'Hebrides', aliases: ['Western Isles', 'Inner Hebrides', 'Outer Hebrides'], countries: ['GB'], within: ['Scotland'], areas: [[-7.8, 55.55, -5.6, 58.6]] },

  // ---------------------------------------------------------------- Northern Europe
  {
    name: 'Baltic',
    aliases: ['Baltic Sea', 'Ostsee', 'Östersjön'],
    sea: true,
    areas: [
      [9.3, 53.8, 12.5, 55.65],
      [12.5, 53.8, 14, 56.15],
      [14, 53.8, 30.5, 60.8],
      [16.5, 60.8, 25.8, 66],
    ],
  },
  { name: 'Danish South Sea', aliases: ['South Funen Archipelago', 'Sydfynske Øhav'], countries: ['DK'], within: ['Baltic'], areas: [[9.6, 54.7, 11, 55.25]] },
  { name: 'Stockholm Archipelago', aliases: ['Skärgården'], countries: ['SE'], within: ['Baltic'], areas: [[17.95, 58.7, 19.5, 60]] },
  { name: 'Gotland', countries: ['SE'], within: ['Baltic'], areas: [[18, 56.85, 19.4, 58]] },
  { name: 'Gulf of Finland', sea: true, within: ['Baltic'], areas: [[22.5, 59.2, 30.5, 60.8]] },
  { name: 'Skagerrak', sea: true, areas: [[7.2, 57.2, 11.3, 59.3]] },
  { name: 'Scandinavia', aliases: ['Scandinavian'], countries: ['NO', 'SE', 'DK'] },
  { name: 'Norwegian Fjords', aliases: ['Fjord Norway', 'Fjords'], countries: ['NO'], within: ['Scandinavia'], areas: [[4.5, 58.8, 8.5, 63.5]] },
  { name: 'Lofoten', aliases: ['Lofoten Islands'], countries: ['NO'], within: ['Scandinavia', 'Arctic'], areas: [[12.5, 67.75, 15.5, 68.6]] },

  // ---------------------------------------------------------------- Caribbean and the western Atlantic
  {
    name: 'Caribbean',
    aliases: ['Caribbean Sea', 'West Indies', 'Antilles'],
    sea: true,
    areas: [
      [
        [-89.3, 15],
        [-89.3, 18.5],
        [-87.5, 21.2],
        [-86.6, 21.8],
        [-85, 22],
        [-84, 23.4],
        [-77, 22.9],
        [-74, 20.6],
        [-72, 20.3],
        [-68, 19.9],
        [-64, 19],
        [-62.8, 18.6],
        [-61.5, 17.9],
        [-59, 13.5],
        [-59, 10.3],
        [-61.5, 9.8],
        [-76.3, 7.6],
        [-77.6, 8.8],
        [-79.5, 9.25],
        [-81, 8.5],
        [-82.7, 9],
        [-84.2, 10.4],
        [-85.2, 11.2],
        [-85.5, 12.5],
        [-86.5, 14],
        [-88.5, 14.5],
      ],
    ],
  },
  {
    name: 'Lesser Antilles',
    aliases: ['Eastern Caribbean'],
    countries: ['AI', 'AG', 'BL', 'MF', 'SX', 'KN', 'MS', 'GP', 'DM', 'MQ', 'LC', 'VC', 'GD', 'BB', 'TT', 'VG', 'VI', 'BQ'],
    within: ['Caribbean'],
    areas: [[-65.7, 10, -59.3, 18.8]],
  },
  { name: 'Windward Islands', aliases: ['Windwards'], countries: ['DM', 'MQ', 'LC', 'VC', 'GD'], within: ['Lesser Antilles'], areas: [[-62, 11.9, -60.7, 15.7]] },
  { name: 'Grenadines', aliases: ['The Grenadines'], countries: ['VC', 'GD'], within: ['Windward Islands'], areas: [[-61.8, 12.25, -61.1, 13.05]] },
  {
    name: 'Leeward Islands',
    aliases: ['Leewards'],
    countries: ['VG', 'VI', 'AI', 'MF', 'SX', 'BL', 'KN', 'AG', 'MS', 'GP', 'BQ'],
    within: ['Lesser Antilles'],
    areas: [[-65.7, 15.7, -61, 18.8]],
  },
  {
    name: 'Virgin Islands',
    aliases: ['BVI', 'USVI', 'British Virgin Islands', 'US Virgin Islands', 'Spanish Virgin Islands'],
    countries: ['VG', 'VI', 'PR'],
    within: ['Caribbean'],
    areas: [[-65.7, 17.6, -64.2, 18.8]],
  },
  { name: 'ABC Islands', aliases: ['Leeward Antilles'], countries: ['AW', 'CW', 'BQ'], within: ['Caribbean'], areas: [[-70.2, 11.9, -68.1, 12.7]] },
  { name: 'Bahamas', aliases: ['The Bahamas'], countries: ['BS'], within: ['Atlantic'], areas: [[-80.6, 20.8, -72.6, 27.4]] },
  { name: 'Exumas', aliases: ['Exuma', 'Exuma Cays'], countries: ['BS'], within: ['Bahamas'], areas: [[-77, 23.3, -75.7, 24.8]] },
  {
    name: 'Gulf of Mexico',
    sea: true,
    areas: [
      [
        [-98, 18],
        [-98, 31],
        [-81.3, 31],
        [-81.3, 25.3],
        [-81.7, 24.3],
        [-84.9, 22.2],
        [-87.1, 21.6],
        [-87.5, 21],
        [-91, 18],
      ],
    ],
  },
  { name: 'Florida', countries: ['US'], areas: [[-87.7, 24.4, -79.9, 31]] },
  { name: 'Florida Keys', aliases: ['The Keys'], countries: ['US'], within: ['Florida'], areas: [[-82.2, 24.4, -80.2, 25.4]] },

  // ---------------------------------------------------------------- Pacific
  {
    name: 'South Pacific',
    aliases: ['South Seas'],
    sea: true,
    within: ['Pacific'],
    areas: [
      [-180, -60, -70, 0],
      [146.9, -60, 180, 0],
    ],
  },
  {
    name: 'Polynesia',
    within: ['Pacific'],
    areas: [
      [-180, -30, -120, 30],
      [-110, -27.5, -109, -26.8],
    ],
  },
  { name: 'Society Islands', aliases: ['Tahiti and Moorea'], countries: ['PF'], within: ['Polynesia'], areas: [[-152.5, -18, -148, -15.8]] },
  { name: 'Marquesas', aliases: ['Marquesas Islands', 'Îles Marquises'], countries: ['PF'], within: ['Polynesia'], areas: [[-141, -11, -138.5, -7.8]] },
  { name: 'Tuamotus', aliases: ['Tuamotu', 'Tuamotu Archipelago'], countries: ['PF'], within: ['Polynesia'], areas: [[-148.9, -23.5, -134, -14]] },
  { name: 'Galápagos', aliases: ['Galápagos Islands'], countries: ['EC'], within: ['Pacific'], areas: [[-92.2, -1.6, -89, 0.8]] },
  { name: 'Hawaii', aliases: ['Hawaiian Islands'], countries: ['US'], within: ['Polynesia'], areas: [[-161, 18.5, -154.5, 22.5]] },
  { name: 'Northland', countries: ['NZ'], within: ['Pacific'], areas: [[172.5, -36.5, 174.9, -34.3]] },
  { name: 'Bay of Islands', countries: ['NZ'], within: ['Northland'], areas: [[173.95, -35.4, 174.35, -35.05]] },
  { name: 'Hauraki Gulf', countries: ['NZ'], within: ['Pacific'], areas: [[174.6, -37.1, 175.6, -36.1]] },
  { name: 'Whitsundays', aliases: ['Whitsunday Islands'], countries: ['AU'], within: ['Great Barrier Reef'], areas: [[148.5, -20.6, 149.2, -19.9]] },
  { name: 'Great Barrier Reef', countries: ['AU'], within: ['Pacific'], areas: [[142.5, -24.5, 153, -10.5]] },

  // ---------------------------------------------------------------- Indian Ocean
  { name: 'Red Sea', sea: true, within: ['Indian Ocean'], areas: [[32.2, 12.5, 43.6, 30]] },
  { name: 'Persian Gulf', aliases: ['Arabian Gulf'], sea: true, within: ['Indian Ocean'], areas: [[47.5, 23.5, 57, 30.5]] },
  {
    name: 'Andaman Sea',
    sea: true,
    within: ['Indian Ocean'],
    areas: [
      [
        [92, 5.5],
        [92, 16.5],
        [98, 16.5],
        [98.9, 12],
        [98.85, 10],
        [99.15, 8.8],
        [99.8, 7.2],
        [100.3, 6.3],
        [100.3, 5.5],
      ],
    ],
  },
];

/** Other names of countries as the ports table names them (by ISO 3166 code). */
export const COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  AX: ['Aland', 'Ahvenanmaa'],
  BS: ['The Bahamas'],
  CV: ['Cabo Verde'],
  DE: ['Deutschland'],
  DK: ['Danmark'],
  ES: ['España'],
  FI: ['Suomi'],
  GB: ['UK', 'Great Britain', 'Britain'],
  GR: ['Hellas'],
  HR: ['Hrvatska'],
  IT: ['Italia'],
  KN: ['St Kitts', 'Nevis'],
  LC: ['St Lucia'],
  MF: ['St Martin'],
  NL: ['Holland'],
  NO: ['Norge'],
  PF: ['Tahiti'],
  SE: ['Sverige'],
  SX: ['St Maarten'],
  BL: ['St Barts', 'St Barths'],
  TR: ['Turkey'],
  US: ['USA', 'United States of America'],
  VC: ['St Vincent', 'Saint Vincent'],
  VG: ['BVI'],
  VI: ['USVI'],
};
