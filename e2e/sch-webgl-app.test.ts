/**
 * The schematic editor of the app with the WebGL2 painter (issue 14 part 6; the default, as the PCB
 * editor's): a sheet's shapes are drawn on a WebGL canvas stacked under the 2D canvas (text, grid,
 * selection); selecting a part and a wheel zoom change what the page shows; a pan or wheel zoom moves
 * the drawn canvases by a CSS transform while it goes on (view/gesture-stack.ts). With `cp.canvas` = `2d`
 * Canvas2D draws everything on the schematic canvas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fixtureFiles } from './lib/fixtures.ts';
import { editorSession, gestureState, waitForEditor, type EditorSession } from './lib/editor.ts';

let session: EditorSession;
let page: Page;
const file = fixtureFiles().find((f) => f.includes('STM32')) ?? fixtureFiles()[0];

beforeAll(async () => {
  session = await editorSession({ user: 'schgl', fixture: file });
  page = session.page;
  await waitForEditor(page, 'sheets');
}, 180_000);
afterAll(async () => {
  await session?.close();
});

/** Share of the view's pixels (both canvases composited) that are not the white background. */
const drawn = () => session.hook<number>(`(h) => {
  const v = h.view, w = v.viewport.width, hh = v.viewport.height;
  const d = v.pixels(0, 0, Math.round(w), Math.round(hh));
  let n = 0; for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] < 3 * 255 - 24) n++;
  return n / (d.length / 4);
}`);

describe('[issue-14] schematic editor on WebGL2', () => {
  it('draws the sheet on the stacked WebGL canvas; a selection and a wheel zoom redraw it', async () => {
    expect(await session.hook<string>('(h) => h.view.painter')).toBe('webgl');
    const gl = page.locator('canvas[data-painter=webgl]');
    await gl.waitFor({ state: 'attached' });
    const box = (await page.getByLabel('Schematic canvas').boundingBox())!;
    const glBox = (await gl.boundingBox())!;
    expect([glBox.x, glBox.y, glBox.width, glBox.height].map(Math.round)).toEqual([box.x, box.y, box.width, box.height].map(Math.round));
    expect(await drawn()).toBeGreaterThan(0.02);

    const shot = async () => {
      await session.hook('(h) => h.view.draw()');
      return page.screenshot({ clip: box });
    };
    const shown = await shot();
    // a part selected: drawn in the highlight colour over the WebGL frame
    const comp = await session.hook<string>(`(h) => h.doc.keys().find((k) => h.doc.get(k)[0] === 'COMPONENT' && h.editor.scene.item(k))`);
    await session.hook(`(h, k) => h.editor.selection.select([k])`, comp);
    expect((await shot()).equals(shown)).toBe(false);
    await session.hook(`(h) => h.editor.selection.select([])`);
    expect((await shot()).equals(shown)).toBe(true);

    const zoom = await session.hook<number>('(h) => h.view.viewport.zoom');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => session.hook<number>('(h) => h.view.viewport.zoom')).toBeGreaterThan(zoom);
    expect((await shot()).equals(shown)).toBe(false);
    expect(session.errors).toEqual([]);
  }, 180_000);

  it('a pan by the pointer moves the drawn canvases by a CSS transform until released; a wheel notch scales them about the pointer, then the sheet is drawn', async () => {
    const box = (await page.getByLabel('Schematic canvas').boundingBox())!;
    const state = () => gestureState(page);
    await session.hook('(h) => h.view.draw()');
    await page.waitForFunction(() => !(window as any).__cpEditor.view.composed.now);
    const dx = -90, dy = 40, w = Math.floor(box.width) + dx, h = Math.floor(box.height) - dy;
    const before = await page.screenshot({ clip: { x: box.x - dx, y: box.y, width: w, height: h } });
    const s0 = await state();
    const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
    await page.mouse.move(cx, cy);
    await page.mouse.down({ button: 'middle' });
    for (let i = 1; i <= 3; i++) await page.mouse.move(cx + (dx * i) / 3, cy + (dy * i) / 3);
    const s1 = await state();
    expect(s1.moved).toBeGreaterThan(s0.moved);
    expect(s1).toMatchObject({ now: true, gl: `translate(${dx}px, ${dy}px) scale(1)`, live: `translate(${dx}px, ${dy}px) scale(1)` });
    // the page shows the frame before, moved by the pointer's travel
    const after = await page.screenshot({ clip: { x: box.x, y: box.y + dy, width: w, height: h } });
    expect(after.equals(before)).toBe(true);
    await page.mouse.up({ button: 'middle' });
    await page.waitForFunction(() => !(window as any).__cpEditor.view.composed.now);
    expect(await state()).toMatchObject({ gl: '', live: '' });

    // a pan released outside the canvas ends there: drawn, and a later move over the canvas pans nothing
    await page.mouse.move(cx, cy);
    await page.mouse.down({ button: 'middle' });
    await page.mouse.move(cx + 40, cy);
    await page.mouse.move(box.x + box.width + 40, cy);
    await page.mouse.up({ button: 'middle' });
    await page.waitForFunction(() => !(window as any).__cpEditor.view.composed.now);
    const at = await session.hook<number[]>('(h) => [h.view.viewport.cx, h.view.viewport.cy]');
    await page.mouse.move(cx, cy);
    await page.mouse.move(cx - 60, cy + 30);
    expect(await session.hook<number[]>('(h) => [h.view.viewport.cx, h.view.viewport.cy]')).toEqual(at);

    const z = await page.evaluate(([x, y]) => {
      const v = (window as any).__cpEditor.view, c = document.querySelector('canvas[aria-label="Schematic canvas"]') as HTMLCanvasElement;
      const zoom0 = v.viewport.zoom;
      c.dispatchEvent(new WheelEvent('wheel', { deltaY: 100, clientX: x, clientY: y, bubbles: true, cancelable: true }));
      return { now: v.composed.now as boolean, zoom: v.viewport.zoom / zoom0, transform: (document.querySelector('canvas[data-layer=live]') as HTMLCanvasElement).style.transform };
    }, [box.x + 200, box.y + 100]);
    expect(z.now).toBe(true);
    expect(z.zoom).toBeCloseTo(1 / 1.2, 9);
    const m = /^translate\((-?[\d.e-]+)px, (-?[\d.e-]+)px\) scale\(([\d.]+)\)$/.exec(z.transform)!;
    // (the style keeps six significant digits): the point under the pointer stays, translate = p (1 - k)
    expect(Number(m[1])).toBeCloseTo(200 * (1 - 1 / 1.2), 3);
    expect(Number(m[2])).toBeCloseTo(100 * (1 - 1 / 1.2), 3);
    expect(Number(m[3])).toBeCloseTo(1 / 1.2, 5);
    await page.waitForFunction(() => !(window as any).__cpEditor.view.composed.now);
    expect(await state()).toMatchObject({ gl: '', live: '' });
    expect(session.errors).toEqual([]);
  }, 180_000);

  it('the Canvas2D fallback when asked for (cp.canvas = 2d): no WebGL canvas, the sheet drawn on the schematic canvas', async () => {
    await page.evaluate(() => localStorage.setItem('cp.canvas', '2d'));
    await page.reload();
    await waitForEditor(page, 'sheets');
    expect(await session.hook<string>('(h) => h.view.painter')).toBe('canvas2d');
    expect(await page.locator('canvas[data-painter=webgl]').count()).toBe(0);
    expect(await drawn()).toBeGreaterThan(0.02);
    await page.evaluate(() => localStorage.removeItem('cp.canvas'));
  }, 180_000);
});
