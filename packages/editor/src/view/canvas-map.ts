/**
 * Where a mounted canvas shows its document: page (client) pixels <-> document units, for overlays
 * drawn over the canvas by the app (other users' cursors: issue 14 part 4). Each view registers its
 * canvas element; `stamp()` changes whenever the view pans, zooms or resizes.
 */
export interface CanvasMap {
  /** Page CSS pixels -> document units. */
  toDoc(clientX: number, clientY: number): { x: number; y: number };
  /** Document units -> page CSS pixels. */
  toPage(x: number, y: number): { x: number; y: number };
  stamp(): string;
}

export const canvasMaps = new WeakMap<object, CanvasMap>();
