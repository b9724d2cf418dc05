/**
 * Gerber RS-274X writer with X2 attributes (Ucamco Gerber Layer Format Specification 2023.08).
 * Input geometry is in the board frame (mil, Y up, as packages/board's contours); output is mm with
 * 6 decimals (%FSLAX46Y46*% %MOMM*%), Y up, same origin: the board's own frame, so every layer and the
 * drill files line up. Apertures are collected while drawing and written ahead of the body, each
 * with its aperture function (%TA.AperFunction%); object attributes (.N net, .C component, .P pin)
 * are set with %TO% before the objects they describe.
 */
import { type Contour, arcCenter, flattenCubic } from '@copperplate/board';

/** mil -> Gerber integer coordinate (mm x 10^6). */
export const MIL_TO_COORD = 25400;
export const MIL_TO_MM = 0.0254;

/** Aperture templates. Sizes in mil (written in mm). */
export type Aperture =
  | { t: 'C'; d: number }
  | { t: 'R'; w: number; h: number }
  | { t: 'O'; w: number; h: number }
  | { t: 'P'; d: number; n: number; rot: number }
  /** Rounded rectangle by its corner-circle centres (x1,y1), (x2,y2) (the other two are point-mirrored) and corner diameter d; any rotation. */
  | { t: 'RoundRect'; d: number; x1: number; y1: number; x2: number; y2: number }
  /** Obround of width d along the segment (-dx,-dy)-(dx,dy); any rotation. */
  | { t: 'Obround'; d: number; dx: number; dy: number }
  /** A named aperture macro without parameters (its definition `%AM<name>*...*%` is written once). */
  | { t: 'Macro'; name: string; def: string };

const MACROS: Record<string, string> = {
  // The same rounded-rectangle macro EasyEDA Pro and KiCad write: corner circles, edge lines, centre polygon.
  RoundRect: '%AMRoundRect*1,1,$1,$2,$3*1,1,$1,$4,$5*1,1,$1,0-$2,0-$3*1,1,$1,0-$4,0-$5*20,1,$1,$2,$3,$4,$5,0*20,1,$1,$4,$5,0-$2,0-$3,0*20,1,$1,0-$2,0-$3,0-$4,0-$5,0*20,1,$1,0-$4,0-$5,$2,$3,0*4,1,4,$2,$3,$4,$5,0-$2,0-$3,0-$4,0-$5,$2,$3,0*%',
  Obround: '%AMObround*1,1,$1,$2,$3*1,1,$1,0-$2,0-$3*20,1,$1,$2,$3,0-$2,0-$3,0*%',
};

/** X2 aperture functions used here (spec 5.6.10). */
export type AperFunction =
  | 'Conductor' | 'SMDPad,CuDef' | 'ComponentPad' | 'ViaPad' | 'WasherPad' | 'NonConductor' | 'Profile'
  | 'Material' | 'Other,Silkscreen' | 'Other,Mask' | 'Other,Paste' | 'Other,Drawing' | 'Other,Document' | 'Other,Pour' | 'ConnectorPad';

export interface GerberHeader {
  /** %TF.FileFunction% value, e.g. "Copper,L1,Top". */
  fileFunction: string;
  polarity: 'Positive' | 'Negative';
  /** Human name written in a G04 comment (e.g. "TopLayer"). */
  layerName: string;
  /** ISO 8601 date-time for %TF.CreationDate%. */
  date: string;
  /** Project or board name (%TF.ProjectId% is written with it). */
  project?: string;
  generator?: string;
  /**
   * false: rounded rectangles and obrounds (the macro apertures) are written as regions of the same
   * outline instead (as KiCad's "disable aperture macros"; for readers without macro support).
   */
  macros?: boolean;
}

const fmtMm = (mil: number): string => {
  const v = Math.round(mil * MIL_TO_MM * 1e6) / 1e6;
  return String(Object.is(v, -0) ? 0 : v);
};
const coord = (mil: number): string => String(Math.round(mil * MIL_TO_COORD));
/** Attribute value: escape the characters Gerber forbids in fields (%, *, comma, backslash) as \uXXXX. */
export const attrValue = (s: string): string => s.replace(/[%*,\\\u0000-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

function apertureKey(a: Aperture): string {
  const r = (v: number) => Math.round(v * 1e4) / 1e4;
  switch (a.t) {
    case 'C': return `C${r(a.d)}`;
    case 'R': case 'O': return `${a.t}${r(a.w)}x${r(a.h)}`;
    case 'P': return `P${r(a.d)}x${a.n}x${r(a.rot)}`;
    case 'RoundRect': return `RR${r(a.d)},${r(a.x1)},${r(a.y1)},${r(a.x2)},${r(a.y2)}`;
    case 'Obround': return `OB${r(a.d)},${r(a.dx)},${r(a.dy)}`;
    case 'Macro': return `M${a.name}`;
  }
}

function apertureDef(a: Aperture): string {
  switch (a.t) {
    case 'C': return `C,${fmtMm(a.d)}`;
    case 'R': return `R,${fmtMm(a.w)}X${fmtMm(a.h)}`;
    case 'O': return `O,${fmtMm(a.w)}X${fmtMm(a.h)}`;
    case 'P': return `P,${fmtMm(a.d)}X${a.n}X${Math.round(a.rot * 1000) / 1000}`;
    case 'RoundRect': return `RoundRect,${fmtMm(a.d)}X${fmtMm(a.x1)}X${fmtMm(a.y1)}X${fmtMm(a.x2)}X${fmtMm(a.y2)}`;
    case 'Obround': return `Obround,${fmtMm(a.d)}X${fmtMm(a.dx)}X${fmtMm(a.dy)}`;
    case 'Macro': return a.name;
  }
}

/**
 * A full circle (two half arcs about one centre) restarted at its leftmost point, counter-clockwise, as
 * EasyEDA writes circles: gerbv's picture of an arc depends on where it starts (TriWave's rotated
 * footprint circles on the document layer differed by edge pixels only). Undefined for anything else.
 */
function fullCircleFromLeft(c: Contour): Contour | undefined {
  if (c.segs.length !== 2) return undefined;
  const [a, b] = c.segs;
  if (a.k !== 'A' || b.k !== 'A' || Math.abs(Math.abs(a.sweep) - 180) > 1e-6 || Math.abs(b.sweep - a.sweep) > 1e-6) return undefined;
  if (Math.abs(b.x - c.x0) > 1e-6 || Math.abs(b.y - c.y0) > 1e-6) return undefined;
  const cx = (c.x0 + a.x) / 2, cy = (c.y0 + a.y) / 2, r = Math.hypot(c.x0 - cx, c.y0 - cy);
  if (Math.abs(c.y0 - cy) < 1e-9 && c.x0 < cx) return undefined; // already so
  return { x0: cx - r, y0: cy, closed: c.closed, segs: [{ k: 'A', sweep: 180, x: cx + r, y: cy }, { k: 'A', sweep: 180, x: cx - r, y: cy }] };
}

export interface ObjAttrs {
  net?: string;
  component?: string;
  pin?: string;
}

/** Body lines joined into one string at a time (see GerberWriter.chunks). */
const BODY_CHUNK = 4096;

export class GerberWriter {
  private readonly apertures = new Map<string, { code: number; def: string; fn: AperFunction; macro?: string }>();
  private readonly customMacros = new Map<string, string>();
  /**
   * The body: finished chunks of BODY_CHUNK lines each, joined, and the lines of the chunk being
   * written. A body of a million short line strings kept ~50 bytes a line alive until finish();
   * joined chunks keep the text's own bytes (bench fab: the live heap of a 100k-pad export).
   */
  private readonly chunks: string[] = [];
  private lines: string[] = [];
  private current = -1;
  private polarity: 'D' | 'C' = 'D';
  private obj: ObjAttrs = {};
  private regionFn: string | undefined;
  private nextCode = 10;
  /** Counts for tests and the report. */
  readonly stats = { flashes: 0, draws: 0, arcs: 0, regions: 0 };

  constructor(private readonly header: GerberHeader) {}

  /** D-code of an aperture (defined once per template and function). */
  aperture(a: Aperture, fn: AperFunction): number {
    const key = `${apertureKey(a)}|${fn}`;
    let e = this.apertures.get(key);
    if (!e) {
      e = { code: this.nextCode++, def: apertureDef(a), fn, macro: a.t === 'RoundRect' || a.t === 'Obround' ? a.t : a.t === 'Macro' ? a.name : undefined };
      if (a.t === 'Macro') this.customMacros.set(a.name, a.def);
      this.apertures.set(key, e);
    }
    return e.code;
  }

  private line(s: string): void {
    this.lines.push(s);
    if (this.lines.length >= BODY_CHUNK) { this.chunks.push(this.lines.join('\n')); this.lines = []; }
  }

  private select(code: number): void {
    if (code !== this.current) {
      this.line(`D${code}*`);
      this.current = code;
    }
  }

  /** Set the object attributes of what follows (only changes are written). */
  attrs(o: ObjAttrs): void {
    const same = o.net === this.obj.net && o.component === this.obj.component && o.pin === this.obj.pin;
    if (same) return;
    if (this.obj.net !== undefined || this.obj.component !== undefined || this.obj.pin !== undefined) this.line('%TD*%');
    if (o.net !== undefined) this.line(`%TO.N,${attrValue(o.net)}*%`);
    if (o.component !== undefined && o.pin === undefined) this.line(`%TO.C,${attrValue(o.component)}*%`);
    if (o.component !== undefined && o.pin !== undefined) this.line(`%TO.P,${attrValue(o.component)},${attrValue(o.pin)}*%`);
    this.obj = { ...o };
    this.regionFn = undefined; // %TD% also dropped the aperture attribute in effect
  }

  /** Dark (D) or clear (C) polarity for what follows. */
  setPolarity(p: 'D' | 'C'): void {
    if (p !== this.polarity) {
      this.line(`%LP${p}*%`);
      this.polarity = p;
    }
  }

  flash(x: number, y: number, a: Aperture, fn: AperFunction): void {
    if (this.header.macros === false && (a.t === 'RoundRect' || a.t === 'Obround')) { this.region(macroOutline(x, y, a), fn); return; }
    this.select(this.aperture(a, fn));
    this.line(`X${coord(x)}Y${coord(y)}D03*`);
    this.stats.flashes++;
  }

  /** Stroke a contour (open or closed) with a round aperture of diameter `width` (mil). Arcs stay arcs; Beziers are flattened. */
  stroke(c: Contour, width: number, fn: AperFunction): void {
    const w = Math.max(width, 0);
    if (c.segs.length === 0) {
      // A dot: flash the round aperture.
      if (w > 0) this.flash(c.x0, c.y0, { t: 'C', d: w }, fn);
      return;
    }
    this.select(this.aperture({ t: 'C', d: w }, fn));
    this.path(fullCircleFromLeft(c) ?? c, true);
    this.stats.draws++;
  }

  /** A filled region (G36/G37) of one contour. Open contours are closed. */
  region(c: Contour, fn: AperFunction): void {
    if (c.segs.length < 2 && !(c.segs.length === 1 && c.segs[0].k === 'A')) return;
    if (this.regionFn !== fn) {
      this.line(`%TA.AperFunction,${fn}*%`);
      this.regionFn = fn;
    }
    this.line('G36*');
    this.path(c, false);
    const last = c.segs[c.segs.length - 1];
    if (Math.round(last.x * MIL_TO_COORD) !== Math.round(c.x0 * MIL_TO_COORD) || Math.round(last.y * MIL_TO_COORD) !== Math.round(c.y0 * MIL_TO_COORD)) {
      this.line(`G01X${coord(c.x0)}Y${coord(c.y0)}D01*`);
    }
    this.line('G37*');
    this.stats.regions++;
  }

  /** Straight segments through flat [x, y, ...] points with a round aperture. */
  polyline(pts: ArrayLike<number>, width: number, fn: AperFunction): void {
    if (pts.length < 2) return;
    if (pts.length < 4) { this.flash(pts[0], pts[1], { t: 'C', d: width }, fn); return; }
    this.select(this.aperture({ t: 'C', d: width }, fn));
    this.line(`X${coord(pts[0])}Y${coord(pts[1])}D02*`);
    for (let i = 2; i + 1 < pts.length; i += 2) this.line(`G01X${coord(pts[i])}Y${coord(pts[i + 1])}D01*`);
    this.stats.draws++;
  }

  private path(c: Contour, closeIfClosed: boolean): void {
    this.line(`X${coord(c.x0)}Y${coord(c.y0)}D02*`);
    let px = c.x0, py = c.y0;
    for (const s of c.segs) {
      if (s.k === 'L') {
        this.line(`G01X${coord(s.x)}Y${coord(s.y)}D01*`);
      } else if (s.k === 'A') {
        if (Math.abs(s.sweep) < 1e-9 || (Math.abs(s.x - px) < 1e-9 && Math.abs(s.y - py) < 1e-9 && Math.abs(s.sweep) < 360)) {
          this.line(`G01X${coord(s.x)}Y${coord(s.y)}D01*`);
        } else {
          const ctr = arcCenter(px, py, s.x, s.y, s.sweep);
          // Multi-quadrant mode (G75, set in the header): I, J signed offsets from the start point.
          this.line(`${s.sweep > 0 ? 'G03' : 'G02'}X${coord(s.x)}Y${coord(s.y)}I${coord(ctr.x - px)}J${coord(ctr.y - py)}D01*`);
          this.stats.arcs++;
        }
      } else {
        const out: number[] = [];
        flattenCubic(out, px, py, s.x1, s.y1, s.x2, s.y2, s.x, s.y, 0.05);
        for (let i = 0; i + 1 < out.length; i += 2) this.line(`G01X${coord(out[i])}Y${coord(out[i + 1])}D01*`);
      }
      px = s.x; py = s.y;
    }
    if (closeIfClosed && c.closed && (Math.abs(px - c.x0) > 1e-9 || Math.abs(py - c.y0) > 1e-9)) this.line(`G01X${coord(c.x0)}Y${coord(c.y0)}D01*`);
  }

  /** A comment line (G04). */
  comment(s: string): void {
    this.line(`G04 ${s.replace(/\*/g, '')}*`);
  }

  get empty(): boolean {
    return this.stats.flashes + this.stats.draws + this.stats.regions === 0;
  }

  /** The whole file. */
  finish(): string {
    const h = this.header;
    const out: string[] = [
      `G04 Layer: ${h.layerName}*`,
      `G04 ${h.generator ?? 'Copperplate'} Gerber X2 export*`,
      `%TF.GenerationSoftware,Copperplate,Copperplate,0.1.0*%`,
      `%TF.CreationDate,${h.date}*%`,
    ];
    if (h.project) out.push(`%TF.ProjectId,${attrValue(h.project)},00000000-0000-0000-0000-000000000000,1*%`);
    out.push(`%TF.SameCoordinates,Original*%`, `%TF.FileFunction,${h.fileFunction}*%`, `%TF.FilePolarity,${h.polarity}*%`);
    out.push('%FSLAX46Y46*%', '%MOMM*%', '%LPD*%', 'G75*', 'G01*');
    const macros = new Set<string>();
    for (const a of this.apertures.values()) if (a.macro) macros.add(a.macro);
    for (const m of macros) out.push(MACROS[m] ?? this.customMacros.get(m)!);
    let fn: string | undefined;
    for (const a of this.apertures.values()) {
      if (a.fn !== fn) { out.push(`%TA.AperFunction,${a.fn}*%`); fn = a.fn; }
      out.push(`%ADD${a.code}${a.def}*%`);
    }
    if (fn !== undefined) out.push('%TD*%');
    // A file of regions only (a paste layer of polygon pads) defines no aperture; readers that tell a
    // Gerber file by its content (gerbv: "Unknown file type") want an aperture definition, and EasyEDA
    // writes one in every file: define one, unused. (gerbv 2.9 also takes an empty file, KiCad's
    // microwave demo's bottom copper, for RS-274D and warns: gerbv/gerbv#409.)
    if (!this.apertures.size) out.push('%ADD10C,0.254*%');
    // The body may hold millions of lines: join it apart (no spread into the header array).
    const tail: string[] = [];
    if (this.obj.net !== undefined || this.obj.component !== undefined || this.obj.pin !== undefined) tail.push('%TD*%');
    tail.push('M02*', '');
    if (this.lines.length) { this.chunks.push(this.lines.join('\n')); this.lines = []; }
    return `${out.join('\n')}\n${this.chunks.length ? `${this.chunks.join('\n')}\n` : ''}${tail.join('\n')}`;
  }
}

/**
 * The outline of a RoundRect or Obround flash at (x, y) as a contour (straight edges and arcs): the
 * convex hull of its corner circles (RoundRect: (x1,y1), (x2,y2) and their mirrors through the centre;
 * Obround: (dx,dy) and (-dx,-dy)), counter-clockwise.
 */
export function macroOutline(x: number, y: number, a: Extract<Aperture, { t: 'RoundRect' | 'Obround' }>): Contour {
  const r = a.d / 2;
  const cs = a.t === 'RoundRect' ? [[a.x1, a.y1], [a.x2, a.y2], [-a.x1, -a.y1], [-a.x2, -a.y2]] : [[a.dx, a.dy], [-a.dx, -a.dy]];
  // circle centres in counter-clockwise order about the flash centre
  cs.sort((p, q) => Math.atan2(p[1], p[0]) - Math.atan2(q[1], q[0]));
  const segs: Contour['segs'] = [];
  let x0 = 0, y0 = 0;
  cs.forEach((c, i) => {
    const n = cs[(i + 1) % cs.length];
    const ex = n[0] - c[0], ey = n[1] - c[1], el = Math.hypot(ex, ey) || 1;
    // outward normal of the edge from c to n (counter-clockwise polygon: to the right of the direction)
    const nx = ey / el, ny = -ex / el;
    const sx = x + c[0] + nx * r, sy = y + c[1] + ny * r;
    if (i === 0) { x0 = sx; y0 = sy; } else {
      // the arc about c from the previous edge's end to this edge's start
      const last = segs[segs.length - 1];
      const a0 = Math.atan2(last.y - y - c[1], last.x - x - c[0]), a1 = Math.atan2(sy - y - c[1], sx - x - c[0]);
      let sw = ((a1 - a0) * 180) / Math.PI;
      while (sw < 0) sw += 360;
      if (sw > 1e-9) segs.push({ k: 'A', sweep: sw, x: sx, y: sy });
    }
    segs.push({ k: 'L', x: x + n[0] + nx * r, y: y + n[1] + ny * r });
  });
  const c = cs[0], last = segs[segs.length - 1];
  const a0 = Math.atan2(last.y - y - c[1], last.x - x - c[0]), a1 = Math.atan2(y0 - y - c[1], x0 - x - c[0]);
  let sw = ((a1 - a0) * 180) / Math.PI;
  while (sw < 0) sw += 360;
  if (sw > 1e-9) segs.push({ k: 'A', sweep: sw, x: x0, y: y0 });
  return { x0, y0, segs, closed: true };
}
