/**
 * V3 schematic-family documents (SCH_PAGE sheets and SYMBOL documents) to our V2 line records
 * (FORMAT.md "Schematic and symbol records").
 *
 * Frames: both 0.01 inch. V3 cloud files keep the editor's screen frame (Y down); V2 has Y up, so
 * every Y coordinate is negated (rows marked `yAxisDirection: 'up'` are already Y up and are not).
 * Rotations, mirror flags and magnitudes (radii, lengths, sizes) are the same in both (the flip
 * table of the format definitions, TYAxisDirection). Inline text and line styles become FONTSTYLE
 * and LINESTYLE records, shared by equal styles and written before their first use.
 */
import type { z } from 'zod';
import type { EpruDocument, EpruRecord } from './epru.ts';
import type { Tally } from './report.ts';
import * as S from './schemas.ts';
import * as R from '../records/index.ts';

export type V2Record = unknown[];
type Body = Record<string, unknown>;

/** EAlign `H_V` to FONTSTYLE vAlign/hAlign (0 top/left, 1 middle/centre, 2 bottom/right). */
export function alignCodes(align: unknown): [number | null, number | null] {
  if (typeof align !== 'string') return [null, null];
  const [h, v] = align.split('_');
  const H: Record<string, number> = { LEFT: 0, CENTER: 1, RIGHT: 2 };
  const V: Record<string, number> = { TOP: 0, MIDDLE: 1, BOTTOM: 2 };
  return [V[v] ?? null, H[h] ?? null];
}
/** EStrokeStyle to the LINESTYLE dash code. */
const DASH: Record<string, number> = { SOLID: 0, SHORT_DASH: 1, DASH: 1, DOT: 2, DOT_DASH: 3, DASH_DOT: 3 };
/** EPinShape to PIN shape bits (1 inverted dot, 2 clock). */
const PIN_SHAPE: Record<string, number> = { NONE: 0, INVERTED: 1, CLOCK: 2, INVERTED_CLOCK: 3 };
/** Pin attribute keys whose V2 name differs. */
const PIN_KEYS: Record<string, string> = { 'Pin Name': 'NAME', 'Pin Number': 'NUMBER' };

/** A V3 boolean (true/false, 0/1, null) as a boolean, null kept (= default). */
const flagN = (v: unknown): boolean | null => (v === null || v === undefined ? null : v === true || v === 1);
const lock = (v: unknown): boolean => v === true || v === 1;
const nul = <T>(v: T | undefined): T | null => (v === undefined ? null : v);
const strN = (v: unknown): string | null => (v === null || v === undefined ? null : typeof v === 'string' ? v : String(v));
const numN = (v: unknown): number | null => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

/** Kinds the schematic converter knows but does not carry, with the reason given in the report. */
const NOT_CARRIED: Record<string, string> = {
  ELE_PLACEHOLDER: 'editor id reservation, no content',
  META_PLACEHOLDER: 'editor id reservation, no content',
  BUSENTRY: 'standalone bus entry rows are ignored by EasyEDA (entries live inside their BUS)',
  MASK_REGION: 'mask regions have no V2 record',
  NG_SETTING: 'simulation settings have no V2 record',
  RULE: 'schematic design rules are not stored in V2 sheets',
};

export interface SchContext {
  tally: Tally;
  /** PART title of a part id in a symbol (the V2 COMPONENT names its part by title). */
  partTitle(symbolUuid: string | undefined, partId: string): string | undefined;
}

/** Convert a SCH_PAGE (kind 'SCH') or SYMBOL document. Returns the V2 document text. */
export function convertSchematicDoc(doc: EpruDocument, kind: 'SCH' | 'SYMBOL', ctx: SchContext, symbolType?: number): string {
  const out = new SchWriter(doc, ctx);
  return out.run(kind, symbolType);
}

class SchWriter {
  private readonly styles = new Map<string, string>();
  private styleN = 0;
  private readonly ids = new Set<string>();
  private readonly recs: EpruRecord[] = [];
  constructor(private readonly doc: EpruDocument, private readonly ctx: SchContext) {
    for (const r of doc.records.values()) {
      this.ids.add(r.id);
      if (r.body === null) ctx.tally.skip('deleted record', 'empty body: the deletion was applied');
      else this.recs.push(r);
    }
  }

  private parse<T extends z.ZodType>(schema: T, r: EpruRecord): z.infer<T> | null {
    const p = schema.safeParse(r.body);
    if (p.success) return p.data;
    this.ctx.tally.skip(`${this.doc.docType} ${r.type}`, 'invalid: does not match the record definition');
    return null;
  }

  /** The id of an equal style already written, or a new style record (made by `make(id)`) written now. */
  private styleId(key: string, make: (id: string) => V2Record, into: V2Record[]): string {
    let id = this.styles.get(key);
    if (id === undefined) {
      do id = `st${++this.styleN}`;
      while (this.ids.has(id));
      this.styles.set(key, id);
      into.push(make(id));
    }
    return id;
  }

  private fontStyle(b: Body, into: V2Record[]): string {
    const [vAlign, hAlign] = alignCodes(b.align);
    const v = { color: strN(b.color), fillColor: strN(b.fillColor), font: strN(b.fontFamily), size: numN(b.fontSize), italic: flagN(b.italic),
      bold: flagN(b.fontWeight), underline: flagN(b.underline), strike: flagN(b.strikeout), vAlign, hAlign };
    return this.styleId('F' + JSON.stringify(v), (id) => R.FontStyle.create({ id, ...v }), into);
  }

  private lineStyle(b: Body, into: V2Record[]): string {
    const dash = typeof b.strokeStyle === 'string' ? DASH[b.strokeStyle] ?? 0 : null;
    const v = { color: strN(b.strokeColor), dash, fill: strN(b.fillStyle === 'NONE' ? null : b.fillColor), width: numN(b.strokeWidth) };
    // V2 LINESTYLE has five fields after the type; the sixth (fillStyle) of the module is left out as V2 writes it.
    return this.styleId('L' + JSON.stringify(v), (id) => R.LineStyle.create({ id, ...v }).slice(0, 6), into);
  }

  run(kind: 'SCH' | 'SYMBOL', symbolType?: number): string {
    const { tally } = this.ctx;
    const dt = this.doc.docType;
    /** Y to V2 (Y up): negated unless the row is already Y up. */
    const fy = (b: Body, y: number): number => (b.yAxisDirection === 'up' ? y : -y);
    const fyN = (b: Body, y: number | null | undefined): number | null => (y === null || y === undefined ? null : fy(b, y));
    // Pre-pass: wires and their segments, groups and members, component -> symbol, part titles.
    const wires = new Set<string>();
    const groups = new Map<string, string[]>();
    const partIds = new Map<string, string>();
    const compSymbol = new Map<string, string>();
    for (const r of this.recs) {
      const b = r.body!;
      if (r.type === 'WIRE' || r.type === 'BUS') wires.add(r.id);
      if (r.type === 'PART') partIds.set(r.id, typeof b.title === 'string' ? b.title : r.id);
      if (r.type === 'ATTR' && b.key === 'Symbol' && typeof b.parentId === 'string' && typeof b.value === 'string') compSymbol.set(b.parentId, b.value);
      const g = b.groupId;
      if (r.type !== 'GROUP' && (typeof g === 'string' || typeof g === 'number') && String(g) !== '' && String(g) !== '0') {
        const list = groups.get(String(g)) ?? [];
        list.push(r.id);
        groups.set(String(g), list);
      }
    }
    const segments = new Map<string, number[][]>();
    const wireSlots = new Map<V2Record, { id: string; locked: boolean; bus: boolean }>();
    const wireStyle = new Map<string, Body>();

    let head: Record<string, unknown> = { originX: 0, originY: 0, version: '2' };
    /** Output per part (symbols) or one list (sheets); '' collects records outside any part. */
    const parts = new Map<string, V2Record[]>();
    const bucket = (b: Body): V2Record[] => {
      const p = kind === 'SYMBOL' && typeof b.partId === 'string' && partIds.has(b.partId) ? b.partId : '';
      let l = parts.get(p);
      if (!l) parts.set(p, (l = []));
      return l;
    };

    for (const r of this.recs) {
      const b = r.body!;
      const into = bucket(b);
      switch (r.type) {
        case 'META':
          tally.carry(); // read into project.json by the caller
          break;
        case 'DELETE_DOC':
          tally.carry(); // applied by the caller (a deleted document is left out)
          break;
        case 'CANVAS': {
          const c = this.parse(S.SchCanvasSchema, r);
          if (!c) break;
          head = { ...head, originX: c.originX ?? 0, originY: fy(c, c.originY ?? 0) ?? 0 };
          tally.carry();
          break;
        }
        case 'PART': {
          const p = this.parse(S.SchPartSchema, r);
          if (!p) break;
          const l = parts.get(r.id) ?? [];
          parts.set(r.id, l);
          l.unshift(R.Part.create({ name: p.title ?? '', props: { BBOX: p.BBOX ?? [] } }));
          tally.carry();
          break;
        }
        case 'ATTR': {
          const a = this.parse(S.SchAttrSchema, r);
          if (!a) break;
          let parent = a.parentId ?? '';
          if (kind === 'SYMBOL' && partIds.has(parent)) parent = '';
          const key = PIN_KEYS[a.key] ?? a.key;
          const st = this.fontStyle(a, into);
          into.push(R.SchAttr.create({ id: r.id, parentId: parent, key, value: strN(a.value) ?? '', keyVisible: flagN(a.keyVisible),
            valueVisible: flagN(a.valueVisible), x: nul(a.x), y: fyN(a, a.y), rotation: a.rotation ?? 0, fontStyleId: st, locked: lock(a.locked) }));
          tally.carry();
          break;
        }
        case 'COMPONENT': {
          const c = this.parse(S.SchComponentSchema, r);
          if (!c) break;
          const partId = c.partId ?? '';
          const title = this.ctx.partTitle(compSymbol.get(r.id), partId) ?? (/^pid[0-9a-f]+$/i.test(partId) ? '' : partId);
          into.push(R.SchComponent.create({ id: r.id, partId: title, x: c.x, y: fy(c, c.y), rotation: c.rotation ?? 0, mirror: lock(c.isMirror), attrs: c.attrs ?? {}, locked: lock(c.locked) }));
          tally.carry();
          break;
        }
        case 'WIRE': {
          const w = this.parse(S.SchWireSchema, r);
          if (!w) break;
          // A placeholder: the WIRE record is made at the end, once all its LINE members are read.
          const slot: V2Record = [];
          wireSlots.set(slot, { id: r.id, locked: lock(w.locked), bus: false });
          if (!segments.has(r.id)) segments.set(r.id, []);
          into.push(slot);
          tally.carry();
          break;
        }
        case 'BUS': {
          const w = this.parse(S.SchBusSchema, r);
          if (!w) break;
          // Like a wire: its LINE members (lineGroup = the bus) become the BUS polyline list.
          const slot: V2Record = [];
          wireSlots.set(slot, { id: r.id, locked: lock(w.locked), bus: true });
          if (!segments.has(r.id)) segments.set(r.id, []);
          into.push(slot);
          tally.carry();
          const entries = Object.keys(w.busEntry ?? {}).length;
          if (entries) tally.adjust(`${dt} BUS entry points`, 'embedded bus entries are not written: the V2 BUSENTRY point layout is not confirmed', entries);
          break;
        }
        case 'BEZIER': {
          const z = this.parse(S.SchBezierSchema, r);
          if (!z) break;
          const controls = z.controls.map((v, i) => (i % 2 === 1 ? fy(z, v) : v));
          into.push(R.SchBezier.create({ id: r.id, controls, lineStyleId: this.lineStyle(z, into), locked: lock(z.locked) }));
          tally.carry();
          break;
        }
        case 'LINE': {
          const l = this.parse(S.SchLineSchema, r);
          if (!l) break;
          const seg = [l.startX, fy(l, l.startY)!, l.endX, fy(l, l.endY)!];
          if (l.lineGroup && wires.has(l.lineGroup)) {
            // A segment of a wire: joins the WIRE's polyline list.
            const list = segments.get(l.lineGroup) ?? [];
            list.push(seg);
            segments.set(l.lineGroup, list);
            if (!wireStyle.has(l.lineGroup)) wireStyle.set(l.lineGroup, l);
            tally.carry();
          } else if (l.lineGroup) {
            // Its wire or bus was deleted (or never written): EasyEDA does not draw such a segment.
            tally.skip(`${dt} LINE`, 'segment of a wire or bus that is deleted or absent (EasyEDA does not draw it)');
          } else {
            into.push(R.SchPoly.create({ id: r.id, points: seg, closed: false, lineStyleId: this.lineStyle(l, into), locked: false }));
            tally.carry();
          }
          break;
        }
        case 'TEXT': {
          const t = this.parse(S.SchTextSchema, r);
          if (!t) break;
          into.push(R.SchText.create({ id: r.id, x: t.x, y: fy(t, t.y), rotation: t.rotation ?? 0, text: strN(t.value) ?? '', fontStyleId: this.fontStyle(t, into), locked: lock(t.locked) }));
          tally.carry();
          break;
        }
        case 'RECT': {
          const t = this.parse(S.SchRectSchema, r);
          if (!t) break;
          into.push(R.SchRect.create({ id: r.id, x1: t.dotX1, y1: fy(t, t.dotY1), x2: t.dotX2, y2: fy(t, t.dotY2), rx: t.radiusX ?? 0, ry: t.radiusY ?? 0, rotation: t.rotation ?? 0,
            lineStyleId: this.lineStyle(t, into), locked: lock(t.locked) }));
          tally.carry();
          break;
        }
        case 'POLY': {
          const p = this.parse(S.SchPolySchema, r);
          if (!p) break;
          const pts: number[] = [];
          for (const q of p.points) pts.push(q.x, fy(p, q.y)!);
          into.push(R.SchPoly.create({ id: r.id, points: pts, closed: p.closed === true || p.closed === 1, lineStyleId: this.lineStyle(p, into), locked: lock(p.locked) }));
          tally.carry();
          break;
        }
        case 'CIRCLE': {
          const c = this.parse(S.SchCircleSchema, r);
          if (!c) break;
          into.push(R.SchCircle.create({ id: r.id, cx: c.centerX, cy: fy(c, c.centerY), r: c.radius, lineStyleId: this.lineStyle(c, into), locked: lock(c.locked) }));
          tally.carry();
          break;
        }
        case 'ELLIPSE': {
          const c = this.parse(S.SchEllipseSchema, r);
          if (!c) break;
          into.push(R.SchEllipse.create({ id: r.id, cx: c.centerX, cy: fy(c, c.centerY), rx: c.radiusX, ry: c.radiusY, rotation: c.rotation ?? 0, lineStyleId: this.lineStyle(c, into), locked: lock(c.locked) }));
          tally.carry();
          break;
        }
        case 'ARC': {
          const a = this.parse(S.SchArcSchema, r);
          if (!a) break;
          into.push(R.SchArc.create({ id: r.id, x1: a.startX, y1: fy(a, a.startY), xMid: a.referX, yMid: fy(a, a.referY), x2: a.endX, y2: fy(a, a.endY), lineStyleId: this.lineStyle(a, into), locked: lock(a.locked) }));
          tally.carry();
          break;
        }
        case 'PIN': {
          const p = this.parse(S.SchPinSchema, r);
          if (!p) break;
          const shape = typeof p.pinShape === 'string' ? PIN_SHAPE[p.pinShape] ?? 0 : 0;
          into.push(R.Pin.create({ id: r.id, display: !(p.display === false || p.display === 0), x: p.x, y: fy(p, p.y), length: p.length ?? 0, rotation: p.rotation ?? 0,
            color: nul(p.color), shape, locked: lock(p.locked) }));
          tally.carry();
          break;
        }
        case 'OBJ': {
          const o = this.parse(S.SchObjSchema, r);
          if (!o) break;
          into.push(R.SchObj.create({ id: r.id, fileName: o.fileName ?? '', x: o.startX, y: fy(o, o.startY), width: o.width ?? 0, height: o.height ?? 0, rotation: o.rotation ?? 0,
            mirror: lock(o.isMirror), content: o.content ?? '', locked: lock(o.locked) }));
          tally.carry();
          break;
        }
        case 'TABLE': {
          const t = this.parse(S.SchTableSchema, r);
          if (!t) break;
          into.push(R.Table.create({ id: r.id, x: t.startX, y: fy(t, t.startY), rowHeights: t.rowSizes, colWidths: t.colSizes, rowFlags: t.rowLocked ?? [], colFlags: t.colLocked ?? [], locked: lock(t.locked) }));
          for (const c of t.tableCell ?? []) {
            const side = (s: Body | null | undefined) => this.lineStyle(s ?? {}, into);
            into.push(R.TableCell.create({ id: c.id, tableId: r.id, value: strN(c.value) ?? '', row: c.rowIndex, col: c.columnIndex, rowSpan: c.rowSpan ?? 1, colSpan: c.colSpan ?? 1,
              topStyleId: side(c.topStyle), rightStyleId: side(c.rightStyle), bottomStyleId: side(c.bottomStyle), leftStyleId: side(c.leftStyle),
              fontStyleId: this.fontStyle(c, into), lineHeight: c.lineHeight ?? 1 }));
          }
          tally.carry();
          break;
        }
        case 'GROUP': {
          const g = this.parse(S.SchGroupSchema, r);
          if (!g) break;
          into.push(R.SchGroup.create({ id: r.id, parentId: g.parentId ?? '', title: g.title ?? '', members: groups.get(r.id) ?? [] }));
          tally.carry();
          break;
        }
        default:
          tally.skip(`${dt} ${r.type}`, NOT_CARRIED[r.type] ?? 'no converter for this record type');
      }
    }
    // Wires: each placeholder becomes the WIRE with its segments, after the style of its first segment.
    for (const [k, list] of parts) {
      if (!list.some((x) => wireSlots.has(x))) continue;
      const out: V2Record[] = [];
      for (const x of list) {
        const w = wireSlots.get(x);
        if (!w) {
          out.push(x);
          continue;
        }
        const st = wireStyle.get(w.id);
        const lineStyleId = st ? this.lineStyle(st, out) : undefined;
        const kind = w.bus ? R.Bus : R.Wire;
        out.push(kind.create({ id: w.id, points: segments.get(w.id) ?? [], lineStyleId, locked: w.locked }));
      }
      parts.set(k, out);
    }

    const lines: V2Record[] = [R.DocType.create({ docType: kind, version: '1.1' }), R.Head.create({ props: kind === 'SYMBOL' ? { ...head, symbolType: symbolType ?? 2 } : head })];
    const loose = parts.get('') ?? [];
    if (kind === 'SYMBOL') {
      let first = true;
      for (const [pid, l] of parts) {
        if (pid === '') continue;
        lines.push(...l);
        if (first) lines.push(...loose);
        first = false;
      }
      if (first) lines.push(R.Part.create({ name: '', props: { BBOX: [] } }), ...loose);
    } else lines.push(...loose);
    return lines.map((l) => JSON.stringify(l)).join('\n');
  }
}
