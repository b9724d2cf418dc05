/**
 * The CPU-drawn first frame of a big board (issue 14 part 6, view/cpu-preview.ts): each shape's
 * coverage adds up to its area in pixels (the anti-aliased ramp neither grows nor shrinks it), a
 * triangle fills exactly the pixels whose centre it holds, layers blend in their order and colour,
 * and the image's first row is the bottom of the view. Against WebGL's own frames in
 * e2e/pcb-webgl.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { rectContour } from '@copperplate/board';
import { lazyPrim, makePrim, type Prim } from '../src/pcb/prims.ts';
import { previewPixels, type PreviewView } from '../src/view/cpu-preview.ts';

const W = 40, H = 30;
/** 1 px per mil, the view's centre at (20, 15): window pixel (i, j) has its centre at mil (i + 0.5, j + 0.5). */
const view: PreviewView = { cx: 20, cy: 15, scale: 1, width: W, height: H };
const none = () => [];
const seg = (x1: number, y1: number, x2: number, y2: number, hw: number): Prim => lazyPrim({ id: 's', rec: 'LINE', kind: 'track', layer: 1, width: 2 * hw, filled: false, shape: { k: 'seg', x1, y1, x2, y2, hw } }, none, 0, 0);
const box = (cx: number, cy: number, hw: number, hh: number, r = 0): Prim => lazyPrim({ id: 'b', rec: 'PAD', kind: 'pad', layer: 1, width: 0, filled: true, shape: { k: 'box', cx, cy, hw, hh, ux: 1, uy: 0, r } }, none, 0, 0);
/** Coverage (0..1) summed over the image: white on black, red channel. */
const covered = (px: Uint8ClampedArray) => { let n = 0; for (let i = 0; i < px.length; i += 4) n += px[i] / 255; return n; };
const white = [1, 1, 1, 1];

describe('[issue-14] CPU preview of a big board', () => {
  it('a rounded box and a round segment cover their area in pixels', () => {
    const b = previewPixels([{ prims: [box(20, 15, 6, 4)], rgba: white }], view, [0, 0, 0]);
    expect(covered(b)).toBeCloseTo(96, 0); // 12 x 8 px
    const rounded = previewPixels([{ prims: [box(20, 15, 6, 4, 2)], rgba: white }], view, [0, 0, 0]);
    expect(covered(rounded)).toBeCloseTo(96 - (4 - Math.PI) * 4, 0); // corners of radius 2
    // a capsule 10 px long, 3 px wide: 30 + pi * 1.5^2
    const s = previewPixels([{ prims: [seg(10, 15, 20, 15, 1.5)], rgba: white }], view, [0, 0, 0]);
    expect(covered(s)).toBeCloseTo(30 + Math.PI * 2.25, 0);
    // diagonal: the same area
    const d = previewPixels([{ prims: [seg(10, 5, 18, 11, 1.5)], rgba: white }], view, [0, 0, 0]);
    expect(covered(d)).toBeCloseTo(30 + Math.PI * 2.25, 0);
  });

  it('a filled shape is triangles filling the pixels whose centre they hold; rows from the bottom', () => {
    const rect = makePrim({ id: 'r', rec: 'FILL', kind: 'fill', layer: 1, contours: [rectContour(2, 8, 6, 3, 0, 0)], width: 0, filled: true });
    const px = previewPixels([{ prims: [rect], rgba: white }], view, [0, 0, 0]);
    const lit: string[] = [];
    for (let j = 0; j < H; j++) for (let i = 0; i < W; i++) if (px[(j * W + i) * 4] > 0) lit.push(`${i},${j}`);
    // x 2..8, y 5..8 (rectContour's top-left corner at y 8, 3 high): pixel columns 2..7, rows 5..7
    const want: string[] = [];
    for (let j = 5; j <= 7; j++) for (let i = 2; i <= 7; i++) want.push(`${i},${j}`);
    expect(lit).toEqual(want);
  });

  it('layers blend in order with their colour and alpha over the background', () => {
    const red = [1, 0, 0, 1], halfBlue = [0, 0, 1, 0.5];
    const px = previewPixels([{ prims: [box(20, 15, 5, 5)], rgba: red }, { prims: [box(20, 15, 2, 2)], rgba: halfBlue }], view, [0, 1, 0]);
    const at = (i: number, j: number) => [...px.subarray((j * W + i) * 4, (j * W + i) * 4 + 4)];
    expect(at(20, 15)).toEqual([128, 0, 128, 255]); // red, half blue over it
    expect(at(17, 15)).toEqual([255, 0, 0, 255]); // red only
    expect(at(2, 2)).toEqual([0, 255, 0, 255]); // the background
  });

  it('items outside the view are skipped, items across its edge clipped', () => {
    const px = previewPixels([{ prims: [box(-100, -100, 5, 5), box(0, 15, 4, 4)], rgba: white }], view, [0, 0, 0]);
    expect(covered(px)).toBeCloseTo(32, 0); // half of the 8 x 8 box
  });
});
