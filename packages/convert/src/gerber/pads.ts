/**
 * Pads as Gerber objects: a flash of a standard aperture (C, R, O, P) where the shape and its
 * rotation allow, a macro flash (RoundRect, Obround) for rounded or rotated shapes, and a region for
 * custom polygon pads. `e` grows (or shrinks) the shape by that much on every side (mil): solder
 * mask and paste expansions. A grown rectangle gets round corners of radius e (the Minkowski sum,
 * as EasyEDA writes it); a grown polygon is its region plus its outline stroked with a round
 * aperture of diameter 2e (the same Minkowski sum).
 * `noMacros`: the rounded rectangle as a region and the rotated obround as a stroke instead of macro
 * flashes: for clear-polarity anti-pads, which gerbv clears only the corner circles of (a RoundRect
 * flash under %LPC% left Hexapod's square pin-1 pads joined to the inner planes); EasyEDA writes
 * its anti-pads as regions too.
 */
import { type Contour, apply, padShapeContours, transformContours } from '@copperplate/board';
import { num } from '@copperplate/format/records';
import type { AperFunction, GerberWriter } from './writer.ts';
import type { FabPad } from '../fab/board.ts';
import { regionsWithHoles } from './region.ts';

const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;

/** Pad rotation in the board frame, degrees in [0, 360). */
function rotationOf(p: FabPad): number {
  const a = (Math.atan2(p.m.b, p.m.a) * 180) / Math.PI;
  return ((a % 360) + 360) % 360;
}

/** Draw one pad grown by `e` (mil). Returns false when the shape is unknown or empty. */
export function drawPad(w: GerberWriter, p: FabPad, e: number, fn: AperFunction, noMacros = false): boolean {
  const shape = Array.isArray(p.shape) ? (p.shape as unknown[]) : [];
  const kind = typeof shape[0] === 'string' ? shape[0] : '';
  const sw = num(shape[1]), sh = num(shape[2], sw);
  const rot = rotationOf(p);
  const q90 = near(rot % 90, 0) || near(rot % 90, 90);
  const swap = near(rot % 180, 90);
  const { x, y } = p;
  switch (kind) {
    case 'RECT': {
      if (sw <= 0 || sh <= 0) return false;
      const rr = (Math.max(0, Math.min(100, num(shape[3]))) / 100) * Math.min(sw, sh) / 2; // as shapes.ts roundRectContour
      if (rr <= 0 && e <= 0) {
        const W = Math.max(0.01, sw + 2 * e), H = Math.max(0.01, sh + 2 * e);
        if (q90) { w.flash(x, y, { t: 'R', w: swap ? H : W, h: swap ? W : H }, fn); return true; }
        region(w, p, transformContours(padShapeContours(['RECT', W, H, 0]), p.m), fn);
        return true;
      }
      const r = Math.max(0, rr + e);
      const hx = Math.max(0, sw / 2 + e - r), hy = Math.max(0, sh / 2 + e - r);
      if (r <= 1e-6) { w.flash(x, y, { t: 'R', w: swap ? 2 * hy : 2 * hx, h: swap ? 2 * hx : 2 * hy }, fn); return true; }
      // Corner-circle centres, rotated (mirror does not matter: the shape is symmetric).
      if (noMacros) {
        const W = 2 * (hx + r), H = 2 * (hy + r);
        region(w, p, transformContours(padShapeContours(['RECT', W, H, (100 * r) / (Math.min(W, H) / 2)]), p.m), fn);
        return true;
      }
      const c1 = apply(p.m, hx, hy), c2 = apply(p.m, -hx, hy);
      w.flash(x, y, { t: 'RoundRect', d: 2 * r, x1: c1.x - x, y1: c1.y - y, x2: c2.x - x, y2: c2.y - y }, fn);
      return true;
    }
    case 'ELLIPSE':
    case 'OVAL': {
      if (sw <= 0 || sh <= 0) return false;
      const W = Math.max(0.01, sw + 2 * e), H = Math.max(0.01, sh + 2 * e);
      if (near(W, H)) { w.flash(x, y, { t: 'C', d: W }, fn); return true; }
      if (kind === 'ELLIPSE' && e === 0) { region(w, p, p.copper, fn); return true; }
      if (near(rot % 180, 0) || near(rot % 180, 180) || swap) { w.flash(x, y, { t: 'O', w: swap ? H : W, h: swap ? W : H }, fn); return true; }
      const d = Math.min(W, H), half = (Math.max(W, H) - d) / 2;
      const a = W > H ? apply(p.m, 1, 0) : apply(p.m, 0, 1);
      const ux = a.x - x, uy = a.y - y, ul = Math.hypot(ux, uy) || 1;
      const dx = (ux / ul) * half, dy = (uy / ul) * half;
      if (noMacros) { w.stroke({ x0: x - dx, y0: y - dy, closed: false, segs: [{ k: 'L', x: x + dx, y: y + dy }] }, d, fn); return true; }
      w.flash(x, y, { t: 'Obround', d, dx, dy }, fn);
      return true;
    }
    case 'NGON': {
      if (sw <= 0) return false;
      const n = Math.max(3, Math.round(num(shape[2], 6)) || 3);
      const a0 = -Math.PI / 2 + Math.PI / n;
      const v = apply(p.m, Math.cos(a0), Math.sin(a0));
      const deg = (Math.atan2(v.y - y, v.x - x) * 180) / Math.PI;
      // A regular polygon grown by e: circumscribed diameter grows by 2e / cos(pi/n) (sharp corners; close enough for masks).
      w.flash(x, y, { t: 'P', d: Math.max(0.01, sw + (2 * e) / Math.cos(Math.PI / n)), n, rot: ((deg % 360) + 360) % 360 }, fn);
      return true;
    }
    case 'POLY': {
      if (!p.copper.length) return false;
      region(w, p, p.copper, fn);
      if (e > 0) for (const c of p.copper) w.stroke({ ...c, closed: true }, 2 * e, fn);
      return true;
    }
    default:
      return false;
  }
}

/** Pad copper as regions; a shape of several contours (a custom pad's islands and holes) is nested first. */
function region(w: GerberWriter, _p: FabPad, cs: Contour[], fn: AperFunction): void {
  for (const c of cs.length > 1 ? regionsWithHoles(cs) : cs) w.region(c, fn);
}
