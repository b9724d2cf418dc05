/**
 * The panel for the cutter as DXF (AutoCAD 2007 DXF: UTF-8 text; R2000 entities, millimetres, Y up, the plate's
 * corner at 0,0): layer OUTLINE (plate edge) and CUT (cut-outs, holes) as closed LWPOLYLINEs with
 * bulges (arcs exact) or CIRCLEs for round holes; PRINT (printed shapes as LWPOLYLINEs, text as TEXT);
 * DOCUMENT (dimensions as LINEs and a TEXT label). `entities` lists what was written, in order, for
 * checks against a reader. Pure.
 */
import { PANEL_LAYER } from '@copperplate/format/records';
import { type Contour, bulgeArc } from './path.ts';
import type { PanelModel } from './model.ts';

export type DxfEntity =
  | { type: 'LWPOLYLINE'; layer: string; closed: boolean; vertices: { x: number; y: number; bulge: number }[] }
  | { type: 'CIRCLE'; layer: string; x: number; y: number; r: number }
  | { type: 'LINE'; layer: string; x1: number; y1: number; x2: number; y2: number }
  | { type: 'TEXT'; layer: string; x: number; y: number; height: number; rotation: number; text: string };

export const DXF_LAYERS = [
  { name: 'OUTLINE', colour: 1 }, { name: 'CUT', colour: 5 }, { name: 'PRINT', colour: 7 }, { name: 'DOCUMENT', colour: 3 },
] as const;

const MM = 25.4 / 1000;
const r6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** A full circle written as two half arcs (as shapes.ts draws round holes), else null. */
function asCircle(c: Contour): { cx: number; cy: number; r: number } | null {
  if (!c.closed || c.pts.length !== 2) return null;
  const [p, q] = c.pts;
  if (Math.abs(Math.abs(p.b) - 1) > 1e-9 || Math.abs(p.b - q.b) > 1e-9) return null;
  return { cx: (p.x + q.x) / 2, cy: (p.y + q.y) / 2, r: Math.hypot(q.x - p.x, q.y - p.y) / 2 };
}

/** The entities of a panel (mm, Y up). */
export function panelDxfEntities(m: PanelModel): DxfEntity[] {
  const s = m.settings;
  const X = (x: number) => r6((x - s.originX) * MM);
  const Y = (y: number) => r6((s.originY + s.height - y) * MM);
  const out: DxfEntity[] = [];
  const contour = (c: Contour, layer: string) => {
    const circ = layer === 'CUT' || layer === 'OUTLINE' ? asCircle(c) : null;
    if (circ) out.push({ type: 'CIRCLE', layer, x: X(circ.cx), y: Y(circ.cy), r: r6(circ.r * MM) });
    // Y is flipped: a positive bulge (angle increasing in panel numbers) turns the other way
    else out.push({ type: 'LWPOLYLINE', layer, closed: c.closed, vertices: c.pts.map((p) => ({ x: X(p.x), y: Y(p.y), bulge: r6(-p.b) || 0 })) });
  };
  for (const c of m.outline) contour(c, 'OUTLINE');
  for (const c of m.cutouts) contour(c, 'CUT');
  for (const it of m.items) {
    if (it.kind === 'poly' && it.layer === PANEL_LAYER.PRINT) for (const c of it.contours) contour(c, 'PRINT');
    else if (it.kind === 'text' && it.layer === PANEL_LAYER.PRINT) out.push({ type: 'TEXT', layer: 'PRINT', x: X(it.x), y: Y(it.y), height: r6(it.size * MM), rotation: r6(-it.angle || 0), text: it.text });
    else if (it.kind === 'dimension') {
      for (const [a, b, c, d] of it.lines) out.push({ type: 'LINE', layer: 'DOCUMENT', x1: X(a), y1: Y(b), x2: X(c), y2: Y(d) });
      out.push({ type: 'TEXT', layer: 'DOCUMENT', x: X(it.lx), y: Y(it.ly), height: r6(it.size * MM), rotation: r6(-it.angle || 0), text: it.label });
    }
  }
  return out;
}

/** DXF text: one line (the file is AutoCAD 2007 DXF, whose text is UTF-8). */
const dxfText = (s: string) => s.replace(/[\r\n]+/g, ' ');

/** The DXF file of a panel and the entities written. */
export function panelDxf(m: PanelModel): { text: string; entities: DxfEntity[] } {
  const entities = panelDxfEntities(m);
  const L: (string | number)[] = [];
  const g = (code: number, v: string | number) => L.push(code, typeof v === 'number' ? String(v) : v);
  g(0, 'SECTION'); g(2, 'HEADER'); g(9, '$ACADVER'); g(1, 'AC1021'); g(9, '$INSUNITS'); g(70, 4); g(0, 'ENDSEC');
  g(0, 'SECTION'); g(2, 'TABLES'); g(0, 'TABLE'); g(2, 'LAYER'); g(70, DXF_LAYERS.length);
  for (const l of DXF_LAYERS) { g(0, 'LAYER'); g(2, l.name); g(70, 0); g(62, l.colour); g(6, 'CONTINUOUS'); }
  g(0, 'ENDTAB'); g(0, 'ENDSEC');
  g(0, 'SECTION'); g(2, 'ENTITIES');
  for (const e of entities) {
    g(0, e.type); g(8, e.layer);
    if (e.type === 'LWPOLYLINE') {
      g(90, e.vertices.length); g(70, e.closed ? 1 : 0);
      for (const v of e.vertices) { g(10, v.x); g(20, v.y); if (v.bulge) g(42, v.bulge); }
    } else if (e.type === 'CIRCLE') { g(10, e.x); g(20, e.y); g(30, 0); g(40, e.r); }
    else if (e.type === 'LINE') { g(10, e.x1); g(20, e.y1); g(30, 0); g(11, e.x2); g(21, e.y2); g(31, 0); }
    else { g(10, e.x); g(20, e.y); g(30, 0); g(40, e.height); g(1, dxfText(e.text)); if (e.rotation) g(50, e.rotation); }
  }
  g(0, 'ENDSEC'); g(0, 'EOF');
  return { text: L.join('\n') + '\n', entities };
}


