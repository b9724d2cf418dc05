/**
 * In-page half of e2e/pcb-webgl.test.ts (bundled with esbuild): draws one board with the Canvas2D
 * painter (no tile cache) and with the WebGL2 painter at the same view, and compares the frames.
 */
import { EditorDocument } from '@copperplate/editor/core/document';
import { Viewport } from '@copperplate/editor/core/viewport';
import { mainBlockOr, parseDocuments } from '@copperplate/format';
import { PcbEditor } from '@copperplate/editor/pcb/editor';
import { PcbCanvasView } from '@copperplate/editor/pcb/canvas';
import { primsBox } from '@copperplate/editor/pcb/prims';
import { PcbGlView } from '@copperplate/editor/view/gl-pcb';
import type { BoardInput } from '../../bench/lib/pcb-render-page.ts';

export interface PixelDiff {
  renderer: string;
  /** Share of pixels whose largest channel differs by more than 64. */
  differ: number;
  /** Share of pixels that are not background, in each frame. */
  drawn2d: number;
  drawnGl: number;
  /** PNG data URLs of both frames (for a failing test's report). */
  png2d: string;
  pngGl: string;
}

const W = 800, H = 600, BG = '#000000';

function compare(input: BoardInput, zoom: number, hideOnGl?: number): PixelDiff {
  const fps = new Map(Object.entries(input.footprints).map(([k, v]) => [k, mainBlockOr(parseDocuments(v), 'FOOTPRINT')!.records]));
  const ed = new PcbEditor(new EditorDocument(parseDocuments(input.text)), { project: { footprint: (u: string) => fps.get(u), poured: input.poured as never }, pcbUuid: input.pcbUuid });
  const prims = [...ed.scene.all()];
  const box = primsBox(prims);
  const vp = new Viewport({ width: W, height: H, pxPerUnit: 0.1 });
  vp.fit(box);
  vp.zoomTo(vp.zoom * zoom);
  const visible = new Set(ed.panel.visibleIds());
  const c2 = Object.assign(document.createElement('canvas'), { width: W, height: H });
  const g2 = c2.getContext('2d')!;
  new PcbCanvasView(prims, () => ed.panel.drawOrder(), (l) => ed.panel.paint(l), { background: BG, makeCanvas: (w, h) => Object.assign(document.createElement('canvas'), { width: w, height: h }) }).drawDirect(g2, vp, visible);
  const glCanvas = Object.assign(document.createElement('canvas'), { width: W, height: H });
  const gl = PcbGlView.create(glCanvas, prims, () => ed.panel.drawOrder(), (l) => ed.panel.paint(l), { background: BG });
  if (!gl) throw new Error('WebGL2 is not available');
  const glVisible = new Set(visible);
  if (hideOnGl !== undefined) glVisible.delete(hideOnGl);
  gl.draw(vp, glVisible);
  const cg = Object.assign(document.createElement('canvas'), { width: W, height: H });
  const gg = cg.getContext('2d')!;
  gg.drawImage(glCanvas, 0, 0);
  const a = g2.getImageData(0, 0, W, H).data, b = gg.getImageData(0, 0, W, H).data;
  let differ = 0, d2 = 0, dg = 0;
  for (let i = 0; i < a.length; i += 4) {
    const m = Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2]));
    if (m > 64) differ++;
    if (a[i] + a[i + 1] + a[i + 2] > 24) d2++;
    if (b[i] + b[i + 1] + b[i + 2] > 24) dg++;
  }
  const n = W * H;
  return { renderer: gl.renderer, differ: differ / n, drawn2d: d2 / n, drawnGl: dg / n, png2d: c2.toDataURL(), pngGl: cg.toDataURL() };
}

if (typeof window !== 'undefined') (window as unknown as { comparePainters: typeof compare }).comparePainters = compare;
