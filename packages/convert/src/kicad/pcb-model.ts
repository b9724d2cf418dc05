/**
 * The KiCad board as read (KiCad 6 to 9 .kicad_pcb, and a .kicad_mod footprint), already in
 * Copperplate's PCB units: mil, Y up, angles in degrees counter-clockwise. Layers keep KiCad's names
 * here ("F.Cu"); `layers.ts` maps them to Copperplate's layer ids.
 *
 * Paths are Copperplate path arrays (FORMAT.md "Paths"): leading x,y then "L" x,y... and
 * "ARC" sweep x,y.
 */
export type Path = (number | string)[];

export interface KStroke {
  width: number;
  /** KiCad stroke type (solid, dash, dot, ...) when given. */
  type?: string;
}

export type KGraphic =
  | { kind: 'line'; layer: string; width: number; x1: number; y1: number; x2: number; y2: number; locked?: boolean }
  | { kind: 'arc'; layer: string; width: number; x1: number; y1: number; x2: number; y2: number; sweep: number; locked?: boolean }
  | { kind: 'circle'; layer: string; width: number; cx: number; cy: number; r: number; fill: boolean; locked?: boolean }
  | { kind: 'rect'; layer: string; width: number; x1: number; y1: number; x2: number; y2: number; fill: boolean; locked?: boolean }
  | { kind: 'poly'; layer: string; width: number; path: Path; fill: boolean; locked?: boolean }
  | { kind: 'curve'; layer: string; width: number; pts: number[]; locked?: boolean };

export interface KText {
  /** reference, value, user (fp_text) or '' for gr_text / properties. */
  role: string;
  text: string;
  x: number;
  y: number;
  rot: number;
  layer: string;
  /** Font height, glyph width and stroke width, mil. */
  size: number;
  width: number;
  thickness: number;
  hidden: boolean;
  mirrored: boolean;
  justify: string[];
  bold: boolean;
  italic: boolean;
}

export interface KDrill {
  oval: boolean;
  w: number;
  h: number;
  offX: number;
  offY: number;
}

export interface KPad {
  number: string;
  /** smd, thru_hole, np_thru_hole, connect */
  type: string;
  /** circle, rect, roundrect, oval, trapezoid, custom */
  shape: string;
  /** Position in the footprint (top side, unrotated footprint), mil, Y up. */
  x: number;
  y: number;
  /** Rotation relative to the footprint. */
  rot: number;
  w: number;
  h: number;
  roundrectRatio: number;
  chamferRatio: number;
  chamfer: string[];
  /** trapezoid: rect_delta (mil, KiCad's sign convention). */
  delta: [number, number];
  /** In a back footprint seen from the top (its frame un-mirrored): shapes drawn in the pad frame are mirrored in Y. */
  flipped: boolean;
  drill: KDrill | null;
  layers: string[];
  net: string;
  /** custom pads: primitives in the pad's frame (mil, Y up); anchor shape. */
  primitives: KGraphic[];
  anchor: string;
  pinFunction: string;
  pinType: string;
  clearance?: number;
  maskMargin?: number;
  pasteMargin?: number;
  pasteRatio?: number;
  zoneConnect?: number;
  thermalWidth?: number;
  thermalGap?: number;
  locked: boolean;
}

export interface KFootprint {
  /** lib_id ("Lib:Name") */
  lib: string;
  uuid: string;
  /** Placement on the board (mil, Y up) and rotation; `back` = on the bottom side (mirrored). */
  x: number;
  y: number;
  rot: number;
  back: boolean;
  locked: boolean;
  reference: string;
  value: string;
  descr: string;
  tags: string;
  attrs: string[];
  properties: Record<string, string>;
  /** Geometry in the footprint's own frame as seen from the top (back footprints un-mirrored). */
  pads: KPad[];
  graphics: KGraphic[];
  texts: KText[];
  models: string[];
  /** Things read but not carried, for the report. */
  dropped: string[];
}

export interface KTrack { layer: string; net: string; width: number; x1: number; y1: number; x2: number; y2: number; locked: boolean }
export interface KArcTrack extends KTrack { sweep: number }
export interface KVia {
  x: number;
  y: number;
  size: number;
  drill: number;
  /** through, blind, micro */
  kind: string;
  layers: [string, string];
  net: string;
  locked: boolean;
  /** `(remove_unused_layers)`: no ring on inner layers where nothing connects (via-layers.ts). */
  removeUnused: boolean;
}

export interface KZone {
  net: string;
  name: string;
  layers: string[];
  priority: number;
  outline: Path[];
  /**
   * The fills are drawn with a pen of `minThickness` around them (`(filled_areas_thickness yes)`,
   * KiCad 5 files); KiCad 6 writes `no` (the polygons are the copper), KiCad 7+ writes nothing (no).
   */
  fillsStroked: boolean;
  /**
   * Filled polygons per layer, in 10 mil (the unit of POURED fills, FORMAT.md): a closed ring of flat
   * x, y pairs (pcb-geom fillRing), or a path when the fill holds arcs.
   */
  fills: { layer: string; path: Path | Float64Array }[];
  keepout: boolean;
  keepoutRules: Record<string, string>;
  connectPads: string;
  clearance: number;
  minThickness: number;
  thermalGap: number;
  thermalBridge: number;
  hatched: boolean;
  locked: boolean;
}

export interface KDimension {
  kind: string;
  layer: string;
  /** Feature points: start and end, mil. */
  pts: number[];
  height: number;
  text: string;
  units: string;
}

export interface KNetClass {
  name: string;
  clearance: number;
  trackWidth: number;
  viaDiameter: number;
  viaDrill: number;
  uviaDiameter: number;
  uviaDrill: number;
  diffPairWidth?: number;
  diffPairGap?: number;
  nets: string[];
}

export interface KStackupLayer {
  name: string;
  type: string;
  /** mil */
  thickness: number;
  material: string;
  epsilonR?: number;
  lossTangent?: number;
}

export interface KLayerDef {
  ordinal: number;
  name: string;
  type: string;
  userName: string;
}

export interface KBoard {
  version: number;
  generator: string;
  /** Board thickness, mil. */
  thickness: number;
  layers: KLayerDef[];
  nets: string[];
  netClasses: KNetClass[];
  /** Board setup values (mil): pad_to_mask_clearance ... */
  setup: Record<string, number>;
  stackup: KStackupLayer[];
  footprints: KFootprint[];
  tracks: KTrack[];
  arcs: KArcTrack[];
  vias: KVia[];
  zones: KZone[];
  graphics: KGraphic[];
  texts: KText[];
  dimensions: KDimension[];
  /** Things read but not carried, for the report. */
  dropped: string[];
}
