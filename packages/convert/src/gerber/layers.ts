/**
 * Which Gerber files a board gets and what goes on each: EasyEDA Pro's file names (Gerber_TopLayer.GTL,
 * Gerber_InnerLayer1.G1, ...) with X2 file functions. Frame: board mil, Y up in; mm out.
 */
import { type FabBoard, type FabPad, LY, isInnerLayer } from '../fab/board.ts';
import { GerberWriter, type AperFunction } from './writer.ts';
import { drawPad } from './pads.ts';
import { drillGroups, drillMap } from './drillmap.ts';
import { drillTable } from './drilltable.ts';
import { regionsWithHoles } from './region.ts';

export interface GerberFile {
  /** File name inside the fabrication zip (EasyEDA's). */
  name: string;
  /** FORMAT.md layer id (56 drill drawing, 11 outline, ...). */
  layer: number;
  fileFunction: string;
  text: string;
  stats: GerberWriter['stats'];
}

export interface GerberOptions {
  /** ISO date-time for %TF.CreationDate% (callers pass it: outputs are deterministic). */
  date: string;
  /** Only these layer ids (default: every used layer). */
  layers?: readonly number[];
  /**
   * Draw the drill table beside the board on the drill drawing layer (drilltable.ts). Default: as the
   * EasyEDA Pro that last saved the board exports it: yes from version 3 on (and when no version is
   * known), no for 2.x boards (EasyEDA Pro 2 draws no table).
   */
  drillTable?: boolean;
  /** false: no aperture macros (GerberHeader.macros). */
  macros?: boolean;
}

/** EasyEDA Pro 3 draws the drill table, Pro 2 does not (the fixture boards' references). */
export const drawsDrillTable = (editorVersion: string | undefined): boolean => !/^[0-2](\.|$)/.test(editorVersion ?? '');

interface LayerSpec { layer: number; name: string; ext: string; fn: string; human: string }

/** EasyEDA's names; inner copper layers are numbered from 1 in stack order (Gerber_InnerLayer1.G1). */
export function layerSpecs(b: FabBoard): LayerSpec[] {
  const n = b.copperLayers.length;
  const out: LayerSpec[] = [{ layer: LY.TOP, name: 'TopLayer', ext: 'GTL', fn: `Copper,L1,Top`, human: 'TopLayer' }];
  b.copperLayers.filter(isInnerLayer).forEach((l, i) => out.push({ layer: l, name: `InnerLayer${i + 1}`, ext: `G${i + 1}`, fn: `Copper,L${i + 2},Inr`, human: `InnerLayer${i + 1}` }));
  out.push(
    { layer: LY.BOTTOM, name: 'BottomLayer', ext: 'GBL', fn: `Copper,L${n},Bot`, human: 'BottomLayer' },
    { layer: LY.TOP_SILK, name: 'TopSilkscreenLayer', ext: 'GTO', fn: 'Legend,Top', human: 'TopSilkscreenLayer' },
    { layer: LY.BOTTOM_SILK, name: 'BottomSilkscreenLayer', ext: 'GBO', fn: 'Legend,Bot', human: 'BottomSilkscreenLayer' },
    { layer: LY.TOP_MASK, name: 'TopSolderMaskLayer', ext: 'GTS', fn: 'Soldermask,Top', human: 'TopSolderMaskLayer' },
    { layer: LY.BOTTOM_MASK, name: 'BottomSolderMaskLayer', ext: 'GBS', fn: 'Soldermask,Bot', human: 'BottomSolderMaskLayer' },
    { layer: LY.TOP_PASTE, name: 'TopPasteMaskLayer', ext: 'GTP', fn: 'Paste,Top', human: 'TopPasteMaskLayer' },
    { layer: LY.BOTTOM_PASTE, name: 'BottomPasteMaskLayer', ext: 'GBP', fn: 'Paste,Bot', human: 'BottomPasteMaskLayer' },
    { layer: LY.OUTLINE, name: 'BoardOutlineLayer', ext: 'GKO', fn: 'Profile,NP', human: 'BoardOutlineLayer' },
    { layer: LY.DOCUMENT, name: 'DocumentLayer', ext: 'GDL', fn: 'Other,Document', human: 'DocumentLayer' },
    { layer: LY.DRILL_DRAWING, name: 'DrillDrawingLayer', ext: 'GDD', fn: 'Drillmap', human: 'DrillDrawingLayer' },
  );
  return out;
}

/** What EasyEDA adds to an inner plane's clearance (mil; measured on Hexapod's G1/G2). */
export const PLANE_CLEARANCE_EXTRA = 0.1;

const padOn = (p: FabPad, copper: number): boolean => p.layer === copper || p.layer === LY.MULTI;
/**
 * An unplated pad whose copper is exactly its hole (a round pad on a round hole of the same size, an
 * oval on a slot of its size, not offset) is only a hole: no copper is left after drilling, and none is
 * plotted (KiCad does the same for such NPTH pads).
 */
export function holeOnly(p: FabPad): boolean {
  const h = p.hole;
  if (!h || h.plated || !Array.isArray(p.shape)) return false;
  const [kind, w, hh] = p.shape as unknown[];
  if (Math.hypot(h.x - p.x, h.y - p.y) > 1e-3) return false;
  const scale = Math.hypot(p.m.a, p.m.b) || 1;
  const sw = Number(w) * scale, sh = Number(hh ?? w) * scale;
  const eq = (a: number, b: number) => Math.abs(a - b) < 1e-3;
  if (kind === 'ELLIPSE') return eq(sw, sh) && eq(h.w, h.h) && eq(sw, h.w);
  if (kind !== 'OVAL') return false;
  const padAngle = (Math.atan2(p.m.b, p.m.a) * 180) / Math.PI;
  const turn = Math.abs((((h.angle - padAngle) % 180) + 180) % 180);
  return (eq(turn, 0) || eq(turn, 180)) ? eq(sw, h.w) && eq(sh, h.h) : eq(turn, 90) && eq(sw, h.h) && eq(sh, h.w);
}

const padFn = (p: FabPad): AperFunction => (p.hole ? (p.hole.plated ? 'ComponentPad' : 'WasherPad') : 'SMDPad,CuDef');

/** Every Gerber file of a board. Empty optional layers (paste, bottom silk...) are left out, as EasyEDA does. */
export function gerberFiles(b: FabBoard, opts: GerberOptions): GerberFile[] {
  const out: GerberFile[] = [];
  for (const s of layerSpecs(b)) {
    if (opts.layers && !opts.layers.includes(s.layer)) continue;
    const w = new GerberWriter({ fileFunction: s.fn, polarity: s.layer === LY.TOP_MASK || s.layer === LY.BOTTOM_MASK ? 'Negative' : 'Positive', layerName: s.human, date: opts.date, project: b.name, macros: opts.macros });
    if (s.layer === LY.TOP || s.layer === LY.BOTTOM || isInnerLayer(s.layer)) copper(w, b, s.layer);
    else if (s.layer === LY.TOP_MASK || s.layer === LY.BOTTOM_MASK) mask(w, b, s.layer);
    else if (s.layer === LY.TOP_PASTE || s.layer === LY.BOTTOM_PASTE) paste(w, b, s.layer);
    else if (s.layer === LY.DRILL_DRAWING) drillDrawing(w, b, opts.drillTable ?? drawsDrillTable(b.editorVersion));
    else graphics(w, b, s.layer, s.layer === LY.OUTLINE ? 'Profile' : s.layer === LY.TOP_SILK || s.layer === LY.BOTTOM_SILK ? 'Other,Silkscreen' : 'Other,Document');
    const always = s.layer === LY.TOP || s.layer === LY.BOTTOM || s.layer === LY.OUTLINE || isInnerLayer(s.layer) || s.layer === LY.TOP_MASK || s.layer === LY.BOTTOM_MASK;
    if (w.empty && !always) continue;
    out.push({ name: `Gerber_${s.name}.${s.ext}`, layer: s.layer, fileFunction: s.fn, text: w.finish(), stats: w.stats });
  }
  return out;
}

function areas(w: GerberWriter, b: FabBoard, layer: number, fn: AperFunction): void {
  for (const a of b.areas) {
    if (a.layer !== layer) continue;
    w.attrs({ net: a.net || undefined, component: a.designator || undefined });
    for (const c of regionsWithHoles(a.cs)) w.region(c, fn);
  }
}

function copper(w: GerberWriter, b: FabBoard, layer: number): void {
  // Planes first (outline region, other nets cleared), then pours and fills (the stored fills, as
  // the designer saw them), then tracks, pads, vias.
  for (const pl of b.planes) {
    if (pl.layer !== layer) continue;
    w.attrs({ net: pl.net });
    w.region(pl.outline, 'Conductor');
    w.attrs({});
    w.setPolarity('C');
    // EasyEDA clears by the rule plus 0.1 mil: Hexapod's anti-pads, hole clearances and plane edge all
    // stand 0.25654 mm (10.1 mil) off for its 10-mil rule. Anti-pads as regions and strokes (drawPad's
    // noMacros): gerbv clears only the corner circles of a RoundRect flash in clear polarity.
    const cl = pl.clearance + PLANE_CLEARANCE_EXTRA;
    for (const p of b.pads) if (p.layer === LY.MULTI && p.net !== pl.net) drawPad(w, p, cl, 'Conductor', true);
    for (const v of b.vias) if (v.net !== pl.net) w.flash(v.x, v.y, { t: 'C', d: v.d + 2 * cl }, 'Conductor');
    // Holes through the plane that no pad surrounds (multi-layer FILL holes), and the board edge: both
    // kept off by the plane clearance, as EasyEDA does (Hexapod's planes stop 10.1 mil inside the outline).
    for (const h of b.holes) if (h.kind === 'npth' && !h.number) w.flash(h.x, h.y, { t: 'C', d: Math.min(h.w, h.h) + 2 * cl }, 'Conductor');
    w.stroke(pl.outline, 2 * cl, 'Conductor');
    w.setPolarity('D');
  }
  areas(w, b, layer, 'Conductor');
  for (const s of b.strokes) {
    if (s.layer !== layer) continue;
    w.attrs({ net: s.net || undefined });
    w.stroke(s.c, s.width, s.kind === 'graphic' ? 'NonConductor' : 'Conductor');
  }
  for (const p of b.pads) {
    if (!padOn(p, layer) || holeOnly(p)) continue;
    w.attrs({ net: p.net || (p.designator ? 'N/C' : undefined), component: p.designator || undefined, pin: p.designator ? p.number : undefined });
    drawPad(w, p, 0, padFn(p));
  }
  for (const v of b.vias) {
    if (v.unused?.includes(layer)) continue;
    w.attrs({ net: v.net || undefined });
    w.flash(v.x, v.y, { t: 'C', d: v.d }, 'ViaPad');
  }
  w.attrs({});
}

function mask(w: GerberWriter, b: FabBoard, layer: number): void {
  const top = layer === LY.TOP_MASK;
  const copperSide = top ? LY.TOP : LY.BOTTOM;
  for (const p of b.pads) {
    if (!padOn(p, copperSide)) continue;
    w.attrs({ component: p.designator || undefined, pin: p.designator ? p.number : undefined });
    drawPad(w, p, top ? p.maskTop : p.maskBottom, 'Other,Mask');
  }
  for (const v of b.vias) {
    const e = top ? v.maskTop : v.maskBottom;
    if (e === null) continue; // tented
    w.attrs({});
    w.flash(v.x, v.y, { t: 'C', d: v.d + 2 * e }, 'Other,Mask');
  }
  w.attrs({});
  areas(w, b, layer, 'Other,Mask');
  for (const s of b.strokes) if (s.layer === layer) w.stroke(s.c, s.width, 'Other,Mask');
}

function paste(w: GerberWriter, b: FabBoard, layer: number): void {
  const top = layer === LY.TOP_PASTE;
  for (const p of b.pads) {
    if (p.layer !== (top ? LY.TOP : LY.BOTTOM) || p.hole) continue;
    const e = top ? p.pasteTop : p.pasteBottom;
    if (e <= -1000) continue;
    w.attrs({ component: p.designator || undefined, pin: p.designator ? p.number : undefined });
    drawPad(w, p, e, 'Other,Paste');
  }
  w.attrs({});
  areas(w, b, layer, 'Other,Paste');
  for (const s of b.strokes) if (s.layer === layer) w.stroke(s.c, s.width, 'Other,Paste');
}

function graphics(w: GerberWriter, b: FabBoard, layer: number, fn: AperFunction): void {
  let clear = false;
  for (const s of b.strokes) {
    if (s.layer !== layer) continue;
    if (s.clear) { clear = true; continue; }
    w.attrs({ component: s.designator || undefined });
    w.stroke(s.c, s.width, fn);
  }
  for (const a of b.areas) {
    if (a.layer !== layer) continue;
    w.attrs({ component: a.designator || undefined });
    for (const c of regionsWithHoles(a.cs)) w.region(c, fn);
  }
  if (clear) {
    // Reverse text: its strokes cleared out of its box (drawn above).
    w.setPolarity('C');
    for (const s of b.strokes) if (s.layer === layer && s.clear) { w.attrs({ component: s.designator || undefined }); w.stroke(s.c, s.width, fn); }
    w.setPolarity('D');
  }
  w.attrs({});
}

/** Drill drawing: EasyEDA's symbol per drill size at each hole (drillmap.ts), the drill table beside the board (drilltable.ts), then what the designer drew on the layer. */
function drillDrawing(w: GerberWriter, b: FabBoard, table: boolean): void {
  const groups = drillGroups(b);
  drillMap(w, b, groups);
  if (table) drillTable(w, b, groups);
  graphics(w, b, LY.DRILL_DRAWING, 'Other,Drawing');
}
