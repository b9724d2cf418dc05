/**
 * Pan and zoom moved by the compositor: while a gesture goes on, the canvases keep the last frame
 * drawn and are moved and scaled by a CSS transform instead of drawn again; the view is drawn once
 * the gesture rests (or when the moved frame would show too little of the view). On a machine whose
 * WebGL is SwiftShader (no GPU) a frame that draws a 1280x800 canvas misses the 60 Hz frame before a
 * single item is drawn (bench frame-floor), while a canvas moved by a transform does not.
 * Frames: device pixels of the canvas, Y down (the Viewport's screen frame); document units, Y up.
 */
import type { Viewport } from '../core/viewport.ts';

/** What a frame was drawn at: the viewport's centre (document units), scale (px per unit) and size (px). */
export interface ViewPose { cx: number; cy: number; scale: number; width: number; height: number }

export const poseOf = (vp: Viewport): ViewPose => ({ cx: vp.cx, cy: vp.cy, scale: vp.scale, width: vp.width, height: vp.height });

/**
 * The similarity that shows a frame drawn at `drawn` as the view `now` would draw it: a pixel at p of
 * the drawn frame (device px) shows at k * p + (tx, ty). Both poses must have the same size.
 */
export function composeTransform(drawn: ViewPose, now: ViewPose): { k: number; tx: number; ty: number } {
  const k = now.scale / drawn.scale;
  return {
    k,
    tx: (now.width / 2) * (1 - k) + (drawn.cx - now.cx) * now.scale,
    ty: (now.height / 2) * (1 - k) - (drawn.cy - now.cy) * now.scale,
  };
}

/** The share (0..1) of the view `now` that a frame drawn at `drawn` covers once moved by composeTransform. */
export function composedCover(drawn: ViewPose, now: ViewPose): number {
  const { k, tx, ty } = composeTransform(drawn, now);
  const w = Math.max(0, Math.min(now.width, tx + k * drawn.width) - Math.max(0, tx));
  const h = Math.max(0, Math.min(now.height, ty + k * drawn.height) - Math.max(0, ty));
  return now.width > 0 && now.height > 0 ? (w * h) / (now.width * now.height) : 0;
}

export interface ComposeLimits {
  /** Below this share of the view covered by the moved frame, the view is drawn (a pan or zoom out too far). */
  minCover: number;
  /** Past this magnification of the drawn frame (zoom in), the view is drawn: the frame's pixels grow blurred. */
  maxZoomIn: number;
}
/**
 * A draw in the middle of a gesture is the frame that misses (a pan of 0.4 of a view drew the STM32
 * board's every item at 4x: 133-233 ms, bench pcb-gesture): the moved frame goes on while it shows
 * 0.3 of the view (a pan of 0.7 of a view's width, three wheel notches out) and up to 3x in (six
 * notches); the part it leaves bare shows the canvas's background until the view is drawn.
 */
export const COMPOSE_LIMITS: ComposeLimits = { minCover: 0.3, maxZoomIn: 3 };

/** Whether the view `now` may be shown by moving the frame drawn at `drawn` (same size, within the limits). */
export function canCompose(drawn: ViewPose, now: ViewPose, limits: ComposeLimits = COMPOSE_LIMITS): boolean {
  if (drawn.width !== now.width || drawn.height !== now.height || !(drawn.scale > 0)) return false;
  const k = now.scale / drawn.scale;
  return k <= limits.maxZoomIn && composedCover(drawn, now) >= limits.minCover;
}

/** The CSS transform (transform-origin 0 0) for composeTransform's similarity, with `dpr` device px per CSS px. */
export function cssTransform(t: { k: number; tx: number; ty: number }, dpr: number): string {
  return `translate(${t.tx / dpr}px, ${t.ty / dpr}px) scale(${t.k})`;
}
