/**
 * Symbol documents (.esym): parts, pins, and the symbol painter used both for the symbol editor
 * (identity transform) and for components on a sheet (their placement). Symbol frame: 0.01 inch, Y up.
 */
import type { EditorDocument } from '../core/document.ts';
import { type Mat, IDENTITY, apply, matAngle } from '../core/geometry.ts';
import { Pin, SchAttr } from '@copperplate/format/records';
import { recType, str, type Rec } from '../core/records.ts';
import type { Surface, TextStyle } from '../render/surface.ts';
import { drawShape, placeText, type ShapeCtx } from '../sch/shapes.ts';
import { COLORS, fontStyle } from '../sch/styles.ts';

export { type PartView, type PinInfo, symbolParts, pickPart, partPins, attrValue, attrMap } from '@copperplate/schematic/symbol';
import { pickPart, attrMap } from '@copperplate/schematic/symbol';

export interface SymbolPaintOpts {
  m?: Mat;
  part?: string;
  /** Prefix for pin element ids: on a sheet pins are `<componentId><pinId>` (FORMAT.md joined ids). */
  pinPrefix?: string;
  /** Draw document-level ATTRs of the symbol (the symbol editor does; components use the sheet's ATTRs). */
  ownAttrs?: boolean;
  /** Emit data-id for the symbol's own records (symbol editor); components emit data-pin only. */
  recordIds?: boolean;
  resolve?: (s: string) => string;
  blobs?: Map<string, string>;
  /** Colour of the symbol's lines and shapes (frames, parts marked not placed). */
  bodyColor?: string;
  /** Colour of the symbol's texts, whatever their styles say (parts marked not placed). */
  textColor?: string;
}

/** Draw one part of a symbol. */
export function paintSymbol(s: Surface, doc: EditorDocument, o: SymbolPaintOpts = {}): void {
  const m = o.m ?? IDENTITY;
  const part = pickPart(doc, o.part ?? '');
  const ctx: ShapeCtx = {
    styles: doc, m, color: o.bodyColor ?? COLORS.body, resolve: o.resolve, blobs: o.blobs, ids: !!o.recordIds, textColor: o.textColor,
    cells: (tid) => doc.childrenOf(tid).map((k) => doc.get(k)!).filter((r) => recType(r) === 'TABEL_CELL'),
  };
  for (const k of part.keys) {
    const r = doc.get(k)!;
    const t = recType(r);
    if (t === 'PIN') {
      const attrs = o.pinPrefix !== undefined ? { 'data-pin': o.pinPrefix + k } : undefined;
      s.begin(o.recordIds ? k : '', 'PIN', attrs);
      paintPin(s, doc, k, r, m);
      s.end();
      continue;
    }
    if (t === 'ATTR') {
      const at = SchAttr.parse(r);
      if (!o.ownAttrs || at.parentId !== '') continue;
      if (!at.keyVisible && !at.valueVisible) continue;
      if (at.x === null) continue;
      s.begin(o.recordIds ? k : '', 'ATTR');
      drawAttr(s, doc, r, m, o.resolve);
      s.end();
      continue;
    }
    if (t === 'TABEL_CELL') continue; // drawn with their TABLE
    if (['RECT', 'POLY', 'CIRCLE', 'ELLIPSE', 'ARC', 'BEZIER', 'TEXT', 'OBJ', 'TABLE'].includes(t)) {
      s.begin(o.recordIds ? k : '', t);
      drawShape(s, r, ctx);
      s.end();
    }
  }
}

/** An ATTR as text: "key: value", "value" or "key" by its visibility flags. Absolute position through `m`. */
export function drawAttr(s: Surface, styles: EditorDocument, r: Rec, m: Mat, resolve?: (v: string) => string, dflt?: Partial<TextStyle>): void {
  const at = SchAttr.parse(r);
  const keyVis = !!at.keyVisible, valVis = !!at.valueVisible;
  const value = resolve ? resolve(at.value) : at.value;
  const key = at.key;
  const txt = keyVis && valVis ? `${key}: ${value}` : keyVis ? key : value;
  if (!txt) return;
  const ts = fontStyle(styles, at.fontStyleId, { color: COLORS.attr, ...dflt });
  const p = placeText(m, at.x ?? 0, at.y ?? 0, at.rotation, ts);
  s.draw({ t: 'text', text: txt, x: p.x, y: p.y, rot: p.rot, st: p.st });
}

/** A pin: the line from its connection end inward, the shape marks, its name and number. */
export function paintPin(s: Surface, doc: EditorDocument, key: string, r: Rec, m: Mat): void {
  const pin = Pin.parse(r);
  const x = pin.x, y = pin.y, len = pin.length, rot = pin.rotation;
  const shape = pin.shape;
  const dx = Math.cos((rot * Math.PI) / 180), dy = Math.sin((rot * Math.PI) / 180);
  const color = str(pin.color).startsWith('#') ? str(pin.color) : COLORS.pin;
  const inv = (shape & 1) !== 0;
  const innerX = x + dx * len, innerY = y + dy * len;
  const lineEnd = inv ? { x: innerX - dx * 4, y: innerY - dy * 4 } : { x: innerX, y: innerY };
  const a = apply(m, x, y), b = apply(m, lineEnd.x, lineEnd.y);
  s.draw({ t: 'poly', pts: [a.x, a.y, b.x, b.y], closed: false, s: { color, width: 1 } });
  if (inv) {
    const c = apply(m, innerX - dx * 2, innerY - dy * 2);
    s.draw({ t: 'circle', cx: c.x, cy: c.y, r: 2, s: { color, width: 1 } });
  }
  if (shape & 2) {
    // clock: a small wedge inside the body at the inner end
    const px = -dy, py = dx;
    const pts = [innerX + px * 3, innerY + py * 3, innerX + dx * 4, innerY + dy * 4, innerX - px * 3, innerY - py * 3];
    const t = pts.flatMap((_, i) => (i % 2 ? [] : [apply(m, pts[i], pts[i + 1]).x, apply(m, pts[i], pts[i + 1]).y]));
    s.draw({ t: 'poly', pts: t, closed: false, s: { color, width: 1 } });
  }
  const attrs = attrMap(doc, key);
  const nameRec = attrs.get('NAME'), numberRec = attrs.get('NUMBER');
  const name = nameRec && SchAttr.parse(nameRec), number = numberRec && SchAttr.parse(numberRec);
  const pinAng = matAngle(m);
  void pinAng;
  if (name && nameRec && name.valueVisible && name.value) {
    if (name.x !== null) drawAttrValue(s, doc, nameRec, m, COLORS.pinName, { x, y, rot });
    else {
      const ts = fontStyle(doc, name.fontStyleId, { color: COLORS.pinName, hAlign: 'start', vAlign: 'middle' });
      const p = placeText(m, innerX + dx * 3, innerY + dy * 3, rot % 180 === 0 ? (dx < 0 ? 180 : 0) : dy < 0 ? 270 : 90, { ...ts, hAlign: 'start', vAlign: 'middle' });
      s.draw({ t: 'text', text: name.value, x: p.x, y: p.y, rot: p.rot, st: p.st });
    }
  }
  if (number && numberRec && number.valueVisible && number.value) {
    if (number.x !== null) drawAttrValue(s, doc, numberRec, m, COLORS.pinNumber, { x, y, rot });
    else {
      const ts = fontStyle(doc, number.fontStyleId, { color: COLORS.pinNumber, hAlign: 'middle', vAlign: 'bottom' });
      const p = placeText(m, x + (dx * len) / 2 - dy * 1, y + (dy * len) / 2 + dx * 1, rot % 180 === 0 ? 0 : 90, { ...ts, hAlign: 'middle', vAlign: 'bottom' });
      s.draw({ t: 'text', text: number.value, x: p.x, y: p.y, rot: p.rot, st: p.st });
    }
  }
}

/**
 * A pin's NAME or NUMBER at its own position. When the placed symbol would show it upside down,
 * EasyEDA keeps it on the same side of the pin line as in the symbol (measured on its PDFs: a
 * number above the line stays above in a part turned 180 degrees): the position is reflected across
 * the pin line and only the horizontal alignment flips.
 */
function drawAttrValue(s: Surface, doc: EditorDocument, r: Rec, m: Mat, color: string, pin: { x: number; y: number; rot: number }): void {
  const at = SchAttr.parse(r);
  const ts = fontStyle(doc, at.fontStyleId, { color });
  let ax = at.x ?? 0, ay = at.y ?? 0;
  let p = placeText(m, ax, ay, at.rotation, ts);
  if (p.turned) {
    const a = (pin.rot * Math.PI) / 180, dx = Math.cos(a), dy = Math.sin(a);
    const vx = ax - pin.x, vy = ay - pin.y;
    const along = vx * dx + vy * dy;
    // reflect the offset across the pin line: keep the along-the-pin part, negate the perpendicular part
    ax = pin.x + 2 * along * dx - vx; ay = pin.y + 2 * along * dy - vy;
    p = placeText(m, ax, ay, at.rotation, ts, true);
  }
  s.draw({ t: 'text', text: at.value, x: p.x, y: p.y, rot: p.rot, st: p.st });
}
