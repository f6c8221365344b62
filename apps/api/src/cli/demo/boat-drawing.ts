/**
 * Drawn (not photographed) boat pictures for the demo: a side view of the
 * boat under sail on a sea, as an SVG. The photo store renders it to WebP like
 * any uploaded photo. Everything is a shape, no text, so no font is needed.
 */

export type BoatRig = 'sloop' | 'cutter' | 'ketch' | 'catamaran' | 'trimaran';

export interface BoatDrawing {
  readonly rig: BoatRig;
  readonly hull: string;
  readonly sails: string;
  readonly accent: string;
  readonly sky: 'day' | 'dawn' | 'dusk';
}

const WIDTH = 1200;
const HEIGHT = 675;
const WATERLINE = 470;

const SKIES = {
  day: { top: '#6fb3e6', bottom: '#dff1fb', sun: '#fff6d5', sea: ['#2f7fb8', '#1b4f7a'], land: '#7fa38b' },
  dawn: { top: '#f3b38f', bottom: '#fde9d6', sun: '#ffe6a8', sea: ['#5b86a8', '#2b4d6b'], land: '#9b8f98' },
  dusk: { top: '#5c4f86', bottom: '#f0a070', sun: '#ffd08a', sea: ['#3e5f86', '#1d3350'], land: '#5d5670' },
} as const;

/** A mainsail or jib: luff along the mast or stay, a gently curved leech, a foot along the boom. */
const sail = (tack: [number, number], head: [number, number], clew: [number, number], fill: string, shade: string): string => {
  const roach: [number, number] = [(head[0] + clew[0]) / 2 + (clew[0] - tack[0]) * 0.12, (head[1] + clew[1]) / 2];
  return `<path d="M${tack[0]} ${tack[1]} L${head[0]} ${head[1]} Q${roach[0]} ${roach[1]} ${clew[0]} ${clew[1]} Z" fill="${fill}" stroke="${shade}" stroke-width="2" stroke-linejoin="round"/>`;
};

const mast = (x: number, top: number, foot: number): string => `<rect x="${x - 3}" y="${top}" width="6" height="${foot - top}" rx="2" fill="#c8cdd2"/>`;

/** A monohull's profile: a sheer that rises to the bow, a raked stem and a short transom. */
function monohull(cx: number, length: number, drawing: BoatDrawing): string {
  const bow = cx + length / 2;
  const stern = cx - length / 2;
  const deck = WATERLINE - 52;
  return [
    `<path d="M${stern} ${deck + 6} L${bow} ${deck - 8} Q${bow - 30} ${WATERLINE - 10} ${bow - 70} ${WATERLINE + 8} L${stern + 40} ${WATERLINE + 10} Q${stern + 10} ${WATERLINE} ${stern - 6} ${deck + 12} Z" fill="${drawing.hull}" stroke="#1d2833" stroke-width="2"/>`,
    `<path d="M${stern + 30} ${WATERLINE + 2} L${bow - 76} ${WATERLINE} L${bow - 70} ${WATERLINE + 8} L${stern + 40} ${WATERLINE + 10} Z" fill="${drawing.accent}"/>`,
    `<path d="M${stern + 4} ${deck + 16} L${bow - 12} ${deck + 2}" stroke="${drawing.accent}" stroke-width="6" stroke-linecap="round"/>`,
    `<path d="M${cx - length * 0.18} ${deck + 2} L${cx - length * 0.15} ${deck - 26} L${cx + length * 0.12} ${deck - 30} L${cx + length * 0.17} ${deck - 2} Z" fill="#f4f6f8" stroke="#1d2833" stroke-width="2"/>`,
    ...[-0.08, 0.02, 0.1].map((at) => `<rect x="${cx + length * at}" y="${deck - 22}" width="22" height="9" rx="4" fill="#2b3d4f"/>`),
  ].join('');
}

/** A multihull seen from the side: the near hull, the far one a shade behind, a bridge deck cabin between. */
function multihull(cx: number, length: number, drawing: BoatDrawing, amas: boolean): string {
  const bow = cx + length / 2;
  const stern = cx - length / 2;
  const deck = WATERLINE - 46;
  const hull = (dx: number, dy: number, scale: number, fill: string) => {
    const b = cx + (bow - cx) * scale + dx;
    const s = cx + (stern - cx) * scale + dx;
    return `<path d="M${s} ${deck + dy} L${b} ${deck + dy - 6} Q${b - 12} ${WATERLINE + dy - 16} ${b - 40} ${WATERLINE + dy + 4} L${s + 12} ${WATERLINE + dy + 6} Z" fill="${fill}" stroke="#1d2833" stroke-width="2"/>`;
  };
  return [
    hull(46, -10, amas ? 0.7 : 0.98, '#d9dde1'),
    amas ? hull(-20, 8, 0.62, '#e4e7ea') : '',
    `<path d="M${cx - length * 0.3} ${deck - 4} L${cx - length * 0.26} ${deck - 46} L${cx + length * 0.2} ${deck - 50} L${cx + length * 0.28} ${deck - 6} Z" fill="#f4f6f8" stroke="#1d2833" stroke-width="2"/>`,
    ...[-0.18, -0.06, 0.06].map((at) => `<rect x="${cx + length * at}" y="${deck - 38}" width="30" height="12" rx="4" fill="#2b3d4f"/>`),
    hull(0, 0, 1, drawing.hull),
    `<path d="M${stern + 16} ${WATERLINE - 4} L${bow - 46} ${WATERLINE - 8}" stroke="${drawing.accent}" stroke-width="7" stroke-linecap="round"/>`,
  ].join('');
}

/** The rig: masts and sails for the boat's kind, the sails a touch shaded on their after edge. */
function rig(cx: number, length: number, drawing: BoatDrawing): string {
  const deck = WATERLINE - (drawing.rig === 'catamaran' || drawing.rig === 'trimaran' ? 96 : 60);
  const bow = cx + length / 2;
  const shade = '#9aa5ae';
  const mastX = cx + length * (drawing.rig === 'ketch' ? 0.08 : 0.02);
  const top = drawing.rig === 'catamaran' ? 90 : 70;
  const boomY = deck - 26;
  const parts = [
    mast(mastX, top, deck),
    `<path d="M${mastX} ${top + 6} L${bow - 8} ${deck + 8}" stroke="#8a949c" stroke-width="2"/>`,
    sail([mastX - 6, boomY], [mastX - 4, top + 12], [mastX - length * 0.42, boomY + 6], drawing.sails, shade),
    `<rect x="${mastX - length * 0.44}" y="${boomY + 4}" width="${length * 0.44}" height="6" rx="3" fill="#8a949c"/>`,
    sail([bow - 14, deck + 2], [mastX + 6, top + 26], [mastX + length * 0.06, deck - 10], drawing.sails, shade),
  ];
  if (drawing.rig === 'cutter') parts.push(sail([bow - length * 0.2, deck], [mastX + 6, top + 110], [mastX + length * 0.03, deck - 14], drawing.sails, shade));
  if (drawing.rig === 'ketch') {
    const mizzenX = cx - length * 0.33;
    const mizzenTop = top + 120;
    parts.push(mast(mizzenX, mizzenTop, deck), sail([mizzenX - 5, boomY + 4], [mizzenX - 3, mizzenTop + 8], [mizzenX - length * 0.2, boomY + 8], drawing.sails, shade));
  }
  // A burgee at the masthead in the boat's colour.
  parts.push(`<path d="M${mastX} ${top - 2} L${mastX - 34} ${top + 6} L${mastX} ${top + 14} Z" fill="${drawing.accent}"/>`);
  return parts.join('');
}

/** The whole picture as an SVG document (1200 × 675). */
export function boatSvg(drawing: BoatDrawing): string {
  const sky = SKIES[drawing.sky];
  const cx = 600;
  const length = drawing.rig === 'catamaran' || drawing.rig === 'trimaran' ? 540 : 520;
  const hull = drawing.rig === 'catamaran' || drawing.rig === 'trimaran' ? multihull(cx, length, drawing, drawing.rig === 'trimaran') : monohull(cx, length, drawing);
  const waves = Array.from({ length: 9 }, (_, row) => {
    const y = WATERLINE + 30 + row * 22;
    const offset = (row % 2) * 60;
    const crests = Array.from({ length: 11 }, (_, i) => `M${offset + i * 120 - 40} ${y} q30 -10 60 0`).join(' ');
    return `<path d="${crests}" stroke="#ffffff" stroke-opacity="${0.28 - row * 0.02}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  }).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient>`,
    `<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.sea[0]}"/><stop offset="1" stop-color="${sky.sea[1]}"/></linearGradient></defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`,
    `<circle cx="${drawing.sky === 'dusk' ? 960 : 230}" cy="${drawing.sky === 'day' ? 130 : 330}" r="58" fill="${sky.sun}" opacity="0.9"/>`,
    `<path d="M0 ${WATERLINE - 38} Q140 ${WATERLINE - 96} 300 ${WATERLINE - 58} T620 ${WATERLINE - 30} L620 ${WATERLINE + 2} L0 ${WATERLINE + 2} Z" fill="${sky.land}" opacity="0.75"/>`,
    `<rect y="${WATERLINE}" width="${WIDTH}" height="${HEIGHT - WATERLINE}" fill="url(#sea)"/>`,
    `<ellipse cx="${cx + 10}" cy="${WATERLINE + 18}" rx="${length * 0.52}" ry="16" fill="#0b2540" opacity="0.25"/>`,
    rig(cx, length, drawing),
    hull,
    waves,
    `<path d="M${cx + length / 2 - 60} ${WATERLINE + 10} q60 6 120 -2" stroke="#ffffff" stroke-width="5" stroke-opacity="0.7" fill="none" stroke-linecap="round"/>`,
    '</svg>',
  ].join('');
}
