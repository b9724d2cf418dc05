/**
 * The WebGL2 schematic painter against the Canvas2D one (issue 14 part 6), in headless Chromium with
 * WebGL2 on SwiftShader when there is no GPU: the largest fixture sheet, fitted and zoomed in 4x,
 * drawn by Canvas2D alone and by WebGL2 (lines, shapes, fills) under the 2D canvas (text), the
 * composited frames compared pixel by pixel.
 * Threshold: fewer than 2% of the pixels may differ by more than 64 in a channel. Text is drawn by
 * the same Canvas2D calls in both, so what may differ is the edges of lines and shapes: the WebGL
 * painter's coverage (distance to the shape, one pixel of ramp) against Skia's, which on a one-pixel
 * hairline between two pixel rows can put the line in the other row (each such pixel differs by
 * more than 64); and the order of fills, strokes and text where they overlap (WebGL: fills, then
 * strokes, then text; Canvas2D: record by record). A missing colour, shape or text would differ far
 * more than 2% (a sheet's drawing covers 5-15% of the frame at fit).
 * On failure (or with SCH_WEBGL_PNG=1) both frames are written to .tmp/sch-webgl/.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { readEpro } from '@copperplate/format';
import { listSheets } from '@copperplate/editor';
import type { SchEditDiff, SchPixelDiff, SheetInput } from './lib/sch-pixels-page.ts';
import { CHROMIUM_ARGS, ROOT } from './lib/harness.ts';

const FIX = '/work/shared/fixtures/epro';
let browser: Browser;
let page: Page;

/** The fixture sheet with the most records (as the schematic-render bench picks it). */
function largestSheet(): SheetInput & { name: string } {
  const all = ['STM32G431-mini.epro', 'ExtModule-002.epro'].flatMap((f) => {
    const a = readEpro(new Uint8Array(readFileSync(join(FIX, f))), { name: f });
    const entries: Record<string, string> = {};
    for (const [k, v] of a.entries) if (typeof v === 'string' && (k.startsWith('SYMBOL/') || k.startsWith('SHEET/'))) entries[k] = v;
    return listSheets(a).map((s) => ({ name: `${f} ${s.path}`, projectJson: a.projectJson, entries, sheet: entries[s.path] }));
  });
  all.sort((p, q) => q.sheet.split('\n').length - p.sheet.split('\n').length);
  return all[0];
}

beforeAll(async () => {
  const bundle = await build({ entryPoints: [join(import.meta.dirname, 'lib', 'sch-pixels-page.ts')], bundle: true, format: 'iife', write: false, platform: 'browser', logLevel: 'silent' });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: [...CHROMIUM_ARGS.filter((a) => a !== '--disable-gpu'), '--use-angle=swiftshader', '--enable-unsafe-swiftshader'] });
  page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('[issue-14] WebGL2 schematic frames against Canvas2D', () => {
  const sheet = largestSheet();
  for (const zoom of [1, 4]) {
    it(`the largest fixture sheet at ${zoom}x fit: the frames agree`, async () => {
      const d = await page.evaluate(([s, z]) => (window as unknown as { compareSheet: (s: unknown, z: number) => SchPixelDiff }).compareSheet(s, z), [sheet, zoom] as const);
      console.log(`[sch-webgl] ${sheet.name} at ${zoom}x fit: painter ${d.painter}; ${(d.differ * 100).toFixed(2)}% of pixels differ; drawn ${(d.drawn2d * 100).toFixed(2)}% (Canvas2D) / ${(d.drawnGl * 100).toFixed(2)}% (WebGL + text), ${(d.drawnGlOnly * 100).toFixed(2)}% by WebGL alone`);
      if (d.differ >= 0.02 || process.env.SCH_WEBGL_PNG) {
        const dir = join(ROOT, '.tmp', 'sch-webgl');
        mkdirSync(dir, { recursive: true });
        for (const [k, url] of [['canvas2d', d.png2d], ['webgl', d.pngGl]] as const) writeFileSync(join(dir, `${zoom}x-${k}.png`), Buffer.from(url.split(',')[1], 'base64'));
      }
      expect(d.painter).toBe('webgl');
      expect(d.drawn2d).toBeGreaterThan(0.01);
      // WebGL drew the shapes (most of what is drawn), not the 2D canvas
      expect(d.drawnGlOnly).toBeGreaterThan(d.drawn2d * 0.3);
      expect(Math.abs(d.drawnGl - d.drawn2d)).toBeLessThan(d.drawn2d * 0.15);
      expect(d.differ).toBeLessThan(0.02);
    }, 120_000);
  }
  it('components moved: the geometry updated in place draws what a view built afresh draws', async () => {
    const d = await page.evaluate((s) => (window as unknown as { compareEdit: (s: unknown) => SchEditDiff }).compareEdit(s), sheet);
    console.log(`[sch-webgl] ${d.moved} components moved: ${(d.differFresh * 100).toFixed(3)}% differ from a fresh view, ${(d.differBefore * 100).toFixed(2)}% from before`);
    expect(d.differBefore).toBeGreaterThan(0.001); // the move shows
    expect(d.differFresh).toBeLessThan(0.0005);
  }, 120_000);
});
