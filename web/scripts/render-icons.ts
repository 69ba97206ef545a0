/**
 * Renders the app icons (favicon.svg and the PNGs the web manifest names) from one SVG drawing.
 * Run after changing the drawing: `npx tsx web/scripts/render-icons.ts`; the outputs are committed.
 * Uses sharp (present in node_modules through miniflare) only here, never at build or run time.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const publicDir = fileURLToPath(new URL("../public/", import.meta.url));
const background = "#0f1117";

/** A gold shield with a sword on a dark field. `inset` shrinks the emblem into the maskable safe zone. */
function iconSvg({ size, inset, rounded }: { size: number; inset: number; rounded: boolean }): string {
  const radius = rounded ? 112 : 0;
  const scale = 1 - inset * 2;
  const offset = 256 * inset * 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
  <title>Guild Portal</title>
  <defs>
    <linearGradient id="gold" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f5d27a"/>
      <stop offset="1" stop-color="#c8922e"/>
    </linearGradient>
    <linearGradient id="field" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1b2233"/>
      <stop offset="1" stop-color="${background}"/>
    </linearGradient>
  </defs>
  <rect width="512" height="512" rx="${radius}" fill="url(#field)"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="M256 56 L420 112 C420 270 372 380 256 456 C140 380 92 270 92 112 Z"
      fill="#161c2b" stroke="url(#gold)" stroke-width="26" stroke-linejoin="round"/>
    <path d="M256 132 L276 168 L276 330 L256 356 L236 330 L236 168 Z" fill="url(#gold)"/>
    <rect x="192" y="324" width="128" height="22" rx="11" fill="url(#gold)"/>
    <rect x="246" y="346" width="20" height="48" rx="6" fill="#c8922e"/>
    <circle cx="256" cy="402" r="14" fill="#f5d27a"/>
  </g>
</svg>`;
}

async function renderPng(file: string, svg: string): Promise<void> {
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  writeFileSync(`${publicDir}${file}`, png);
  console.log(`wrote web/public/${file} (${png.length} bytes)`);
}

mkdirSync(`${publicDir}icons`, { recursive: true });
writeFileSync(`${publicDir}favicon.svg`, iconSvg({ size: 512, inset: 0, rounded: true }));
await renderPng("icons/icon-192.png", iconSvg({ size: 192, inset: 0, rounded: true }));
await renderPng("icons/icon-512.png", iconSvg({ size: 512, inset: 0, rounded: true }));
// Maskable icons are cropped to a circle or squircle by the OS: full-bleed background, emblem within 80%.
await renderPng("icons/icon-maskable-512.png", iconSvg({ size: 512, inset: 0.1, rounded: false }));
await renderPng("icons/apple-touch-icon.png", iconSvg({ size: 180, inset: 0.06, rounded: false }));
