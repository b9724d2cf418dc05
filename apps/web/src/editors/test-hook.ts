/**
 * Browser-test access to the open editor: `window.__cpEditor`, set ONLY when the page address has
 * the `e2e` query flag (`/?e2e#/project/...`). It maps document coordinates to page coordinates so a
 * test can drive the canvas with real mouse events, and exposes the document and editor to read.
 */
export interface EditorTestHook {
  kind: string;
  id: string;
  /** Document units (0.01 inch for sheets, mil for boards; Y up) -> page CSS pixels. */
  toPage(x: number, y: number): { x: number; y: number };
  /** Show the box (document units) on screen. */
  fitBox(minX: number, minY: number, maxX: number, maxY: number): void;
  /** Anything else a test reads (doc, editor, save state). */
  [k: string]: unknown;
}

export const e2eEnabled = (): boolean => typeof location !== 'undefined' && new URLSearchParams(location.search).has('e2e');

/** Publishes the hook while an editor is mounted; returns the cleanup. */
export function publishTestHook(hook: EditorTestHook): () => void {
  if (!e2eEnabled()) return () => {};
  const w = window as unknown as { __cpEditor?: EditorTestHook };
  w.__cpEditor = hook;
  return () => {
    if (w.__cpEditor === hook) delete w.__cpEditor;
  };
}
