/**
 * Draws the app icons of the web app manifest from the logo (public/favicon.svg): `any` icons at
 * 192 and 512 px, a maskable 512 px icon (full-bleed brand purple, the star inside the 80 % safe
 * circle that Android's masks keep) and the 180 px Apple touch icon. Chromium renders them, so the
 * PNGs are exactly the SVG. The PNGs are committed; run this again after changing the logo:
 *
 *   npx tsx frontend/scripts/make-icons.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const publicDir = join(import.meta.dirname, '..', 'public');
const logo = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
const inner = logo.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '').replace(/<rect[^>]*\/>/, '');

/** The logo on a full square (no rounded corners: the platform's mask shapes it), the mark scaled to fit the safe zone. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#5b3cc4"/><g transform="translate(32 30) scale(0.72) translate(-32 -30)">${inner}</g></svg>`;
/** Apple draws its own rounded corners over an opaque square. */
const apple = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#5b3cc4"/><g transform="translate(32 30) scale(0.86) translate(-32 -30)">${inner}</g></svg>`;

const ICONS: { file: string; svg: string; size: number }[] = [
  { file: 'pwa-192x192.png', svg: logo, size: 192 },
  { file: 'pwa-512x512.png', svg: logo, size: 512 },
  { file: 'maskable-icon-512x512.png', svg: maskable, size: 512 },
  { file: 'apple-touch-icon-180x180.png', svg: apple, size: 180 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const { file, svg, size } of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
    await page.screenshot({ path: join(publicDir, file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    console.log(`${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
