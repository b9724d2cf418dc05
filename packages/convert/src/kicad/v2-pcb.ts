/**
 * V2 line records of the PCB and footprint documents built from the KiCad model (mil, Y up), through
 * the typed record modules of @copperplate/format/records (fields by name).
 */
import { Fill, Layer, Pad, PcbPoly, PcbString } from '@copperplate/format/records';
import type { KGraphic, KPad, KText, Path } from './pcb-model.ts';
import { LayerMap, MULTI_LAYER, V2_LAYERS } from './layers.ts';
import type { IdSeq } from './ids.ts';
import { normAngle, r4 } from './units.ts';
import { KICAD_FONT } from '@copperplate/board';
import { customPadRings } from './custom-pad.ts';

export type Rec = unknown[];

function layerRecord(id: number, type: string, name: string, color: string): Rec {
  return Layer.create({ id, type, name, state: 3, color, alpha: 1, inactiveColor: '#7f7f7f', inactiveAlpha: 0.5 });
}

let fixedLayers: string | undefined;
/** The JSON lines (each ending in a newline) of the fixed layer table every document starts with: written once. */
export function fixedLayerLines(): string {
  return (fixedLayers ??= V2_LAYERS.map(([id, type, name, color]) => JSON.stringify(layerRecord(id, type, name, color)) + '\n').join(''));
}

/** The layers after the fixed table (fixedLayerLines): inner copper layers and the custom ones. */
export function extraLayerRecords(copperInner: number, custom: Map<string, number>): Rec[] {
  const recs: Rec[] = [];
  for (let i = 1; i <= copperInner; i++) recs.push(layerRecord(14 + i, 'SIGNAL', `Inner${i}`, '#999966'));
  for (const [name, id] of custom) recs.push(layerRecord(id, 'CUSTOM', name, '#9069e9'));
  return recs;
}

function rectPath(x1: number, y1: number, x2: number, y2: number): Path {
  return [x1, y1, 'L', x2, y1, x2, y2, x1, y2, x1, y1];
}

/** A graphic as POLY (outline) or FILL (filled) records. */
export function graphicRecords(g: KGraphic, layers: LayerMap, ids: IdSeq, net = ''): Rec[] {
  const layer = layers.id(g.layer);
  const locked = !!g.locked;
  const poly = (path: unknown) => [PcbPoly.create({ id: ids.next(), group: 0, net, layer, width: g.width, path, locked })];
  const fill = (paths: unknown[]) => [Fill.create({ id: ids.next(), group: 0, net, layer, width: g.width, fillStyle: 0, paths, locked })];
  switch (g.kind) {
    case 'line':
      return poly([g.x1, g.y1, 'L', g.x2, g.y2]);
    case 'arc':
      return poly([g.x1, g.y1, 'ARC', g.sweep, g.x2, g.y2]);
    case 'circle':
      return g.fill ? fill([['CIRCLE', g.cx, g.cy, r4(g.r + g.width / 2)]]) : poly(['CIRCLE', g.cx, g.cy, g.r]);
    // KiCad draws a filled rectangle or polygon with its outline's pen too: the FILL (EasyEDA draws no
    // pen around a FILL) and the outline as a POLY of that width.
    case 'rect': {
      const path = rectPath(g.x1, g.y1, g.x2, g.y2);
      return g.fill ? (g.width > 0 ? [...fill([path]), ...poly(path)] : fill([path])) : poly(path);
    }
    case 'poly':
      return g.fill ? (g.width > 0 ? [...fill([g.path]), ...poly(g.path)] : fill([g.path])) : poly(g.path);
    case 'curve': {
      const p = g.pts;
      return poly([p[0], p[1], 'C', p[2], p[3], p[4], p[5], p[6], p[7]]);
    }
  }
}

/**
 * EasyEDA text origin 1..9 of a KiCad justification: (origin-1)/3 = horizontal (0 left, 1 centre,
 * 2 right), (origin-1)%3 = vertical (0 top, 1 middle, 2 bottom), as @copperplate/board's text layout
 * reads it. KiCad's default is centred both ways.
 */
export function textOrigin(justify: string[]): number {
  const h = justify.includes('left') ? 0 : justify.includes('right') ? 2 : 1;
  const v = justify.includes('top') ? 0 : justify.includes('bottom') ? 2 : 1;
  return h * 3 + v + 1;
}

const BOTTOM_LAYERS = new Set([2, 4, 6, 8, 10]);

/**
 * A KiCad text as a STRING in KiCad's own stroke font (font "KiCad Font": @copperplate/board lays it
 * out as KiCad plots it, with the size's width in `glyphWidth`). On a bottom layer EasyEDA mirrors the
 * text after turning it: the record holds the angle negated and the mirror flag inverted, so that it
 * draws at KiCad's angle and mirrored as KiCad's.
 */
export function textRecord(t: KText, layers: LayerMap, ids: IdSeq): Rec {
  const layer = layers.id(t.layer);
  const bottom = BOTTOM_LAYERS.has(layer);
  return PcbString.create({
    id: ids.next(), group: 0, layer, x: t.x, y: t.y, text: t.text, font: KICAD_FONT, height: t.size,
    strokeWidth: t.thickness, bold: t.bold, italic: t.italic, origin: textOrigin(t.justify), angle: bottom ? normAngle(-t.rot) : t.rot, reverse: false, expansion: 0,
    mirror: bottom !== t.mirrored, locked: false, glyphWidth: t.width,
  });
}

function trapezoidPath(p: KPad): Path {
  // KiCad rect_delta (dx, dy), halved: dy narrows the top edge and widens the bottom one (Y down); dx
  // makes the left edge taller and the right one shorter (KiCad's TransformTrapezoidToPolygon corners).
  const w = p.w / 2, h = p.h / 2, dx = p.delta[0] / 2, dy = p.delta[1] / 2;
  // corners in KiCad's pad frame (Y down), then Y flipped
  const pts: [number, number][] = [
    [-w + dy, -h - dx], [w - dy, -h + dx], [w + dy, h - dx], [-w - dy, h + dx],
  ];
  // Y up; in a back footprint seen from the top, KiCad's Y down is ours (the frame is mirrored)
  const sy = p.flipped ? 1 : -1;
  const path: Path = [];
  pts.forEach(([x, y], i) => { if (i === 1) path.push('L'); path.push(r4(x), r4(sy * y)); });
  path.push(r4(pts[0][0]), r4(sy * pts[0][1]));
  return path;
}


/**
 * The PAD shape field and what was approximated (for the report). POLY shapes (trapezoids, custom
 * pads) come in the pad's frame as a list of rings; padRecord places them in the footprint's frame,
 * where EasyEDA keeps polygon pads.
 */
export function padShape(p: KPad): { shape: unknown[]; rings?: Path[]; note?: string } {
  switch (p.shape) {
    case 'circle':
      return { shape: ['ELLIPSE', p.w, p.h] };
    case 'oval':
      return { shape: ['OVAL', p.w, p.h] };
    case 'rect':
      return { shape: ['RECT', p.w, p.h, 0] };
    case 'roundrect':
      return p.chamfer.length && p.chamferRatio > 0
        ? { shape: ['RECT', p.w, p.h, r4(p.roundrectRatio * 200)], note: 'chamfered pad corners (drawn rounded)' }
        : { shape: ['RECT', p.w, p.h, r4(p.roundrectRatio * 200)] };
    case 'trapezoid':
      return { shape: ['POLY'], rings: [trapezoidPath(p)] };
    case 'custom': {
      const rings = customPadRings(p);
      if (rings) return { shape: ['POLY'], rings };
      return { shape: p.anchor === 'circle' ? ['ELLIPSE', p.w, p.h] : ['RECT', p.w, p.h, 0], note: 'custom pad without copper (anchor shape kept)' };
    }
    default:
      return { shape: ['RECT', p.w, p.h, 0], note: `pad shape ${p.shape}` };
  }
}

/** A path of numbers, 'L' runs and 'ARC' sweeps moved from the pad frame by a turn of `a` radians about the origin then (x, y). */
function placePath(path: Path, x: number, y: number, a: number): Path {
  const c = Math.cos(a), sn = Math.sin(a);
  const out: Path = [];
  for (let i = 0; i < path.length;) {
    const t = path[i];
    if (t === 'ARC') { out.push(t, path[i + 1]); i += 2; continue; }
    if (typeof t === 'number' && typeof path[i + 1] === 'number') {
      const px = t, py = path[i + 1] as number;
      out.push(r4(x + px * c - py * sn), r4(y + px * sn + py * c));
      i += 2; continue;
    }
    out.push(t); i++;
  }
  return out;
}

/** The pad's layer id: SMD/connect pads sit on their copper side, holes on MULTI. */
export function padLayer(p: KPad, layers: LayerMap): number {
  if (p.type === 'thru_hole' || p.type === 'np_thru_hole') return MULTI_LAYER;
  const cu = p.layers.find((l) => l.endsWith('.Cu') && !l.startsWith('*'));
  if (cu) return layers.id(cu);
  if (p.layers.some((l) => l.startsWith('*.') || l === 'F&B.Cu')) return MULTI_LAYER;
  const any = p.layers.find((l) => l.startsWith('B.'));
  return any ? 2 : 1;
}

/** The PAD record of a KiCad pad (in the footprint's frame). */
export function padRecord(p: KPad, layers: LayerMap, ids: IdSeq, notes: string[], net = ''): Rec {
  const { shape: padShapeField, rings, note } = padShape(p);
  if (note) notes.push(note);
  const hole = p.drill ? [p.drill.oval ? 'SLOT' : 'ROUND', p.drill.w, p.drill.h] : null;
  const mask = p.maskMargin ?? null;
  const paste = p.pasteMargin ?? null;
  const connect = p.zoneConnect === undefined ? null : p.zoneConnect === 0 ? 'NONE' : p.zoneConnect === 2 ? 'DIRECT' : 'THERMAL';
  // KiCad's pad position is its hole; the drill offset moves the copper shape away from the hole (in
  // the pad's frame). Ours is the copper's centre, with the hole offset from it.
  const offX = p.drill?.offX ?? 0, offY = p.drill?.offY ?? 0;
  const a = (p.rot * Math.PI) / 180;
  const x = r4(p.x + offX * Math.cos(a) - offY * Math.sin(a)), y = r4(p.y + offX * Math.sin(a) + offY * Math.cos(a));
  let shape = padShapeField;
  if (rings) {
    const placed = rings.map((r) => placePath(r, x, y, a));
    shape = ['POLY', placed.length === 1 ? placed[0] : placed];
  }
  return Pad.create({
    id: ids.next(), group: 0, net, layer: padLayer(p, layers), number: p.number, x, y, angle: p.rot, hole, shape, layerShapes: [],
    holeOffsetX: offX ? -offX : 0, holeOffsetY: offY ? -offY : 0, holeAngle: 0, plated: p.type !== 'np_thru_hole', padType: 0,
    topMaskExpansion: mask, bottomMaskExpansion: mask, topPasteExpansion: paste, bottomPasteExpansion: paste, locked: p.locked,
    connectMode: connect, spokeSpace: p.thermalGap ?? null, spokeWidth: p.thermalWidth ?? null, spokeAngle: null,
  });
}
