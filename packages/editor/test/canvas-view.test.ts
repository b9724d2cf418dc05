/**
 * The canvas view in headless Chromium: the editor bundled with esbuild, real DOM pointer and key
 * events on a real canvas. Draw a wire between two pins of a fixture sheet, add a net label, undo,
 * redo, then reopen the saved text in a fresh page: the edit is there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { listSheets } from '../src/index.ts';
import { entryText, fixture } from './fixtures.ts';

const ENTRY = `
import * as api from '@copperplate/editor';
window.api = api;
window.open_ = (input) => {
  const ctx = api.contextFromArchive({ projectJson: input.projectJson, entries: new Map(Object.entries(input.entries)) });
  const canvas = document.createElement('canvas');
  canvas.style.width = '1280px'; canvas.style.height = '800px'; canvas.style.display = 'block';
  document.body.appendChild(canvas);
  const doc = api.openDocument(input.sheet);
  window.view = api.createCanvasView(canvas, doc, { ctx });
  window.ctx = ctx;
  window.view.draw();
};
window.openSym_ = (text) => {
  const canvas = document.createElement('canvas');
  canvas.style.width = '800px'; canvas.style.height = '600px'; canvas.style.display = 'block';
  document.body.appendChild(canvas);
  window.view = api.createCanvasView(canvas, api.openDocument(text), { ctx: { symbols: new Map(), devices: {} } });
  window.view.draw();
};
window.pinScreen = (designator, number) => {
  const ed = window.view.editor, doc = ed.doc;
  for (const [k] of doc.ofType('COMPONENT')) {
    if (api.attrMap(doc, k).get('Designator')?.[4] !== designator) continue;
    const p = api.componentPins(doc, k, window.ctx).find((q) => q.number === number);
    if (p) { const s = window.view.viewport.toScreen(p.x, p.y); return { x: s.x, y: s.y, wx: p.x, wy: p.y }; }
  }
  return null;
};
`;

const chromiumPath = '/usr/bin/chromium';
const a = fixture('STM32G431-mini.epro');
const sheet = listSheets(a)[0];
const input = {
  projectJson: a.projectJson,
  entries: Object.fromEntries([...a.entries].filter(([k, v]) => typeof v === 'string' && k.startsWith('SYMBOL/'))),
  sheet: entryText(a, sheet.path),
};

describe.skipIf(!existsSync(chromiumPath))('canvas view in Chromium', () => {
  let browser: Browser;
  let js = '';
  beforeAll(async () => {
    const out = await build({ stdin: { contents: ENTRY, resolveDir: join(import.meta.dirname, '..'), loader: 'ts' }, bundle: true, format: 'iife', write: false, platform: 'browser', logLevel: 'silent' });
    js = out.outputFiles[0].text;
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  }, 60_000);
  afterAll(async () => { await browser?.close(); });

  async function open(sheetText: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
    await page.addScriptTag({ content: js });
    await page.evaluate((i) => (window as any).open_(i), { ...input, sheet: sheetText });
    return page;
  }

  it('draw a wire between two pins, add a net label, undo, redo, reopen: the edit is there', async () => {
    const page = await open(input.sheet);
    const count = (t: string) => page.evaluate((type) => (window as any).view.editor.doc.ofType(type).length, t);
    const wires0 = await count('WIRE');
    const a1 = await page.evaluate(() => (window as any).pinScreen('SW1', '4'));
    const b1 = await page.evaluate(() => (window as any).pinScreen('SW2', '4'));
    expect(a1 && b1).toBeTruthy();
    await page.mouse.click(10, 10); // focus the canvas
    await page.keyboard.press('w');
    await page.mouse.click(a1.x, a1.y);
    await page.mouse.move((a1.x + b1.x) / 2, (a1.y + b1.y) / 2);
    await page.mouse.click(b1.x, b1.y); // a pin: the wire ends there
    expect(await count('WIRE')).toBe(wires0 + 1);
    const wire = await page.evaluate(() => { const d = (window as any).view.editor.doc; const w = d.ofType('WIRE').at(-1); return { key: w[0], pts: w[1][2][0] }; });
    expect(wire.pts.slice(0, 2)).toEqual([a1.wx, a1.wy]);
    expect(wire.pts.slice(-2)).toEqual([b1.wx, b1.wy]);
    // net label on the wire's first segment
    await page.keyboard.press('Escape');
    await page.keyboard.press('n');
    const mid = await page.evaluate((p) => (window as any).view.viewport.toScreen((p[0] + p[2]) / 2, (p[1] + p[3]) / 2), wire.pts);
    await page.mouse.click(mid.x, mid.y);
    const label = () => page.evaluate((k) => { const d = (window as any).view.editor.doc; return d.childrenOf(k).map((c: string) => d.get(c)).find((r: unknown[]) => r[3] === 'NET')?.[4] ?? null; }, wire.key);
    expect(await label()).toBe('NET1');
    await page.keyboard.press('Control+z');
    expect(await label()).toBeNull();
    await page.keyboard.press('Control+z');
    expect(await count('WIRE')).toBe(wires0);
    await page.keyboard.press('Control+y');
    await page.keyboard.press('Control+y');
    expect(await count('WIRE')).toBe(wires0 + 1);
    expect(await label()).toBe('NET1');
    // the canvas shows the wire: green pixels around its first segment's middle
    const green = await page.evaluate((m) => {
      const v = (window as any).view; v.draw();
      const c = document.querySelector('canvas')!; const g = c.getContext('2d')!;
      const d = g.getImageData(Math.round(m.x) - 3, Math.round(m.y) - 3, 7, 7).data;
      let n = 0; for (let i = 0; i < d.length; i += 4) if (d[i + 1] > d[i] + 40 && d[i + 1] > d[i + 2] + 40) n++;
      return n;
    }, mid);
    expect(green).toBeGreaterThan(0);
    const saved = await page.evaluate(() => (window as any).api.serializeDocument((window as any).view.editor.doc));
    await page.close();
    const again = await open(saved);
    const back = await again.evaluate((k) => { const d = (window as any).view.editor.doc; return { has: d.has(k), net: d.childrenOf(k).map((c: string) => d.get(c)).find((r: unknown[]) => r[3] === 'NET')?.[4] }; }, wire.key);
    expect(back).toEqual({ has: true, net: 'NET1' });
    await again.close();
  }, 60_000);

  it('a symbol opens in the symbol editor: P then a click adds a pin, Ctrl+Z removes it', async () => {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
    await page.addScriptTag({ content: js });
    const text = entryText(a, 'SYMBOL/e956bc515dd74744a6fd01ab3b6812d3.esym');
    await page.evaluate((t) => (window as any).openSym_(t), text);
    const pins = () => page.evaluate(() => (window as any).view.symbolEditor.doc.ofType('PIN').length);
    expect(await pins()).toBe(2);
    const at = await page.evaluate(() => (window as any).view.viewport.toScreen(0, 10));
    await page.mouse.click(5, 5);
    await page.keyboard.press('p');
    await page.mouse.click(at.x, at.y);
    expect(await pins()).toBe(3);
    const pin = await page.evaluate(() => { const d = (window as any).view.symbolEditor.doc; const p = d.ofType('PIN').at(-1)[1]; return [p[4], p[5]]; });
    expect(pin).toEqual([0, 10]);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+z');
    expect(await pins()).toBe(2);
    await page.close();
  }, 60_000);

  it('wheel zooms about the cursor, middle-drag pans, frame time is reported', async () => {
    const page = await open(input.sheet);
    const z0 = await page.evaluate(() => (window as any).view.viewport.zoom);
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, -100);
    const z1 = await page.evaluate(() => (window as any).view.viewport.zoom);
    expect(z1).toBeGreaterThan(z0);
    const c0 = await page.evaluate(() => (window as any).view.viewport.cx);
    await page.mouse.down({ button: 'middle' });
    await page.mouse.move(540, 400);
    await page.mouse.up({ button: 'middle' });
    const c1 = await page.evaluate(() => (window as any).view.viewport.cx);
    expect(c1).toBeGreaterThan(c0);
    const ms = await page.evaluate(() => (window as any).view.draw());
    expect(ms).toBeGreaterThan(0);
    await page.close();
  }, 60_000);
});
