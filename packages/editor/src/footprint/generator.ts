/**
 * Footprint generator and footprint-editor helpers. Parameters are in millimetres (as datasheets give
 * them); records are written in mil (FORMAT.md), footprint frame Y up, origin at the package centre,
 * pin 1 top-left. Produces a whole FOOTPRINT document (DOCTYPE, LAYER lines, ACTIVE_LAYER, geometry,
 * ATTRs, CANVAS) as codec blocks.
 */
import type { DocumentBlock } from '@copperplate/format';
import { ActiveLayer, Canvas, DocType, Fill, Layer, Pad, PcbAttr, PcbPoly } from '@copperplate/format/records';
import { L } from '../pcb/layers.ts';

export const MM = 1000 / 25.4;
const m = (mm: number): number => Math.round(mm * MM * 10000) / 10000 || 0; // no -0 (JSON writes it as 0)

export type PadShape = ['RECT', number, number, number] | ['ELLIPSE', number, number] | ['OVAL', number, number] | ['NGON', number, number] | ['POLY', unknown[]];
export type PadHole = null | ['ROUND', number, number] | ['SLOT', number, number];

export interface PadSpec {
  number: string;
  /** mil, footprint frame */
  x: number;
  y: number;
  rot?: number;
  shape: PadShape;
  /** Through-hole: a hole; SMD pads (hole null) sit on the top layer. */
  hole?: PadHole;
}

/** A PAD record (module Pad of @copperplate/format/records), ending at its locked flag. */
export function padRecord(id: string, p: PadSpec): unknown[] {
  const th = !!p.hole;
  return Pad.create({
    id, group: 0, net: '', layer: th ? L.MULTI : L.TOP, number: p.number, x: p.x, y: p.y, angle: p.rot ?? 0, hole: p.hole ?? null, shape: p.shape,
    layerShapes: [], holeOffsetX: 0, holeOffsetY: 0, holeAngle: 0, plated: th, padType: 0, locked: false,
  }, { upToGiven: true });
}

const LAYERS: Array<[number, string, string, string, string]> = [
  [1, 'TOP', 'Top Layer', '#ff0000', '#7f0000'], [2, 'BOTTOM', 'Bottom Layer', '#0000ff', '#00007f'],
  [3, 'TOP_SILK', 'Top Silkscreen Layer', '#ffcc00', '#7f6600'], [4, 'BOT_SILK', 'Bottom Silkscreen Layer', '#66cc33', '#336619'],
  [5, 'TOP_SOLDER_MASK', 'Top Solder Mask Layer', '#800080', '#400040'], [6, 'BOT_SOLDER_MASK', 'Bottom Solder Mask Layer', '#aa00ff', '#55007f'],
  [7, 'TOP_PASTE_MASK', 'Top Paste Mask Layer', '#808080', '#404040'], [8, 'BOT_PASTE_MASK', 'Bottom Paste Mask Layer', '#800000', '#400000'],
  [9, 'TOP_ASSEMBLY', 'Top Assembly Layer', '#33cc99', '#19664c'], [10, 'BOT_ASSEMBLY', 'Bottom Assembly Layer', '#5555ff', '#2a2a7f'],
  [11, 'OUTLINE', 'Board Outline Layer', '#ff00ff', '#7f007f'], [12, 'MULTI', 'Multi-Layer', '#c0c0c0', '#606060'],
  [13, 'DOCUMENT', 'Document Layer', '#ffffff', '#7f7f7f'], [14, 'MECHANICAL', 'Mechanical Layer', '#f022f0', '#781178'],
  [47, 'HOLE', 'Hole Layer', '#222222', '#111111'], [48, 'COMPONENT_SHAPE', 'Component Shape Layer', '#00cccc', '#006666'],
  [49, 'COMPONENT_MARKING', 'Component Marking Layer', '#66ffcc', '#337f66'], [50, 'PIN_SOLDERING', 'Pin Soldering Layer', '#cc9999', '#664c4c'],
  [51, 'PIN_FLOATING', 'Pin Floating Layer', '#ff99ff', '#7f4c7f'],
];

/** An empty footprint document (what "New Footprint" opens). */
export function emptyFootprint(): DocumentBlock {
  return {
    docType: 'FOOTPRINT', version: '1.8',
    records: [
      DocType.create({ docType: 'FOOTPRINT', version: '1.8' }),
      ...LAYERS.map(([id, type, name, color, inactiveColor]) => Layer.create({ id, type, name, state: 3, color, alpha: 1, inactiveColor, inactiveAlpha: 0.5 })),
      ActiveLayer.create({ layer: 1 }),
      [],
      Canvas.create({ originX: 0, originY: 0, unit: 'mm', gridX: 10, gridY: 10, snapX: 0.5, snapY: 0.5 }, { upToGiven: true }),
    ],
  };
}

export type PackageSpec =
  | { kind: 'chip'; size: '0201' | '0402' | '0603' | '0805' | '1206' | '1210' | '2512'; prefix?: 'R' | 'C' | 'L' }
  | { kind: 'soic' | 'sop'; pins: number; pitch?: number; span?: number; padW?: number; padL?: number; bodyW?: number }
  | { kind: 'qfn'; pins: number; body: number; pitch?: number; padW?: number; padL?: number; ep?: number }
  | { kind: 'qfp'; pins: number; body: number; pitch?: number; span?: number; padW?: number; padL?: number }
  | { kind: 'dip'; pins: number; pitch?: number; rowSpacing?: number; drill?: number; pad?: number }
  | { kind: 'sot'; variant: 'SOT-23' | 'SOT-23-5' | 'SOT-23-6' | 'SOT-223' }
  | { kind: 'header'; pins: number; rows?: 1 | 2; pitch?: number; drill?: number; pad?: number };

/** Chip sizes (imperial code): [body L, body W, pad L, pad W, pad centre distance] in mm. */
const CHIP: Record<string, [number, number, number, number, number]> = {
  '0201': [0.6, 0.3, 0.3, 0.3, 0.55], '0402': [1.0, 0.5, 0.5, 0.6, 0.9], '0603': [1.6, 0.8, 0.8, 0.9, 1.5],
  '0805': [2.0, 1.25, 1.0, 1.35, 1.9], '1206': [3.2, 1.6, 1.15, 1.8, 3.0], '1210': [3.2, 2.5, 1.15, 2.7, 3.0], '2512': [6.4, 3.2, 1.4, 3.4, 5.9],
};

interface Built { name: string; prefix: string; pads: PadSpec[]; body: [number, number] }

function rowPads(n: number, pitch: number, x: number, first: number, dir: 1 | -1, shape: PadShape, hole?: PadHole, rot = 0): PadSpec[] {
  const out: PadSpec[] = [];
  const y0 = ((n - 1) * pitch) / 2;
  for (let i = 0; i < n; i++) out.push({ number: String(first + i), x: m(x), y: m(dir * (y0 - i * pitch)), rot, shape, hole });
  return out;
}

function build(spec: PackageSpec): Built {
  switch (spec.kind) {
    case 'chip': {
      const [bl, bw, pl, pw, d] = CHIP[spec.size];
      const prefix = spec.prefix ?? 'R';
      const shape: PadShape = ['RECT', m(pl), m(pw), 0];
      return { name: `${prefix}${spec.size}`, prefix, body: [bl, bw], pads: [{ number: '1', x: m(-d / 2), y: 0, shape }, { number: '2', x: m(d / 2), y: 0, shape }] };
    }
    case 'soic': case 'sop': {
      const n = even(spec.pins), pitch = spec.pitch ?? 1.27, span = spec.span ?? 5.4, padL = spec.padL ?? 1.55, padW = spec.padW ?? 0.6;
      const shape: PadShape = ['RECT', m(padL), m(padW), 0];
      const half = n / 2;
      const pads = [...rowPads(half, pitch, -span / 2, 1, 1, shape), ...rowPads(half, pitch, span / 2, half + 1, -1, shape)];
      return { name: `${spec.kind.toUpperCase()}-${n}_P${pitch}`, prefix: 'U', body: [spec.bodyW ?? span - padL - 0.4, half * pitch + 0.3], pads };
    }
    case 'qfn': case 'qfp': {
      const n = Math.max(4, Math.round(spec.pins / 4) * 4), side = n / 4;
      const pitch = spec.pitch ?? (spec.kind === 'qfn' ? 0.5 : 0.5);
      const padL = spec.padL ?? (spec.kind === 'qfn' ? 0.8 : 1.5), padW = spec.padW ?? (spec.kind === 'qfn' ? 0.25 : 0.3);
      const span = spec.kind === 'qfp' ? (spec.span ?? spec.body + 2) : spec.body - padL / 2 + 0.3;
      const shape: PadShape = ['RECT', m(padL), m(padW), 0];
      const pads: PadSpec[] = [];
      const off = ((side - 1) * pitch) / 2;
      for (let i = 0; i < side; i++) {
        pads.push({ number: String(1 + i), x: m(-span / 2), y: m(off - i * pitch), shape });
        pads.push({ number: String(1 + side + i), x: m(-off + i * pitch), y: m(-span / 2), rot: 90, shape });
        pads.push({ number: String(1 + 2 * side + i), x: m(span / 2), y: m(-off + i * pitch), shape });
        pads.push({ number: String(1 + 3 * side + i), x: m(off - i * pitch), y: m(span / 2), rot: 90, shape });
      }
      pads.sort((a, b) => Number(a.number) - Number(b.number));
      if (spec.kind === 'qfn' && spec.ep) pads.push({ number: String(n + 1), x: 0, y: 0, shape: ['RECT', m(spec.ep), m(spec.ep), 0] });
      return { name: `${spec.kind.toUpperCase()}-${n}_${spec.body}x${spec.body}_P${pitch}`, prefix: 'U', body: [spec.body, spec.body], pads };
    }
    case 'dip': {
      const n = even(spec.pins), pitch = spec.pitch ?? 2.54, row = spec.rowSpacing ?? 7.62, drill = spec.drill ?? 0.8, pad = spec.pad ?? 1.6;
      const hole: PadHole = ['ROUND', m(drill), m(drill)];
      const half = n / 2;
      const pads = [...rowPads(half, pitch, -row / 2, 1, 1, ['OVAL', m(pad), m(pad * 1.5)], hole, 90), ...rowPads(half, pitch, row / 2, half + 1, -1, ['OVAL', m(pad), m(pad * 1.5)], hole, 90)];
      pads[0] = { ...pads[0], shape: ['RECT', m(pad * 1.5), m(pad), 0], rot: 0 };
      return { name: `DIP-${n}_W${row}`, prefix: 'U', body: [row - 1.2, half * pitch], pads };
    }
    case 'sot': {
      const v = spec.variant;
      if (v === 'SOT-223') {
        const s: PadShape = ['RECT', m(1.0), m(1.8), 0];
        return { name: v, prefix: 'U', body: [6.5, 3.5], pads: [
          { number: '1', x: m(-2.3), y: m(-3.15), shape: s }, { number: '2', x: 0, y: m(-3.15), shape: s }, { number: '3', x: m(2.3), y: m(-3.15), shape: s },
          { number: '4', x: 0, y: m(3.15), shape: ['RECT', m(3.3), m(1.8), 0] }] };
      }
      const s: PadShape = ['RECT', m(0.6), m(1.1), 0];
      if (v === 'SOT-23') return { name: v, prefix: 'Q', body: [2.9, 1.3], pads: [
        { number: '1', x: m(-0.95), y: m(-1.1), shape: s }, { number: '2', x: m(0.95), y: m(-1.1), shape: s }, { number: '3', x: 0, y: m(1.1), shape: s }] };
      const six = v === 'SOT-23-6';
      const pads: PadSpec[] = [-0.95, 0, 0.95].map((x, i) => ({ number: String(i + 1), x: m(x), y: m(-1.1), shape: s }));
      const top = six ? [0.95, 0, -0.95] : [0.95, -0.95];
      top.forEach((x, i) => pads.push({ number: String(4 + i), x: m(x), y: m(1.1), shape: s }));
      return { name: v, prefix: 'U', body: [2.9, 1.6], pads };
    }
    case 'header': {
      const rows = spec.rows ?? 1, pitch = spec.pitch ?? 2.54, drill = spec.drill ?? 1.0, pad = spec.pad ?? 1.7;
      const per = Math.max(1, Math.ceil(spec.pins / rows));
      const hole: PadHole = ['ROUND', m(drill), m(drill)];
      const pads: PadSpec[] = [];
      const y0 = ((per - 1) * pitch) / 2, x0 = ((rows - 1) * pitch) / 2;
      let k = 1;
      for (let i = 0; i < per; i++) for (let r = 0; r < rows && k <= spec.pins; r++) {
        pads.push({ number: String(k), x: m(-x0 + r * pitch), y: m(y0 - i * pitch), shape: k === 1 ? ['RECT', m(pad), m(pad), 0] : ['ELLIPSE', m(pad), m(pad)], hole });
        k++;
      }
      return { name: `HDR-${rows}x${per}_P${pitch}`, prefix: 'H', body: [rows * pitch, per * pitch], pads };
    }
  }
}

function even(n: number): number { return Math.max(2, Math.round(n / 2) * 2); }

/** Generate a footprint document from package parameters. */
export function generateFootprint(spec: PackageSpec): { name: string; block: DocumentBlock } {
  const b = build(spec);
  const doc = emptyFootprint();
  const geo: unknown[][] = [];
  let n = 0;
  const id = () => `e${++n}`;
  for (const p of b.pads) geo.push(padRecord(id(), p));
  // Assembly outline (body) on TOP_ASSEMBLY, silkscreen outline outside the pads on TOP_SILK, pin-1 dot.
  const bw = m(b.body[0]) / 2, bh = m(b.body[1]) / 2;
  const poly = (layer: number, width: number, path: unknown[]) => PcbPoly.create({ id: id(), group: 0, net: '', layer, width, path, locked: false });
  geo.push(poly(L.TOP_ASSEMBLY, 4, [-bw, bh, 'L', bw, bh, bw, -bh, -bw, -bh, -bw, bh]));
  let minX = -bw, maxX = bw, minY = -bh, maxY = bh;
  for (const p of b.pads) {
    const s = p.shape as unknown[];
    const r = Math.max(Number(s[1]) || 0, Number(s[2]) || 0) / 2;
    minX = Math.min(minX, p.x - r); maxX = Math.max(maxX, p.x + r); minY = Math.min(minY, p.y - r); maxY = Math.max(maxY, p.y + r);
  }
  const g = 8;
  geo.push(poly(L.TOP_SILK, 6, [minX - g, maxY + g, 'L', maxX + g, maxY + g, maxX + g, minY - g, minX - g, minY - g, minX - g, maxY + g]));
  const p1 = b.pads[0];
  geo.push(Fill.create({ id: id(), group: 0, net: '', layer: L.TOP_SILK, width: 0, fillStyle: 0, paths: [['CIRCLE', Math.round((minX - g - 12) * 100) / 100, p1.y, 5]], locked: false }));
  geo.push(poly(L.COMPONENT_SHAPE, 2, [minX, maxY, 'L', maxX, maxY, maxX, minY, minX, minY, minX, maxY]));
  const attr = (key: string, value: string) => PcbAttr.create({ id: id(), group: 0, parentId: '', layer: L.TOP_SILK, x: null, y: null, key, value, font: 'default', height: 45, strokeWidth: 6, origin: 3 });
  geo.push(attr('Footprint', b.name));
  geo.push(attr('Designator', `${b.prefix}?`));
  const canvas = doc.records.pop()!;
  doc.records.push(...geo, canvas);
  return { name: b.name, block: doc };
}
