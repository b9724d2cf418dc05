/**
 * The visible grid of the schematic canvas: a dot on every grid point, or on every 5th (25th...)
 * when the points would be closer than 6 screen pixels, every 5th dot darker. Drawn in device
 * pixels under the document.
 */
import type { Viewport } from '../core/viewport.ts';
import type { Ctx2D } from '../render/canvas.ts';

/** The grid step actually drawn (document units) for a grid `size` at `scale` px/unit. */
export function drawnGridStep(size: number, scale: number): number {
  let step = size;
  while (step * scale < 6) step *= 5;
  return step;
}

export function drawGrid(c: Ctx2D, vp: Viewport, dpr: number, size: number): number {
  if (!(size > 0)) return 0;
  const step = drawnGridStep(size, vp.scale);
  const b = vp.visible();
  const x0 = Math.ceil(b.minX / step), x1 = Math.floor(b.maxX / step);
  const y0 = Math.ceil(b.minY / step), y1 = Math.floor(b.maxY / step);
  if ((x1 - x0 + 1) * (y1 - y0 + 1) > 200_000) return 0;
  const d = Math.max(1, Math.round(dpr));
  c.save();
  c.setTransform(1, 0, 0, 1, 0, 0);
  let n = 0;
  for (const major of [false, true]) {
    c.fillStyle = major ? '#9AA3AD' : '#CDD3D9';
    for (let i = x0; i <= x1; i++) for (let j = y0; j <= y1; j++) {
      if ((i % 5 === 0 && j % 5 === 0) !== major) continue;
      const p = vp.toScreen(i * step, j * step);
      c.fillRect(Math.round(p.x * dpr) - (major ? d : 0), Math.round(p.y * dpr) - (major ? d : 0), major ? 2 * d : d, major ? 2 * d : d);
      n++;
    }
  }
  c.restore();
  return n;
}
