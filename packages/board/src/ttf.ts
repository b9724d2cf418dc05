/**
 * A minimal TrueType reader for PCB text in a named font when the board stores no outlines for it
 * (EasyEDA Pro 3 boards keep only the font name; fabrication then needs the font itself): the tables
 * head, hhea, maxp, hmtx, cmap (format 4 or 12), loca, glyf (simple and composite glyphs) and kern
 * (format 0). Glyph outlines come out as contours in font units, Y up, baseline 0, with quadratic
 * curves as cubic segments. Pure (a DataView over the file's bytes): runs in the browser, worker or
 * server. No hinting, no OpenType (CFF) outlines, no GPOS kerning.
 */
import type { Contour, Seg } from './path.ts';
import type { TtfFace } from './text.ts';
import { VERDANA_WIDTHS } from './verdana-widths.ts';

export interface TtfGlyph {
  /** Advance width (font units). */
  advance: number;
  /** Closed contours in font units, Y up, origin at the glyph's pen position on the baseline. */
  contours: Contour[];
}

export interface TtfFont {
  unitsPerEm: number;
  /** hhea ascender and descender (descender negative), font units. */
  ascent: number;
  descent: number;
  /** The glyph of one character (the .notdef glyph for characters the font lacks). */
  glyph(ch: string): TtfGlyph;
  /** Pair kerning (font units) between two characters, 0 when the font has none. */
  kern(a: string, b: string): number;
}

export function parseTtf(bytes: Uint8Array): TtfFont {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables = new Map<string, number>();
  const n = v.getUint16(4);
  for (let i = 0; i < n; i++) {
    const r = 12 + 16 * i;
    tables.set(String.fromCharCode(v.getUint8(r), v.getUint8(r + 1), v.getUint8(r + 2), v.getUint8(r + 3)), v.getUint32(r + 8));
  }
  const t = (name: string): number => {
    const o = tables.get(name);
    if (o === undefined) throw new Error(`TrueType font without a ${name} table`);
    return o;
  };
  const head = t('head'), hhea = t('hhea'), maxp = t('maxp'), hmtx = t('hmtx'), loca = t('loca'), glyf = t('glyf'), cmap = t('cmap');
  const unitsPerEm = v.getUint16(head + 18), longLoca = v.getInt16(head + 50) === 1;
  const ascent = v.getInt16(hhea + 4), descent = v.getInt16(hhea + 6), nMetrics = v.getUint16(hhea + 34);
  const numGlyphs = v.getUint16(maxp + 4);
  const advance = (g: number) => v.getUint16(hmtx + 4 * Math.min(g, nMetrics - 1));
  const glyphOffset = (g: number): [number, number] => longLoca
    ? [v.getUint32(loca + 4 * g), v.getUint32(loca + 4 * g + 4)]
    : [2 * v.getUint16(loca + 2 * g), 2 * v.getUint16(loca + 2 * g + 2)];

  // cmap: a Unicode subtable, format 12 (full range) preferred over format 4 (BMP).
  let fmt4 = -1, fmt12 = -1;
  for (let i = 0, k = v.getUint16(cmap + 2); i < k; i++) {
    const pid = v.getUint16(cmap + 4 + 8 * i), eid = v.getUint16(cmap + 6 + 8 * i), off = cmap + v.getUint32(cmap + 8 + 8 * i);
    if (!(pid === 0 || (pid === 3 && (eid === 1 || eid === 10)))) continue;
    const f = v.getUint16(off);
    if (f === 4 && fmt4 < 0) fmt4 = off;
    if (f === 12 && fmt12 < 0) fmt12 = off;
  }
  const glyphIndex = (code: number): number => {
    if (fmt12 >= 0) {
      for (let i = 0, k = v.getUint32(fmt12 + 12); i < k; i++) {
        const r = fmt12 + 16 + 12 * i, a = v.getUint32(r), b = v.getUint32(r + 4);
        if (code >= a && code <= b) return v.getUint32(r + 8) + code - a;
      }
      return 0;
    }
    if (fmt4 < 0 || code > 0xffff) return 0;
    const segs = v.getUint16(fmt4 + 6) / 2;
    const ends = fmt4 + 14, starts = ends + 2 * segs + 2, deltas = starts + 2 * segs, ranges = deltas + 2 * segs;
    for (let i = 0; i < segs; i++) {
      if (code > v.getUint16(ends + 2 * i)) continue;
      const start = v.getUint16(starts + 2 * i);
      if (code < start) return 0;
      const delta = v.getInt16(deltas + 2 * i), ro = v.getUint16(ranges + 2 * i);
      if (ro === 0) return (code + delta) & 0xffff;
      const g = v.getUint16(ranges + 2 * i + ro + 2 * (code - start));
      return g === 0 ? 0 : (g + delta) & 0xffff;
    }
    return 0;
  };

  /** Outline points of glyph g: contours of [x, y, onCurve]. */
  const outline = (g: number, depth = 0): Array<Array<[number, number, boolean]>> => {
    if (g >= numGlyphs || depth > 8) return [];
    const [a, b] = glyphOffset(g);
    if (b <= a) return [];
    const o = glyf + a;
    const nc = v.getInt16(o);
    if (nc >= 0) {
      const endPts: number[] = [];
      for (let i = 0; i < nc; i++) endPts.push(v.getUint16(o + 10 + 2 * i));
      const count = nc ? endPts[nc - 1] + 1 : 0;
      let p = o + 10 + 2 * nc;
      p += 2 + v.getUint16(p); // instructions
      const flags: number[] = [];
      while (flags.length < count) {
        const f = v.getUint8(p++);
        flags.push(f);
        if (f & 8) for (let r = v.getUint8(p++); r > 0; r--) flags.push(f);
      }
      const coords = (short: number, same: number): number[] => {
        const out: number[] = [];
        let c = 0;
        for (const f of flags) {
          if (f & short) { const d = v.getUint8(p++); c += f & same ? d : -d; }
          else if (!(f & same)) { c += v.getInt16(p); p += 2; }
          out.push(c);
        }
        return out;
      };
      const xs = coords(2, 16), ys = coords(4, 32);
      const out: Array<Array<[number, number, boolean]>> = [];
      let s = 0;
      for (const e of endPts) {
        const c: Array<[number, number, boolean]> = [];
        for (let i = s; i <= e; i++) c.push([xs[i], ys[i], (flags[i] & 1) === 1]);
        out.push(c);
        s = e + 1;
      }
      return out;
    }
    // Composite: components placed by offsets (point matching and scaled offsets are not handled).
    const out: Array<Array<[number, number, boolean]>> = [];
    let p = o + 10;
    for (;;) {
      const flags = v.getUint16(p), sub = v.getUint16(p + 2);
      p += 4;
      let dx = 0, dy = 0;
      if (flags & 1) { dx = v.getInt16(p); dy = v.getInt16(p + 2); p += 4; } else { dx = v.getInt8(p); dy = v.getInt8(p + 1); p += 2; }
      if (!(flags & 2)) { dx = 0; dy = 0; }
      let xx = 1, xy = 0, yx = 0, yy = 1;
      const f2 = (q: number) => v.getInt16(q) / 16384;
      if (flags & 8) { xx = yy = f2(p); p += 2; }
      else if (flags & 0x40) { xx = f2(p); yy = f2(p + 2); p += 4; }
      else if (flags & 0x80) { xx = f2(p); xy = f2(p + 2); yx = f2(p + 4); yy = f2(p + 6); p += 8; }
      for (const c of outline(sub, depth + 1)) out.push(c.map(([x, y, on]) => [xx * x + yx * y + dx, xy * x + yy * y + dy, on]));
      if (!(flags & 0x20)) break;
    }
    return out;
  };

  const toContour = (pts: Array<[number, number, boolean]>): Contour | null => {
    if (pts.length < 2) return null;
    // Start on an on-curve point (or the midpoint of two off-curve ones).
    const k = pts.findIndex((q) => q[2]);
    const ring = k < 0 ? pts : [...pts.slice(k), ...pts.slice(0, k)];
    const start: [number, number] = k < 0 ? [(pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2] : [ring[0][0], ring[0][1]];
    const segs: Seg[] = [];
    let cx = start[0], cy = start[1];
    let ctrl: [number, number] | null = null;
    const quad = (qx: number, qy: number, x: number, y: number) => {
      segs.push({ k: 'C', x1: cx + (2 / 3) * (qx - cx), y1: cy + (2 / 3) * (qy - cy), x2: x + (2 / 3) * (qx - x), y2: y + (2 / 3) * (qy - y), x, y });
      cx = x; cy = y;
    };
    const pts2 = k < 0 ? [...pts.slice(1), pts[0]] : ring.slice(1);
    for (const [x, y, on] of [...pts2, [start[0], start[1], true] as [number, number, boolean]]) {
      if (on) {
        if (ctrl) { quad(ctrl[0], ctrl[1], x, y); ctrl = null; } else { segs.push({ k: 'L', x, y }); cx = x; cy = y; }
      } else if (ctrl) {
        const mx = (ctrl[0] + x) / 2, my = (ctrl[1] + y) / 2;
        quad(ctrl[0], ctrl[1], mx, my);
        ctrl = [x, y];
      } else ctrl = [x, y];
    }
    return { x0: start[0], y0: start[1], segs, closed: true };
  };

  const cache = new Map<string, TtfGlyph>();
  const glyph = (ch: string): TtfGlyph => {
    let g = cache.get(ch);
    if (!g) {
      const gi = glyphIndex(ch.codePointAt(0) ?? 0);
      g = { advance: advance(gi), contours: outline(gi).map(toContour).filter((c): c is Contour => c !== null) };
      cache.set(ch, g);
    }
    return g;
  };

  // kern table, format 0 subtables (horizontal): pairs by glyph index.
  const pairs = new Map<number, number>();
  const kt = tables.get('kern');
  if (kt !== undefined && v.getUint16(kt) === 0) {
    let p = kt + 4;
    for (let i = 0, k = v.getUint16(kt + 2); i < k; i++) {
      const len = v.getUint16(p + 2), cov = v.getUint16(p + 4);
      if ((cov >> 8) === 0 && (cov & 1)) {
        for (let j = 0, np = v.getUint16(p + 6); j < np; j++) {
          const r = p + 14 + 6 * j;
          pairs.set(v.getUint16(r) * 65536 + v.getUint16(r + 2), v.getInt16(r + 4));
        }
      }
      p += len;
    }
  }
  const kern = (a: string, b: string) => pairs.get(glyphIndex(a.codePointAt(0) ?? 0) * 65536 + glyphIndex(b.codePointAt(0) ?? 0)) ?? 0;

  return { unitsPerEm, ascent, descent, glyph, kern };
}

/**
 * Fonts the fabrication outputs set text in when a board names a font without storing its outlines
 * (EasyEDA Pro 3 boards keep only the family name): a freely licensed substitute from Debian, by
 * family, in the style asked for. Metric-compatible clones where one exists (same advance widths):
 * Arial, Times New Roman and Courier New -> Liberation, Calibri -> Carlito; Verdana -> Arkpandora's
 * Veranda (Bitstream Vera under Verdana's name, whose widths are Vera's: `widths` gives Verdana's own
 * where they differ, verdana-widths.ts). `ascent`/`descent`: the original's line box (hhea,
 * 1/2048 em, both positive) where the substitute's differs (Verdana's 2059 + 430: Hexapod's reverse
 * Verdana boxes are 1.2152 em high). `mono`: a monospaced original with no free clone (Consolas):
 * its advance and cap height (1/2048 em); the substitute's glyphs are scaled to them (STM-C4's
 * "Consolas Bold" silk text: 54.1 mil per character and 62 mil capitals at 98.4 mil, lines 115 mil
 * apart, measured on EasyEDA's Gerber).
 */
export interface FontSubstitute {
  /**
   * The original's files as installed (names in ORIGINAL_FONT_DIRS, by style): used, with their own
   * metrics, when present; the substitute below otherwise.
   */
  originals?: FontFiles;
  regular: string;
  bold?: string;
  italic?: string;
  boldItalic?: string;
  debianPackage: string;
  ascent?: number;
  descent?: number;
  mono?: { advance: number; capHeight: number };
  /** The original's advance widths (1/2048 em) where the substitute's differ, by style (italic keeps the substitute's). */
  widths?: { regular?: ReadonlyMap<string, number>; bold?: ReadonlyMap<string, number> };
}
export interface FontFiles { regular: string; bold?: string; italic?: string; boldItalic?: string }
/**
 * Where the original fonts are looked for: Debian's ttf-mscorefonts-installer (contrib: it fetches
 * Microsoft's core fonts, Verdana, Arial, Times New Roman and Courier New among them, from
 * SourceForge) and the machine's own font folder (Consolas and Calibri, which no package carries).
 */
export const ORIGINAL_FONT_DIRS = ['/usr/share/fonts/truetype/msttcorefonts/', '/usr/local/share/fonts/'];
const MS = (name: string): FontFiles => ({ regular: `${name}.ttf`, bold: `${name}_Bold.ttf`, italic: `${name}_Italic.ttf`, boldItalic: `${name}_Bold_Italic.ttf` });
const WIN = (stem: string, boldItalic = 'z'): FontFiles => ({ regular: `${stem}.ttf`, bold: `${stem}b.ttf`, italic: `${stem}i.ttf`, boldItalic: `${stem}${boldItalic}.ttf` });
const ARK = '/usr/share/fonts/truetype/arkpandora/';
const LIB = '/usr/share/fonts/truetype/liberation/Liberation';
const CROS = '/usr/share/fonts/truetype/crosextra/';
const DEJAVU = '/usr/share/fonts/truetype/dejavu/';
export const FONT_SUBSTITUTES: Readonly<Record<string, FontSubstitute>> = {
  Verdana: { originals: MS('Verdana'), regular: `${ARK}Veranda.ttf`, bold: `${ARK}VerandaBd.ttf`, italic: `${ARK}VerandaIt.ttf`, boldItalic: `${ARK}VerandaBdIt.ttf`, debianPackage: 'fonts-arkpandora', ascent: 2059, descent: 430, widths: VERDANA_WIDTHS },
  Arial: { originals: MS('Arial'), regular: `${LIB}Sans-Regular.ttf`, bold: `${LIB}Sans-Bold.ttf`, italic: `${LIB}Sans-Italic.ttf`, boldItalic: `${LIB}Sans-BoldItalic.ttf`, debianPackage: 'fonts-liberation' },
  'Times New Roman': { originals: MS('Times_New_Roman'), regular: `${LIB}Serif-Regular.ttf`, bold: `${LIB}Serif-Bold.ttf`, italic: `${LIB}Serif-Italic.ttf`, boldItalic: `${LIB}Serif-BoldItalic.ttf`, debianPackage: 'fonts-liberation' },
  'Courier New': { originals: MS('Courier_New'), regular: `${LIB}Mono-Regular.ttf`, bold: `${LIB}Mono-Bold.ttf`, italic: `${LIB}Mono-Italic.ttf`, boldItalic: `${LIB}Mono-BoldItalic.ttf`, debianPackage: 'fonts-liberation' },
  Calibri: { originals: WIN('calibri'), regular: `${CROS}Carlito-Regular.ttf`, bold: `${CROS}Carlito-Bold.ttf`, italic: `${CROS}Carlito-Italic.ttf`, boldItalic: `${CROS}Carlito-BoldItalic.ttf`, debianPackage: 'fonts-crosextra-carlito' },
  Consolas: { originals: WIN('consola'), regular: `${DEJAVU}DejaVuSansMono.ttf`, bold: `${DEJAVU}DejaVuSansMono-Bold.ttf`, italic: `${DEJAVU}DejaVuSansMono-Oblique.ttf`, boldItalic: `${DEJAVU}DejaVuSansMono-BoldOblique.ttf`, debianPackage: 'fonts-dejavu-core', ascent: 1884, descent: 514, mono: { advance: 1126, capHeight: 1307 } },
};

/** A family name as boards write it ("Consolas Bold", "arial", "Verdana-BoldItalic"): the table's family and the style it names. */
export function parseFamily(name: string): { family: string | undefined; bold: boolean; italic: boolean } {
  let rest = name.trim(), bold = false, italic = false;
  for (;;) {
    const m = /[\s_-]*(bold|italic|oblique|regular)$/i.exec(rest);
    if (!m || m.index === 0) break;
    const w = m[1].toLowerCase();
    if (w === 'bold') bold = true;
    else if (w !== 'regular') italic = true;
    rest = rest.slice(0, m.index);
  }
  const key = rest.toLowerCase().replace(/\s+/g, ' ');
  return { family: Object.keys(FONT_SUBSTITUTES).find((k) => k.toLowerCase() === key), bold, italic };
}

/** The contours' top (font units): the cap height of 'H'. */
function capHeightOf(f: TtfFont): number {
  let top = 0;
  for (const c of f.glyph('H').contours) { top = Math.max(top, c.y0); for (const seg of c.segs) top = Math.max(top, seg.y); }
  return top;
}

/**
 * A font lookup by family and style over FONT_SUBSTITUTES; `read` gets a file's bytes (undefined when
 * missing: the text is then drawn in the stroke font). The original font first, when installed
 * (ORIGINAL_FONT_DIRS: its own glyphs and metrics), else the substitute; a style file that is missing
 * falls back to the regular one. Each file is parsed once.
 */
export function substituteFonts(read: (path: string) => Uint8Array | undefined): (family: string, style?: { bold?: boolean; italic?: boolean }) => TtfFace | undefined {
  const cache = new Map<string, TtfFace | undefined>();
  return (name, style = {}) => {
    const p = parseFamily(name);
    if (!p.family) return undefined;
    const sub = FONT_SUBSTITUTES[p.family];
    const bold = p.bold || !!style.bold, italic = p.italic || !!style.italic;
    const pick = (f: FontFiles) => (bold && italic ? f.boldItalic : bold ? f.bold : italic ? f.italic : undefined) ?? f.regular;
    const original = sub.originals ? ORIGINAL_FONT_DIRS.map((d) => d + pick(sub.originals!)) : [];
    for (const path of original) {
      if (!cache.has(path)) {
        let face: TtfFace | undefined;
        try {
          const bytes = read(path);
          face = bytes ? { font: parseTtf(bytes) } : undefined;
        } catch { face = undefined; }
        cache.set(path, face);
      }
      const face = cache.get(path);
      if (face) return face;
    }
    const file = pick(sub);
    if (!cache.has(file)) {
      let face: TtfFace | undefined;
      try {
        const bytes = read(file) ?? (file !== sub.regular ? read(sub.regular) : undefined);
        if (bytes) {
          const font = parseTtf(bytes), em = font.unitsPerEm / 2048;
          face = { font, ascent: sub.ascent === undefined ? undefined : sub.ascent * em, descent: sub.descent === undefined ? undefined : sub.descent * em };
          const widths = italic ? undefined : bold ? sub.widths?.bold : sub.widths?.regular;
          if (widths) face.advances = em === 1 ? widths : new Map([...widths].map(([c, a]) => [c, a * em]));
          if (sub.mono) {
            const adv = font.glyph('0').advance, cap = capHeightOf(font);
            face.advance = sub.mono.advance * em;
            face.sx = adv > 0 ? face.advance / adv : 1;
            face.sy = cap > 0 ? (sub.mono.capHeight * em) / cap : 1;
          }
        }
      } catch { face = undefined; }
      cache.set(file, face);
    }
    return cache.get(file);
  };
}

