/**
 * [issue-14] part 3 in Chromium, with the mouse and keyboard only: clear a fixture board, draw its
 * outline (rectangle, then a polygon finished by a double click), "Update from schematic": the parts
 * land right of the outline; Fit shows them all; a click on a footprint's body selects it; the
 * property panel moves it in mm after the units are switched; the grid is drawn and its size set;
 * net highlight lights the net on the canvas; a connection is routed (W, a click on each pad); reload:
 * the server and the reopened board have it all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fixtureFiles, fixtureNames } from './lib/fixtures.ts';
import { clickAt, recordsOf, serverDataStr, until, waitForEditor, editorSession, type EditorSession } from './lib/editor.ts';

let session: EditorSession;
let page: Page;
let errors: string[];
let project = '';
const file = fixtureFiles().find((f) => f.includes('ExtModule-002')) ?? fixtureFiles()[0];
const names = fixtureNames(file);

beforeAll(async () => {
  session = await editorSession({ user: 'pcbess', fixture: file, open: ['pcb', names.pcbs[0], 'pcbs'] });
  ({ page, errors, project } = session);
}, 180_000);
afterAll(async () => {
  await session?.close();
});

const hook = <T,>(fn: string, arg?: unknown): Promise<T> => session.hook<T>(fn, arg);
const canvas = () => page.getByLabel('PCB canvas');
const props = () => page.getByRole('region', { name: 'Properties' });

describe('PCB essentials in the browser (issue 14, part 3)', () => {
  it('[issue-14] outline by rectangle and by polygon (double click), Update from schematic lands the parts beside it, Fit shows all, body click selects, X in mm, grid, net highlight, a connection routed; reload: the server has it all', async () => {
    // an empty board: select everything, delete
    await canvas().focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    await until(() => hook<number>('(h) => h.doc.ofType("COMPONENT").length + h.doc.ofType("POLY").length + h.doc.ofType("LINE").length').then((n) => n === 0), 10_000, 'an empty board');

    // the outline tool, rectangle: two corners
    await hook('(h) => h.fitBox(-200, -1200, 1800, 200)');
    await page.getByRole('button', { name: 'Board outline (O)', exact: true }).click();
    await page.getByRole('group', { name: 'Outline shape' }).getByRole('button', { name: 'Rectangle' }).click();
    await clickAt(page, 0, 0);
    await clickAt(page, 1500, -1000);
    const outlines = () => hook<unknown[][]>('(h) => h.doc.ofType("POLY").map(([, r]) => r).filter((r) => r[4] === 11)');
    expect((await outlines()).map((r) => r[6])).toEqual([[0, 0, 'L', 1500, 0, 1500, -1000, 0, -1000, 0, 0]]);
    // a polygon cut-out drawn corner by corner, finished by a double click on the last corner
    await page.getByRole('group', { name: 'Outline shape' }).getByRole('button', { name: 'Polygon' }).click();
    await clickAt(page, 200, -200);
    await clickAt(page, 400, -200);
    const last = await hook<{ x: number; y: number }>('(h) => h.toPage(400, -400)');
    await page.mouse.dblclick(last.x, last.y);
    await until(() => outlines().then((o) => o.length === 2), 10_000, 'the second outline');
    expect((await outlines())[1][6]).toEqual([200, -200, 'L', 400, -200, 400, -400, 200, -200]);
    await page.keyboard.press('Escape');

    // Update from schematic: the parts land right of the outline, none on it
    await page.getByRole('button', { name: 'Update from schematic' }).click();
    const dlg = page.getByTestId('update-from-schematic');
    await dlg.getByRole('button', { name: /^Apply \d+ changes$/ }).click();
    await dlg.waitFor({ state: 'detached' });
    const comps = await hook<Array<{ key: string; minX: number; minY: number; maxX: number; maxY: number }>>('(h) => h.doc.ofType("COMPONENT").map(([k]) => ({ key: k, ...h.editor.boxOf(k) }))');
    expect(comps.length).toBeGreaterThan(5);
    expect(comps.every((b) => b.minX > 1500)).toBe(true);

    // Fit (K): the outline and every part are on the canvas
    await canvas().focus();
    await page.keyboard.press('k');
    const onCanvas = await hook<boolean>(`(h, cs) => {
      const c = document.querySelector('canvas[aria-label="PCB canvas"]').getBoundingClientRect();
      const inside = (x, y) => { const p = h.toPage(x, y); return p.x >= c.left - 1 && p.x <= c.right + 1 && p.y >= c.top - 1 && p.y <= c.bottom + 1; };
      return inside(0, 0) && inside(1500, -1000) && cs.every((b) => inside(b.minX, b.minY) && inside(b.maxX, b.maxY));
    }`, comps);
    expect(onCanvas).toBe(true);

    // a click on the body of the largest footprint (its centre, off its pads) selects it
    const target = await hook<{ key: string; x: number; y: number } | null>(`(h) => {
      const ed = h.editor;
      const cs = ed.doc.ofType('COMPONENT').map(([k]) => ({ k, b: ed.boxOf(k) })).sort((p, q) => (q.b.maxX - q.b.minX) * (q.b.maxY - q.b.minY) - (p.b.maxX - p.b.minX) * (p.b.maxY - p.b.minY));
      for (const { k, b } of cs) {
        const x = (b.minX + b.maxX) / 2, y = (b.minY + b.maxY) / 2;
        if (!ed.copperAt(x, y) && ed.hitTest(x, y, 5)[0] === k) return { key: k, x, y };
      }
      return null;
    }`);
    expect(target).not.toBeNull();
    await hook('(h, t) => h.fitBox(t.x - 300, t.y - 300, t.x + 300, t.y + 300)', target);
    await clickAt(page, target!.x, target!.y);
    await until(() => hook<string[]>('(h) => h.editor.selection.ids').then((ids) => ids.length === 1 && ids[0] === target!.key), 10_000, 'the footprint selected');
    await props().getByText(/^Component /).waitFor();

    // units mm, then X typed in mm moves the part (25.4 mm = 1000 mil right of the outline's origin... at 3000 mil)
    await page.getByLabel('Units').selectOption('mm');
    await props().getByLabel('X (mm)').waitFor();
    await props().getByLabel('X (mm)').fill('76.2');
    await props().getByLabel('X (mm)').press('Enter');
    await until(() => hook<number>('(h, k) => h.doc.get(k)[4]', target!.key).then((x) => Math.abs(x - 3000) < 1e-6), 10_000, 'the part at X 76.2 mm');
    expect(await page.getByTestId('cursor').innerText()).toMatch(/mm$/);

    // the grid: drawn (pixels change when it is hidden), its size set in mm
    const empty = await hook<{ x: number; y: number }>('(h) => ({ x: 700, y: -700 })');
    await hook('(h, p) => h.fitBox(p.x - 100, p.y - 100, p.x + 100, p.y + 100)', empty);
    const sample = () => hook<number>(`(h, p) => {
      const q = h.view.viewport.toScreen(p.x, p.y);
      const d = h.view.pixels(Math.round(q.x) - 60, Math.round(q.y) - 60, 120, 120);
      let s = 0; for (let i = 0; i < d.length; i += 4) s += d[i] + d[i + 1] + d[i + 2];
      return s;
    }`, empty);
    const withGrid = await sample();
    await page.getByRole('checkbox', { name: 'Grid' }).uncheck();
    const without = await sample();
    expect(withGrid).toBeGreaterThan(without);
    await page.getByRole('checkbox', { name: 'Grid' }).check();
    await page.getByLabel('Grid size').fill('0.5');
    await page.getByLabel('Grid size').press('Enter');
    await until(() => hook<{ unit: string; size: number }>('(h) => h.editor.grid').then((g) => g.unit === 'mm' && Math.abs(g.size - 19.685) < 0.001), 10_000, 'the 0.5 mm grid');

    // net highlight: select a pad's part and press H: the pads of that net turn the highlight colour
    const pad = await hook<{ x: number; y: number; net: string }>(`(h) => {
      for (const p of h.editor.scene.all()) if (p.kind === 'pad' && p.net && p.layer === 1) return { x: (p.box.minX + p.box.maxX) / 2, y: (p.box.minY + p.box.maxY) / 2, net: p.net };
      return null;
    }`);
    await hook('(h, p) => h.fitBox(p.x - 80, p.y - 80, p.x + 80, p.y + 80)', pad);
    await page.getByRole('checkbox', { name: 'Ratsnest' }).uncheck();
    const pixel = () => hook<number[]>(`(h, p) => {
      const q = h.view.viewport.toScreen(p.x, p.y);
      return Array.from(h.view.pixels(Math.round(q.x), Math.round(q.y), 1, 1).slice(0, 3));
    }`, pad);
    const plain = await pixel();
    await hook('(h, p) => h.editor.selection.select(h.editor.hitTest(p.x, p.y, 1).slice(0, 1))', pad);
    await canvas().focus();
    await page.keyboard.press('h');
    await until(() => hook<string | null>('(h) => h.editor.highlightNet').then((n) => n === pad.net), 10_000, 'the net highlighted');
    const lit = await pixel();
    expect(lit).not.toEqual(plain);
    expect(lit[2]).toBeGreaterThan(plain[2]); // towards the cyan of the highlight
    await page.keyboard.press('h');
    await page.getByRole('checkbox', { name: 'Ratsnest' }).check();

    // route one connection of the ratsnest with the route tool (W): a click on each pad; the shortest
    // pad-to-pad connections first, the next one when online DRC refuses a path
    const rats = await hook<Array<{ net: string; x1: number; y1: number; x2: number; y2: number }>>(`(h) => {
      const ed = h.editor;
      const onTop = (x, y) => ed.copperAt(x, y, 1)?.kind === 'pad';
      return ed.ratsnest().lines.filter((l) => onTop(l.x1, l.y1) && onTop(l.x2, l.y2)).sort((a, b) => Math.hypot(a.x2 - a.x1, a.y2 - a.y1) - Math.hypot(b.x2 - b.x1, b.y2 - b.y1)).slice(0, 6);
    }`);
    expect(rats.length).toBeGreaterThan(0);
    const unrouted = () => hook<number>('(h) => h.editor.ratsnest().lines.length');
    const total = await unrouted();
    const lines0 = await hook<number>('(h) => h.doc.ofType("LINE").length');
    await canvas().focus();
    await page.keyboard.press('t');
    await page.keyboard.press('w');
    await page.locator('button[aria-label="Route track (W)"][aria-pressed=true]').waitFor({ timeout: 10_000 });
    let routed = false;
    for (const r of rats) {
      await hook('(h, r) => h.fitBox(Math.min(r.x1, r.x2) - 60, Math.min(r.y1, r.y2) - 60, Math.max(r.x1, r.x2) + 60, Math.max(r.y1, r.y2) + 60)', r);
      await clickAt(page, r.x1, r.y1);
      await clickAt(page, r.x2, r.y2);
      await page.keyboard.press('Escape'); // ends a route the DRC refused
      if ((await unrouted()) === total - 1) { routed = true; break; }
    }
    expect(routed).toBe(true);
    const lines1 = await hook<number>('(h) => h.doc.ofType("LINE").length');
    expect(lines1).toBeGreaterThan(lines0);
    await page.keyboard.press('Escape');

    // the server has the outline, the parts beside it, the track and the grid; the reopened board too
    const id = await hook<string>('(h) => h.id');
    await until(async () => {
      const recs = recordsOf(await serverDataStr(page, project, 'pcbs', id));
      const outline = recs.filter((r) => r[0] === 'POLY' && r[4] === 11).length === 2;
      const moved = recs.some((r) => r[0] === 'COMPONENT' && r[4] === 3000);
      const grid = recs.some((r) => r[0] === 'CANVAS' && r[3] === 'mm' && Math.abs(Number(r[6]) - 19.685) < 0.001);
      return outline && moved && grid && recs.filter((r) => r[0] === 'COMPONENT').length === comps.length && recs.filter((r) => r[0] === 'LINE').length === lines1;
    }, 30_000, 'the board on the server');
    await page.reload();
    await waitForEditor(page, 'pcbs');
    expect(await hook<number>('(h) => h.doc.ofType("COMPONENT").length')).toBe(comps.length);
    expect((await outlines()).length).toBe(2);
    expect(await hook<string>('(h) => h.editor.grid.unit')).toBe('mm');
    expect(await hook<number>('(h) => h.doc.ofType("LINE").length')).toBe(lines1);
    expect(await unrouted()).toBe(total - 1);
    expect(errors).toEqual([]);
  }, 180_000);
});
