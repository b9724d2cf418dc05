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
import { fixtureBoards } from '../bench/lib/pcb-boards.ts';
import type { BoardInput } from '../bench/lib/pcb-render-page.ts';
import type { PixelDiff } from './lib/pcb-pixels-page.ts';
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
