// Draws the shop's pictures: perfume bottles as SVG, rasterised to WebP in the widths
// the layout shows them in (decision 017). Run once by hand; the files are committed:
// - beside this script, the demo catalogue that scripts/seed.mjs uploads to R2: two
//   photos per product (the bottle, then a close-up of its label), each 1200 px square
//   with copies 320 and 720 px wide (`<name>-<w>w.webp`, IMAGE_WIDTHS), and each
//   collection's banner at its display size (1200×400, 3:1);
// - in mfe-shop, the home page's built-in hero (landscape and portrait) and about
//   pictures, in the widths their srcset lists.
// So neither `npm start` nor tests need these tools.
//   node scripts/seed-images/generate.mjs   (needs rsvg-convert, cwebp and the URW base35 fonts:
//   apt-get install librsvg2-bin webp fonts-urw-base35)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const here = new URL('.', import.meta.url).pathname;
const SIZE = 800;

const esc = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Deterministic pseudo-random numbers, so a re-run draws the same pictures. */
function random(seedText) {
  let seed = [...seedText].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

const CAPS = {
  gold: ['#8a6a1f', '#f3dc8a', '#b88a2c'],
  silver: ['#6f7378', '#f4f6f8', '#9aa0a6'],
  black: ['#050505', '#4a4a4a', '#141414'],
  rose: ['#8c5a4a', '#f2c9b8', '#b67b67'],
};

const SHAPES = {
  classic: { w: 300, h: 320 },
  tall: { w: 210, h: 400 },
  round: { w: 330, h: 330 },
  arch: { w: 270, h: 360 },
  facet: { w: 300, h: 330 },
};

function bodyPath(shape, w, h) {
  const x = w / 2;
  switch (shape) {
    case 'round':
      return `M 0 ${-h} A ${x} ${h / 2} 0 1 1 0 0 A ${x} ${h / 2} 0 1 1 0 ${-h} Z`;
    case 'arch':
      return `M ${-x} -18 V ${-h + x} A ${x} ${x} 0 0 1 ${x} ${-h + x} V -18 Q ${x} 0 ${x - 18} 0 H ${-x + 18} Q ${-x} 0 ${-x} -18 Z`;
    case 'facet': {
      const c = 62;
      return `M ${-x + c} 0 H ${x - c} L ${x} ${-c} V ${-h + c} L ${x - c} ${-h} H ${-x + c} L ${-x} ${-h + c} V ${-c} Z`;
    }
    default: {
      const r = shape === 'tall' ? 26 : 38;
      return `M ${-x + r} 0 H ${x - r} Q ${x} 0 ${x} ${-r} V ${-h + r} Q ${x} ${-h} ${x - r} ${-h} H ${-x + r} Q ${-x} ${-h} ${-x} ${-h + r} V ${-r} Q ${-x} 0 ${-x + r} 0 Z`;
    }
  }
}

function cap(style, capKind, id, top) {
  const [dark, light, mid] = CAPS[style];
  const grad = `<linearGradient id="${id}-cap" x1="0" x2="1"><stop offset="0" stop-color="${dark}"/><stop offset="0.45" stop-color="${light}"/><stop offset="0.7" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`;
  const neck = `<rect x="-36" y="${top - 30}" width="72" height="34" rx="4" fill="url(#${id}-cap)"/>`;
  const at = top - 30;
  let shape;
  switch (capKind) {
    case 'sphere':
      shape = `<circle cx="0" cy="${at - 64}" r="70" fill="url(#${id}-cap)"/><ellipse cx="-24" cy="${at - 92}" rx="18" ry="10" fill="#fff" opacity="0.45"/>`;
      break;
    case 'tall':
      shape = `<rect x="-46" y="${at - 170}" width="92" height="172" rx="14" fill="url(#${id}-cap)"/>`;
      break;
    case 'crystal':
      shape = `<path d="M -70 ${at} L -86 ${at - 70} L -40 ${at - 140} H 40 L 86 ${at - 70} L 70 ${at} Z" fill="url(#${id}-cap)"/><path d="M -40 ${at - 140} L 0 ${at - 70} L 40 ${at - 140} M -86 ${at - 70} H 86 M 0 ${at - 70} V ${at}" stroke="#fff" stroke-opacity="0.35" stroke-width="2" fill="none"/>`;
      break;
    case 'cube':
      shape = `<rect x="-72" y="${at - 118}" width="144" height="120" rx="8" fill="url(#${id}-cap)"/><rect x="-60" y="${at - 110}" width="20" height="104" rx="6" fill="#fff" opacity="0.22"/>`;
      break;
    default:
      shape = `<rect x="-60" y="${at - 108}" width="120" height="110" rx="10" fill="url(#${id}-cap)"/>`;
  }
  return { defs: grad, body: `${neck}${shape}` };
}

/** One bottle standing on y = 0 around x = 0, in its own gradient namespace `id`. */
function bottle(p, id) {
  const { w, h } = SHAPES[p.shape];
  const path = bodyPath(p.shape, w, h);
  const [liquidTop, liquidBottom] = p.liquid;
  const c = cap(p.cap, p.capKind ?? 'cylinder', id, -h);
  const labelW = Math.min(w * 0.64, 196);
  const labelH = 112;
  const labelY = p.shape === 'round' ? -h / 2 - labelH / 2 : -h * 0.52 - labelH / 2;
  const dark = p.label === 'black';
  const ink = dark ? '#e9cf86' : '#2a2116';
  const nameSize = p.name.length > 14 ? 17 : p.name.length > 10 ? 20 : 23;
  const defs = `
    <linearGradient id="${id}-glass" x1="0" x2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="0.18" stop-color="#fff" stop-opacity="0.12"/><stop offset="0.8" stop-color="#fff" stop-opacity="0.08"/><stop offset="1" stop-color="#fff" stop-opacity="0.45"/></linearGradient>
    <linearGradient id="${id}-liquid" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${liquidTop}"/><stop offset="1" stop-color="${liquidBottom}"/></linearGradient>
    <linearGradient id="${id}-shine" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
    <clipPath id="${id}-outer"><path d="${path}"/></clipPath>
    <clipPath id="${id}-inner"><path d="${path}" transform="translate(0 ${-h / 2}) scale(0.9) translate(0 ${h / 2})"/></clipPath>
    ${c.defs}`;
  const body = `
    <ellipse cx="0" cy="4" rx="${w * 0.6}" ry="18" fill="#000" opacity="0.38" filter="url(#soft)"/>
    <rect x="${-w / 2}" y="${-h * 0.8}" width="${w}" height="${h}" fill="url(#${id}-liquid)" opacity="0.92" clip-path="url(#${id}-inner)"/>
    <path d="${path}" fill="url(#${id}-glass)" stroke="#fff" stroke-opacity="0.7" stroke-width="3"/>
    <g clip-path="url(#${id}-outer)">
      <rect x="${-w / 2}" y="-26" width="${w}" height="26" fill="#fff" opacity="0.16"/>
      <rect x="${-w / 2 + 22}" y="${-h + 34}" width="20" height="${h - 80}" rx="10" fill="url(#${id}-shine)"/>
      <rect x="${w / 2 - 30}" y="${-h + 50}" width="6" height="${h - 120}" rx="3" fill="#fff" opacity="0.3"/>
    </g>
    <g transform="translate(0 ${labelY})">
      <rect x="${-labelW / 2}" y="0" width="${labelW}" height="${labelH}" rx="4" fill="${dark ? '#15110c' : '#f8f1e2'}" opacity="0.96"/>
      <rect x="${-labelW / 2 + 6}" y="6" width="${labelW - 12}" height="${labelH - 12}" rx="2" fill="none" stroke="#c9a227" stroke-width="1.5"/>
      <text x="0" y="30" text-anchor="middle" font-family="URW Gothic" font-size="10.5" letter-spacing="3" fill="${ink}">GLOBAL IMPERIUM</text>
      <text x="0" y="${64}" text-anchor="middle" font-family="P052" font-style="italic" font-size="${nameSize}" fill="${ink}">${esc(p.name)}</text>
      <text x="0" y="${92}" text-anchor="middle" font-family="URW Gothic" font-size="9" letter-spacing="2.5" fill="${ink}" opacity="0.8">EAU DE PARFUM</text>
    </g>
    ${c.body}`;
  return { defs, body };
}

function citrusSlice(x, y, r, color, rot) {
  const segments = Array.from({ length: 10 }, (_, i) => {
    const a = (i * Math.PI) / 5;
    return `<line x1="0" y1="0" x2="${(Math.cos(a) * r * 0.82).toFixed(1)}" y2="${(Math.sin(a) * r * 0.82).toFixed(1)}"/>`;
  }).join('');
  return `<g transform="translate(${x} ${y}) rotate(${rot})"><circle r="${r}" fill="${color}"/><circle r="${r * 0.88}" fill="#fff8df"/><circle r="${r * 0.82}" fill="${color}" opacity="0.55"/><g stroke="#fff8df" stroke-width="${r * 0.05}">${segments}</g></g>`;
}

function leaf(x, y, len, rot, color) {
  return `<g transform="translate(${x} ${y}) rotate(${rot})"><path d="M 0 0 Q ${len * 0.5} ${-len * 0.32} ${len} 0 Q ${len * 0.5} ${len * 0.32} 0 0 Z" fill="${color}"/><path d="M 0 0 L ${len * 0.92} 0" stroke="#fff" stroke-opacity="0.35" stroke-width="2"/></g>`;
}

function flower(x, y, r, color, rot) {
  const petals = Array.from(
    { length: 5 },
    (_, i) =>
      `<ellipse cx="0" cy="${-r * 0.55}" rx="${r * 0.34}" ry="${r * 0.58}" transform="rotate(${i * 72 + rot})" fill="${color}"/>`,
  ).join('');
  return `<g transform="translate(${x} ${y})" opacity="0.9">${petals}<circle r="${r * 0.16}" fill="#f3d27a"/></g>`;
}

function sparkle(x, y, r) {
  return `<path transform="translate(${x} ${y})" d="M 0 ${-r} Q 0 0 ${r} 0 Q 0 0 0 ${r} Q 0 0 ${-r} 0 Q 0 0 0 ${-r} Z" fill="#f6e3a1" opacity="0.85"/>`;
}

/** Background decoration behind the bottles; each motif suits a family of scents. */
function motif(kind, rnd, accent) {
  const parts = [];
  for (let i = 0; i < 14; i++) {
    parts.push(
      `<circle cx="${(rnd() * SIZE).toFixed(0)}" cy="${(rnd() * 520).toFixed(0)}" r="${(10 + rnd() * 46).toFixed(0)}" fill="#fff" opacity="${(0.04 + rnd() * 0.1).toFixed(2)}"/>`,
    );
  }
  switch (kind) {
    case 'citrus':
      parts.push(
        leaf(95, 700, 150, -35, '#4f8a3a'),
        leaf(690, 690, 140, -150, '#5b9a42'),
        citrusSlice(130, 640, 78, accent, 10),
        citrusSlice(690, 610, 64, accent, 40),
        citrusSlice(600, 720, 50, '#f2c230', 0),
      );
      break;
    case 'floral':
      parts.push(
        flower(120, 620, 70, accent, 0),
        flower(700, 560, 56, accent, 20),
        flower(640, 710, 44, '#fff3f1', 40),
        flower(190, 730, 40, '#fff3f1', 10),
        leaf(40, 690, 120, -20, '#6d8f5a'),
        leaf(760, 640, 110, -160, '#6d8f5a'),
      );
      break;
    case 'smoke':
      for (let i = 0; i < 4; i++) {
        const x = 120 + i * 170 + rnd() * 40;
        parts.push(
          `<path d="M ${x} 620 C ${x - 80} 500, ${x + 90} 420, ${x} 300 S ${x - 60} 140, ${x + 30} 40" stroke="${accent}" stroke-opacity="0.22" stroke-width="${10 + i * 3}" fill="none" filter="url(#soft)"/>`,
        );
      }
      break;
    case 'woody':
      for (let i = 0; i < 5; i++) {
        const x = 60 + rnd() * 160;
        parts.push(
          `<rect x="${x}" y="${600 + i * 26}" width="${200 + rnd() * 80}" height="16" rx="8" fill="${accent}" opacity="0.75" transform="rotate(${-8 + rnd() * 6} ${x} 600)"/>`,
        );
      }
      parts.push(leaf(640, 700, 130, -150, '#5c6e3c'), leaf(690, 640, 110, -120, '#72854a'));
      break;
    default:
      for (let i = 0; i < 12; i++) parts.push(sparkle(40 + rnd() * 720, 40 + rnd() * 520, 6 + rnd() * 12));
  }
  return parts.join('');
}

/**
 * A scene: background, motif and one or more bottles (the middle one in front).
 * `view` crops it (a close-up is a smaller viewBox of the same vector drawing).
 */
function scene(name, { bg, motif: kind, accent, bottles }, view = `0 0 ${SIZE} ${SIZE}`) {
  const rnd = random(name);
  const defs = [];
  const bodies = [];
  const layout =
    bottles.length === 1
      ? [{ x: 400, s: 1 }]
      : bottles.length === 2
        ? [
            { x: 290, s: 0.74 },
            { x: 520, s: 0.82 },
          ]
        : [
            { x: 200, s: 0.62 },
            { x: 600, s: 0.62 },
            { x: 400, s: 0.8 },
          ];
  const order = bottles.length === 3 ? [0, 1, 2] : bottles.map((_, i) => i);
  for (const i of order) {
    const b = bottle(bottles[i], `b${i}`);
    const { x, s } = layout[i];
    defs.push(b.defs);
    bodies.push(`<g transform="translate(${x} 668) scale(${s})">${b.body}</g>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="${view}">
  <defs>
    <radialGradient id="bg" cx="0.5" cy="0.36" r="0.78"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></radialGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/></linearGradient>
    <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="9"/></filter>
    ${defs.join('')}
  </defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
  <rect y="600" width="${SIZE}" height="200" fill="url(#floor)"/>
  ${motif(kind, rnd, accent)}
  ${bodies.join('')}
</svg>`;
}

const p = (name, shape, cap, capKind, liquid, label = 'cream') => ({
  name,
  shape,
  cap,
  capKind,
  liquid,
  label,
});

const products = {
  'oud-royale': {
    bg: ['#5a3a2a', '#1b100b'],
    motif: 'smoke',
    accent: '#f0d9b5',
    bottles: [p('Oud Royale', 'facet', 'gold', 'crystal', ['#8c4a1c', '#3a1606'], 'black')],
  },
  'amber-imperium': {
    bg: ['#f3c77a', '#9c5a16'],
    motif: 'sparkle',
    accent: '#fff',
    bottles: [p('Amber Imperium', 'classic', 'gold', 'cube', ['#f0a23a', '#a4520c'], 'black')],
  },
  'melati-malam': {
    bg: ['#3d4a7a', '#141a33'],
    motif: 'floral',
    accent: '#fdfaf0',
    bottles: [p('Melati Malam', 'arch', 'silver', 'sphere', ['#f6f0ff', '#b9b3e8'])],
  },
  'citrus-bloom': {
    bg: ['#fff5c4', '#f2b63c'],
    motif: 'citrus',
    accent: '#f39a1e',
    bottles: [p('Citrus Bloom', 'classic', 'silver', 'cylinder', ['#ffe27a', '#f59e0b'])],
  },
  'bergamot-pagi': {
    bg: ['#eaf7d8', '#8cc06a'],
    motif: 'citrus',
    accent: '#b5cf3a',
    bottles: [p('Bergamot Pagi', 'tall', 'gold', 'tall', ['#e9f5a0', '#98b82e'])],
  },
  'santal-kraton': {
    bg: ['#d9b48a', '#6b4424'],
    motif: 'woody',
    accent: '#8b5a2b',
    bottles: [p('Santal Kraton', 'classic', 'black', 'cube', ['#e2b07a', '#8a5526'], 'black')],
  },
  'mawar-sultana': {
    bg: ['#fbe3e6', '#d9788b'],
    motif: 'floral',
    accent: '#e9536f',
    bottles: [p('Mawar Sultana', 'round', 'rose', 'sphere', ['#ffb3c1', '#c2274b'])],
  },
  'vanila-senja': {
    bg: ['#fde8cf', '#d08a5a'],
    motif: 'sparkle',
    accent: '#fff',
    bottles: [p('Vanila Senja', 'arch', 'gold', 'cylinder', ['#fbe0b0', '#c98a4a'])],
  },
  'jeruk-bali-sunrise': {
    bg: ['#ffe3c9', '#f07b4a'],
    motif: 'citrus',
    accent: '#f26b3a',
    bottles: [p('Jeruk Bali Sunrise', 'tall', 'rose', 'tall', ['#ffc09a', '#e5533a'])],
  },
  'kasturi-emas': {
    bg: ['#4a4032', '#0f0c08'],
    motif: 'sparkle',
    accent: '#fff',
    bottles: [p('Kasturi Emas', 'facet', 'gold', 'crystal', ['#f6dc8c', '#b8860b'], 'black')],
  },
  'nilam-nusantara': {
    bg: ['#a9b98a', '#3c4a2a'],
    motif: 'woody',
    accent: '#5b3b22',
    bottles: [p('Nilam Nusantara', 'classic', 'black', 'cylinder', ['#9c7a48', '#4a3318'])],
  },
  'yuzu-teh-hijau': {
    bg: ['#f2f7dc', '#a6c36f'],
    motif: 'citrus',
    accent: '#e6c31e',
    bottles: [p('Yuzu & Teh Hijau', 'round', 'silver', 'cylinder', ['#eef2a0', '#8fb339'])],
  },
  'hujan-tropis': {
    bg: ['#d2eef0', '#3f8f9a'],
    motif: 'floral',
    accent: '#ffffff',
    bottles: [p('Hujan Tropis', 'tall', 'silver', 'sphere', ['#bfeef0', '#2e8f9c'])],
  },
  'kopi-kapulaga': {
    bg: ['#8a6148', '#2a1a10'],
    motif: 'smoke',
    accent: '#e8d2b8',
    bottles: [p('Kopi & Kapulaga', 'arch', 'black', 'cube', ['#9a6a44', '#3b2112'], 'black')],
  },
  'paket-duo-mini': {
    bg: ['#fde9ef', '#c98aa8'],
    motif: 'sparkle',
    accent: '#fff',
    bottles: [
      p('Mawar', 'round', 'rose', 'sphere', ['#ffb3c1', '#c2274b']),
      p('Vanila', 'arch', 'gold', 'cylinder', ['#fbe0b0', '#c98a4a']),
    ],
  },
  'set-hadiah-imperium': {
    bg: ['#3a1f2b', '#0e070b'],
    motif: 'sparkle',
    accent: '#fff',
    bottles: [
      p('Oud', 'facet', 'gold', 'crystal', ['#8c4a1c', '#3a1606'], 'black'),
      p('Kasturi', 'facet', 'gold', 'crystal', ['#f6dc8c', '#b8860b'], 'black'),
      p('Amber', 'classic', 'gold', 'cube', ['#f0a23a', '#a4520c'], 'black'),
    ],
  },
};

const pick = (...names) => names.map((n) => products[n].bottles[0]);
const collections = {
  'koleksi-signature': {
    bg: ['#f1e4c8', '#a88646'],
    motif: 'sparkle',
    accent: '#fff',
    bottles: pick('melati-malam', 'nilam-nusantara', 'amber-imperium'),
  },
  'koleksi-luxury': {
    bg: ['#3b3326', '#0b0906'],
    motif: 'sparkle',
    accent: '#fff',
    bottles: pick('santal-kraton', 'kasturi-emas', 'oud-royale'),
  },
  'koleksi-seasonal': {
    bg: ['#d8efe6', '#5d9c8c'],
    motif: 'floral',
    accent: '#fff3f1',
    bottles: pick('bergamot-pagi', 'hujan-tropis', 'vanila-senja'),
  },
  'koleksi-gift': {
    bg: ['#fbe3ea', '#b8607e'],
    motif: 'sparkle',
    accent: '#fff',
    bottles: pick('vanila-senja', 'kasturi-emas', 'mawar-sultana'),
  },
  'koleksi-oriental': {
    bg: ['#7a3f2c', '#1e0d08'],
    motif: 'smoke',
    accent: '#f0d9b5',
    bottles: pick('kopi-kapulaga', 'nilam-nusantara', 'oud-royale'),
  },
  'koleksi-citrus': {
    bg: ['#fff4c2', '#f0a63a'],
    motif: 'citrus',
    accent: '#f39a1e',
    bottles: pick('bergamot-pagi', 'jeruk-bali-sunrise', 'citrus-bloom'),
  },
};

/**
 * A wide or tall still life: several bottles on a reflective floor under a spotlight,
 * the back row smaller and out of focus for depth, props in front.
 */
function stage({ width, height, bg, floorY, light = [0.5, 0.12], rows, props = '' }) {
  const defs = [];
  const bodies = [];
  rows.forEach((row, r) => {
    for (const [i, { bottle: spec, x, s }] of row.bottles.entries()) {
      const b = bottle(spec, `r${r}b${i}`);
      defs.push(b.defs);
      const place = `translate(${x} ${row.y}) scale(${s})`;
      const blur = row.blur ? ` filter="url(#depth${r})"` : '';
      const shade = row.shade
        ? `<g transform="${place}" opacity="${row.shade}">${b.body.replace(/fill="url\([^)]*\)"/g, 'fill="#000"')}</g>`
        : '';
      bodies.push(`<g${blur}><g transform="${place}">${b.body}</g>${shade}</g>`);
      // A faint mirror image on the polished floor.
      if (!row.blur)
        bodies.unshift(
          `<g transform="translate(${x} ${row.y}) scale(${s} ${-s})" opacity="0.16" mask="url(#fade)">${b.body}</g>`,
        );
    }
    if (row.blur)
      defs.push(
        `<filter id="depth${r}" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${row.blur}"/></filter>`,
      );
  });
  const [lx, ly] = light;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <radialGradient id="bg" cx="${lx}" cy="${ly + 0.25}" r="0.9"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></radialGradient>
    <radialGradient id="spot" cx="${lx}" cy="${ly}" r="0.55"><stop offset="0" stop-color="#fff3d6" stop-opacity="0.55"/><stop offset="0.5" stop-color="#fff3d6" stop-opacity="0.12"/><stop offset="1" stop-color="#fff3d6" stop-opacity="0"/></radialGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></linearGradient>
    <linearGradient id="fadeGrad" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="0.35" stop-color="#000"/></linearGradient>
    <mask id="fade" maskContentUnits="userSpaceOnUse"><rect x="0" y="${floorY}" width="${width}" height="${height - floorY}" fill="url(#fadeGrad)"/></mask>
    <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>
    <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="9"/></filter>
    ${defs.join('')}
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <rect y="${floorY}" width="${width}" height="${height - floorY}" fill="url(#floor)"/>
  <rect width="${width}" height="${height}" fill="url(#spot)"/>
  ${bodies.join('')}
  ${props}
  <rect width="${width}" height="${height}" fill="url(#vignette)"/>
</svg>`;
}

const b = (name) => products[name].bottles[0];

/** Collection banners at their display size (3:1): the bottles in the middle third, which a card's 8:5 crop keeps. */
const banner = (spec) => {
  const rnd = random(spec.bottles.map((x) => x.name).join());
  const side =
    spec.motif === 'citrus'
      ? citrusSlice(150, 330, 70, spec.accent, 10) +
        citrusSlice(1060, 320, 60, spec.accent, 40) +
        leaf(980, 370, 130, -150, '#5b9a42')
      : spec.motif === 'floral'
        ? flower(150, 300, 70, spec.accent, 0) +
          flower(1050, 320, 56, spec.accent, 20) +
          leaf(60, 360, 120, -20, '#6d8f5a')
        : Array.from({ length: 16 }, () => sparkle(40 + rnd() * 1120, 30 + rnd() * 260, 5 + rnd() * 10)).join(
            '',
          );
  return stage({
    width: 1200,
    height: 400,
    bg: spec.bg,
    floorY: 330,
    rows: [
      {
        y: 350,
        bottles: [
          { bottle: spec.bottles[0], x: 470, s: 0.42 },
          { bottle: spec.bottles[1], x: 730, s: 0.42 },
          { bottle: spec.bottles[2], x: 600, s: 0.5 },
        ],
      },
    ],
    props: side,
  });
};

/** The home page's first screen: a line-up of the house's bottles, front row sharp, back row soft. */
const heroRows = (cx, baseline, scale) => [
  {
    y: baseline - 70 * scale,
    blur: 4,
    shade: 0.25,
    bottles: [
      { bottle: b('melati-malam'), x: cx - 330 * scale, s: 0.5 * scale },
      { bottle: b('santal-kraton'), x: cx - 110 * scale, s: 0.52 * scale },
      { bottle: b('kasturi-emas'), x: cx + 110 * scale, s: 0.52 * scale },
      { bottle: b('mawar-sultana'), x: cx + 330 * scale, s: 0.5 * scale },
    ],
  },
  {
    y: baseline,
    bottles: [
      { bottle: b('citrus-bloom'), x: cx - 230 * scale, s: 0.66 * scale },
      { bottle: b('amber-imperium'), x: cx + 230 * scale, s: 0.66 * scale },
      { bottle: b('oud-royale'), x: cx, s: 0.8 * scale },
    ],
  },
];
const heroProps = (w, h) => {
  const rnd = random(`hero${w}`);
  return Array.from({ length: 22 }, () => sparkle(rnd() * w, rnd() * h * 0.55, 4 + rnd() * 9)).join('');
};

const shop = {
  'hero-wide': {
    svg: stage({
      width: 1600,
      height: 900,
      bg: ['#6b4a2a', '#120b07'],
      floorY: 760,
      light: [0.5, 0.05],
      rows: heroRows(800, 830, 1.05),
      props: heroProps(1600, 900),
    }),
    widths: [960, 1600],
    dir: 'mfe-shop/src/features/hero/images',
  },
  'hero-tall': {
    svg: stage({
      width: 960,
      height: 1280,
      bg: ['#6b4a2a', '#120b07'],
      floorY: 1080,
      light: [0.5, 0.1],
      rows: heroRows(480, 1170, 0.92),
      props: heroProps(960, 1280),
    }),
    widths: [480, 960],
    dir: 'mfe-shop/src/features/hero/images',
  },
  about: {
    svg: stage({
      width: 1280,
      height: 960,
      bg: ['#f3e3c4', '#9a7442'],
      floorY: 700,
      light: [0.42, 0.1],
      rows: [
        {
          y: 720,
          blur: 3,
          bottles: [
            { bottle: b('nilam-nusantara'), x: 470, s: 0.62 },
            { bottle: b('vanila-senja'), x: 820, s: 0.6 },
          ],
        },
        {
          y: 850,
          bottles: [
            { bottle: b('jeruk-bali-sunrise'), x: 360, s: 0.72 },
            { bottle: b('mawar-sultana'), x: 930, s: 0.72 },
            { bottle: b('amber-imperium'), x: 640, s: 0.86 },
          ],
        },
      ],
      props:
        citrusSlice(150, 880, 70, '#f26b3a', 15) +
        citrusSlice(250, 915, 48, '#f2c230', 60) +
        flower(1130, 870, 66, '#e9536f', 10) +
        flower(1040, 925, 44, '#fff3f1', 30) +
        leaf(40, 900, 140, -15, '#5b7a3a') +
        leaf(1240, 900, 130, -165, '#5b7a3a'),
    }),
    widths: [480, 960],
    dir: 'mfe-shop/src/features/about/images',
  },
};

/** Rasterises `svg` at each width (the height follows its aspect) into `<out>-<w>w.webp`, the largest as `<out>.webp` when `plain`. */
function raster(work, name, svg, widths, outDir, plain) {
  const file = join(work, `${name}.svg`);
  writeFileSync(file, svg);
  const last = widths.length - 1;
  for (const [i, w] of widths.entries()) {
    const png = join(work, `${name}-${w}.png`);
    const out = join(outDir, plain && i === last ? `${name}.webp` : `${name}-${w}w.webp`);
    execFileSync('rsvg-convert', ['-w', String(w), '-o', png, file]);
    execFileSync('cwebp', ['-quiet', '-q', '78', '-m', '6', '-metadata', 'none', png, '-o', out]);
    console.log(`${out.slice(root.length)} ${Math.round(statSync(out).size / 1024)} KB`);
  }
}

const root = new URL('../..', import.meta.url).pathname;
/** IMAGE_WIDTHS of @gi/contracts, then the photo itself. */
const PHOTO_WIDTHS = [320, 720, 1200];
// The close-up: the middle of the same drawing, where the label is.
const CLOSE_UP = '170 200 460 460';

const work = mkdtempSync(join(tmpdir(), 'seed-images-'));
try {
  for (const [name, spec] of Object.entries(products)) {
    raster(work, name, scene(name, spec), PHOTO_WIDTHS, here, true);
    raster(work, `${name}-2`, scene(name, spec, CLOSE_UP), PHOTO_WIDTHS, here, true);
  }
  for (const [name, spec] of Object.entries(collections))
    raster(work, name, banner(spec), [1200], here, true);
  for (const [name, { svg, widths, dir }] of Object.entries(shop)) {
    mkdirSync(join(root, dir), { recursive: true });
    raster(work, name, svg, widths, join(root, dir), false);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
