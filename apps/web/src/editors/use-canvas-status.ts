/**
 * Small React helpers shared by the editor views: a render tick driven by engine events (batched to
 * one React render per animation frame), the cursor position in document units, and read-only
 * event guards.
 */
import { useCallback, useRef, useState } from 'react';

/** A counter that changes at most once per animation frame when `kick` is called. */
export function useFrameTick(): [number, () => void] {
  const [tick, setTick] = useState(0);
  const pending = useRef(false);
  const kick = useCallback(() => {
    if (pending.current) return;
    pending.current = true;
    requestAnimationFrame(() => {
      pending.current = false;
      setTick((t) => t + 1);
    });
  }, []);
  return [tick, kick];
}

/** Keys a read-only view still takes: zoom and fit. */
const VIEW_KEYS = new Set(['=', '+', '-', 'k', 'K', 'Home']);

/**
 * Read-only guard: capture-phase listeners on the editor's container that stop editing input before
 * it reaches the canvas (middle-button pan, wheel zoom and view keys pass). Returns the cleanup.
 */
export function guardReadOnly(el: HTMLElement): () => void {
  const pointer = (e: PointerEvent) => { if (e.button !== 1) e.stopPropagation(); };
  const key = (e: KeyboardEvent) => { if (!VIEW_KEYS.has(e.key)) e.stopPropagation(); };
  el.addEventListener('pointerdown', pointer, true);
  el.addEventListener('pointerup', pointer, true);
  el.addEventListener('keydown', key, true);
  return () => {
    el.removeEventListener('pointerdown', pointer, true);
    el.removeEventListener('pointerup', pointer, true);
    el.removeEventListener('keydown', key, true);
  };
}

/** "1234.5" style number for the status line. */
export const fmt = (v: number): string => (Math.round(v * 100) / 100).toString();
