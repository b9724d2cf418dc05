/**
 * The animation frames of a canvas view (PCB and schematic alike): the frame when one was asked for
 * (`invalidate`), then, while `refiner` is busy (the WebGL snapshot's tiles, gl-snapshot.ts: never all
 * of it in one frame), one step of `budgetMs` per animation frame. `wake` starts the steps again
 * without a frame (after a draw outside the loop, or once the refiner may go on). After `stop` a frame
 * already asked for does nothing.
 */
export interface FrameLoop { invalidate(): void; wake(): void; stop(): void }

export function frameLoop(draw: () => void, refiner: { readonly busy: boolean; refine(budgetMs: number): unknown } | null, budgetMs: number): FrameLoop {
  const raf = typeof requestAnimationFrame !== 'undefined' ? requestAnimationFrame : (f: () => void) => setTimeout(f, 16);
  let pending = false, dirty = false, stopped = false;
  const tick = () => {
    pending = false;
    if (stopped) return;
    if (dirty) { dirty = false; draw(); }
    if (refiner?.busy) { refiner.refine(budgetMs); schedule(); }
  };
  const schedule = () => { if (!pending) { pending = true; raf(tick); } };
  return { invalidate: () => { dirty = true; schedule(); }, wake: () => { if (refiner?.busy) schedule(); }, stop: () => { stopped = true; } };
}
