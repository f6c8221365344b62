#!/usr/bin/env node
// Draws the installed app's icons (apps/web/public/icons) from the site's logo, the sail of the favicon in
// index.html and the header. Run it again after the logo changes: `node apps/web/build/app-icons.mjs`.
// The PNGs are committed, so a build needs neither this script nor sharp's SVG support.
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '../public/icons');
/** The logo's sail and hull, drawn on a 32-unit square. */
const LOGO = 'M15 3v19H5L15 3Zm2 4 9 15h-9V7ZM3 24h26l-3 5H6l-3-5Z';
const NAVY = '#0b2540';

/**
 * The logo in white on the theme colour. `scale` is the logo's share of the icon: a maskable icon keeps it inside
 * the central circle a launcher may crop to (80% of the side), so it is drawn smaller there.
 */
const svg = (size, scale, rounded) => {
  const logo = size * scale;
  const offset = (size - logo) / 2;
  const corner = rounded ? size * 0.2 : 0;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
      `<rect width="${size}" height="${size}" rx="${corner}" fill="${NAVY}"/>` +
      `<path transform="translate(${offset} ${offset}) scale(${logo / 32})" fill="#ffffff" d="${LOGO}"/></svg>`,
  );
};

const icons = [
  { file: 'icon-192.png', size: 192, scale: 0.7, rounded: true },
  { file: 'icon-512.png', size: 512, scale: 0.7, rounded: true },
  { file: 'icon-maskable-512.png', size: 512, scale: 0.5, rounded: false },
  { file: 'icon-maskable-192.png', size: 192, scale: 0.5, rounded: false },
  // iOS draws its own rounded corners and ignores transparency: full bleed.
  { file: 'apple-touch-icon.png', size: 180, scale: 0.62, rounded: false },
];
for (const { file, size, scale, rounded } of icons) {
  await sharp(svg(size, scale, rounded))
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(OUT, file));
  console.log(`${file} ${size}x${size}`);
}
