/**
 * Pure SVG drawings for the demo catalogue: eyewear front/side views drawn from a frame shape
 * code and the frame/temple colours, accessories, and tiles for banners, materials, shapes and
 * price ranges. No I/O; every piece of text is escaped.
 */

export const THEME_COLOUR = '#14467c';

export const FRONT_VIEW = { width: 600, height: 300 } as const;
export const SIDE_VIEW = { width: 600, height: 300 } as const;

/** Escapes text for SVG/XML element content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;',
  );
}

/** Accepts '#rgb' / '#rrggbb'; anything else falls back (never echoes unchecked input). */
export function safeColour(hex: string | null | undefined, fallback = '#333333'): string {
  if (hex && /^#[0-9a-fA-F]{6}$/.test(hex)) return hex.toLowerCase();
  if (hex && /^#[0-9a-fA-F]{3}$/.test(hex)) {
    const [r, g, b] = hex.slice(1).split('');
    return `#${r}${r}${g}${g}${b}${b}`.toLowerCase();
  }
  return fallback;
}

function hexToRgb(hex: string): [number, number, number] {
  const h = safeColour(hex);
  return [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
}

function rgbToHex([r, g, b]: [number, number, number]): string {
  const part = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** Mixes a colour towards white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const [r, g, b] = hexToRgb(hex);
  const target = amount >= 0 ? 255 : 0;
  const t = Math.abs(amount);
  return rgbToHex([r + (target - r) * t, g + (target - g) * t, b + (target - b) * t]);
}

function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** A short id prefix from the drawing's inputs, so several SVGs inlined in one page never share ids. */
function idPrefix(input: unknown): string {
  const text = JSON.stringify(input);
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return `fp${(h >>> 0).toString(36)}`;
}

/** Joins the parts and scopes every id (and its url(#…) / aria references) with idPrefix(input). */
function finish(parts: string[], input: unknown): string {
  const p = idPrefix(input);
  return parts
    .join('')
    .replace(/ id="([^"]+)"/g, ` id="${p}-$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${p}-$1)`)
    .replace(/aria-labelledby="([^"]+)"/g, `aria-labelledby="${p}-$1"`);
}

// ---------------------------------------------------------------------------
// Lens geometry
// ---------------------------------------------------------------------------

/** A point in lens-local units: u = -1 at the temple side, +1 at the nose; v = -1 top, +1 bottom. */
type P = readonly [number, number];
type Seg = { c1: P; c2: P; to: P } | { to: P };
interface LensShape {
  start: P;
  segs: Seg[];
  /** height / width */
  aspect: number;
}

const K = 0.5523; // cubic Bézier circle constant

function ellipse(aspect: number): LensShape {
  return {
    aspect,
    start: [0, -1],
    segs: [
      { c1: [K, -1], c2: [1, -K], to: [1, 0] },
      { c1: [1, K], c2: [K, 1], to: [0, 1] },
      { c1: [-K, 1], c2: [-1, K], to: [-1, 0] },
      { c1: [-1, -K], c2: [-K, -1], to: [0, -1] },
    ],
  };
}

/** A closed polygon with rounded corners (radius r in lens units, 0..0.5). */
function roundedPolygon(points: P[], r: number, aspect: number): LensShape {
  const n = points.length;
  const at = (i: number): P => points[((i % n) + n) % n]!;
  const towards = (a: P, b: P, d: number): P => {
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    const t = Math.min(d / len, 0.5);
    return [a[0] + dx * t, a[1] + dy * t];
  };
  const segs: Seg[] = [];
  const start = towards(at(0), at(1), r);
  for (let i = 1; i <= n; i++) {
    const corner = at(i);
    const inPt = towards(corner, at(i - 1), r);
    const outPt = towards(corner, at(i + 1), r);
    segs.push({ to: inPt });
    // Quadratic corner expressed as a cubic.
    const c1: P = [inPt[0] + (2 / 3) * (corner[0] - inPt[0]), inPt[1] + (2 / 3) * (corner[1] - inPt[1])];
    const c2: P = [outPt[0] + (2 / 3) * (corner[0] - outPt[0]), outPt[1] + (2 / 3) * (corner[1] - outPt[1])];
    segs.push({ c1, c2, to: outPt });
  }
  return { start, segs, aspect };
}

const LENS_SHAPES: Record<string, LensShape> = {
  round: ellipse(1),
  oval: ellipse(0.72),
  rectangle: roundedPolygon(
    [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ],
    0.28,
    0.62,
  ),
  square: roundedPolygon(
    [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ],
    0.3,
    0.88,
  ),
  wayfarer: roundedPolygon(
    [
      [-1.05, -1],
      [1, -0.92],
      [0.78, 1],
      [-0.78, 0.95],
    ],
    0.3,
    0.72,
  ),
  'cat-eye': roundedPolygon(
    [
      [-1.12, -1.12],
      [1, -0.62],
      [0.86, 0.72],
      [0.1, 1],
      [-0.82, 0.55],
    ],
    0.25,
    0.72,
  ),
  geometric: roundedPolygon(
    [
      [-0.5, -1],
      [0.5, -1],
      [1, 0],
      [0.5, 1],
      [-0.5, 1],
      [-1, 0],
    ],
    0.08,
    0.86,
  ),
  aviator: {
    aspect: 0.9,
    start: [-1, -0.78],
    segs: [
      { c1: [-0.4, -1.02], c2: [0.5, -1.02], to: [1, -0.86] },
      { c1: [1.05, -0.2], c2: [0.75, 0.55], to: [0.25, 0.92] },
      { c1: [-0.2, 1.15], c2: [-0.85, 0.95], to: [-0.98, 0.35] },
      { c1: [-1.05, -0.05], c2: [-1.04, -0.55], to: [-1, -0.78] },
    ],
  },
  clubmaster: roundedPolygon(
    [
      [-1, -0.9],
      [1, -0.9],
      [0.92, 0.55],
      [0.35, 1],
      [-0.55, 1],
      [-0.98, 0.45],
    ],
    0.35,
    0.78,
  ),
};

/** Shape codes the renderer knows (others fall back to 'rectangle'). */
export const KNOWN_SHAPE_CODES = Object.keys(LENS_SHAPES);

function lensShapeFor(code: string | null | undefined): LensShape {
  return LENS_SHAPES[code ?? ''] ?? LENS_SHAPES.rectangle!;
}

/**
 * Path of one lens. `side` = 'left' puts the temple (u = -1) on the left of the picture;
 * 'right' mirrors it.
 */
function lensPath(shape: LensShape, cx: number, cy: number, halfW: number, side: 'left' | 'right'): string {
  const halfH = halfW * shape.aspect;
  const dir = side === 'left' ? 1 : -1;
  const pt = ([u, v]: P) => `${r1(cx + dir * u * halfW)} ${r1(cy + v * halfH)}`;
  let d = `M${pt(shape.start)}`;
  for (const s of shape.segs) d += 'c1' in s ? ` C${pt(s.c1)} ${pt(s.c2)} ${pt(s.to)}` : ` L${pt(s.to)}`;
  return `${d} Z`;
}

// ---------------------------------------------------------------------------
// Eyewear views
// ---------------------------------------------------------------------------

export interface EyewearDrawing {
  /** Frame shape code, e.g. 'round', 'aviator', 'cat-eye' (unknown codes draw a rectangle). */
  shapeCode: string | null | undefined;
  frameColour: string;
  templeColour: string;
  /** Accessible title, e.g. 'Urban Optix Aviator 1042, C2 Gunmetal'. */
  title: string;
  /** Sunglasses get dark tinted lenses; frames get clear lenses. */
  tinted?: boolean;
  /** 'Full Rim' | 'Half Rim' | 'Rimless' */
  frameType?: string | null;
}

function svgOpen(width: number, height: number, title: string, id: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `role="img" aria-labelledby="${id}-title"><title id="${id}-title">${escapeXml(title)}</title>`
  );
}

export function eyewearFrontSvg(d: EyewearDrawing): string {
  const { width, height } = FRONT_VIEW;
  const frame = safeColour(d.frameColour);
  const temple = safeColour(d.templeColour, frame);
  const shape = lensShapeFor(d.shapeCode);
  const halfW = 112;
  const cy = 150;
  const lx = 168;
  const rx = width - lx;
  const rim = d.frameType === 'Rimless' ? 3 : 11;
  const lensFill = d.tinted ? 'url(#tint)' : 'url(#clear)';
  const left = lensPath(shape, lx, cy, halfW, 'left');
  const right = lensPath(shape, rx, cy, halfW, 'right');
  const topY = r1(cy - halfW * shape.aspect * 0.92);
  const halfRim = d.frameType === 'Half Rim';
  const rimStroke = halfRim ? shade(frame, 0.55) : frame;
  const parts: string[] = [];
  parts.push(svgOpen(width, height, d.title, 'front'));
  parts.push(
    '<defs>' +
      '<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#eef2f7"/></linearGradient>' +
      `<linearGradient id="tint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(frame, -0.55)}" stop-opacity="0.92"/><stop offset="1" stop-color="#5b6470" stop-opacity="0.75"/></linearGradient>` +
      '<linearGradient id="clear" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#dbe9f7" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.25"/></linearGradient>' +
      '</defs>',
  );
  parts.push(`<rect width="${width}" height="${height}" fill="url(#bg)"/>`);
  parts.push(`<ellipse cx="${width / 2}" cy="${height - 22}" rx="230" ry="9" fill="#000000" opacity="0.07"/>`);
  // Temple stubs (seen from the front, they recede behind the hinges).
  const hingeY = r1(cy - halfW * shape.aspect * 0.55);
  parts.push(
    `<path d="M${lx - halfW - 4} ${hingeY} L${lx - halfW - 34} ${hingeY + 8}" stroke="${temple}" stroke-width="10" stroke-linecap="round"/>`,
    `<path d="M${rx + halfW + 4} ${hingeY} L${rx + halfW + 34} ${hingeY + 8}" stroke="${temple}" stroke-width="10" stroke-linecap="round"/>`,
  );
  // Lenses.
  parts.push(`<path d="${left}" fill="${lensFill}"/>`, `<path d="${right}" fill="${lensFill}"/>`);
  // Reflections.
  parts.push(
    `<path d="M${lx - 60} ${cy - 30} q30 -28 70 -30" stroke="#ffffff" stroke-opacity="0.7" stroke-width="6" fill="none" stroke-linecap="round"/>`,
    `<path d="M${rx - 40} ${cy - 30} q30 -28 70 -30" stroke="#ffffff" stroke-opacity="0.7" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  );
  // Rims.
  parts.push(
    `<path d="${left}" fill="none" stroke="${rimStroke}" stroke-width="${halfRim ? 3 : rim}" stroke-linejoin="round"/>`,
    `<path d="${right}" fill="none" stroke="${rimStroke}" stroke-width="${halfRim ? 3 : rim}" stroke-linejoin="round"/>`,
  );
  if (halfRim || d.shapeCode === 'clubmaster') {
    // Brow bar over the top half of each lens.
    const brow = (cx: number) =>
      `<path d="M${cx - halfW - 2} ${topY + 6} Q${cx} ${topY - 20} ${cx + halfW + 2} ${topY + 6}" stroke="${frame}" stroke-width="${d.shapeCode === 'clubmaster' ? 20 : 12}" fill="none" stroke-linecap="round"/>`;
    parts.push(brow(lx), brow(rx));
  }
  // Bridge (aviators get a double bridge).
  const innerL = lx + halfW - 4;
  const innerR = rx - halfW + 4;
  const bridgeY = r1(cy - halfW * shape.aspect * 0.45);
  parts.push(
    `<path d="M${innerL} ${bridgeY} Q${width / 2} ${bridgeY - 26} ${innerR} ${bridgeY}" stroke="${frame}" stroke-width="${Math.max(rim, 8)}" fill="none" stroke-linecap="round"/>`,
  );
  if (d.shapeCode === 'aviator') {
    parts.push(
      `<path d="M${lx + 10} ${topY - 4} L${rx - 10} ${topY - 4}" stroke="${frame}" stroke-width="6" fill="none" stroke-linecap="round"/>`,
    );
  }
  // Nose pads.
  parts.push(
    `<ellipse cx="${innerL - 10}" cy="${cy + 12}" rx="6" ry="11" fill="#f4f6f8" stroke="#b8c0c8" stroke-width="1.5"/>`,
    `<ellipse cx="${innerR + 10}" cy="${cy + 12}" rx="6" ry="11" fill="#f4f6f8" stroke="#b8c0c8" stroke-width="1.5"/>`,
  );
  parts.push('</svg>');
  return finish(parts, ['front', d]);
}

export function eyewearSideSvg(d: EyewearDrawing): string {
  const { width, height } = SIDE_VIEW;
  const frame = safeColour(d.frameColour);
  const temple = safeColour(d.templeColour, frame);
  const shape = lensShapeFor(d.shapeCode);
  const lensH = r1(112 * shape.aspect * 1.6);
  const frontTop = r1(150 - lensH / 2);
  const hingeY = r1(150 - lensH * 0.3);
  const parts: string[] = [];
  parts.push(svgOpen(width, height, d.title, 'side'));
  parts.push(
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#eef2f7"/></linearGradient>' +
      `<linearGradient id="arm" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(temple, 0.25)}"/><stop offset="1" stop-color="${shade(temple, -0.2)}"/></linearGradient></defs>`,
  );
  parts.push(`<rect width="${width}" height="${height}" fill="url(#bg)"/>`);
  parts.push(`<ellipse cx="${width / 2}" cy="${height - 22}" rx="240" ry="8" fill="#000000" opacity="0.07"/>`);
  // Frame front in profile (lens edge + rim), tinted when sunglasses.
  parts.push(
    `<rect x="52" y="${frontTop}" width="22" height="${lensH}" rx="10" fill="${d.tinted ? shade(frame, -0.5) : '#dbe9f7'}" stroke="${frame}" stroke-width="8"/>`,
  );
  // Hinge block.
  parts.push(`<rect x="70" y="${hingeY - 10}" width="34" height="22" rx="5" fill="${frame}"/>`);
  // Temple arm: straight, then the ear bend.
  parts.push(
    `<path d="M100 ${hingeY} L430 ${hingeY + 14} C478 ${hingeY + 16} 505 ${hingeY + 40} 528 ${hingeY + 96}" stroke="url(#arm)" stroke-width="13" fill="none" stroke-linecap="round"/>`,
  );
  // Temple tip in a darker shade, and a small logo plate.
  parts.push(
    `<path d="M470 ${hingeY + 18} C495 ${hingeY + 24} 512 ${hingeY + 50} 528 ${hingeY + 96}" stroke="${shade(temple, -0.35)}" stroke-width="15" fill="none" stroke-linecap="round"/>`,
    `<rect x="150" y="${hingeY - 2}" width="42" height="6" rx="3" fill="${luminance(temple) > 0.5 ? '#55606b' : '#d9dee4'}" transform="rotate(2.4 171 ${hingeY})"/>`,
  );
  parts.push('</svg>');
  return finish(parts, ['side', d]);
}

export type AccessoryKind = 'case' | 'cloth' | 'chain' | 'other';

/** Guesses the accessory kind from its name ('Hard Case', 'Microfibre Cloth', 'Beaded Chain'). */
export function accessoryKindOf(name: string): AccessoryKind {
  const n = name.toLowerCase();
  if (n.includes('case') || n.includes('pouch')) return 'case';
  if (n.includes('cloth') || n.includes('wipe')) return 'cloth';
  if (n.includes('chain') || n.includes('cord') || n.includes('strap')) return 'chain';
  return 'other';
}

export function accessorySvg(a: { kind: AccessoryKind; colour: string; accent: string; title: string; view: 'front' | 'side' }): string {
  const { width, height } = FRONT_VIEW;
  const c = safeColour(a.colour);
  const accent = safeColour(a.accent, shade(c, -0.3));
  const parts: string[] = [svgOpen(width, height, a.title, a.view)];
  parts.push(
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#eef2f7"/></linearGradient>` +
      `<linearGradient id="body" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(c, 0.2)}"/><stop offset="1" stop-color="${shade(c, -0.25)}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    `<ellipse cx="300" cy="${height - 22}" rx="220" ry="9" fill="#000000" opacity="0.07"/>`,
  );
  const side = a.view === 'side';
  if (a.kind === 'case') {
    parts.push(
      side
        ? `<rect x="110" y="70" width="380" height="150" rx="40" fill="url(#body)"/><path d="M110 140 H490" stroke="${accent}" stroke-width="5"/>`
        : `<rect x="90" y="85" width="420" height="130" rx="65" fill="url(#body)"/><path d="M110 150 H490" stroke="${accent}" stroke-width="4" stroke-dasharray="10 6"/><rect x="275" y="132" width="50" height="36" rx="8" fill="${accent}"/>`,
    );
  } else if (a.kind === 'cloth') {
    parts.push(
      `<path d="M150 70 L450 ${side ? 90 : 70} L450 230 L150 230 Z" fill="url(#body)"/>`,
      `<path d="M150 70 L450 230" stroke="#ffffff" stroke-opacity="0.25" stroke-width="40"/>`,
      `<path d="M380 70 L450 70 L450 140 Z" fill="${shade(c, 0.35)}"/>`,
    );
  } else if (a.kind === 'chain') {
    const beads: string[] = [];
    for (let i = 0; i <= 24; i++) {
      const t = i / 24;
      const x = 90 + t * 420;
      const y = 80 + Math.sin(t * Math.PI) * (side ? 100 : 140);
      beads.push(`<circle cx="${r1(x)}" cy="${r1(y)}" r="${i % 4 === 0 ? 9 : 6}" fill="${i % 4 === 0 ? accent : c}"/>`);
    }
    parts.push(
      `<path d="M90 80 Q300 ${side ? 280 : 360} 510 80" stroke="${shade(c, -0.2)}" stroke-width="3" fill="none"/>`,
      ...beads,
      `<circle cx="90" cy="80" r="14" fill="none" stroke="${accent}" stroke-width="5"/><circle cx="510" cy="80" r="14" fill="none" stroke="${accent}" stroke-width="5"/>`,
    );
  } else {
    parts.push(
      `<rect x="220" y="60" width="160" height="180" rx="24" fill="url(#body)"/><rect x="270" y="40" width="60" height="30" rx="6" fill="${accent}"/>`,
    );
  }
  parts.push('</svg>');
  return finish(parts, a);
}

// ---------------------------------------------------------------------------
// Tiles (banners, materials, shapes, price ranges)
// ---------------------------------------------------------------------------

export interface TileOptions {
  title: string;
  subtitle?: string | null;
  width?: number;
  height?: number;
  /** Background colour; defaults to the theme colour #14467c. */
  colour?: string;
  /** Draw this lens shape (a pair of glasses) in the tile. */
  shapeCode?: string | null;
  /** The "hovered" variant: lighter background. */
  hovered?: boolean;
}

export function tileSvg(o: TileOptions): string {
  const width = o.width ?? 400;
  const height = o.height ?? 300;
  const base = safeColour(o.colour, THEME_COLOUR);
  const from = o.hovered ? shade(base, 0.15) : base;
  const to = o.hovered ? shade(base, 0.45) : shade(base, 0.3);
  const titleSize = Math.round(Math.min(width / Math.max(8, o.title.length * 0.62), height / 5));
  const subSize = Math.round(titleSize * 0.48);
  const hasShape = o.shapeCode !== undefined && o.shapeCode !== null;
  const titleY = hasShape ? Math.round(height * 0.76) : Math.round(height / 2 + (o.subtitle ? -subSize * 0.2 : titleSize * 0.35));
  const parts: string[] = [svgOpen(width, height, o.subtitle ? `${o.title}: ${o.subtitle}` : o.title, 'tile')];
  parts.push(
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    `<circle cx="${r1(width * 0.88)}" cy="${r1(height * 0.1)}" r="${r1(height * 0.45)}" fill="#ffffff" opacity="0.07"/>`,
    `<circle cx="${r1(width * 0.08)}" cy="${r1(height * 0.95)}" r="${r1(height * 0.3)}" fill="#ffffff" opacity="0.05"/>`,
  );
  if (hasShape) {
    const shape = lensShapeFor(o.shapeCode);
    const halfW = Math.min(width * 0.16, height * 0.22);
    const cy = height * 0.4;
    const lx = width / 2 - halfW - width * 0.03;
    const rx = width / 2 + halfW + width * 0.03;
    parts.push(
      `<g fill="#ffffff" fill-opacity="0.15" stroke="#ffffff" stroke-width="${r1(Math.max(3, halfW / 12))}" stroke-linejoin="round">` +
        `<path d="${lensPath(shape, lx, cy, halfW, 'left')}"/><path d="${lensPath(shape, rx, cy, halfW, 'right')}"/>` +
        `<path d="M${r1(lx + halfW)} ${r1(cy - halfW * 0.3)} Q${width / 2} ${r1(cy - halfW * 0.55)} ${r1(rx - halfW)} ${r1(cy - halfW * 0.3)}" fill="none"/></g>`,
    );
  }
  parts.push(
    `<text x="${width / 2}" y="${titleY}" text-anchor="middle" font-family="'Noto Sans', 'DejaVu Sans', Arial, sans-serif" font-size="${titleSize}" font-weight="700" fill="#ffffff">${escapeXml(o.title)}</text>`,
  );
  if (o.subtitle) {
    parts.push(
      `<text x="${width / 2}" y="${titleY + Math.round(subSize * 1.8)}" text-anchor="middle" font-family="'Noto Sans', 'DejaVu Sans', Arial, sans-serif" font-size="${subSize}" fill="#ffffff" fill-opacity="0.9">${escapeXml(o.subtitle)}</text>`,
    );
  }
  parts.push('</svg>');
  return finish(parts, o);
}
