/**
 * Small React helpers shared by the editor views: a render tick driven by engine events (batched to
 * one React render per animation frame), the cursor position in document units, and read-only
 * event guards.
 */
import { useCallback, useRef, useState, type RefObject } from 'react';

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
  const key = (e: KeyboardEvent) => { if (!VIEW_KEYS.has(e.key) && !isField(e.target)) e.stopPropagation(); };
  el.addEventListener('pointerdown', pointer, true);
  el.addEventListener('pointerup', pointer, true);
  el.addEventListener('keydown', key, true);
  return () => {
    el.removeEventListener('pointerdown', pointer, true);
    el.removeEventListener('pointerup', pointer, true);
    el.removeEventListener('keydown', key, true);
  };
}

/** Typing into a form field is not a shortcut. */
const isField = (t: EventTarget | null): boolean => t instanceof HTMLElement && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || t.isContentEditable);

/** "1234.5" style number for the status line. */
export const fmt = (v: number): string => (Math.round(v * 100) / 100).toString();

/**
 * Space-drag pan over a canvas whose own handlers do not pan with Space: while Space is held (and
 * `canStart()` says Space is not a command now, e.g. nothing selected to rotate), a left drag pans
 * `panBy(dx, dy)` in CSS pixels. Capture-phase listeners on `el`; returns the cleanup.
 */
export function spaceDragPan(el: HTMLElement, canStart: () => boolean, panBy: (dx: number, dy: number) => void, dragging?: (on: boolean) => void): () => void {
  let held = false;
  let from: { x: number; y: number } | null = null;
  const down = (e: KeyboardEvent) => {
    if (e.key !== ' ' || isField(e.target) || !(held || canStart())) return;
    held = true;
    e.preventDefault();
    e.stopPropagation();
  };
  const up = (e: KeyboardEvent) => { if (e.key === ' ') held = false; };
  const pdown = (e: PointerEvent) => {
    if (!held || e.button !== 0) return;
    from = { x: e.clientX, y: e.clientY };
    (e.target as Element).setPointerCapture?.(e.pointerId);
    dragging?.(true);
    e.stopPropagation();
  };
  const pmove = (e: PointerEvent) => {
    if (!from) return;
    panBy(e.clientX - from.x, e.clientY - from.y);
    from = { x: e.clientX, y: e.clientY };
    e.stopPropagation();
  };
  const pup = (e: PointerEvent) => { if (from) { from = null; dragging?.(false); e.stopPropagation(); } };
  el.addEventListener('keydown', down, true);
  el.addEventListener('keyup', up, true);
  el.addEventListener('pointerdown', pdown, true);
  el.addEventListener('pointermove', pmove, true);
  el.addEventListener('pointerup', pup, true);
  return () => {
    el.removeEventListener('keydown', down, true);
    el.removeEventListener('keyup', up, true);
    el.removeEventListener('pointerdown', pdown, true);
    el.removeEventListener('pointermove', pmove, true);
    el.removeEventListener('pointerup', pup, true);
  };
}

/** Writes the cursor position into the status line's element directly (no React render per mouse move). */
export function showCursor(el: RefObject<HTMLElement | null>, p: { x: number; y: number }): void {
  if (el.current) el.current.textContent = `X ${fmt(p.x)} Y ${fmt(p.y)}`;
}
