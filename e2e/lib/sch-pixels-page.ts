/**
 * In-page half of e2e/sch-webgl.test.ts (bundled with esbuild): one sheet in two canvas views, one
 * drawn by Canvas2D alone, one by the WebGL2 painter (shapes) under the 2D canvas (text), at the same
 * view; the composited frames compared.
 */
import { contextFromArchive, createCanvasView, openDocument } from '@copperplate/editor';

export interface SheetInput { projectJson: unknown; entries: Record<string, string>; sheet: string }
export interface SchPixelDiff {
  painter: string;
  /** Share of pixels whose largest channel differs by more than 64. */
  differ: number;
  /** Share of pixels that are not the white background: Canvas2D, WebGL composited, the WebGL canvas alone. */
  drawn2d: number;
  drawnGl: number;
  drawnGlOnly: number;
  png2d: string;
  pngGl: string;
}

const W = 1000, H = 700;

function mount(): HTMLCanvasElement {
  const wrap = document.createElement('div');
  wrap.style.cssText = `position:relative;width:${W}px;height:${H}px`;
  const c = document.createElement('canvas');
  c.style.cssText = `width:${W}px;height:${H}px;display:block`;
  wrap.appendChild(c);
  document.body.appendChild(wrap);
  return c;
}

const nonWhite = (px: Uint8ClampedArray) => { let n = 0; for (let i = 0; i < px.length; i += 4) if (px[i + 3] > 0 && px[i] + px[i + 1] + px[i + 2] < 3 * 255 - 24) n++; return n / (px.length / 4); };
const png = (px: Uint8ClampedArray) => { const c = Object.assign(document.createElement('canvas'), { width: W, height: H }); c.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(px), W, H), 0, 0); return c.toDataURL(); };

function compareSheet(input: SheetInput, zoom: number): SchPixelDiff {
  const ctx = contextFromArchive({ projectJson: input.projectJson as never, entries: new Map(Object.entries(input.entries)) });
  const views = (['canvas2d', 'webgl'] as const).map((painter) => {
    const canvas = mount();
    const v = createCanvasView(canvas, openDocument(input.sheet), { ctx, painter });
    v.editor!.gridVisible = false;
    v.fit();
    v.viewport.zoomTo(v.viewport.zoom * zoom);
    return { v, canvas };
  });
  const [a, b] = views;
  const pa = a.v.pixels(0, 0, W, H), pb = b.v.pixels(0, 0, W, H);
  let d = 0;
  for (let i = 0; i < pa.length; i += 4) if (Math.max(Math.abs(pa[i] - pb[i]), Math.abs(pa[i + 1] - pb[i + 1]), Math.abs(pa[i + 2] - pb[i + 2])) > 64) d++;
  // the WebGL canvas alone (the shapes): what WebGL drew
  const glCanvas = b.canvas.parentElement!.querySelector('canvas[data-painter=webgl]') as HTMLCanvasElement | null;
  let drawnGlOnly = 0;
  if (glCanvas) {
    const c = Object.assign(document.createElement('canvas'), { width: W, height: H }).getContext('2d')!;
    c.drawImage(glCanvas, 0, 0);
    drawnGlOnly = nonWhite(c.getImageData(0, 0, W, H).data);
  }
  const out = { painter: b.v.painter, differ: d / (W * H), drawn2d: nonWhite(pa), drawnGl: nonWhite(pb), drawnGlOnly, png2d: png(pa), pngGl: png(pb) };
  for (const { v, canvas } of views) { v.destroy(); canvas.parentElement!.remove(); }
  return out;
}

export interface SchEditDiff { differFresh: number; differBefore: number; moved: number }

/**
 * Components moved on a sheet drawn by WebGL: the painter's geometry updated in place (the items the
 * scene painted again) against a view built afresh on the edited document.
 */
function compareEdit(input: SheetInput): SchEditDiff {
  const ctx = contextFromArchive({ projectJson: input.projectJson as never, entries: new Map(Object.entries(input.entries)) });
  const doc = openDocument(input.sheet);
  const view = (canvas: HTMLCanvasElement) => { const v = createCanvasView(canvas, doc, { ctx, painter: 'webgl' }); v.editor!.gridVisible = false; v.fit(); return v; };
  const c1 = mount();
  const a = view(c1);
  const before = a.pixels(0, 0, W, H);
  const ed = a.editor!;
  const comps = doc.ofType('COMPONENT').map(([k]) => k).slice(0, 6);
  ed.selection.select(comps);
  ed.moveSelection(40, -30);
  ed.selection.select([]);
  const edited = a.pixels(0, 0, W, H);
  const c2 = mount();
  const b = createCanvasView(c2, doc, { ctx, painter: 'webgl' });
  b.editor!.gridVisible = false;
  b.viewport.cx = a.viewport.cx; b.viewport.cy = a.viewport.cy; b.viewport.zoomTo(a.viewport.zoom);
  const fresh = b.pixels(0, 0, W, H);
  const diff = (p: Uint8ClampedArray, q: Uint8ClampedArray) => { let n = 0; for (let i = 0; i < p.length; i += 4) if (Math.max(Math.abs(p[i] - q[i]), Math.abs(p[i + 1] - q[i + 1]), Math.abs(p[i + 2] - q[i + 2])) > 64) n++; return n / (W * H); };
  const out = { differFresh: diff(edited, fresh), differBefore: diff(edited, before), moved: comps.length };
  for (const [v, c] of [[a, c1], [b, c2]] as const) { v.destroy(); c.parentElement!.remove(); }
  return out;
}

if (typeof window !== 'undefined') Object.assign(window, { compareSheet, compareEdit });
