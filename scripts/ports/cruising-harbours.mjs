// Cruising harbours, marinas and anchorages that the packaged sources lack or
// name differently from sailors, curated for scripts/generate-ports.mjs.
// Positions are the harbour or anchorage itself, to about a kilometre.
//
// CRUISING_ALIASES name a row the sources already give (by its name and
// country; the generator fails when it is missing) and add what sailors call
// it: the island (shown after the name, "Port Elizabeth (Bequia)"), the
// marina or bay, the English or local name.
// CRUISING_PLACES are added where no row of that name lies within 5 km (else
// they act as an alias entry): id "sail-<country>-<name>", type harbour
// unless marina. Every entry ranks as a cruising harbour, above namesakes.

/** @type {{ country: string, name: string, island?: string, aliases?: string[] }[]} */
export const CRUISING_ALIASES = [
  // Caribbean
  { country: 'AG', name: 'Codrington', island: 'Barbuda' },
  { country: 'AG', name: "Saint John's", island: 'Antigua' },
  { country: 'BL', name: 'Gustavia', aliases: ['St Barths', 'St Barts', 'Saint-Barthélemy'] },
  { country: 'VC', name: 'Port Elizabeth', island: 'Bequia', aliases: ['Admiralty Bay'] },
  { country: 'VC', name: 'Kingstown', island: 'Saint Vincent' },
  { country: 'GD', name: 'Hillsborough', island: 'Carriacou' },
  { country: 'TT', name: 'Scarborough', island: 'Tobago' },
  { country: 'BS', name: 'Alice Town', island: 'Bimini' },
  { country: 'BM', name: 'Saint George', island: 'Bermuda', aliases: ["St George's", "St. George's"] },
  { country: 'BM', name: 'Hamilton', island: 'Bermuda' },
  { country: 'KN', name: 'Charlestown', island: 'Nevis' },
  { country: 'SX', name: 'Philipsburg', island: 'Sint Maarten' },
  { country: 'LC', name: 'Gros Islet', aliases: ['Rodney Bay Village'] },
  // Atlantic islands
  { country: 'SH', name: 'Jamestown', island: 'St Helena' },
  { country: 'ES', name: 'Arrecife', island: 'Lanzarote' },
  { country: 'ES', name: 'San Sebastián de la Gomera', island: 'La Gomera' },
  { country: 'PT', name: 'Horta', island: 'Faial' },
  { country: 'CV', name: 'Mindelo', island: 'São Vicente' },
  // Europe
  { country: 'GG', name: 'Alderney Harbour', aliases: ['Braye', 'Braye Harbour'] },
  { country: 'JE', name: 'Saint Helier', island: 'Jersey' },
  { country: 'FR', name: 'Le Palais', island: 'Belle-Île' },
  { country: 'GR', name: 'Firá', island: 'Santorini', aliases: ['Thira'] },
  { country: 'GR', name: 'Lakkí', island: 'Leros' },
  { country: 'GB', name: 'Hugh Town', island: 'Isles of Scilly', aliases: ['Scilly', "St Mary's"] },
  // Pacific
  { country: 'PF', name: 'Uturoa', island: 'Raiatea' },
  { country: 'PF', name: 'Fare', island: 'Huahine' },
  { country: 'PF', name: 'Taiohae', island: 'Nuku Hiva' },
  { country: 'PF', name: 'Atuona', island: 'Hiva Oa' },
  { country: 'PF', name: 'Vaitape', island: 'Bora Bora' },
  { country: 'TO', name: 'Neiafu', island: "Vava'u" },
  { country: 'CK', name: 'Avarua', island: 'Rarotonga', aliases: ['Avatiu'] },
  { country: 'NU', name: 'Alofi', island: 'Niue' },
  { country: 'NZ', name: 'Opua', aliases: ['Bay of Islands'] },
  { country: 'EC', name: 'Puerto Ayora', island: 'Galápagos', aliases: ['Santa Cruz Galápagos', 'Academy Bay'] },
  { country: 'EC', name: 'Puerto Baquerizo Moreno', island: 'Galápagos', aliases: ['San Cristóbal Galápagos', 'Wreck Bay'] },
  { country: 'MY', name: 'Kuah', island: 'Langkawi' },
];

/** @type {{ country: string, name: string, lat: number, lon: number, type?: 'harbour' | 'marina', island?: string, aliases?: string[] }[]} */
export const CRUISING_PLACES = [
  // Caribbean: Leewards and Virgin Islands
  { country: 'AG', name: 'English Harbour', lat: 17.007, lon: -61.764, aliases: ["Nelson's Dockyard"] },
  { country: 'AG', name: 'Falmouth Harbour', lat: 17.013, lon: -61.777, aliases: ['Falmouth'] },
  { country: 'AG', name: 'Jolly Harbour', lat: 17.071, lon: -61.888, type: 'marina' },
  { country: 'SX', name: 'Simpson Bay', lat: 18.036, lon: -63.092, aliases: ['Simpson Bay Lagoon'] },
  { country: 'VG', name: 'Spanish Town', lat: 18.449, lon: -64.436, island: 'Virgin Gorda', aliases: ['Virgin Gorda Yacht Harbour'] },
  { country: 'VG', name: 'Gorda Sound', lat: 18.5, lon: -64.36, island: 'Virgin Gorda', aliases: ['Bitter End'] },
  { country: 'VG', name: 'Great Harbour', lat: 18.443, lon: -64.751, island: 'Jost Van Dyke' },
  { country: 'VG', name: 'Nanny Cay', lat: 18.399, lon: -64.636, type: 'marina', island: 'Tortola' },
  { country: 'VG', name: "Soper's Hole", lat: 18.386, lon: -64.703, island: 'Tortola' },
  { country: 'VG', name: 'Cane Garden Bay', lat: 18.428, lon: -64.66, island: 'Tortola' },
  { country: 'MS', name: 'Little Bay', lat: 16.803, lon: -62.206, island: 'Montserrat' },
  { country: 'GP', name: 'Deshaies', lat: 16.306, lon: -61.795 },
  { country: 'GP', name: 'Terre-de-Haut', lat: 15.866, lon: -61.585, island: 'Les Saintes' },
  // Caribbean: Windwards and the south
  { country: 'LC', name: 'Rodney Bay', lat: 14.076, lon: -60.95, type: 'marina', aliases: ['Rodney Bay Marina'] },
  { country: 'LC', name: 'Marigot Bay', lat: 13.966, lon: -61.026 },
  { country: 'VC', name: 'Clifton', lat: 12.597, lon: -61.41, island: 'Union Island' },
  { country: 'VC', name: 'Britannia Bay', lat: 12.879, lon: -61.19, island: 'Mustique' },
  { country: 'VC', name: 'Charlestown Bay', lat: 12.708, lon: -61.328, island: 'Canouan' },
  { country: 'VC', name: 'Salt Whistle Bay', lat: 12.652, lon: -61.39, island: 'Mayreau' },
  { country: 'VC', name: 'Tobago Cays', lat: 12.632, lon: -61.357 },
  { country: 'GD', name: 'Tyrrel Bay', lat: 12.457, lon: -61.49, island: 'Carriacou' },
  { country: 'GD', name: 'Prickly Bay', lat: 12.003, lon: -61.763 },
  { country: 'GD', name: "Clarke's Court Bay", lat: 12.02, lon: -61.72 },
  { country: 'PA', name: 'El Porvenir', lat: 9.558, lon: -78.947, island: 'San Blas', aliases: ['Guna Yala'] },
  { country: 'PA', name: 'Shelter Bay', lat: 9.368, lon: -79.951, type: 'marina', aliases: ['Shelter Bay Marina'] },
  { country: 'GT', name: 'Río Dulce', lat: 15.662, lon: -88.995, aliases: ['Fronteras'] },
  { country: 'BS', name: 'Hope Town', lat: 26.54, lon: -76.959, island: 'Elbow Cay' },
  { country: 'BS', name: 'Staniel Cay', lat: 24.172, lon: -76.44, island: 'Exumas' },
  // Atlantic islands
  { country: 'ES', name: 'Puerto Calero', lat: 28.917, lon: -13.703, type: 'marina', island: 'Lanzarote' },
  { country: 'ES', name: 'Marina Rubicón', lat: 28.857, lon: -13.815, type: 'marina', island: 'Lanzarote' },
  // Mediterranean
  { country: 'FR', name: 'Porquerolles', lat: 43.001, lon: 6.203 },
  { country: 'FR', name: 'Port Grimaud', lat: 43.273, lon: 6.584, type: 'marina' },
  { country: 'ES', name: 'Puerto Banús', lat: 36.485, lon: -4.953, type: 'marina' },
  { country: 'ES', name: 'Sotogrande', lat: 36.288, lon: -5.267, type: 'marina' },
  { country: 'GR', name: 'Gouvia', lat: 39.651, lon: 19.853, type: 'marina', island: 'Corfu' },
  { country: 'GR', name: 'Monemvasia', lat: 36.687, lon: 23.05 },
  // Channel, Solent, Channel Islands, Brittany
  { country: 'GG', name: 'Maseline Harbour', lat: 49.43, lon: -2.345, island: 'Sark' },
  { country: 'GB', name: 'Chichester Harbour', lat: 50.8, lon: -0.87, aliases: ['Chichester Marina'] },
  { country: 'GB', name: "Buckler's Hard", lat: 50.8, lon: -1.423, aliases: ['Beaulieu River'] },
  { country: 'GB', name: 'Newtown Creek', lat: 50.722, lon: -1.405, island: 'Isle of Wight' },
  { country: 'GB', name: 'Port Solent', lat: 50.842, lon: -1.103, type: 'marina' },
  { country: 'GB', name: 'Helford River', lat: 50.094, lon: -5.13 },
  { country: 'FR', name: 'Port-Joinville', lat: 46.726, lon: -2.347, island: "Île d'Yeu" },
  { country: 'FR', name: 'Port-Tudy', lat: 47.645, lon: -3.447, island: 'Groix' },
  { country: 'FR', name: "L'Aber Wrac'h", lat: 48.597, lon: -4.562 },
  // North Sea, Baltic, Ireland, Scotland
  { country: 'NL', name: 'Oudeschild', lat: 53.04, lon: 4.85, island: 'Texel' },
  { country: 'IE', name: 'Schull', lat: 51.526, lon: -9.545 },
  { country: 'IE', name: 'Glengarriff', lat: 51.748, lon: -9.547 },
  { country: 'GB', name: 'Ardfern', lat: 56.183, lon: -5.53, type: 'marina' },
  { country: 'GB', name: 'Craobh Haven', lat: 56.21, lon: -5.557, type: 'marina' },
  // Pacific
  { country: 'PF', name: "Cook's Bay", lat: -17.5, lon: -149.823, island: 'Moorea', aliases: ['Paopao'] },
  { country: 'PF', name: 'Opunohu Bay', lat: -17.497, lon: -149.852, island: 'Moorea' },
  { country: 'PF', name: 'Rotoava', lat: -16.06, lon: -145.62, island: 'Fakarava' },
  { country: 'PF', name: 'Avatoru', lat: -14.95, lon: -147.7, island: 'Rangiroa' },
  { country: 'FJ', name: 'Port Denarau', lat: -17.773, lon: 177.38, type: 'marina', aliases: ['Denarau'] },
  { country: 'FJ', name: 'Musket Cove', lat: -17.77, lon: 177.19, type: 'marina', island: 'Malolo Lailai' },
  { country: 'VU', name: 'Port Resolution', lat: -19.53, lon: 169.49, island: 'Tanna' },
  { country: 'CK', name: 'Arutanga', lat: -18.86, lon: -159.79, island: 'Aitutaki' },
  // Elsewhere
  { country: 'US', name: 'Oriental', lat: 35.03, lon: -76.69 },
  { country: 'AU', name: 'Pittwater', lat: -33.64, lon: 151.305 },
  { country: 'AU', name: 'Southport', lat: -27.967, lon: 153.41, aliases: ['Gold Coast Seaway'] },
];
