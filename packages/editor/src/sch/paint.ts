/**
 * The schematic sheet painter: every record kind of FORMAT.md a sheet holds. Each drawn record is one
 * element with data-id = its id: COMPONENT (its symbol part, placed: rotate, mirror, translate), the
 * visible ATTRs (designators, values, net names; `={...}` templates resolved), WIRE, BUS, BUSENTRY,
 * TEXT, RECT, POLY, CIRCLE, ELLIPSE, ARC, BEZIER, OBJ, TABLE. Junction dots are computed.
 * Units 0.01 inch, Y up.
 */
import type { EditorDocument } from '../core/document.ts';
import { type BBox, EMPTY_BBOX, inflate, placement, unionBBox } from '../core/geometry.ts';
import { bool, num, str, type Rec } from '../core/records.ts';
import { RecordingSurface, replay } from '../render/recording.ts';
import type { Surface } from '../render/surface.ts';
import { SvgSurface } from '../render/svg.ts';
import type { SchContext } from './context.ts';
import { drawShape } from './shapes.ts';
import { COLORS, lineStyle } from './styles.ts';
import { attrMap, drawAttr, paintSymbol } from './symbol.ts';
import { resolveTemplate } from './template.ts';
import { junctions } from './wires.ts';

/** Record types a sheet draws as their own element. ATTRs are drawn when visible and placed. */
export const SHEET_SHAPES = ['TEXT', 'RECT', 'POLY', 'CIRCLE', 'ELLIPSE', 'ARC', 'BEZIER', 'OBJ', 'TABLE'] as const;
export const SHEET_DRAWABLE: ReadonlySet<string> = new Set(['COMPONENT', 'WIRE', 'BUS', 'BUSENTRY', ...SHEET_SHAPES]);

/** Whether an ATTR record shows on the sheet: key or value visible and a position given. */
export function attrShown(r: Rec): boolean {
  return r[0] === 'ATTR' && (bool(r[5]) || bool(r[6])) && r[7] !== null && r[7] !== undefined && r[8] !== null && r[8] !== undefined;
}

/** Whether the sheet painter draws this record as its own element. */
export function isDrawn(r: Rec): boolean {
  return SHEET_DRAWABLE.has(str(r[0])) || attrShown(r);
}

/** Template lookup of a component: its own ATTRs, then its device's attributes. */
export function componentResolver(doc: EditorDocument, compId: string, ctx: SchContext): (v: string) => string {
  const attrs = attrMap(doc, compId);
  const dev = ctx.devices[str(attrs.get('Device')?.[4])]?.attributes ?? {};
  const lookup = (k: string): string | undefined => {
    const a = attrs.get(k);
    if (a && str(a[4]) !== '') return str(a[4]);
    const d = dev[k];
    return d === undefined || d === null ? undefined : String(d);
  };
  return (v) => resolveTemplate(v, lookup);
}

/** The symbol uuid of a component: its Symbol ATTR, else its device's Symbol attribute. */
export function componentSymbolId(doc: EditorDocument, compId: string, ctx: SchContext): string {
  const attrs = attrMap(doc, compId);
  const s = str(attrs.get('Symbol')?.[4]);
  if (s) return s;
  return str(ctx.devices[str(attrs.get('Device')?.[4])]?.attributes?.Symbol);
}

/** Draw one top-level sheet record (by key). Nothing happens for records that are not drawn. */
export function paintSheetRecord(s: Surface, doc: EditorDocument, key: string, ctx: SchContext): void {
  const r = doc.get(key);
  if (!r || !isDrawn(r)) return;
  const t = str(r[0]);
  s.begin(key, t);
  switch (t) {
    case 'COMPONENT': paintComponent(s, doc, key, r, ctx); break;
    case 'WIRE': case 'BUS': {
      const st = lineStyle(doc, r[3], { color: t === 'BUS' ? COLORS.bus : COLORS.wire, width: t === 'BUS' ? 3 : 1 });
      for (const seg of (Array.isArray(r[2]) ? r[2] : []) as unknown[]) {
        if (Array.isArray(seg)) s.draw({ t: 'poly', pts: seg.map((v) => num(v)), closed: false, s: st });
      }
      break;
    }
    case 'BUSENTRY': {
      const pts = Array.isArray(r[2]) ? (r[2] as unknown[]).map((v) => num(v)) : [2, 3, 4, 5].map((i) => num(r[i]));
      s.draw({ t: 'poly', pts, closed: false, s: { color: COLORS.bus, width: 1 } });
      break;
    }
    case 'ATTR': {
      const parent = str(r[2]);
      const pr = parent ? doc.get(parent) : undefined;
      const isNet = pr && (pr[0] === 'WIRE' || pr[0] === 'BUS');
      const resolve = pr && pr[0] === 'COMPONENT' ? componentResolver(doc, parent, ctx) : undefined;
      drawAttr(s, doc, r, [1, 0, 0, 1, 0, 0], resolve, { color: isNet ? COLORS.netLabel : COLORS.attr });
      break;
    }
    default:
      drawShape(s, r, {
        styles: doc, m: [1, 0, 0, 1, 0, 0], color: COLORS.body, blobs: ctx.blobs,
        cells: (tid) => doc.childrenOf(tid).map((k) => doc.get(k)!).filter((c) => c[0] === 'TABEL_CELL'),
      });
  }
  s.end();
}

function paintComponent(s: Surface, doc: EditorDocument, key: string, r: Rec, ctx: SchContext): void {
  const sym = ctx.symbols.get(componentSymbolId(doc, key, ctx));
  const m = placement(num(r[3]), num(r[4]), num(r[5]), bool(r[6]));
  if (!sym) {
    // unknown symbol: a marked box so the component stays visible and selectable
    const x = num(r[3]), y = num(r[4]);
    s.draw({ t: 'poly', pts: [x - 10, y - 10, x + 10, y - 10, x + 10, y + 10, x - 10, y + 10], closed: true, s: { color: COLORS.marker, width: 1, dash: [2, 2] } });
    return;
  }
  paintSymbol(s, sym.doc, { m, part: str(r[2]), pinPrefix: key, resolve: componentResolver(doc, key, ctx), blobs: ctx.blobs, bodyColor: sym.type === 20 ? COLORS.frame : undefined });
}

/** Keys of the records the sheet draws, in file order. */
export function drawnKeys(doc: EditorDocument): string[] {
  return doc.keys().filter((k) => isDrawn(doc.get(k)!));
}

/** Paint the whole sheet: every drawn record, then the junction dots. */
export function paintSheet(s: Surface, doc: EditorDocument, ctx: SchContext): void {
  for (const k of drawnKeys(doc)) paintSheetRecord(s, doc, k, ctx);
  paintJunctions(s, doc);
}

export function paintJunctions(s: Surface, doc: EditorDocument): void {
  const js = junctions(doc);
  if (!js.length) return;
  s.begin('', 'JUNCTIONS');
  for (const j of js) s.draw({ t: 'circle', cx: j.x, cy: j.y, r: 2, s: { color: COLORS.junction, width: 0, fill: COLORS.junction } });
  s.end();
}

export interface RenderSvgOptions { ctx: SchContext; margin?: number; background?: string }

/** SVG of a schematic sheet; every drawn record is a `<g data-id>` element. */
export function renderSchematicSvg(doc: EditorDocument, o: RenderSvgOptions): string {
  const rec = new RecordingSurface();
  paintSheet(rec, doc, o.ctx);
  let bbox: BBox = EMPTY_BBOX;
  for (const it of rec.items) bbox = unionBBox(bbox, it.bbox);
  const svg = new SvgSurface();
  replay(rec.items, svg);
  return svg.toString(inflate(bbox, o.margin ?? 20), o.background);
}
