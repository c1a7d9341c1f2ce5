import { writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The demo content's pictures, drawn here as SVG so nothing is fetched: avatars with initials,
 * medicine packs, slide backdrops and article covers. Each is written once into the upload folder.
 */

const palettes = [
  ['#0f766e', '#14b8a6'],
  ['#1d4ed8', '#60a5fa'],
  ['#7c3aed', '#c4b5fd'],
  ['#be123c', '#fda4af'],
  ['#b45309', '#fcd34d'],
  ['#0369a1', '#7dd3fc'],
  ['#15803d', '#86efac'],
  ['#4338ca', '#a5b4fc'],
];

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function hash(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

const paletteFor = (key: string) => palettes[hash(key) % palettes.length];

export function avatarSvg(name: string): string {
  const [dark, light] = paletteFor(name);
  const initials = name
    .replace(/^Dr\.?\s+/i, '')
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${escape(name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="400" height="400" fill="url(#g)"/>
<circle cx="200" cy="160" r="70" fill="#ffffff" fill-opacity="0.9"/>
<path d="M70 400c0-80 58-140 130-140s130 60 130 140z" fill="#ffffff" fill-opacity="0.9"/>
<text x="200" y="178" font-family="Helvetica, Arial, sans-serif" font-size="56" font-weight="700" text-anchor="middle" fill="${dark}">${escape(initials)}</text>
</svg>`;
}

export function productSvg(name: string, form: string): string {
  const [dark, light] = paletteFor(name);
  const words = name.split(' ');
  const lines: string[] = [];
  for (const w of words) {
    const last = lines[lines.length - 1];
    if (last && (last + ' ' + w).length <= 16) lines[lines.length - 1] = last + ' ' + w;
    else lines.push(w);
  }
  const text = lines
    .slice(0, 3)
    .map(
      (l, i) =>
        `<text x="200" y="${190 + i * 34}" font-family="Helvetica, Arial, sans-serif" font-size="28" font-weight="700" text-anchor="middle" fill="#ffffff">${escape(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${escape(name)}">
<rect width="400" height="400" fill="#f1f5f9"/>
<ellipse cx="200" cy="350" rx="140" ry="18" fill="#cbd5e1"/>
<rect x="70" y="70" width="260" height="270" rx="18" fill="${dark}"/>
<rect x="70" y="70" width="260" height="60" rx="18" fill="${light}"/>
<rect x="70" y="110" width="260" height="20" fill="${light}"/>
<circle cx="110" cy="100" r="14" fill="#ffffff"/><rect x="104" y="93" width="12" height="14" fill="${dark}"/><rect x="103" y="94" width="14" height="12" fill="${dark}" transform="rotate(90 110 100)"/>
${text}
<text x="200" y="312" font-family="Helvetica, Arial, sans-serif" font-size="20" text-anchor="middle" fill="#e2e8f0">${escape(form)}</text>
</svg>`;
}

export function bannerSvg(title: string, width = 1600, height = 700): string {
  const [dark, light] = paletteFor(title);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escape(title)}">
<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#b)"/>
<g fill="#ffffff" fill-opacity="0.12">
<circle cx="${width * 0.82}" cy="${height * 0.3}" r="${height * 0.38}"/>
<circle cx="${width * 0.95}" cy="${height * 0.85}" r="${height * 0.22}"/>
<circle cx="${width * 0.1}" cy="${height * 0.95}" r="${height * 0.25}"/>
</g>
<g transform="translate(${width * 0.82 - 90} ${height * 0.3 - 90})" fill="#ffffff" fill-opacity="0.85">
<rect x="60" y="0" width="60" height="180" rx="10"/><rect x="0" y="60" width="180" height="60" rx="10"/>
</g>
</svg>`;
}

/** Writes an SVG into the upload folder and returns its public path. */
export function writeArt(uploadDir: string, name: string, svg: string): string {
  const file = `seed-${name}.svg`;
  writeFileSync(path.join(uploadDir, file), svg, { mode: 0o600 });
  return `/uploads/${file}`;
}
