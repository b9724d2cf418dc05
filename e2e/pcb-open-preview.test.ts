/**
 * A big board opened in the app (issue 14 part 6): past 8,000 primitives the PCB view's first frame is
 * the board drawn on the CPU (WebGL frame kind 'preview'), its WebGL geometry is built once the page is
 * idle after that frame, and the frames that follow come from the snapshot; then the ratsnest is
 * counted and a click on a pad picks it. The board: the STM32G431-mini fixture with its PCB replaced
 * by a generated one of 6,000 pads and 3,000 tracks (bench/lib/pcb-boards.ts), its pour fills left out.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readEpro, writeEpro } from '@copperplate/format';
import { generatedBoard } from '../bench/lib/pcb-boards.ts';
import { fixtureFiles, fixtureNames } from './lib/fixtures.ts';
import { editorSession, litShare, waitForEditor, type EditorSession } from './lib/editor.ts';

let session: EditorSession;
let page: Page;
let dir: string;
const fixture = fixtureFiles().find((f) => f.includes('STM32')) ?? fixtureFiles()[0];
const names = fixtureNames(fixture);

beforeAll(async () => {
  const a = readEpro(new Uint8Array(readFileSync(fixture)), { name: fixture });
  const pcbUuid = Object.keys((a.projectJson.pcbs ?? {}) as Record<string, unknown>)[0];
  a.entries.set(`PCB/${pcbUuid}.epcb`, generatedBoard(100, 60, 2, '6k').text);
  for (const k of [...a.entries.keys()]) if (k.startsWith('POUR/')) a.entries.delete(k);
  dir = mkdtempSync(join(tmpdir(), 'cp-preview-'));
  const file = join(dir, 'big-board.epro');
  writeFileSync(file, writeEpro(a));
  session = await editorSession({ user: 'preview', fixture: file });
  page = session.page;
}, 180_000);
afterAll(async () => {
  await session?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('[issue-14] a big board opens on its CPU-drawn picture', () => {
  it('the first frame is the preview, the geometry is built after it, then the snapshot; the ratsnest is counted and a pad can be picked', async () => {
    // every frame's kind, from the first one the PCB view draws (the project opens on its first sheet)
    await page.evaluate(`{
      window.__kinds = [];
      const poll = () => {
        const h = window.__cpEditor;
        const g = h && h.kind === 'pcbs' && h.view && h.view.frames > 0 ? h.view.gl : null;
        if (g && window.__kinds[window.__kinds.length - 1] !== g.kind + (g.deferred ? ' deferred' : '')) window.__kinds.push(g.kind + (g.deferred ? ' deferred' : ''));
        requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    }`);
    await page.locator(`[role=treeitem][data-icon=pcb] > .tree-row[title="${names.pcbs[0]}"]`).first().click();
    await waitForEditor(page, 'pcbs');
    await page.waitForFunction(() => ((window as any).__kinds as string[]).includes('snapshot'), null, { timeout: 120_000 });
    const kinds = await page.evaluate(() => (window as any).__kinds as string[]);
    console.log(`[pcb-open-preview] frames: ${kinds.join(' -> ')}`);
    expect(kinds[0]).toBe('preview deferred');
    expect(kinds).toContain('preview'); // the geometry built, the picture standing in while the snapshot is drawn
    expect(kinds.indexOf('snapshot')).toBeGreaterThan(kinds.indexOf('preview'));
    expect(await session.hook<boolean>('(h) => h.view.gl.deferred')).toBe(false);
    // the ratsnest, made when the page is idle after the geometry: 6,000 pads, pairs on 3,000 nets joined by tracks
    await expect.poll(() => page.getByTestId('unrouted').innerText(), { timeout: 60_000 }).toMatch(/^\d+ unrouted$/);
    // what the canvas shows: the board (lit pixels in the middle), and a click on a pad's centre selects it
    const lit = await litShare(session);
    expect(lit).toBeGreaterThan(0.05);
    // zoomed onto the pad at (2500, -1500) mil (column 50, row 30 of the 50-mil grid), then clicked
    await session.hook('(h) => h.fitBox(2400, -1600, 2600, -1400)');
    const at = await session.hook<{ x: number; y: number }>('(h) => h.toPage(2500, -1500)');
    await page.mouse.click(at.x, at.y);
    await expect.poll(() => session.hook<string[]>('(h) => h.editor.selection.ids.map((k) => h.doc.get(k)[0])')).toEqual(['PAD']);
    expect(session.errors).toEqual([]);
  }, 240_000);
});
