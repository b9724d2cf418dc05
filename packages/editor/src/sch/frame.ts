/**
 * The drawing frame of a sheet: a COMPONENT whose symbol is of type 20 (FORMAT.md). Its ATTRs size
 * the page (`Width`, `Height`, 0.01 inch), the border strip (`Border` 1 = drawn, `Blade Width`), the
 * zones (`X Region Count` columns numbered from `Region Start`, `Y Region Count` rows lettered A, B, ...
 * from the top) and where the title block goes (`Title Block` 1 = shown, `Title Block Position`).
 * The frame symbol holds the title block drawn for an A4 page; on another page size it moves to the
 * chosen corner. Measured on EasyEDA's PDFs: zones divide the whole width/height, labels are size 10
 * centred in the strip, lines and labels #A00000. Units 0.01 inch, Y up, origin the component's position.
 */
import type { EditorDocument } from '../core/document.ts';
import { type Mat, mul, transformPoints, translate } from '../core/geometry.ts';
import { Table } from '@copperplate/format/records';
import { num, type Rec } from '../core/records.ts';
import type { Surface } from '../render/surface.ts';
import { placeText } from './shapes.ts';
import { COLORS, DEFAULT_FONT_SIZE, FONT_EM } from './styles.ts';
import { attrMap, attrValue } from '../symbol/symbol.ts';

export const FRAME_SYMBOL_TYPE = 20;

export interface FrameSpec {
  width: number; height: number;
  border: boolean; blade: number;
  xCount: number; yCount: number; regionStart: number;
  titleBlock: boolean;
  /** 0 top left, 1 top right, 2 bottom left, 3 bottom right (only 3 is seen in real files). */
  titlePosition: number;
}

/** The frame's settings from its ATTRs; undefined when it has no page size. */
export function frameSpec(doc: EditorDocument, compKey: string): FrameSpec | undefined {
  const a = attrMap(doc, compKey);
  const v = (k: string, d: number): number => num(attrValue(a.get(k)) || null, d);
  const width = v('Width', 0), height = v('Height', 0);
  if (!(width > 0 && height > 0)) return undefined;
  return {
    width, height,
    border: (attrValue(a.get('Border')) || '1') !== '0',
    blade: Math.max(0, v('Blade Width', 10)),
    xCount: Math.max(0, Math.floor(v('X Region Count', 0))),
    yCount: Math.max(0, Math.floor(v('Y Region Count', 0))),
    regionStart: Math.floor(v('Region Start', 1)),
    titleBlock: (attrValue(a.get('Title Block')) || '1') !== '0',
    titlePosition: v('Title Block Position', 3),
  };
}

/**
 * Where the frame symbol (the title block) goes: the symbol's TABLE (else its part box) is moved to
 * the chosen corner inside the border. `box` = [left, top, right, bottom] of the title block in the
 * symbol frame.
 */
export function titleBlockMatrix(spec: FrameSpec, box: [number, number, number, number], comp: Mat): Mat {
  const [l, t, r, b] = box;
  const inner = { l: spec.blade, r: spec.width - spec.blade, b: spec.blade, t: spec.height - spec.blade };
  const right = spec.titlePosition === 1 || spec.titlePosition === 3;
  const bottom = spec.titlePosition >= 2;
  const dx = right ? inner.r - r : inner.l - l;
  const dy = bottom ? inner.b - b : inner.t - t;
  return mul(comp, translate(dx, dy));
}

/** The title block's box in the symbol frame: its TABLE's extent, else the part's BBOX. */
export function titleBlockBox(sym: EditorDocument, partBBox: number[] | null): [number, number, number, number] | undefined {
  for (const [, r] of sym.ofType('TABLE')) return tableBox(r);
  if (partBBox && partBBox.length >= 4) {
    const [x1, y1, x2, y2] = partBBox.map((v) => num(v));
    return [Math.min(x1, x2), Math.max(y1, y2), Math.max(x1, x2), Math.min(y1, y2)];
  }
  return undefined;
}

function tableBox(r: Rec): [number, number, number, number] {
  const t = Table.parse(r);
  const x = t.x, y = t.y;
  const w = (Array.isArray(t.colWidths) ? t.colWidths : []).reduce((s: number, v) => s + num(v), 0);
  const h = (Array.isArray(t.rowHeights) ? t.rowHeights : []).reduce((s: number, v) => s + num(v), 0);
  return [x, y, x + w, y - h];
}

/** Border rectangles, zone ticks and zone labels, through the component's placement `m`. */
export function paintFrameBorder(s: Surface, spec: FrameSpec, m: Mat): void {
  if (!spec.border) return;
  const { width: W, height: H, blade: B } = spec;
  const st = { color: COLORS.frame, width: 1 };
  const map = (pts: number[]): number[] => transformPoints(m, pts);
  s.draw({ t: 'poly', pts: map([0, 0, W, 0, W, H, 0, H]), closed: true, s: st });
  if (B <= 0) return;
  s.draw({ t: 'poly', pts: map([B, B, W - B, B, W - B, H - B, B, H - B]), closed: true, s: st });
  const ts = { color: COLORS.frame, size: DEFAULT_FONT_SIZE * FONT_EM, hAlign: 'middle' as const, vAlign: 'middle' as const };
  const label = (text: string, x: number, y: number): void => {
    const p = placeText(m, x, y, 0, ts);
    s.draw({ t: 'text', text, x: p.x, y: p.y, rot: p.rot, st: p.st });
  };
  for (let i = 0; i < spec.xCount; i++) {
    const x0 = (W * i) / spec.xCount, x1 = (W * (i + 1)) / spec.xCount;
    if (i > 0) {
      s.draw({ t: 'poly', pts: map([x0, 0, x0, B]), closed: false, s: st });
      s.draw({ t: 'poly', pts: map([x0, H - B, x0, H]), closed: false, s: st });
    }
    const name = String(spec.regionStart + i);
    label(name, (x0 + x1) / 2, H - B / 2);
    label(name, (x0 + x1) / 2, B / 2);
  }
  for (let j = 0; j < spec.yCount; j++) {
    const y0 = H - (H * j) / spec.yCount, y1 = H - (H * (j + 1)) / spec.yCount;
    if (j > 0) {
      s.draw({ t: 'poly', pts: map([0, y0, B, y0]), closed: false, s: st });
      s.draw({ t: 'poly', pts: map([W - B, y0, W, y0]), closed: false, s: st });
    }
    const name = zoneLetter(j);
    label(name, B / 2, (y0 + y1) / 2);
    label(name, W - B / 2, (y0 + y1) / 2);
  }
}

/** A, B, ... Z, AA, AB, ... */
export function zoneLetter(i: number): string {
  let s = '';
  let n = i;
  do { s = String.fromCharCode(65 + (n % 26)) + s; n = Math.floor(n / 26) - 1; } while (n >= 0);
  return s;
}

