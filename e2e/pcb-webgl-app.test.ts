/**
 * The PCB editor of the app with the WebGL2 painter (issue 14 part 6; the default, nothing set): the
 * layers are drawn on a WebGL canvas stacked under the 2D canvas of the live layers; hiding a layer
 * changes what the page shows, a wheel zoom redraws, and the PCB canvas still takes the clicks; a pan
 * or wheel zoom moves the drawn canvases by a CSS transform while it goes on (view/composite.ts).
 * With `cp.canvas` = `2d` the Canvas2D tile painter draws them on the PCB canvas itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fixtureFiles, fixtureNames } from './lib/fixtures.ts';
import { editorSession, gestureState, litShare, waitForEditor, type EditorSession } from './lib/editor.ts';

let session: EditorSession;
let page: Page;
const file = fixtureFiles().find((f) => f.includes('STM32')) ?? fixtureFiles()[0];
const names = fixtureNames(file);

beforeAll(async () => {
  session = await editorSession({ user: 'webgl', fixture: file });
  page = session.page;
  await page.locator(`[role=treeitem][data-icon=pcb] > .tree-row[title="${names.pcbs[0]}"]`).first().click();
  // building the WebGL geometry of the board takes longer than the 2D painter's first frame on a loaded machine
  await page.waitForFunction(() => (window as any).__cpEditor?.kind === 'pcbs' && (window as any).__cpEditor.view, null, { timeout: 120_000 }).catch((e) => {
    throw new Error(`${(e as Error).message}; page errors: ${session.errors.join(' | ')}`);
  });
  await waitForEditor(page, 'pcbs');
}, 180_000);
afterAll(async () => {
  await session?.close();
});

describe('[issue-14] PCB editor on WebGL2', () => {
  it('draws the layers on the stacked WebGL canvas; hiding a layer and zooming redraw it', async () => {
    expect(await session.hook<string>('(h) => h.view.painter')).toBe('webgl');
    const gl = page.locator('canvas[data-painter=webgl]');
    await gl.waitFor({ state: 'attached' });
    const box = (await page.getByLabel('PCB canvas').boundingBox())!;
    const glBox = (await gl.boundingBox())!;
    expect([glBox.x, glBox.y, glBox.width, glBox.height].map(Math.round)).toEqual([box.x, box.y, box.width, box.height].map(Math.round));

    // each picture of a settled view: the ratsnest made (after the first frame, when the page is idle)
    // and the snapshot of the board's pours drawn (between frames); a picture taken before either
    // differed from one taken after (CI under load: the same layers shown, not the same pixels)
    const shot = async () => {
      await page.waitForFunction(() => { const v = (window as any).__cpEditor?.view; return v && v.ratsnest() !== undefined && !v.gl?.busy; }, null, { timeout: 60_000 });
      await session.hook('(h) => h.view.draw()');
      await page.waitForFunction(() => !(window as any).__cpEditor?.view?.gl?.busy, null, { timeout: 60_000 });
      await session.hook('(h) => h.view.draw()');
      return page.screenshot({ clip: box });
    };
    const shown = await shot();
    const layers = page.getByRole('complementary', { name: 'Layers' });
    await layers.getByLabel('Show Top Layer').uncheck();
    const hidden = await shot();
    expect(hidden.equals(shown)).toBe(false);
    await layers.getByLabel('Show Top Layer').check();
    expect((await shot()).equals(shown)).toBe(true);

    // a wheel zoom over the canvas: the view zooms and the page shows something else
    const zoom = await session.hook<number>('(h) => h.view.viewport.zoom');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => session.hook<number>('(h) => h.view.viewport.zoom')).toBeGreaterThan(zoom);
    expect((await shot()).equals(shown)).toBe(false);
    expect(session.errors).toEqual([]);
  }, 180_000);

  it('the ratsnest is made after the first frame, when the page is idle: then drawn and counted in the status line', async () => {
    // the view's ratsnest appears without any edit or redraw asked for, and the status line shows its count
    await expect.poll(() => session.hook<boolean>('(h) => h.view.ratsnest() !== undefined'), { timeout: 60_000 }).toBe(true);
    const n = await session.hook<number>('(h) => h.editor.ratsnest().lines.length');
    await expect.poll(() => page.getByTestId('unrouted').innerText()).toBe(`${n} unrouted`);
  }, 120_000);

  it('a pan by the pointer moves the drawn frame by a CSS transform until released, then the view is drawn; a long pan is drawn on the way; a wheel zoom is moved, then drawn', async () => {
    const box = (await page.getByLabel('PCB canvas').boundingBox())!;
    const settledView = () => page.waitForFunction(() => { const v = (window as any).__cpEditor?.view; return v && v.ratsnest() !== undefined && !v.gl?.busy && !v.composed.now; }, null, { timeout: 60_000 });
    await session.hook('(h) => h.view.fit()');
    await settledView();
    await session.hook('(h) => h.view.draw()');
    const state = () => gestureState(page);
    const dx = 120, dy = 60, w = Math.floor(box.width) - dx, h = Math.floor(box.height) - dy;
    const before = await page.screenshot({ clip: { x: box.x, y: box.y, width: w, height: h } });
    const s0 = await state();
    const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
    await page.mouse.move(cx, cy);
    await page.mouse.down({ button: 'middle' });
    for (let i = 1; i <= 4; i++) await page.mouse.move(cx + (dx * i) / 4, cy + (dy * i) / 4);
    const s1 = await state();
    // nothing drawn: both drawn canvases moved by the pointer's travel, the event canvas left in place
    expect(s1.frames).toBe(s0.frames);
    expect(s1.moved).toBeGreaterThan(s0.moved);
    expect(s1).toMatchObject({ now: true, gl: `translate(${dx}px, ${dy}px) scale(1)`, live: `translate(${dx}px, ${dy}px) scale(1)` });
    expect([...Object.values((await page.getByLabel('PCB canvas').boundingBox())!)]).toEqual([...Object.values(box)]);
    // what the page shows is the frame before, moved: the same pixels dx, dy further on
    const after = await page.screenshot({ clip: { x: box.x + dx, y: box.y + dy, width: w, height: h } });
    expect(after.equals(before)).toBe(true);
    await page.mouse.up({ button: 'middle' });
    await settledView();
    const s2 = await state();
    expect(s2.frames).toBeGreaterThan(s1.frames);
    expect(s2).toMatchObject({ now: false, gl: '', live: '' });

    // a pan of 0.8 of the view (under 0.3 of it still covered by the frame): drawn on the way
    await page.mouse.move(box.x + 10, cy);
    await page.mouse.down({ button: 'middle' });
    for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 10 + (box.width * 0.8 * i) / 10, cy);
    const s3 = await state();
    expect(s3.frames).toBeGreaterThan(s2.frames);
    expect(s3.moved).toBeGreaterThan(s2.moved);
    await page.mouse.up({ button: 'middle' });
    await settledView();

    // a wheel notch: the frame scaled about the pointer at once (in the same task as the event), the
    // view drawn when the wheel rests
    const z = await page.evaluate(([x, y]) => {
      const v = (window as any).__cpEditor.view, c = document.querySelector('canvas[aria-label="PCB canvas"]') as HTMLCanvasElement;
      const f0 = v.frames, zoom0 = v.viewport.zoom;
      c.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, clientX: x, clientY: y, bubbles: true, cancelable: true }));
      const gl = document.querySelector('canvas[data-painter=webgl]') as HTMLCanvasElement;
      return { drawn: v.frames - f0, now: v.composed.now as boolean, zoom: v.viewport.zoom / zoom0, transform: gl.style.transform };
    }, [box.x + 100, box.y + 80]);
    expect(z.drawn).toBe(0);
    expect(z.now).toBe(true);
    expect(z.zoom).toBeCloseTo(1.2, 9);
    // the point under the pointer stays: translate = p (1 - k) for p = (100, 80) CSS px
    expect(z.transform).toMatch(/^translate\((-?[\d.]+)px, (-?[\d.]+)px\) scale\(1\.2\d*\)$/);
    const [, tx, ty] = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(z.transform)!;
    expect(Number(tx)).toBeCloseTo(100 * (1 - 1.2), 3);
    expect(Number(ty)).toBeCloseTo(80 * (1 - 1.2), 3);
    await settledView();
    expect(await state()).toMatchObject({ now: false, gl: '', live: '' });

    // seen from the bottom (the view mirrored): the picture still follows the pointer
    await session.hook('(h) => h.view.setMirrored(true)');
    await settledView();
    await session.hook('(h) => h.view.draw()');
    const mBefore = await page.screenshot({ clip: { x: box.x, y: box.y, width: w, height: h } });
    await page.mouse.move(cx, cy);
    await page.mouse.down({ button: 'middle' });
    for (let i = 1; i <= 4; i++) await page.mouse.move(cx + (dx * i) / 4, cy + (dy * i) / 4);
    // the canvases move the other way inside the mirrored box
    expect(await state()).toMatchObject({ now: true, gl: `translate(${-dx}px, ${dy}px) scale(1)` });
    expect((await page.screenshot({ clip: { x: box.x + dx, y: box.y + dy, width: w, height: h } })).equals(mBefore)).toBe(true);
    await page.mouse.up({ button: 'middle' });
    await session.hook('(h) => h.view.setMirrored(false)');
    await settledView();
    expect(session.errors).toEqual([]);
  }, 180_000);

  it('the Canvas2D fallback when asked for (cp.canvas = 2d): no WebGL canvas, the layers drawn on the PCB canvas', async () => {
    await page.evaluate(() => localStorage.setItem('cp.canvas', '2d'));
    await page.reload();
    await page.locator(`[role=treeitem][data-icon=pcb] > .tree-row[title="${names.pcbs[0]}"]`).first().click();
    await waitForEditor(page, 'pcbs');
    expect(await session.hook<string>('(h) => h.view.painter')).toBe('canvas2d');
    expect(await page.locator('canvas[data-painter=webgl]').count()).toBe(0);
    // what the canvas shows: more than the background (#10141a) in the middle of the fitted board
    const lit = await litShare(session);
    expect(lit).toBeGreaterThan(0.05);
    await page.evaluate(() => localStorage.removeItem('cp.canvas'));
  }, 180_000);
});
