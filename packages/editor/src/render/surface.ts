/**
 * The abstract drawing surface every painter draws to. All coordinates are document units in the
 * document frame (Y up, angles degrees CCW); each backend maps them to its own frame.
 * Backends: SvgSurface (string, every record a `<g data-id>`), CanvasSurface (Canvas2D),
 * RecordingSurface (display lists per record + bounding boxes, for caching, hit testing and replay).
 */
export interface Stroke {
  color: string;
  /** Line width in document units; 0 = hairline (one screen pixel). */
  width: number;
  dash?: number[];
  /** Fill colour; undefined/null = no fill. */
  fill?: string | null;
}

export interface TextStyle {
  color: string;
  /** Font size (cap height-ish em size) in document units. */
  size: number;
  font?: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  hAlign: 'start' | 'middle' | 'end';
  vAlign: 'top' | 'middle' | 'bottom';
}

export type PathSeg =
  | { op: 'M'; x: number; y: number }
  | { op: 'L'; x: number; y: number }
  | { op: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  /** Circular arc around (cx, cy) from angle a0 to a1 (degrees CCW), continuing the path. */
  | { op: 'A'; cx: number; cy: number; r: number; a0: number; a1: number; ccw: boolean }
  | { op: 'Z' };

export type Op =
  | { t: 'poly'; pts: number[]; closed: boolean; s: Stroke }
  | { t: 'circle'; cx: number; cy: number; r: number; s: Stroke }
  | { t: 'ellipse'; cx: number; cy: number; rx: number; ry: number; rot: number; s: Stroke }
  | { t: 'path'; segs: PathSeg[]; s: Stroke }
  | { t: 'text'; text: string; x: number; y: number; rot: number; st: TextStyle }
  | { t: 'image'; href: string; x: number; y: number; w: number; h: number; rot: number }
  /** Nested element markers inside a recorded record (pins of a component, cells of a table). */
  | { t: 'begin'; id: string; kind: string; attrs?: Record<string, string> }
  | { t: 'end' };

export interface Surface {
  /** Start the element of one record (data-id = id, data-kind = record type). Calls nest. */
  begin(id: string, kind: string, attrs?: Record<string, string>): void;
  end(): void;
  draw(op: Op): void;
}

/** Convenience helpers over `Surface.draw`. */
export function polyline(s: Surface, pts: number[], st: Stroke, closed = false): void { s.draw({ t: 'poly', pts, closed, s: st }); }
export function circle(s: Surface, cx: number, cy: number, r: number, st: Stroke): void { s.draw({ t: 'circle', cx, cy, r, s: st }); }
export function text(s: Surface, str: string, x: number, y: number, rot: number, st: TextStyle): void { s.draw({ t: 'text', text: str, x, y, rot, st }); }

/** Rough text extent (document units) for bounding boxes: 0.6 em per character (CJK 1 em). */
export function textWidth(str: string, size: number): number {
  let w = 0;
  for (const ch of str) w += ch.charCodeAt(0) > 0x2e80 ? 1 : 0.6;
  return w * size;
}
