/**
 * V2 line records of the PCB and footprint documents built from the KiCad model (mil, Y up), through
 * the typed record modules of @copperplate/format/records (fields by name).
 */
import { Fill, Layer, Pad, PcbPoly, PcbString } from '@copperplate/format/records';
import type { KGraphic, KPad, KText, Path } from './pcb-model.ts';
import { LayerMap, MULTI_LAYER, V2_LAYERS } from './layers.ts';
import type { IdSeq } from './ids.ts';
import { r4 } from './units.ts';
import { customPadPath } from './custom-pad.ts';

export type Rec = unknown[];

export function layerRecords(copperInner: number, custom: Map<string, number>): Rec[] {
  const L = (id: number, type: string, name: string, color: string) => Layer.create({ id, type, name, state: 3, color, alpha: 1, inactiveColor: '#7f7f7f', inactiveAlpha: 0.5 });
  const recs: Rec[] = V2_LAYERS.map(([id, type, name, color]) => L(id, type, name, color));
  for (let i = 1; i <= copperInner; i++) recs.push(L(14 + i, 'SIGNAL', `Inner${i}`, '#999966'));
  for (const [name, id] of custom) recs.push(L(id, 'CUSTOM', name, '#9069e9'));
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
    case 'rect':
      return g.fill ? fill([rectPath(g.x1, g.y1, g.x2, g.y2)]) : poly(rectPath(g.x1, g.y1, g.x2, g.y2));
    case 'poly':
      return g.fill ? fill([g.path]) : poly(g.path);
    case 'curve': {
      const p = g.pts;
      return poly([p[0], p[1], 'C', p[2], p[3], p[4], p[5], p[6], p[7]]);
    }
  }
}

/** EasyEDA text origin 1..9: rows top/middle/bottom, columns left/centre/right (3 = middle left (?)). */
export function textOrigin(justify: string[]): number {
  const h = justify.includes('left') ? 1 : justify.includes('right') ? 3 : 2;
  const v = justify.includes('top') ? 0 : justify.includes('bottom') ? 2 : 1;
  return v * 3 + h;
}

export function textRecord(t: KText, layers: LayerMap, ids: IdSeq): Rec {
  return PcbString.create({
    id: ids.next(), group: 0, layer: layers.id(t.layer), x: t.x, y: t.y, text: t.text, font: 'default', height: t.size,
    strokeWidth: t.thickness, bold: t.bold, italic: t.italic, origin: textOrigin(t.justify), angle: t.rot, reverse: false, expansion: 0,
    mirror: t.mirrored, locked: false,
  });
}

function trapezoidPath(p: KPad): Path {
  // KiCad rect_delta: dx widens the bottom/narrows the top along Y; dy likewise along X (Y down).
  const w = p.w / 2, h = p.h / 2, dx = p.delta[0] / 2, dy = p.delta[1] / 2;
  // corners in KiCad's pad frame (Y down), then Y flipped
  const pts: [number, number][] = [
    [-w - dy, -h + dx], [w + dy, -h - dx], [w - dy, h + dx], [-w + dy, h - dx],
  ];
  const path: Path = [];
  pts.forEach(([x, y], i) => { if (i === 1) path.push('L'); path.push(r4(x), r4(-y)); });
  path.push(r4(pts[0][0]), r4(-pts[0][1]));
  return path;
}


/** The PAD shape field and what was approximated (for the report). */
export function padShape(p: KPad): { shape: unknown[]; note?: string } {
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
      return { shape: ['POLY', trapezoidPath(p)] };
    case 'custom': {
      const path = customPadPath(p);
      if (path) return { shape: ['POLY', path] };
      const first = p.primitives.find((g) => g.kind === 'poly');
      if (first && first.kind === 'poly') return { shape: ['POLY', first.path], note: 'custom pad of several islands or with a hole (its first polygon kept)' };
      return {
        shape: p.anchor === 'circle' ? ['ELLIPSE', p.w, p.h] : ['RECT', p.w, p.h, 0],
        note: 'custom pad of several islands or with a hole (anchor shape kept)',
      };
    }
    default:
      return { shape: ['RECT', p.w, p.h, 0], note: `pad shape ${p.shape}` };
  }
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
  const { shape, note } = padShape(p);
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
  return Pad.create({
    id: ids.next(), group: 0, net, layer: padLayer(p, layers), number: p.number, x, y, angle: p.rot, hole, shape, layerShapes: [],
    holeOffsetX: offX ? -offX : 0, holeOffsetY: offY ? -offY : 0, holeAngle: 0, plated: p.type !== 'np_thru_hole', padType: 0,
    topMaskExpansion: mask, bottomMaskExpansion: mask, topPasteExpansion: paste, bottomPasteExpansion: paste, locked: p.locked,
    connectMode: connect, spokeSpace: p.thermalGap ?? null, spokeWidth: p.thermalWidth ?? null, spokeAngle: null,
  });
}
