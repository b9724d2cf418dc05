/**
 * The canvases of a WebGL view (PCB and schematic alike) stacked for gestures moved by the compositor
 * (view/composite.ts): the WebGL canvas and a canvas for the live layers (grid, text, selection,
 * tools' overlays) in a box that clips them, under the event canvas, which stays clear and in place
 * (pointer events, focus, its bounding box). While a pan or wheel zoom goes on the two drawn canvases
 * are moved by a CSS transform instead of drawn again; the view is drawn when the gesture rests: a
 * pointer pan when released (`hold`), a wheel zoom after SETTLE_FRAMES animation frames without a
 * move, or at once when the moved frame would show too little (COMPOSE_LIMITS).
 * Frames: the viewport's pixels (PCB: device px; schematic: CSS px) -> CSS px by `pxPerCss`.
 */
import type { Viewport } from '../core/viewport.ts';
import { canCompose, composeTransform, cssTransform, poseOf, type ViewPose } from './composite.ts';

/**
 * Animation frames without a move (about 130 ms) before a wheel zoom moved by the compositor is
 * drawn. A fast wheel turns a notch every 30-100 ms: with 3 frames, a draw between its notches missed
 * frames (bench pcb-gesture).
 */
export const SETTLE_FRAMES = 8;

export interface GestureStack {
  /** The canvas of the live layers (over the WebGL one). */
  readonly live: HTMLCanvasElement;
  /** The viewport moved by a gesture: the drawn frame moved (within the limits) or a frame asked for. */
  moved(): void;
  /** A frame was drawn at the viewport as it is now: the canvases shown as they are. */
  drawn(): void;
  /** A pointer pan holds the moved frame while the button is down; released, the view is drawn. */
  hold(on: boolean): void;
  /** Frames shown so far by moving the drawn frame, and whether the canvases show one now. */
  readonly composed: { frames: number; now: boolean };
  /** The box over the event canvas again (its offset and CSS size), after a resize. */
  place(): void;
  /** Mirror what the box shows (a board seen from the bottom). */
  setMirrored(on: boolean): void;
  destroy(): void;
}

export interface GestureStackOptions {
  viewport: Viewport;
  /** Viewport pixels per CSS pixel (PCB: devicePixelRatio; schematic: 1). */
  pxPerCss: number;
  /** Ask for a frame. */
  invalidate: () => void;
  /** false: every move is drawn (localStorage cp.compose = off; the bench's baseline). */
  enabled?: boolean;
}

export function gestureStack(canvas: HTMLCanvasElement, glCanvas: HTMLCanvasElement, o: GestureStackOptions): GestureStack {
  const box = document.createElement('div');
  const live = document.createElement('canvas');
  Object.assign(box.style, { position: 'absolute', overflow: 'hidden', pointerEvents: 'none', zIndex: '0' });
  for (const c of [glCanvas, live]) {
    Object.assign(c.style, { position: 'absolute', left: '0', top: '0', width: '100%', height: '100%', transformOrigin: '0 0' });
    c.setAttribute('aria-hidden', 'true');
    box.append(c);
  }
  Object.assign(canvas.style, { position: 'relative', zIndex: '1' });
  glCanvas.dataset.painter = 'webgl';
  live.dataset.layer = 'live';
  canvas.parentElement?.insertBefore(box, canvas);

  let drawnPose: ViewPose | null = null;
  let now = false, frames = 0, held = false, watching = false, still = 0, gone = false;
  const show = (transform: string) => {
    now = transform !== '';
    glCanvas.style.transform = transform;
    live.style.transform = transform;
  };
  const watch = () => {
    if (gone || !now) { watching = false; return; }
    if (!held && ++still >= SETTLE_FRAMES) { watching = false; o.invalidate(); return; }
    requestAnimationFrame(watch);
  };
  return {
    live,
    moved() {
      const pose = poseOf(o.viewport);
      if (o.enabled === false || !drawnPose || !canCompose(drawnPose, pose)) { o.invalidate(); return; }
      show(cssTransform(composeTransform(drawnPose, pose), o.pxPerCss));
      frames++;
      still = 0;
      if (!watching) { watching = true; requestAnimationFrame(watch); }
    },
    drawn() {
      drawnPose = poseOf(o.viewport);
      if (now) show('');
    },
    hold(on) {
      held = on;
      if (!on && now) o.invalidate();
    },
    get composed() { return { frames, now }; },
    place() {
      Object.assign(box.style, { left: `${canvas.offsetLeft}px`, top: `${canvas.offsetTop}px`, width: `${canvas.clientWidth}px`, height: `${canvas.clientHeight}px` });
    },
    setMirrored(on) { box.style.transform = on ? 'scaleX(-1)' : ''; },
    destroy() { gone = true; box.remove(); },
  };
}

/** A refiner (the WebGL snapshot's steps between frames) that waits while the stack shows a moved frame: its steps would cost the frames the gesture is moved in. */
export function heldRefiner(r: { readonly busy: boolean; refine(budgetMs: number): unknown }, stack: GestureStack): { readonly busy: boolean; refine(budgetMs: number): unknown } {
  return { get busy() { return r.busy && !stack.composed.now; }, refine: (b) => r.refine(b) };
}

/** Whether gestures are moved by the compositor: yes unless localStorage `cp.compose` = `off`. */
export function composeWanted(): boolean {
  try {
    return typeof localStorage === 'undefined' || localStorage.getItem('cp.compose') !== 'off';
  } catch {
    return true; // storage blocked
  }
}
