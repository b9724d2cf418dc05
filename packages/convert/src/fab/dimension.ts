/**
 * DIMENSION records as EasyEDA Pro draws them on the Gerber (measured on ESP32-MPU6050's document
 * layer): for a LENGTH dimension (coords: object point, line start, line end, object point) the two
 * extension lines run from the object points through the dimension line and 100 mil past it, each
 * end of the dimension line carries an arrow of two 30-mil strokes at +-15 degrees, the line is broken
 * where its label stands, and the label is the measured length in the dimension's unit and precision
 * ("56.642mm") in the stroke font at the label ATTR's place (V2: an ATTR with the dimension's id as id
 * and parent; V3 nests it as `text`). Every stroke has the dimension's stroke width. Other types
 * (RADIUS, ANGLE) are drawn as their polyline and label.
 */
import { Dimension, PcbAttr, num, type Raw } from '@copperplate/format/records';
import { type Contour, type TextSpec, layoutText } from '@copperplate/board';

/** How far extension lines run past the dimension line (mil). */
const EXTENSION = 100;
/** Arrow strokes: length (mil) and angle to the line (degrees). */
const ARROW_LEN = 30;
const ARROW_DEG = 15;

export interface DimensionDrawing {
  layer: number;
  width: number;
  /** Open polylines (flat x,y,...). */
  lines: number[][];
}

/** The label ATTRs of dimensions by dimension id. */
export function dimensionLabels(recs: readonly Raw[]): Map<string, Raw> {
  const out = new Map<string, Raw>();
  for (const r of recs) {
    if (!PcbAttr.is(r)) continue;
    const a = PcbAttr.parse(r);
    if (a.key === '' && a.parentId && a.parentId === a.id) out.set(a.id, r);
  }
  return out;
}

/** The displayed value: length in the unit, fixed to the precision, with the unit ("56.642mm"). */
export function dimensionText(lengthMil: number, unit: string, precision: number): string {
  const v = unit === 'mm' ? lengthMil * 0.0254 : unit === 'cm' ? lengthMil * 0.00254 : unit === 'inch' ? lengthMil / 1000 : lengthMil;
  return `${v.toFixed(Math.min(6, Math.max(0, Math.round(precision))))}${unit}`;
}

export function drawDimension(r: Raw, label: Raw | undefined): DimensionDrawing | undefined {
  const d = Dimension.parse(r);
  const p = Array.isArray(d.coords) ? (d.coords as unknown[]).map((v) => num(v)) : [];
  if (p.length < 4) return undefined;
  const width = d.strokeWidth > 0 ? d.strokeWidth : 6;
  const lines: number[][] = [];
  const isLength = d.dimType === 'LENGTH' && p.length >= 8;
  const [ax, ay, bx, by] = isLength ? p.slice(2, 6) : p.slice(0, 4);
  const len = Math.hypot(bx - ax, by - ay);
  const text = dimensionText(len, d.unit, d.precision);

  // The label: at its ATTR, else centred above the middle of the line.
  const angle0 = (Math.atan2(by - ay, bx - ax) * 180) / Math.PI;
  let spec: TextSpec;
  if (label) {
    const a = PcbAttr.parse(label);
    spec = { text, x: a.x ?? (ax + bx) / 2, y: a.y ?? (ay + by) / 2, height: a.height || 100, strokeWidth: a.strokeWidth || width, align: a.origin, angle: a.angle, mirrored: a.mirror, font: 'default', strokeFont: 'hershey' };
  } else {
    const up = angle0 > 90 || angle0 <= -90 ? angle0 + 180 : angle0;
    spec = { text, x: (ax + bx) / 2, y: (ay + by) / 2, height: 100, strokeWidth: width, align: 6, angle: up, mirrored: false, font: 'default', strokeFont: 'hershey' };
  }
  const shape = layoutText(spec);
  for (const s of shape.strokes) if (s.length >= 4) lines.push(s);

  if (!isLength) {
    lines.push(p.slice(0, p.length - (p.length % 2)));
    return { layer: d.layer, width, lines };
  }
  const [ox1, oy1, , , , , ox2, oy2] = p;
  // Extension lines: object point -> through the line end -> 100 mil past it.
  for (const [ox, oy, lx, ly] of [[ox1, oy1, ax, ay], [ox2, oy2, bx, by]]) {
    const l = Math.hypot(lx - ox, ly - oy);
    if (l < 1e-9) continue;
    lines.push([ox, oy, lx + ((lx - ox) / l) * EXTENSION, ly + ((ly - oy) / l) * EXTENSION]);
  }
  if (len < 1e-9) return { layer: d.layer, width, lines };
  const ux = (bx - ax) / len, uy = (by - ay) / len;
  // Arrows: two strokes from each tip, pointing back along the line.
  const arrow = (tx: number, ty: number, dx: number, dy: number) => {
    for (const s of [1, -1]) {
      const a = (s * ARROW_DEG * Math.PI) / 180;
      const rx = dx * Math.cos(a) - dy * Math.sin(a), ry = dx * Math.sin(a) + dy * Math.cos(a);
      lines.push([tx, ty, tx + rx * ARROW_LEN, ty + ry * ARROW_LEN]);
    }
  };
  arrow(ax, ay, ux, uy);
  arrow(bx, by, -ux, -uy);
  // The line, broken where the label's box crosses it (the box corners projected on the line).
  let t0 = Infinity, t1 = -Infinity;
  if (shape.rect && shape.strokes.length) {
    const { m, x, y, w, h } = shape.rect;
    for (const [cx, cy] of [[x, y], [x + w, y], [x + w, y + h], [x, y + h]]) {
      const px = m.a * cx + m.c * cy + m.e, py = m.b * cx + m.d * cy + m.f;
      const t = (px - ax) * ux + (py - ay) * uy;
      t0 = Math.min(t0, t); t1 = Math.max(t1, t);
    }
    // Only when the box sits on the line (its distance from the line within its own height).
    const mx = (shape.box.minX + shape.box.maxX) / 2, my = (shape.box.minY + shape.box.maxY) / 2;
    if (Math.abs((mx - ax) * -uy + (my - ay) * ux) > Math.max(shape.box.maxX - shape.box.minX, shape.box.maxY - shape.box.minY)) t0 = Infinity;
  }
  if (t0 < t1 && t1 > 0 && t0 < len) {
    if (t0 > 0) lines.push([ax, ay, ax + ux * t0, ay + uy * t0]);
    if (t1 < len) lines.push([ax + ux * t1, ay + uy * t1, bx, by]);
  } else {
    lines.push([ax, ay, bx, by]);
  }
  return { layer: d.layer, width, lines };
}

/** A polyline as an open contour. */
export function polyline(pts: readonly number[]): Contour {
  const c: Contour = { x0: pts[0], y0: pts[1], segs: [], closed: false };
  for (let i = 2; i + 1 < pts.length; i += 2) c.segs.push({ k: 'L', x: pts[i], y: pts[i + 1] });
  return c;
}
