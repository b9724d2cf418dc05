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

export interface ObjAttrs {
  net?: string;
  component?: string;
  pin?: string;
}

export class GerberWriter {
  private readonly apertures = new Map<string, { code: number; def: string; fn: AperFunction; macro?: string }>();
  private readonly customMacros = new Map<string, string>();
  private readonly body: string[] = [];
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

  private select(code: number): void {
    if (code !== this.current) {
      this.body.push(`D${code}*`);
      this.current = code;
    }
  }

  /** Set the object attributes of what follows (only changes are written). */
  attrs(o: ObjAttrs): void {
    const same = o.net === this.obj.net && o.component === this.obj.component && o.pin === this.obj.pin;
    if (same) return;
    if (this.obj.net !== undefined || this.obj.component !== undefined || this.obj.pin !== undefined) this.body.push('%TD*%');
    if (o.net !== undefined) this.body.push(`%TO.N,${attrValue(o.net)}*%`);
    if (o.component !== undefined && o.pin === undefined) this.body.push(`%TO.C,${attrValue(o.component)}*%`);
    if (o.component !== undefined && o.pin !== undefined) this.body.push(`%TO.P,${attrValue(o.component)},${attrValue(o.pin)}*%`);
    this.obj = { ...o };
    this.regionFn = undefined; // %TD% also dropped the aperture attribute in effect
  }

  /** Dark (D) or clear (C) polarity for what follows. */
  setPolarity(p: 'D' | 'C'): void {
    if (p !== this.polarity) {
      this.body.push(`%LP${p}*%`);
      this.polarity = p;
    }
  }

  flash(x: number, y: number, a: Aperture, fn: AperFunction): void {
    this.select(this.aperture(a, fn));
    this.body.push(`X${coord(x)}Y${coord(y)}D03*`);
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
    this.path(c, true);
    this.stats.draws++;
  }

  /** A filled region (G36/G37) of one contour. Open contours are closed. */
  region(c: Contour, fn: AperFunction): void {
    if (c.segs.length < 2 && !(c.segs.length === 1 && c.segs[0].k === 'A')) return;
    if (this.regionFn !== fn) {
      this.body.push(`%TA.AperFunction,${fn}*%`);
      this.regionFn = fn;
    }
    this.body.push('G36*');
    this.path(c, false);
    const last = c.segs[c.segs.length - 1];
    if (Math.round(last.x * MIL_TO_COORD) !== Math.round(c.x0 * MIL_TO_COORD) || Math.round(last.y * MIL_TO_COORD) !== Math.round(c.y0 * MIL_TO_COORD)) {
      this.body.push(`G01X${coord(c.x0)}Y${coord(c.y0)}D01*`);
    }
    this.body.push('G37*');
    this.stats.regions++;
  }

  /** Straight segments through flat [x, y, ...] points with a round aperture. */
  polyline(pts: ArrayLike<number>, width: number, fn: AperFunction): void {
    if (pts.length < 2) return;
    if (pts.length < 4) { this.flash(pts[0], pts[1], { t: 'C', d: width }, fn); return; }
    this.select(this.aperture({ t: 'C', d: width }, fn));
    this.body.push(`X${coord(pts[0])}Y${coord(pts[1])}D02*`);
    for (let i = 2; i + 1 < pts.length; i += 2) this.body.push(`G01X${coord(pts[i])}Y${coord(pts[i + 1])}D01*`);
    this.stats.draws++;
  }

  private path(c: Contour, closeIfClosed: boolean): void {
    this.body.push(`X${coord(c.x0)}Y${coord(c.y0)}D02*`);
    let px = c.x0, py = c.y0;
    for (const s of c.segs) {
      if (s.k === 'L') {
        this.body.push(`G01X${coord(s.x)}Y${coord(s.y)}D01*`);
      } else if (s.k === 'A') {
        if (Math.abs(s.sweep) < 1e-9 || (Math.abs(s.x - px) < 1e-9 && Math.abs(s.y - py) < 1e-9 && Math.abs(s.sweep) < 360)) {
          this.body.push(`G01X${coord(s.x)}Y${coord(s.y)}D01*`);
        } else {
          const ctr = arcCenter(px, py, s.x, s.y, s.sweep);
          // Multi-quadrant mode (G75, set in the header): I, J signed offsets from the start point.
          this.body.push(`${s.sweep > 0 ? 'G03' : 'G02'}X${coord(s.x)}Y${coord(s.y)}I${coord(ctr.x - px)}J${coord(ctr.y - py)}D01*`);
          this.stats.arcs++;
        }
      } else {
        const out: number[] = [];
        flattenCubic(out, px, py, s.x1, s.y1, s.x2, s.y2, s.x, s.y, 0.05);
        for (let i = 0; i + 1 < out.length; i += 2) this.body.push(`G01X${coord(out[i])}Y${coord(out[i + 1])}D01*`);
      }
      px = s.x; py = s.y;
    }
    if (closeIfClosed && c.closed && (Math.abs(px - c.x0) > 1e-9 || Math.abs(py - c.y0) > 1e-9)) this.body.push(`G01X${coord(c.x0)}Y${coord(c.y0)}D01*`);
  }

  /** A comment line (G04). */
  comment(s: string): void {
    this.body.push(`G04 ${s.replace(/\*/g, '')}*`);
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
    // The body may hold millions of lines: join it apart (no spread into the header array).
    const tail: string[] = [];
    if (this.obj.net !== undefined || this.obj.component !== undefined || this.obj.pin !== undefined) tail.push('%TD*%');
    tail.push('M02*', '');
    return `${out.join('\n')}\n${this.body.length ? `${this.body.join('\n')}\n` : ''}${tail.join('\n')}`;
  }
}
