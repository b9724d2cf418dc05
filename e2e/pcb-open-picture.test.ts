/**
 * A big board (over PICTURE_MIN_CHARS of text) opens behind its picture (issue 14 part 6,
 * apps/web board-picture.ts): the text parsed, the board's picture drawn over the place of the editor's
 * canvas and shown before the document, scene and view are made; the editor's first frame is that
 * same picture (its view takes the pixels: the same view, the same canvas size), and the picture is
 * taken away once the editor drew. With `cp.picture` off the editor opens as before, without it. The
 * board: the STM32G431-mini fixture with its PCB replaced by a generated one of 15,000 pads and 7,500
 * tracks (bench/lib/pcb-boards.ts, about 2 MB of text), its pour fills left out.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readEpro, writeEpro } from '@copperplate/format';
import { generatedBoard } from '../bench/lib/pcb-boards.ts';
import { fixtureFiles, fixtureNames } from './lib/fixtures.ts';
import { editorSession, waitForEditor, type EditorSession } from './lib/editor.ts';

let session: EditorSession;
let page: Page;
let dir: string;
const fixture = fixtureFiles().find((f) => f.includes('STM32')) ?? fixtureFiles()[0];
const names = fixtureNames(fixture);
const board = generatedBoard(150, 100, 2, '15k');

beforeAll(async () => {
  const a = readEpro(new Uint8Array(readFileSync(fixture)), { name: fixture });
  const pcbUuid = Object.keys((a.projectJson.pcbs ?? {}) as Record<string, unknown>)[0];
  a.entries.set(`PCB/${pcbUuid}.epcb`, board.text);
  for (const k of [...a.entries.keys()]) if (k.startsWith('POUR/')) a.entries.delete(k);
  dir = mkdtempSync(join(tmpdir(), 'cp-picture-'));
  const file = join(dir, 'big-board.epro');
  writeFileSync(file, writeEpro(a));
  session = await editorSession({ user: 'picture', fixture: file });
  page = session.page;
}, 180_000);
afterAll(async () => {
  await session?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Watches the page for the picture's canvas: where it was laid, its size, and (once taken away) the share of its pixels that are not the background. */
const watchPicture = `{
  window.__pic = null;
  new MutationObserver((ms) => {
    for (const m of ms) {
      for (const n of m.addedNodes) if (n.dataset && n.dataset.testid === 'board-picture') window.__pic = { left: parseFloat(n.style.left), top: parseFloat(n.style.top), width: parseFloat(n.style.width), height: parseFloat(n.style.height), w: n.width, h: n.height, removed: false, lit: 0 };
      for (const n of m.removedNodes) if (n.dataset && n.dataset.testid === 'board-picture' && window.__pic) {
        const d = n.getContext('2d').getImageData(0, 0, n.width, n.height).data;
        let lit = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i] !== 0x10 || d[i + 1] !== 0x14 || d[i + 2] !== 0x1a) lit++;
        window.__pic.removed = true;
        window.__pic.lit = lit / (n.width * n.height);
      }
    }
  }).observe(document.body, { childList: true });
}`;

const markAt = (p: Page, name: string) => p.evaluate((n) => performance.getEntriesByName(n).map((m) => m.startTime).at(-1) ?? -1, name);
const pcbRow = (p: Page) => p.locator(`[role=treeitem][data-icon=pcb] > .tree-row[title="${names.pcbs[0]}"]`).first();

describe('[issue-14] a big board opens behind its picture', () => {
  it('the picture is shown before the editor draws, over the canvas\'s very place; the editor\'s first frame takes its pixels; then it is taken away', async () => {
    expect(board.text.length).toBeGreaterThan(1_500_000);
    await page.evaluate(watchPicture);
    await pcbRow(page).click();
    await waitForEditor(page, 'pcbs');
    await page.waitForFunction(() => (window as any).__pic?.removed === true, null, { timeout: 120_000 });
    const pic = await page.evaluate(() => (window as any).__pic as { left: number; top: number; width: number; height: number; w: number; h: number; lit: number });
    // the editor's canvas: the same place and size, in CSS and device pixels
    const canvas = await page.evaluate(() => {
      const c = document.querySelector('canvas.cp-canvas') as HTMLCanvasElement;
      const r = c.getBoundingClientRect();
      return { left: r.left, top: r.top, width: r.width, height: r.height, w: c.width, h: c.height };
    });
    console.log(`[pcb-open-picture] picture ${JSON.stringify(pic)}, canvas ${JSON.stringify(canvas)}`);
    expect(pic.w).toBe(canvas.w);
    expect(pic.h).toBe(canvas.h);
    for (const k of ['left', 'top', 'width', 'height'] as const) expect(Math.abs(pic[k] - canvas[k])).toBeLessThan(0.5);
    // it showed the board (lit pixels: 15,000 pads in a quarter of the area or more)
    expect(pic.lit).toBeGreaterThan(0.05);
    // shown before the editor's view drew its first frame; the view's first preview is the picture itself
    const shown = await markAt(page, 'cp:picture-shown'), first = await markAt(page, 'cp:first-draw'), parsed = await markAt(page, 'cp:picture-parsed');
    expect(shown).toBeGreaterThan(parsed);
    expect(first).toBeGreaterThan(shown);
    expect(await session.hook<boolean>('(h) => h.view.gl.tookPicture')).toBe(true);
    expect(await page.locator('[data-testid=board-picture]').count()).toBe(0);
    // the editor works on the board: its ratsnest counted
    await expect.poll(() => page.getByTestId('unrouted').innerText(), { timeout: 60_000 }).toMatch(/^\d+ unrouted$/);
    expect(session.errors).toEqual([]);
  }, 240_000);

  it('with the picture turned off (cp.picture) the editor opens without one', async () => {
    await page.evaluate(() => { localStorage.setItem('cp.picture', 'off'); localStorage.removeItem('cp.tabs'); });
    await page.reload();
    await page.getByRole('tree').waitFor();
    await page.evaluate(watchPicture);
    await pcbRow(page).click();
    await waitForEditor(page, 'pcbs');
    await expect.poll(() => session.hook<number>('(h) => h.view.frames'), { timeout: 120_000 }).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as any).__pic)).toBeNull();
    expect(await markAt(page, 'cp:picture-shown')).toBe(-1);
    expect(await session.hook<boolean>('(h) => h.view.gl.tookPicture')).toBe(false);
    expect(session.errors).toEqual([]);
  }, 240_000);
});
