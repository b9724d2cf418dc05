/**
 * Panel paths (POLY `ploys`, STRING glyph `path`) as contours of vertices with bulges.
 *
 * A path is a flat array in SVG-like commands: leading numbers are the start point; `"M", x,y`
 * starts a new contour; `"L", x,y, ...` lines; `"A", rx,ry,rot,large,sweep, x,y` circular arcs (an
 * elliptic arc is taken with the mean radius); `"C", x1,y1,x2,y2,x,y` and `"Q", x1,y1,x,y` curves
 * (flattened); `"Z"` closes. Frame: the panel's (mil, Y down (?)).
 *
 * A vertex's `b` is the bulge of the segment to the next vertex (DXF convention): tan(sweep/4), the
 * sweep signed in the coordinates as numbers (positive = angle increasing). Pure.
 */

export interface Vertex { x: number; y: number; b: number }
export interface Contour { pts: Vertex[]; closed: boolean }
/** [a,b,c,d,e,f]: x' = a*x + b*y + c, y' = d*x + e*y + f (EasyEDA's panel `matrix`). */
export type Matrix = readonly [number, number, number, number, number, number];
export const IDENTITY: Matrix = [1, 0, 0, 0, 1, 0];

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The bulge of a circular arc from p to q with radius r (SVG large/sweep flags). */
export function arcBulge(px: number, py: number, qx: number, qy: number, r: number, large: boolean, sweep: boolean): number {
  const d = Math.hypot(qx - px, qy - py);
  if (d === 0) return 0;
  const rr = Math.max(Math.abs(r), d / 2);
  const half = Math.asin(Math.min(1, d / 2 / rr));
  const theta = large ? 2 * Math.PI - 2 * half : 2 * half;
  return Math.tan(theta / 4) * (sweep ? 1 : -1);
}

/** Centre, radius and angles of the arc from p to q with bulge b (b !== 0). */
export function bulgeArc(px: number, py: number, qx: number, qy: number, b: number): { cx: number; cy: number; r: number; a0: number; sweep: number } {
  const theta = 4 * Math.atan(b);
  const dx = qx - px, dy = qy - py;
  const d = Math.hypot(dx, dy);
  const r = d / 2 / Math.sin(Math.abs(theta) / 2);
  // centre: from the chord midpoint along the normal, by r*cos(theta/2), on the side the sweep turns to
  const mx = (px + qx) / 2, my = (py + qy) / 2;
  const h = (d / 2) / Math.tan(theta / 2);
  const nx = -dy / d, ny = dx / d;
  const cx = mx + nx * h, cy = my + ny * h;
  return { cx, cy, r, a0: Math.atan2(py - cy, px - cx), sweep: theta };
}

/** Points along the segment from v to w (w excluded), arcs flattened to `maxStep` radians. */
export function segmentPoints(v: Vertex, w: { x: number; y: number }, maxStep = Math.PI / 24): { x: number; y: number }[] {
  if (!v.b) return [{ x: v.x, y: v.y }];
  const a = bulgeArc(v.x, v.y, w.x, w.y, v.b);
  const n = Math.max(2, Math.ceil(Math.abs(a.sweep) / maxStep));
  const out = [];
  for (let i = 0; i < n; i++) {
    const t = a.a0 + (a.sweep * i) / n;
    out.push({ x: a.cx + a.r * Math.cos(t), y: a.cy + a.r * Math.sin(t) });
  }
  return out;
}

/** A contour as a polyline (arcs flattened); closed contours do not repeat the first point. */
export function flatten(c: Contour, maxStep?: number): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  const n = c.pts.length;
  for (let i = 0; i < n; i++) {
    const v = c.pts[i];
    const w = c.pts[(i + 1) % n];
    if (i === n - 1 && !c.closed) out.push({ x: v.x, y: v.y });
    else out.push(...segmentPoints(v, w, maxStep));
  }
  return out;
}

/** Read one path (flat array) into contours. Unknown tokens end the path; never throws. */
export function parsePanelPath(path: unknown, closeAll = false): Contour[] {
  if (!Array.isArray(path)) return [];
  const out: Contour[] = [];
  let cur = null as Contour | null;
  let cmd = 'M';
  let i = 0;
  const last = () => cur!.pts[cur!.pts.length - 1];
  const start = (x: number, y: number) => {
    if (cur && cur.pts.length) out.push(cur);
    cur = { pts: [{ x, y, b: 0 }], closed: false };
  };
  const lineTo = (x: number, y: number) => {
    if (!cur) return start(x, y);
    const p = last();
    if (p.x !== x || p.y !== y || cur.pts.length === 1) cur.pts.push({ x, y, b: 0 });
  };
  while (i < path.length) {
    const t = path[i];
    if (typeof t === 'string') {
      cmd = t.toUpperCase();
      i++;
      if (cmd === 'Z') {
        if (cur) {
          const c: Contour = cur;
          const f = c.pts[0], l = c.pts[c.pts.length - 1];
          if (c.pts.length > 1 && f.x === l.x && f.y === l.y && !l.b) c.pts.pop();
          c.closed = true;
        }
      }
      continue;
    }
    if (cmd === 'M') {
      if (!isNum(path[i]) || !isNum(path[i + 1])) break;
      start(path[i] as number, path[i + 1] as number);
      i += 2;
      cmd = 'L';
    } else if (cmd === 'L') {
      if (!isNum(path[i]) || !isNum(path[i + 1])) break;
      lineTo(path[i] as number, path[i + 1] as number);
      i += 2;
    } else if (cmd === 'A') {
      const a = path.slice(i, i + 7);
      if (a.length < 7 || !a.every((v) => isNum(v) || typeof v === 'boolean')) break;
      const [rx, ry, , large, sweep, x, y] = a.map(Number);
      if (!cur) start(x, y);
      else {
        const p = last();
        p.b = arcBulge(p.x, p.y, x, y, (Math.abs(rx) + Math.abs(ry)) / 2, !!large, !!sweep);
        cur.pts.push({ x, y, b: 0 });
      }
      i += 7;
    } else if (cmd === 'C' || cmd === 'Q') {
      const k = cmd === 'C' ? 6 : 4;
      const a = path.slice(i, i + k);
      if (a.length < k || !a.every(isNum)) break;
      if (!cur) start(a[k - 2] as number, a[k - 1] as number);
      else {
        const p = last();
        const n = 12;
        for (let s = 1; s <= n; s++) {
          const u = s / n, v = 1 - u;
          let x: number, y: number;
          if (cmd === 'C') {
            x = v * v * v * p.x + 3 * v * v * u * (a[0] as number) + 3 * v * u * u * (a[2] as number) + u * u * u * (a[4] as number);
            y = v * v * v * p.y + 3 * v * v * u * (a[1] as number) + 3 * v * u * u * (a[3] as number) + u * u * u * (a[5] as number);
          } else {
            x = v * v * p.x + 2 * v * u * (a[0] as number) + u * u * (a[2] as number);
            y = v * v * p.y + 2 * v * u * (a[1] as number) + u * u * (a[3] as number);
          }
          cur.pts.push({ x, y, b: 0 });
        }
      }
      i += k;
    } else break;
  }
  const end = cur as Contour | null;
  if (end && end.pts.length) out.push(end);
  if (closeAll) for (const c of out) {
    const f = c.pts[0], l = c.pts[c.pts.length - 1];
    if (c.pts.length > 1 && f.x === l.x && f.y === l.y && !l.b) c.pts.pop();
    c.closed = true;
  }
  return out;
}

/** A list of paths (`ploys`, glyph `path`), or one flat path. */
export function parsePanelPaths(v: unknown, closeAll = false): Contour[] {
  if (!Array.isArray(v)) return [];
  if (v.length && Array.isArray(v[0])) return v.flatMap((p) => parsePanelPath(p, closeAll));
  return parsePanelPath(v, closeAll);
}

/** Read a `matrix` field ([a,b,c,d,e,f]); identity when absent or malformed. */
export function readMatrix(v: unknown): Matrix {
  return Array.isArray(v) && v.length >= 6 && v.slice(0, 6).every(isNum) ? (v.slice(0, 6) as unknown as Matrix) : IDENTITY;
}

export const applyM = (m: Matrix, x: number, y: number) => ({ x: m[0] * x + m[1] * y + m[2], y: m[3] * x + m[4] * y + m[5] });

export function transformContour(c: Contour, m: Matrix): Contour {
  const flip = m[0] * m[4] - m[1] * m[3] < 0 ? -1 : 1;
  return { closed: c.closed, pts: c.pts.map((p) => ({ ...applyM(m, p.x, p.y), b: p.b * flip })) };
}

/** Signed area of a closed contour (arcs flattened): positive when the angle increases along it. */
export function contourArea(c: Contour): number {
  const p = flatten(c, Math.PI / 720);
  let a = 0;
  for (let i = 0; i < p.length; i++) {
    const q = p[(i + 1) % p.length];
    a += p[i].x * q.y - q.x * p[i].y;
  }
  return a / 2;
}

/** A contour back into path commands ("M", "L", "A", "Z"), as EasyEDA writes panel paths. */
export function contourToPath(c: Contour): unknown[] {
  const r = (v: number) => Math.round(v * 1000) / 1000;
  const out: unknown[] = [];
  const n = c.pts.length;
  c.pts.forEach((p, i) => {
    if (i === 0) out.push('M', r(p.x), r(p.y));
  });
  for (let i = 0; i < n; i++) {
    if (i === n - 1 && !c.closed) break;
    const p = c.pts[i], q = c.pts[(i + 1) % n];
    if (p.b) {
      const a = bulgeArc(p.x, p.y, q.x, q.y, p.b);
      out.push('A', r(a.r), r(a.r), 0, Math.abs(a.sweep) > Math.PI ? 1 : 0, a.sweep > 0 ? 1 : 0, r(q.x), r(q.y));
    } else if (i < n - 1 || !c.closed) out.push('L', r(q.x), r(q.y));
  }
  if (c.closed) out.push('Z');
  return out;
}
