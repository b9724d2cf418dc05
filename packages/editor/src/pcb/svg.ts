/**
 * The PCB/footprint SVG painter: `renderPcbSvg(doc, {side, layers, project})`. One `<g data-layer>`
 * per visible layer in draw order; every drawn record is an element with data-id="<record id>"
 * (parts of a component carry the component's id and data-part="<footprint record id>").
 * Frame: board mil, Y up; the outer group flips Y (and X when seen from the bottom), so one SVG user
 * unit is one mil.
 */
import { escXml } from '../render/svg.ts';
import type { EditorDocument } from '../core/document.ts';
import { type Box, emptyBox, isEmptyBox, unionBox } from '@copperplate/board';
import { contoursToSvgD, fmt } from '@copperplate/board';
import type { Prim } from './prims.ts';
import { type PcbProject, PcbScene } from './scene.ts';
import { type LayerTable, L } from './layers.ts';
import { type RatLine, computeRatsnest } from './ratsnest.ts';
import { type DocLike, sceneInputOf } from './load.ts';

export interface PcbSvgOptions {
  side?: 'top' | 'bottom';
  /** Only these layer ids (FORMAT.md); default every used, visible layer. */
  layers?: number[];
  project?: PcbProject;
  pcbUuid?: string;
  /** The active layer (drawn above other copper; others dimmed when dimInactive). */
  activeLayer?: number;
  dimInactive?: boolean;
  /** Draw ratsnest lines (default true). */
  ratsnest?: boolean;
  background?: string;
  /** Margin around the drawing, mil. */
  margin?: number;
}

export function renderPcbSvg(doc: DocLike | EditorDocument, opts: PcbSvgOptions = {}): string {
  const scene = new PcbScene(sceneInputOf(doc, opts.project, opts.pcbUuid));
  return sceneToSvg(scene, opts);
}

/** Visible layer ids for a render: the option's list, or used+visible layers of the table. */
export function visibleLayers(layers: LayerTable, only?: number[]): Set<number> {
  if (only && only.length) return new Set(only);
  return new Set(layers.all().filter((l) => l.used && l.visible).map((l) => l.id));
}

export function sceneToSvg(scene: PcbScene, opts: PcbSvgOptions = {}): string {
  const side = opts.side ?? 'top';
  const vis = visibleLayers(scene.layers, opts.layers);
  const byLayer = new Map<number, Prim[]>();
  let box: Box = emptyBox();
  for (const p of scene.all()) {
    if (!vis.has(p.layer)) continue;
    let a = byLayer.get(p.layer);
    if (!a) byLayer.set(p.layer, (a = []));
    a.push(p);
    box = unionBox(box, p.box);
  }
  const rats: RatLine[] = opts.ratsnest === false || !vis.has(L.RATLINE) ? [] : computeRatsnest(scene).lines;
  for (const r of rats) box = unionBox(box, { minX: Math.min(r.x1, r.x2), minY: Math.min(r.y1, r.y2), maxX: Math.max(r.x1, r.x2), maxY: Math.max(r.y1, r.y2) });
  if (isEmptyBox(box)) box = { minX: -100, minY: -100, maxX: 100, maxY: 100 };
  const m = opts.margin ?? 20;
  box = { minX: box.minX - m, minY: box.minY - m, maxX: box.maxX + m, maxY: box.maxY + m };
  const w = box.maxX - box.minX, h = box.maxY - box.minY;
  const vx = side === 'top' ? box.minX : -box.maxX;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="${fmt(vx)} ${fmt(-box.maxY)} ${fmt(w)} ${fmt(h)}" width="${fmt(w / 10)}" height="${fmt(h / 10)}" data-side="${side}" data-unit="mil">`);
  parts.push(`<rect x="${fmt(vx)}" y="${fmt(-box.maxY)}" width="${fmt(w)}" height="${fmt(h)}" fill="${escXml(opts.background ?? '#000000')}"/>`);
  parts.push(`<g transform="scale(${side === 'top' ? 1 : -1},-1)" fill-rule="evenodd" stroke-linecap="round" stroke-linejoin="round">`);
  for (const id of scene.layers.drawOrder(side, opts.activeLayer)) {
    if (id === L.RATLINE) continue;
    const prims = byLayer.get(id);
    if (!prims?.length) continue;
    const info = scene.layers.get(id);
    const dim = opts.dimInactive && opts.activeLayer !== undefined && id !== opts.activeLayer;
    const color = dim ? info.inactiveColor : info.color;
    const alpha = dim ? info.inactiveAlpha : info.alpha;
    parts.push(`<g data-layer="${id}" data-layer-name="${escXml(info.name)}" fill="${color}" stroke="${color}"${alpha < 1 ? ` opacity="${fmt(alpha)}"` : ''}>`);
    for (const p of prims) parts.push(primSvg(p));
    parts.push('</g>');
  }
  if (rats.length) {
    const info = scene.layers.get(L.RATLINE);
    parts.push(`<g data-layer="${L.RATLINE}" data-layer-name="${escXml(info.name)}" stroke="${info.color}" fill="none" stroke-width="2">`);
    for (const r of rats) parts.push(`<line data-net="${escXml(r.net)}" x1="${fmt(r.x1)}" y1="${fmt(r.y1)}" x2="${fmt(r.x2)}" y2="${fmt(r.y2)}"/>`);
    parts.push('</g>');
  }
  parts.push('</g></svg>');
  return parts.join('');
}

function primAttrs(p: Prim): string {
  let a = ` data-id="${escXml(p.id)}" data-kind="${p.rec}"`;
  if (p.part) a += ` data-part="${escXml(p.part)}"`;
  if (p.net) a += ` data-net="${escXml(p.net)}"`;
  if (p.padNumber !== undefined) a += ` data-pad="${escXml(p.padNumber)}"`;
  return a;
}

/** One primitive as an SVG element (inherits fill/stroke colour from its layer group). */
export function primSvg(p: Prim): string {
  const a = primAttrs(p);
  if (p.kind === 'hole') return `<path${a} d="${contoursToSvgD(p.contours)}" fill="#222222" stroke="none"/>`;
  if (p.kind === 'image' && p.href) {
    const b = p.box;
    return `<image${a} x="${fmt(b.minX)}" y="${fmt(b.minY)}" width="${fmt(b.maxX - b.minX)}" height="${fmt(b.maxY - b.minY)}" href="${escXml(p.href)}" transform="translate(0 ${fmt(b.minY + b.maxY)}) scale(1 -1)" preserveAspectRatio="none"/>`;
  }
  let d = contoursToSvgD(p.contours);
  if (p.strokes?.length) {
    const sd = p.strokes.map((s) => s.length >= 2 ? `M${fmt(s[0])} ${fmt(s[1])}` + (s.length === 2 ? `L${fmt(s[0])} ${fmt(s[1])}` : '') + pairs(s, 2) : '').join('');
    if (p.contours.length && p.filled) {
      return `<g${a}><path d="${d}" stroke="none"/><path d="${sd}" fill="none" stroke-width="${fmt(p.width)}"/></g>`;
    }
    d += sd;
  }
  if (!d) d = `M${fmt(p.box.minX)} ${fmt(p.box.minY)}`;
  if (p.filled && p.width > 0) return `<path${a} d="${d}" stroke-width="${fmt(p.width)}"/>`;
  if (p.filled) return `<path${a} d="${d}" stroke="none"/>`;
  return `<path${a} d="${d}" fill="none" stroke-width="${fmt(Math.max(p.width, 0.5))}"${p.dashed ? ' stroke-dasharray="20 12"' : ''}/>`;
}

function pairs(s: number[], from: number): string {
  let o = '';
  for (let i = from; i + 1 < s.length; i += 2) o += `L${fmt(s[i])} ${fmt(s[i + 1])}`;
  return o;
}
