/**
 * The schematic editor of the app with the WebGL2 painter (issue 14 part 6; the default, as the PCB
 * editor's): a sheet's shapes are drawn on a WebGL canvas stacked under the 2D canvas (text, grid,
 * selection); selecting a part and a wheel zoom change what the page shows. With `cp.canvas` = `2d`
 * Canvas2D draws everything on the schematic canvas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fixtureFiles } from './lib/fixtures.ts';
import { editorSession, waitForEditor, type EditorSession } from './lib/editor.ts';

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
