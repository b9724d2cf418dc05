/**
 * The WebGL2 PCB painter against the Canvas2D one (issue 14 part 6), in headless Chromium with
 * WebGL2 on SwiftShader when there is no GPU: on the fixture boards, fitted and zoomed in 4x, the
 * two frames agree on all but a few pixels (anti-aliasing of edges, hairline widths); a layer left
 * out of the WebGL frame makes them disagree (the comparison sees a missing layer).
 * On failure (or with PCB_WEBGL_PNG=1) both frames are written to .tmp/pcb-webgl/ for a look.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { fixtureBoards, generatedBoard } from '../bench/lib/pcb-boards.ts';
import type { BoardInput } from '../bench/lib/pcb-render-page.ts';
import type { EditDiff, LodDiff, PanLodDiff, PixelDiff, PreviewDiff, ResizeDiff } from './lib/pcb-pixels-page.ts';
import { CHROMIUM_ARGS, ROOT } from './lib/harness.ts';

let browser: Browser;
let page: Page;
const boards = fixtureBoards();

beforeAll(async () => {
  const bundle = await build({ entryPoints: [join(import.meta.dirname, 'lib', 'pcb-pixels-page.ts')], bundle: true, format: 'iife', write: false, platform: 'browser', logLevel: 'silent' });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: [...CHROMIUM_ARGS.filter((a) => a !== '--disable-gpu'), '--use-angle=swiftshader', '--enable-unsafe-swiftshader'] });
  page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

function compare(board: BoardInput, zoom: number, hide?: number): Promise<PixelDiff> {
  return page.evaluate(([b, z, h]) => (window as unknown as { comparePainters: (b: unknown, z: number, h?: number) => PixelDiff }).comparePainters(b, z, h ?? undefined), [board, zoom, hide ?? null] as const);
}

function keep(name: string, d: PixelDiff): void {
  const dir = join(ROOT, '.tmp', 'pcb-webgl');
  mkdirSync(dir, { recursive: true });
  for (const [k, url] of [['canvas2d', d.png2d], ['webgl', d.pngGl]] as const) writeFileSync(join(dir, `${name}-${k}.png`), Buffer.from(url.split(',')[1], 'base64'));
}

describe('[issue-14] WebGL2 PCB frames against Canvas2D', () => {
  for (const b of boards) {
    for (const zoom of [1, 4]) {
      it(`${b.name} at ${zoom}x fit: the frames agree`, async () => {
        const d = await compare(b, zoom);
        console.log(`[pcb-webgl] ${b.name} at ${zoom}x fit on ${d.renderer}: ${(d.differ * 100).toFixed(2)}% of pixels differ; drawn ${(d.drawn2d * 100).toFixed(1)}% (Canvas2D) / ${(d.drawnGl * 100).toFixed(1)}% (WebGL)`);
        if (d.differ >= 0.02 || process.env.PCB_WEBGL_PNG) keep(`${b.name}-${zoom}x`, d);
        expect(d.renderer).not.toBe('');
        expect(d.drawn2d).toBeGreaterThan(0.02);
        expect(Math.abs(d.drawnGl - d.drawn2d)).toBeLessThan(d.drawn2d * 0.15);
        expect(d.differ).toBeLessThan(0.02);
      }, 120_000);
    }
  }
  it('a layer missing from the WebGL frame is seen', async () => {
    const b = boards[0];
    const d = await compare(b, 1, 1); // top copper not drawn by WebGL
    expect(d.differ).toBeGreaterThan(0.02);
  }, 120_000);
});

describe('[issue-14] WebGL2 PCB painter: edits in place, zoomed-out snapshot', () => {
  it('edits update the geometry in place: the frame equals one built from scratch, without a full build', async () => {
    const d = await page.evaluate((b) => (window as unknown as { compareEdit: (b: unknown) => EditDiff }).compareEdit(b), boards[0]);
    console.log(`[pcb-webgl] edit in place: ${(d.differFresh * 100).toFixed(3)}% differ from a fresh build, ${(d.differBefore * 100).toFixed(2)}% from before the edits; full builds ${d.fullBuilds}`);
    expect(d.differBefore).toBeGreaterThan(0.0005); // the edits show
    expect(d.differFresh).toBeLessThan(0.0005);
    expect(d.fullBuilds).toBe(1);
  }, 120_000);
  it('edits over a finished snapshot: the next frame draws the tiles under them again and equals a fresh build', async () => {
    const d = await page.evaluate((b) => (window as unknown as { compareEdit: (b: unknown, s: boolean) => EditDiff }).compareEdit(b, true), boards[0]);
    console.log(`[pcb-webgl] edit over the snapshot: frame ${d.kind}, ${d.fixedTiles} tiles drawn again; ${(d.differFresh * 100).toFixed(3)}% differ from a fresh build, ${(d.differBefore * 100).toFixed(2)}% from before the edits`);
    expect(d.kind).toBe('snapshot'); // the fixture's pours on several layers: the snapshot
    expect(d.fixedTiles).toBeGreaterThan(0);
    expect(d.differBefore).toBeGreaterThan(0.00005); // a track moved, one deleted
    expect(d.differFresh).toBeLessThan(0.0005);
  }, 120_000);
  it('a big board fitted: the first frame draws every item, then the snapshot drawn in steps between frames shows the same pixels; a zoom shows it scaled until refined', async () => {
    const d = await page.evaluate((b) => (window as unknown as { compareLod: (b: unknown) => LodDiff }).compareLod(b), generatedBoard(200, 150, 2, 'generated-30k'));
    console.log(`[pcb-webgl] 30k pads fitted: first frame ${d.first}, snapshot in ${d.steps} steps, ${d.points} items as points; snapshot vs every item ${(d.differ * 100).toFixed(3)}% of pixels differ; zoomed 1.2x ${(d.differZoomed * 100).toFixed(2)}% (${d.zoomed}), ${(d.differRefined * 100).toFixed(3)}% refined (${d.refinedKind}); drawn ${(d.drawn * 100).toFixed(1)}%`);
    if (d.differ >= 0.005 || process.env.PCB_WEBGL_PNG) keep('generated-30k-lod', { png2d: d.pngDirect, pngGl: d.pngLod } as PixelDiff);
    expect(d.first).toBe('fallback'); // no snapshot yet: every item drawn
    expect(d.steps).toBeGreaterThan(1); // the snapshot is drawn in several steps
    expect(d.lod).toBe(true);
    expect(d.direct).toBe(true);
    expect(d.drawn).toBeGreaterThan(0.1);
    expect(d.differ).toBeLessThan(0.005);
    expect(['scaled', 'overview']).toContain(d.zoomed); // the texture nearest the new scale, shown scaled
    expect(d.differZoomed).toBeGreaterThan(0.005); // scaled: not the same pixels
    expect(d.refined).toBe(true);
    expect(d.refinedKind).toBe('snapshot');
    expect(d.differRefined).toBeLessThan(0.005);
  }, 120_000);
  it('zoomed in, the snapshot holds the board around the view: a pan inside it shows the texture, a pan past it the overview scaled until the snapshot around the new view is drawn; each sharp frame as every item drawn', async () => {
    const d = await page.evaluate((b) => (window as unknown as { comparePanLod: (b: unknown) => PanLodDiff }).comparePanLod(b), generatedBoard(200, 150, 2, 'generated-30k'));
    console.log(`[pcb-webgl] 30k pads at 4x fit, snapshot from 500 items: frames ${d.kinds.join(',')}, snapshot tiles drawn ${d.tiles.join(',')}, ${d.differ.map((x) => (x * 100).toFixed(3)).join(', ')}% of pixels differ; mean brightness ${d.drawn.map(([x, y]) => `${x.toFixed(1)}/${y.toFixed(1)}`).join(', ')}`);
    expect(d.kinds).toEqual(['fallback', 'snapshot', 'snapshot', 'overview', 'snapshot']);
    expect(d.tiles[0]).toBe(0); // no tile drawn inside a frame
    expect(d.tiles[1]).toBeGreaterThan(1); // drawn between frames
    expect(d.tiles[2]).toBe(d.tiles[1]); // the short pan draws no tile
    expect(d.tiles[4]).toBeGreaterThan(d.tiles[3]); // past it: the new region drawn between frames
    for (const i of [0, 1, 2, 4]) expect(d.differ[i]).toBeLessThan(0.005);
    // the overview scaled: coarse (blocks of texels; items drawn at least a pixel wide at its scale, so brighter),
    // but the board: about as bright on the whole as every item drawn (a blank frame is 0)
    expect(d.differ[3]).toBeGreaterThan(0.005);
    expect(Math.abs(d.drawn[3][0] - d.drawn[3][1])).toBeLessThan(0.4 * d.drawn[3][1]);
  }, 120_000);
  it('the canvas made larger: the snapshot made for the smaller view is made again, and shows the board as every item drawn', async () => {
    const d = await page.evaluate((b) => (window as unknown as { compareResize: (b: unknown) => ResizeDiff }).compareResize(b), generatedBoard(200, 150, 2, 'generated-30k'));
    console.log(`[pcb-webgl] 30k pads at 4x fit, canvas 1.5x larger: frames ${d.kinds.join(',')}, ${(d.differ * 100).toFixed(3)}% of pixels differ`);
    expect(d.kinds[0]).toBe('snapshot');
    expect(d.kinds[2]).toBe('snapshot');
    expect(d.differ).toBeLessThan(0.005);
  }, 120_000);
  it('zoomed out to half the fit, the snapshot draws the tiny items as points, with the pixels of every item drawn as quads', async () => {
    const d = await page.evaluate((b) => (window as unknown as { compareLod: (b: unknown, z: number) => LodDiff }).compareLod(b, 0.5), generatedBoard(200, 150, 2, 'generated-30k'));
    console.log(`[pcb-webgl] 30k pads at half the fit: ${d.points} items as points; snapshot vs every item ${(d.differ * 100).toFixed(3)}% of pixels differ; drawn ${(d.drawn * 100).toFixed(1)}%`);
    if (d.differ >= 0.005 || process.env.PCB_WEBGL_PNG) keep('generated-30k-points', { png2d: d.pngDirect, pngGl: d.pngLod } as PixelDiff);
    expect(d.lod).toBe(true);
    // the 30k pads are about 1.5 x 1 px (the 50-mil tracks, 4 px long, stay quads): all points (a cell under two tiles is drawn in each)
    expect(d.points).toBeGreaterThanOrEqual(30_000);
    expect(d.boxQuads).toBe(0);
    expect(d.drawn).toBeGreaterThan(0.03); // the board fills a quarter of the frame
    expect(d.differ).toBeLessThan(0.005);
  }, 120_000);
});

describe('[issue-14] WebGL2 PCB painter: a big board\'s first frame drawn on the CPU', () => {
  const preview = (b: BoardInput, zoomed = false) => page.evaluate(([x, z]) => (window as unknown as { comparePreview: (b: unknown, z: boolean) => PreviewDiff }).comparePreview(x, z), [b, zoomed] as const);
  for (const b of [...boards, generatedBoard(200, 150, 2, 'generated-30k')]) {
    it(`${b.name} fitted: the CPU picture is WebGL's frame of every item; it stands in after the geometry is built, until the snapshot shows the view`, async () => {
      const d = await preview(b);
      console.log(`[pcb-webgl] ${b.name} preview: frames ${d.kinds.join(',')} (deferred ${d.deferred.join(',')}), made and shown in ${d.ms.toFixed(0)} ms; against every item drawn ${d.differ.map((x) => (x * 100).toFixed(3)).join(', ')}% of pixels off by > 64, ${d.near.map((x) => (x * 100).toFixed(3)).join(', ')}% by > 16; drawn ${(d.drawn * 100).toFixed(1)}%`);
      if (d.near[0] >= 0.005 || process.env.PCB_WEBGL_PNG) keep(`${b.name}-preview`, { png2d: d.pngDirect, pngGl: d.pngPreview } as PixelDiff);
      expect(d.kinds).toEqual(['preview', 'preview', 'snapshot']);
      expect(d.deferred).toEqual([true, false, false]);
      expect(d.drawn).toBeGreaterThan(0.02);
      for (const x of d.differ) expect(x).toBeLessThan(0.001);
      expect(d.near[0]).toBeLessThan(0.005);
    }, 120_000);
  }
  it('zoomed in 4x before the snapshot is drawn: the picture does not stand in (every item drawn), then the snapshot', async () => {
    const d = await preview(generatedBoard(200, 150, 2, 'generated-30k'), true);
    console.log(`[pcb-webgl] preview then zoomed 4x: frames ${d.kinds.join(',')}; ${d.differ.map((x) => (x * 100).toFixed(3)).join(', ')}% of pixels off by > 64`);
    expect(d.kinds).toEqual(['preview', 'fallback', 'snapshot']);
    for (const x of d.differ) expect(x).toBeLessThan(0.005);
  }, 120_000);
});
