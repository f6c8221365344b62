// Sailing regions of the ports data, shared by scripts/generate-ports.mjs and
// scripts/generate-sailing-areas.mjs: a row's region is the first box of
// REGION_BOXES (lon/lat degrees, west-south-east-north) that holds it, then by
// ocean: Pacific east of 100°E or west of 100°W, South Atlantic south of the
// equator, North Atlantic otherwise. null: no region (the row is dropped).

/** The region and type names of the ports table, in the order its columns index them. */
export const REGIONS = ['Mediterranean', 'Caribbean', 'Channel/North Sea', 'Baltic', 'North Atlantic', 'South Atlantic', 'Pacific', 'Indian Ocean', 'Southern Ocean', 'Arctic'];
export const TYPES = ['commercial_port', 'harbour', 'marina'];

/** [west, south, east, north, region]; the first match wins, so order matters. */
export const REGION_BOXES = [
  [-180, 66.5, 180, 90, 'Arctic'],
  [30, 63.5, 45, 66.5, 'Arctic'], // White Sea
  [-180, -90, 180, -50, 'Southern Ocean'],
  [12, 53.3, 31, 61, 'Baltic'],
  [16.5, 61, 26, 66, 'Baltic'], // Gulf of Bothnia
  [9.2, 53.8, 11.5, 57.8, 'Baltic'], // Danish straits, Kiel, Lübeck
  [-6.5, 48.3, 2.5, 50.45, 'Channel/North Sea'], // English Channel
  [-4, 50.45, 2.5, 51.15, 'Channel/North Sea'], // eastern Channel, Dover Strait
  [-2.2, 51.15, 2.5, 55.9, 'Channel/North Sea'], // England's east coast
  [-4.3, 55.9, 2.5, 58.7, 'Channel/North Sea'], // Scotland's east coast
  [-4.5, 58.7, 12, 61.5, 'Channel/North Sea'], // Orkney, Shetland, Skagerrak, Norway's south-west
  [2.5, 50.9, 12, 58.7, 'Channel/North Sea'], // Belgium to Denmark and Sweden's west coast
  [0, 30, 27.5, 46, 'Mediterranean'],
  [27.5, 30, 42, 47.5, 'Mediterranean'], // Aegean, Levant, Black Sea and Sea of Azov
  [-5.7, 34.5, 0, 42.5, 'Mediterranean'], // Alboran Sea, Spain's south-east coast
  [-84, 9.2, -59, 23.5, 'Caribbean'],
  [-89.5, 15, -84, 22, 'Caribbean'], // Yucatán, Belize, Honduras
  [-79.5, 20.5, -71, 27.5, 'Caribbean'], // Bahamas, Turks and Caicos
  [20, -50, 100, 31, 'Indian Ocean'], // East Africa to the Andaman Sea, Red Sea, Gulf
  [100, 1.5, 102.5, 6, 'Indian Ocean'], // Strait of Malacca
  [100, -50, 142, -7.5, 'Indian Ocean'], // Java's south coast, Western and northern Australia
  [142, -50, 146.5, -30, 'Indian Ocean'], // Victoria to Bass Strait
  [-180, -50, -69.5, 0, 'Pacific'], // South America's west coast
  [-180, 0, -77, 9.2, 'Pacific'], // Colombia, Panama
  [-180, 9.2, -83, 17.5, 'Pacific'], // Central America and southern Mexico
  [42, 31, 100, 66.5, null], // Caspian Sea and inland Eurasia
  [20, 47.5, 42, 66.5, null],
];

export const regionOf = (lon, lat) => {
  for (const [w, s, e, n, region] of REGION_BOXES) if (lon >= w && lon <= e && lat >= s && lat <= n) return region;
  if (lon >= 100 || lon <= -100) return 'Pacific';
  return lat < 0 ? 'South Atlantic' : 'North Atlantic';
};
