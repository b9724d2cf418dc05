/**
 * The schematic sheet painter: every record kind of FORMAT.md a sheet holds. Each drawn record is one
 * element with data-id = its id: COMPONENT (its symbol part, placed: rotate, mirror, translate; a
 * drawing frame with its border and zones), the visible ATTRs (designators, values, net names;
 * `={...}` templates resolved, null fields inherited, see attrs.ts), no-connect crosses (pin ATTR
 * NO_CONNECT), WIRE, BUS, BUSENTRY, TEXT, RECT, POLY, CIRCLE, ELLIPSE, ARC, BEZIER, OBJ, TABLE.
 * Junction dots are computed. A record that cannot be drawn (a negative radius, a broken field) is
 * skipped with a warning; the rest of the sheet is drawn. Units 0.01 inch, Y up.
 */
import type { EditorDocument } from '../core/document.ts';
import { type Box, emptyBox, type Mat, IDENTITY, apply, inflateBox, unionBox } from '../core/geometry.ts';
import { componentMatrix } from './component.ts';
import { Bus, BusEntry, Pin, SchAttr, SchComponent, Wire } from '@copperplate/format/records';
import { num, recType, type Rec } from '../core/records.ts';
import { RecordingSurface, replay } from '../render/recording.ts';
import type { Surface } from '../render/surface.ts';
import { SvgSurface } from '../render/svg.ts';
import { componentAttrView, componentResolver, componentSymbolId, componentSymbolInfo, isNotPlaced, symbolAttrs } from './attrs.ts';
import type { SchContext } from './context.ts';
import { FRAME_SYMBOL_TYPE, frameSpec, paintFrameBorder, titleBlockBox, titleBlockMatrix } from './frame.ts';
import { drawShape, shapeProblem } from './shapes.ts';
import { COLORS, lineStyle } from './styles.ts';
import { attrMap, drawAttr, paintSymbol, pickPart } from '../symbol/symbol.ts';
import { JUNCTION_R, connectionMarks, paintConnectionMarks } from './connect.ts';

export { componentResolver, componentSymbolId };

/** Record types a sheet draws as their own element. ATTRs are drawn when visible and placed. */
export const SHEET_SHAPES = ['TEXT', 'RECT', 'POLY', 'CIRCLE', 'ELLIPSE', 'ARC', 'BEZIER', 'OBJ', 'TABLE'] as const;
export const SHEET_DRAWABLE: ReadonlySet<string> = new Set(['COMPONENT', 'WIRE', 'BUS', 'BUSENTRY', ...SHEET_SHAPES]);

/** A problem met while painting: the record was skipped (or drawn as a marker), the rest was drawn. */
export interface PaintWarning { id: string; type: string; message: string }

/** Whether an ATTR record shows on the sheet by its own fields: key or value visible and a position given. */
export function attrShown(r: Rec): boolean {
  if (recType(r) !== 'ATTR') return false;
  const a = SchAttr.parse(r);
  return (!!a.keyVisible || !!a.valueVisible) && a.x !== null && a.y !== null;
}

/** A pin ATTR NO_CONNECT that says yes: drawn as a cross on the pin end. */
export function isNoConnect(r: Rec): boolean {
  return recType(r) === 'ATTR' && SchAttr.get(r, 'key') === 'NO_CONNECT' && ['yes', 'true', '1'].includes(SchAttr.get(r, 'value').toLowerCase());
}

/**
 * Whether the sheet painter draws this record as its own element. With `doc` and `ctx`, a component's
 * ATTR is judged with what it inherits from its symbol (null visibility or position).
 */
export function isDrawn(r: Rec, doc?: EditorDocument, ctx?: SchContext): boolean {
  if (SHEET_DRAWABLE.has(recType(r))) return true;
  if (recType(r) !== 'ATTR') return false;
  if (isNoConnect(r)) return true;
  if (doc && ctx) {
    const parent = doc.get(SchAttr.get(r, 'parentId'));
    if (parent && recType(parent) === 'COMPONENT') return inheritsShown(doc, r, ctx);
  }
  // an empty net name (EasyEDA writes one on unnamed wires) draws nothing
  return attrShown(r) && (SchAttr.get(r, 'value') !== '' || !!SchAttr.get(r, 'keyVisible'));
}

function inheritsShown(doc: EditorDocument, r: Rec, ctx: SchContext): boolean {
  const a = SchAttr.parse(r);
  const nullVis = a.keyVisible === null || a.valueVisible === null;
  const nullPos = a.x === null;
  if (!nullVis && !nullPos && !attrShown(r)) return false;
  return !!componentAttrView(doc, r, ctx, IDENTITY)?.text;
}

/** Draw one top-level sheet record (by key). Nothing happens for records that are not drawn. */
export function paintSheetRecord(s: Surface, doc: EditorDocument, key: string, ctx: SchContext, warn?: (w: PaintWarning) => void): void {
  const r = doc.get(key);
  if (!r || !isDrawn(r, doc, ctx)) return;
  const t = recType(r);
  const problem = shapeProblem(r);
  if (problem) { warn?.({ id: key, type: t, message: problem }); return; }
  // drawn into a buffer first: a record that throws half-way is skipped whole, never half-drawn
  const buf = new RecordingSurface();
  buf.begin(key, t);
  try {
    paintBody(buf, doc, key, r, t, ctx, warn);
  } catch (e) {
    warn?.({ id: key, type: t, message: `not drawn: ${(e as Error).message}` });
    return;
  }
  buf.end();
  replay(buf.items, s);
}

function paintBody(s: Surface, doc: EditorDocument, key: string, r: Rec, t: string, ctx: SchContext, warn?: (w: PaintWarning) => void): void {
  switch (t) {
    case 'COMPONENT': paintComponent(s, doc, key, r, ctx, warn); break;
    case 'WIRE': case 'BUS': {
      const w = t === 'BUS' ? Bus.parse(r) : Wire.parse(r);
      const st = lineStyle(doc, w.lineStyleId, { color: t === 'BUS' ? COLORS.bus : COLORS.wire, width: t === 'BUS' ? 3 : 1 });
      for (const seg of (Array.isArray(w.points) ? w.points : []) as unknown[]) {
        if (Array.isArray(seg)) s.draw({ t: 'poly', pts: seg.map((v) => num(v)), closed: false, s: st });
      }
      break;
    }
    case 'BUSENTRY': {
      // [x1,y1,x2,y2] in field 2; a number there means the four coordinates follow as fields (?)
      const raw = BusEntry.get(r, 'points');
      const pts = Array.isArray(raw) ? (raw as unknown[]).map((v) => num(v)) : r.slice(2, 6).map((v) => num(v));
      s.draw({ t: 'poly', pts, closed: false, s: { color: COLORS.bus, width: 1 } });
      break;
    }
    case 'ATTR': paintAttr(s, doc, key, r, ctx); break;
    default:
      drawShape(s, r, {
        styles: doc, m: IDENTITY, color: COLORS.sheetShape, blobs: ctx.blobs,
        cells: (tid) => doc.childrenOf(tid).map((k) => doc.get(k)!).filter((c) => recType(c) === 'TABEL_CELL'),
      });
  }
}

function paintAttr(s: Surface, doc: EditorDocument, key: string, r: Rec, ctx: SchContext): void {
  const parent = SchAttr.get(r, 'parentId');
  const pr = parent ? doc.get(parent) : undefined;
  const prType = pr ? recType(pr) : '';
  if (isNoConnect(r)) { paintNoConnect(s, doc, r, ctx); return; }
  if (pr && prType === 'COMPONENT') {
    const v = componentAttrView(doc, r, ctx, componentPlacement(doc, parent, pr, ctx), { greyed: isNotPlaced(doc, parent, ctx) });
    if (v && v.text) s.draw({ t: 'text', text: v.text, x: v.x, y: v.y, rot: v.rot, st: v.st });
    return;
  }
  void key;
  const isNet = prType === 'WIRE' || prType === 'BUS';
  drawAttr(s, doc, r, IDENTITY, undefined, { color: isNet ? COLORS.netLabel : COLORS.attr });
}

/** Half the size of the no-connect cross (EasyEDA: 4 units each way, #33CC33). */
const NC_HALF = 4;

/** The cross of a NO_CONNECT pin ATTR, on the pin's end where the component now is (else its stored position). */
function paintNoConnect(s: Surface, doc: EditorDocument, r: Rec, ctx: SchContext): void {
  const a = SchAttr.parse(r);
  const at = pinEndOf(doc, a.parentId, ctx) ?? (a.x !== null ? { x: a.x, y: a.y ?? 0 } : undefined);
  if (!at) return;
  const st = { color: COLORS.noConnect, width: 1 };
  s.draw({ t: 'poly', pts: [at.x - NC_HALF, at.y + NC_HALF, at.x + NC_HALF, at.y - NC_HALF], closed: false, s: st });
  s.draw({ t: 'poly', pts: [at.x - NC_HALF, at.y - NC_HALF, at.x + NC_HALF, at.y + NC_HALF], closed: false, s: st });
}

/** The component key and pin id of a joined id `component + pin` (FORMAT.md), when both exist. */
export function splitJoinedId(doc: EditorDocument, joined: string, ctx: SchContext): { component: string; pin: string } | undefined {
  for (let i = joined.length - 1; i > 0; i--) {
    const comp = joined.slice(0, i);
    const r = doc.get(comp);
    if (!r || recType(r) !== 'COMPONENT') continue;
    const sym = componentSymbolInfo(doc, comp, ctx);
    // `component + pin`, or `component-pin` as the V3 converter writes it
    const rest = joined.slice(i);
    const isPin = (id: string): boolean => { const q = sym?.doc.get(id); return !!q && recType(q) === 'PIN'; };
    const pin = rest.startsWith('-') && isPin(rest.slice(1)) ? rest.slice(1) : rest;
    if (isPin(pin)) return { component: comp, pin };
  }
  return undefined;
}

function pinEndOf(doc: EditorDocument, joined: string, ctx: SchContext): { x: number; y: number } | undefined {
  const j = splitJoinedId(doc, joined, ctx);
  if (!j) return undefined;
  const r = doc.get(j.component)!;
  const sym = componentSymbolInfo(doc, j.component, ctx)!;
  const pin = sym.doc.get(j.pin)!;
  const m = componentPlacement(doc, j.component, r, ctx);
  const { x, y } = Pin.parse(pin);
  return apply(m, x, y);
}

/** The matrix a component's symbol is drawn with: its placement; for a drawing frame, moved to its title block corner. */
export function componentPlacement(doc: EditorDocument, key: string, r: Rec, ctx: SchContext): Mat {
  const m = componentMatrix(r);
  const sym = componentSymbolInfo(doc, key, ctx);
  if (!sym || sym.type !== FRAME_SYMBOL_TYPE) return m;
  const spec = frameSpec(doc, key);
  const box = spec ? titleBlockBox(sym.doc, pickPart(sym.doc, SchComponent.get(r, 'partId')).bbox) : undefined;
  return spec && box ? titleBlockMatrix(spec, box, m) : m;
}

function paintComponent(s: Surface, doc: EditorDocument, key: string, r: Rec, ctx: SchContext, warn?: (w: PaintWarning) => void): void {
  const sym = ctx.symbols.get(componentSymbolId(doc, key, ctx));
  if (!sym) {
    // unknown symbol: a marked box so the component stays visible and selectable
    warn?.({ id: key, type: 'COMPONENT', message: `symbol ${componentSymbolId(doc, key, ctx) || '(none)'} not found: drawn as a marker` });
    const { x, y } = SchComponent.parse(r);
    s.draw({ t: 'poly', pts: [x - 10, y - 10, x + 10, y - 10, x + 10, y + 10, x - 10, y + 10], closed: true, s: { color: COLORS.marker, width: 1, dash: [2, 2] } });
    return;
  }
  const m = componentPlacement(doc, key, r, ctx);
  if (sym.type === FRAME_SYMBOL_TYPE) {
    const spec = frameSpec(doc, key);
    if (spec) {
      paintFrameBorder(s, spec, componentMatrix(r));
      if (!spec.titleBlock) return;
    }
  }
  const greyed = isNotPlaced(doc, key, ctx);
  paintSymbol(s, sym.doc, {
    m, part: SchComponent.get(r, 'partId'), pinPrefix: key, resolve: componentResolver(doc, key, ctx), blobs: ctx.blobs,
    bodyColor: greyed ? COLORS.notPlaced : sym.type === FRAME_SYMBOL_TYPE ? COLORS.frame : undefined,
    textColor: greyed ? COLORS.notPlaced : undefined,
  });
  // a net flag's or port's visible symbol ATTRs the component has no ATTR for (a ground flag's "GND") show as the symbol says
  if (sym.type !== 18 && sym.type !== 19) return;
  const own = attrMap(doc, key);
  for (const [k, sa] of symbolAttrs(sym.doc)) {
    if (own.has(k) || !(SchAttr.get(sa, 'keyVisible') || SchAttr.get(sa, 'valueVisible'))) continue;
    const v = componentAttrView(doc, ['ATTR', '', key, k, null, null, null, null, null, null, null, 0], ctx, m, { greyed, sym });
    if (v && v.text) s.draw({ t: 'text', text: v.text, x: v.x, y: v.y, rot: v.rot, st: v.st });
  }
}

/** Keys of the records the sheet draws, in file order. */
export function drawnKeys(doc: EditorDocument, ctx?: SchContext): string[] {
  return doc.keys().filter((k) => isDrawn(doc.get(k)!, doc, ctx));
}

/** Paint the whole sheet: every drawn record, then the junction dots and open pin ends. */
export function paintSheet(s: Surface, doc: EditorDocument, ctx: SchContext, warn?: (w: PaintWarning) => void): void {
  for (const k of drawnKeys(doc, ctx)) paintSheetRecord(s, doc, k, ctx, warn);
  paintJunctions(s, doc, ctx);
}

export { JUNCTION_R };

/** Junction dots (and, with `ctx`, open pin ends) of the sheet, as one element `JUNCTIONS`. */
export function paintJunctions(s: Surface, doc: EditorDocument, ctx?: SchContext): void {
  paintConnectionMarks(s, connectionMarks(doc, ctx));
}

export interface RenderSvgOptions {
  ctx: SchContext; margin?: number; background?: string;
  /** Called for every record skipped or drawn as a marker. */
  onWarning?: (w: PaintWarning) => void;
}

/** SVG of a schematic sheet; every drawn record is a `<g data-id>` element. */
export function renderSchematicSvg(doc: EditorDocument, o: RenderSvgOptions): string {
  const rec = new RecordingSurface();
  paintSheet(rec, doc, o.ctx, o.onWarning);
  let bbox: Box = emptyBox();
  for (const it of rec.items) bbox = unionBox(bbox, it.bbox);
  const svg = new SvgSurface();
  replay(rec.items, svg);
  return svg.toString(inflateBox(bbox, o.margin ?? 20), o.background);
}

