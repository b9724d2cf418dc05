import { describe, expect, it } from 'vitest';
import { Viewport } from '../src/core/viewport.ts';
import { canCompose, composeTransform, composedCover, cssTransform, poseOf } from '../src/view/composite.ts';

/** A small deterministic generator (no Math.random: the same cases every run). */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

describe('[issue-14] pan and zoom moved by the compositor (view/composite.ts)', () => {
  it('the transform puts every document point of the drawn frame where the new view draws it', () => {
    const r = lcg(7);
    for (let c = 0; c < 200; c++) {
      const a = new Viewport({ width: 1280, height: 800, pxPerUnit: 0.1, zoom: 50 + r() * 400, cx: r() * 4000 - 2000, cy: r() * 4000 - 2000 });
      const b = new Viewport({ width: 1280, height: 800, pxPerUnit: 0.1, zoom: a.zoom, cx: a.cx, cy: a.cy });
      if (r() < 0.5) b.panBy(r() * 600 - 300, r() * 400 - 200);
      else b.zoomBy(r() < 0.5 ? 1.2 : 1 / 1.2, r() * 1280, r() * 800);
      const t = composeTransform(poseOf(a), poseOf(b));
      for (let i = 0; i < 5; i++) {
        const x = r() * 8000 - 4000, y = r() * 8000 - 4000;
        const pa = a.toScreen(x, y), pb = b.toScreen(x, y);
        expect(t.k * pa.x + t.tx).toBeCloseTo(pb.x, 6);
        expect(t.k * pa.y + t.ty).toBeCloseTo(pb.y, 6);
      }
    }
  });

  it('cover: the share of the new view the moved frame still shows', () => {
    const a = new Viewport({ width: 1000, height: 500, pxPerUnit: 1, zoom: 100 });
    const pan = new Viewport({ width: 1000, height: 500, pxPerUnit: 1, zoom: 100 });
    pan.panBy(250, -100); // a quarter of the width, a fifth of the height
    expect(composedCover(poseOf(a), poseOf(pan))).toBeCloseTo(0.75 * 0.8, 9);
    const out = new Viewport({ width: 1000, height: 500, pxPerUnit: 1, zoom: 100 });
    out.zoomBy(1 / 2); // zoomed out about the centre: the frame fills the middle half of each side
    expect(composedCover(poseOf(a), poseOf(out))).toBeCloseTo(0.25, 9);
    const inn = new Viewport({ width: 1000, height: 500, pxPerUnit: 1, zoom: 100 });
    inn.zoomBy(2, 0, 0); // zoomed in about a corner: the frame covers all of the view
    expect(composedCover(poseOf(a), poseOf(inn))).toBe(1);
  });

  it('a move is composed within the limits only; a resized view is always drawn', () => {
    const a = new Viewport({ width: 1000, height: 500, pxPerUnit: 1, zoom: 100 });
    const b = new Viewport({ width: 1000, height: 500, pxPerUnit: 1, zoom: 100 });
    b.panBy(100, 50);
    expect(canCompose(poseOf(a), poseOf(b))).toBe(true);
    b.panBy(550, 0); // 0.35 x 0.9 of the view covered
    expect(canCompose(poseOf(a), poseOf(b))).toBe(true);
    b.panBy(100, 0); // 0.25 x 0.9
    expect(canCompose(poseOf(a), poseOf(b))).toBe(false);
    const z = new Viewport({ width: 1000, height: 500, pxPerUnit: 1, zoom: 100 });
    z.zoomBy(1.2 ** 6);
    expect(canCompose(poseOf(a), poseOf(z))).toBe(true);
    z.zoomBy(1.2);
    expect(canCompose(poseOf(a), poseOf(z))).toBe(false);
    const o = new Viewport({ width: 1000, height: 500, pxPerUnit: 1, zoom: 100 });
    o.zoomBy(1 / 1.2 ** 3); // (1/1.728)^2 = 0.33 of the view
    expect(canCompose(poseOf(a), poseOf(o))).toBe(true);
    o.zoomBy(1 / 1.2); // 0.23
    expect(canCompose(poseOf(a), poseOf(o))).toBe(false);
    const small = new Viewport({ width: 999, height: 500, pxPerUnit: 1, zoom: 100 });
    expect(canCompose(poseOf(a), poseOf(small))).toBe(false);
  });

  it('the CSS transform is in CSS pixels', () => {
    expect(cssTransform({ k: 1.5, tx: 20, ty: -10 }, 2)).toBe('translate(10px, -5px) scale(1.5)');
  });
});
