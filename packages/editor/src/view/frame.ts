/** One frame's setup on a Canvas2D: clear to the background in device pixels (transparent when null: a WebGL canvas shows under it), then draw. */
import type { Viewport } from '../core/viewport.ts';
import type { Ctx2D } from '../render/canvas.ts';

export function drawFrame(c: Ctx2D, vp: Viewport, dpr: number, background: string | null, body: () => void): void {
  c.save();
  c.setTransform(1, 0, 0, 1, 0, 0);
  if (background === null) c.clearRect(0, 0, vp.width * dpr, vp.height * dpr);
  else {
    c.fillStyle = background;
    c.fillRect(0, 0, vp.width * dpr, vp.height * dpr);
  }
  c.restore();
  c.save();
  body();
  c.restore();
}
