/**
 * Issue 6 in Chromium: open a fixture board in the PCB editor, take two pads the ratsnest shows as
 * unrouted, route a track between them with the route tool (W, real mouse clicks on the canvas),
 * reload: the track is in the reopened board and in the document the server stores, and the
 * connection is no longer in the ratsnest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fixtureFiles, fixtureNames } from './lib/fixtures.ts';
import { clickAt, recordsOf, serverDataStr, until, waitForEditor, editorSession, type EditorSession } from './lib/editor.ts';

let session: EditorSession;
let page: Page;
let errors: string[];
let project = '';
const file = fixtureFiles().find((f) => f.includes('STM32')) ?? fixtureFiles()[0];
const names = fixtureNames(file);

beforeAll(async () => {
  session = await editorSession({ user: 'pcb', fixture: file, open: ['pcb', names.pcbs[0], 'pcbs'] });
  ({ page, errors, project } = session);
}, 180_000);
afterAll(async () => {
  await session?.close();
});

interface Rat { net: string; x1: number; y1: number; x2: number; y2: number }

/** A ratsnest connection between two pads reachable on the top layer (top or multi-layer pads), shortest first. */
async function unroutedPads(page: Page): Promise<{ rat: Rat; total: number }> {
  return page.evaluate(() => {
    const ed = (window as any).__cpEditor.editor;
    const lines: Rat[] = ed.ratsnest().lines;
    const onTop = (x: number, y: number) => ed.copperAt(x, y, 1)?.kind === 'pad';
    const pads = lines.filter((l) => onTop(l.x1, l.y1) && onTop(l.x2, l.y2)).sort((a, b) => Math.hypot(a.x2 - a.x1, a.y2 - a.y1) - Math.hypot(b.x2 - b.x1, b.y2 - b.y1));
    if (!pads.length) throw new Error(`no unrouted pad pair on the top layer among ${lines.length} ratsnest lines`);
    return { rat: pads[0], total: lines.length };
  });
}

/** LINE records on the top layer of `net` (keys and coordinates). */
function tracks(page: Page, net: string): Promise<Array<{ id: string; pts: number[]; layer: number }>> {
  return page.evaluate((n) => {
    const doc = (window as any).__cpEditor.doc;
    return doc.ofType('LINE').filter(([, r]: [string, unknown[]]) => r[3] === n).map(([k, r]: [string, number[]]) => ({ id: k, pts: [r[5], r[6], r[7], r[8]], layer: r[4] }));
  }, net);
}

const near = (a: number, b: number) => Math.abs(a - b) < 0.01;

describe('PCB editor in the browser (issue 6)', () => {
  it('[issue-6] route a track between two unrouted pads, reload: the track is there and reached the server', async () => {
    const { rat, total } = await unroutedPads(page);
    const before = new Set((await tracks(page, rat.net)).map((t) => t.id));
    await page.evaluate((r) => (window as any).__cpEditor.fitBox(Math.min(r.x1, r.x2) - 60, Math.min(r.y1, r.y2) - 60, Math.max(r.x1, r.x2) + 60, Math.max(r.y1, r.y2) + 60), rat);
    await page.getByLabel('PCB canvas').focus();
    await page.keyboard.press('t');
    await page.keyboard.press('w');
    await page.locator('button[aria-label="Route track (W)"][aria-pressed=true]').waitFor({ timeout: 5000 });

    // click the first pad, then the second: the route starts and ends at the pad centres
    await clickAt(page, rat.x1, rat.y1);
    await clickAt(page, rat.x2, rat.y2);
    const added = (await tracks(page, rat.net)).filter((t) => !before.has(t.id));
    expect(added.length).toBeGreaterThanOrEqual(1);
    expect(added.every((t) => t.layer === 1)).toBe(true);
    const ends = added.flatMap((t) => [[t.pts[0], t.pts[1]], [t.pts[2], t.pts[3]]]);
    const hasEnd = (x: number, y: number) => ends.some(([ex, ey]) => near(ex, x) && near(ey, y));
    // a path from one pad centre to the other (the ratsnest ends are the pad centres)
    expect(hasEnd(rat.x1, rat.y1) || hasEnd(rat.x2, rat.y2)).toBe(true);
    const after = await page.evaluate(() => (window as any).__cpEditor.editor.ratsnest().lines.length);
    expect(after).toBe(total - 1);
    await page.keyboard.press('Escape');

    // the server stores the board with the new track segments
    const id = await page.evaluate(() => (window as any).__cpEditor.id as string);
    const ids = added.map((t) => t.id);
    await until(async () => {
      const recs = recordsOf(await serverDataStr(page, project, 'pcbs', id));
      return ids.every((k) => recs.some((r) => r[0] === 'LINE' && r[1] === k && r[3] === rat.net && r[4] === 1));
    }, 30_000, 'the track on the server');

    // reload: the reopened board has the track and the connection is routed
    await page.reload();
    await waitForEditor(page, 'pcbs');
    expect((await tracks(page, rat.net)).filter((t) => ids.includes(t.id))).toEqual(added);
    expect(await page.evaluate(() => (window as any).__cpEditor.editor.ratsnest().lines.length)).toBe(total - 1);
    if (process.env.CP_EDITOR_SHOTS) await page.screenshot({ path: `${process.env.CP_EDITOR_SHOTS}/pcb-editor.png` });
    expect(errors).toEqual([]);
  }, 120_000);

  it('[issue-6] the stored pour fills (copper items, POURED records) are loaded into the scene and drawn on the canvas', async () => {
    const id = await page.evaluate(() => (window as any).__cpEditor.id as string);
    const stored = recordsOf(await serverDataStr(page, project, 'copper', `${id}_0`)).filter((r) => r[0] === 'POURED').map((r) => String(r[1]));
    expect(stored.length).toBeGreaterThan(0);
    // every stored fill is in the editor's scene (the painter draws the scene's prims)
    const inScene: string[] = await page.evaluate(() => [...(window as any).__cpEditor.editor.scene.prims.keys()].filter((k: string) => k.startsWith('poured:')).map((k: string) => k.slice(7)));
    expect(inScene.length).toBeGreaterThan(0);
    expect(inScene.every((k) => stored.includes(k))).toBe(true);
    // a point well inside a filled top-layer fill, away from pads and tracks
    const spot = await page.evaluate(() => {
      const ed = (window as any).__cpEditor.editor;
      const verts = (p: any) => p.contours.map((c: any) => [[c.x0, c.y0], ...c.segs.map((s: any) => [s.x, s.y])]);
      const inside = (rings: number[][][], x: number, y: number) => {
        let n = false;
        for (const r of rings) for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
          const [xi, yi] = r[i], [xj, yj] = r[j];
          if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) n = !n;
        }
        return n;
      };
      const fills = [...ed.scene.all()].filter((p: any) => p.kind === 'poured' && p.filled && p.layer === 1).sort((a: any, b: any) => (b.box.maxX - b.box.minX) * (b.box.maxY - b.box.minY) - (a.box.maxX - a.box.minX) * (a.box.maxY - a.box.minY));
      for (const p of fills) {
        const rings = verts(p);
        const { minX, minY, maxX, maxY } = p.box;
        for (let i = 1; i < 20; i++) for (let j = 1; j < 20; j++) {
          const x = minX + ((maxX - minX) * i) / 20, y = minY + ((maxY - minY) * j) / 20;
          const d = 15;
          if (![[0, 0], [d, 0], [-d, 0], [0, d], [0, -d]].every(([dx, dy]) => inside(rings, x + dx, y + dy))) continue;
          if ([[0, 0], [d, 0], [-d, 0], [0, d], [0, -d]].some(([dx, dy]) => ed.copperAt(x + dx, y + dy))) continue;
          return { x, y, color: ed.panel.paint(1).color as string };
        }
      }
      return null;
    });
    expect(spot).not.toBeNull();
    const px = await page.evaluate((s) => {
      const hook = (window as any).__cpEditor;
      hook.fitBox(s.x - 100, s.y - 100, s.x + 100, s.y + 100);
      // what the canvas shows (the WebGL layers under the live layers)
      const q = hook.view.viewport.toScreen(s.x, s.y);
      return Array.from(hook.view.pixels(Math.round(q.x), Math.round(q.y), 1, 1) as Uint8ClampedArray);
    }, spot!);
    // drawn in the top copper colour's hue, not the dark background (#10141a)
    const hex = spot!.color.replace('#', '');
    const want = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const channel = want.indexOf(Math.max(...want));
    expect(px[channel]).toBeGreaterThan(0x40);
    expect(errors).toEqual([]);
  }, 60_000);

  it('[issue-6] route, drop a via with V (the route continues on the bottom layer), undo; selection filter; wheel zooms, middle-drag pans', async () => {
    // an empty spot beside the board
    const box = await page.evaluate(() => { const ed = (window as any).__cpEditor.editor; let maxX = -Infinity, minY = Infinity; for (const p of ed.scene.all()) { maxX = Math.max(maxX, p.box.maxX); minY = Math.min(minY, p.box.minY); } return { x: Math.round((maxX + 500) / 5) * 5, y: Math.round(minY / 5) * 5 }; });
    const p1 = { x: box.x, y: box.y }, p2 = { x: box.x + 100, y: box.y }, p3 = { x: box.x + 100, y: box.y + 100 };
    await page.evaluate((b) => (window as any).__cpEditor.fitBox(b.x - 50, b.y - 50, b.x + 150, b.y + 150), box);
    const count = () => page.evaluate(() => (window as any).__cpEditor.doc.keys().length);
    const n0 = await count();
    await page.getByLabel('PCB canvas').focus();
    await page.keyboard.press('t');
    await page.keyboard.press('w');
    await clickAt(page, p1.x, p1.y);
    await clickAt(page, p2.x, p2.y);
    await page.keyboard.press('v');
    await page.waitForFunction(() => (document.querySelector('select[aria-label="Active layer"]') as HTMLSelectElement).value === '2');
    await clickAt(page, p3.x, p3.y);
    await page.keyboard.press('Escape');
    const made = await page.evaluate((n) => (window as any).__cpEditor.doc.keys().slice(n).map((k: string) => (window as any).__cpEditor.doc.get(k)), n0);
    const kinds = made.map((r: unknown[]) => `${r[0]}${r[0] === 'LINE' ? `@${r[4]}` : ''}`);
    expect(kinds).toEqual(['LINE@1', 'VIA', 'LINE@2']);
    const [top, via, bottom] = made as number[][];
    // the drawing tools snap to the 5 mil grid: the clicks land exactly on the points
    const close = (ax: number, ay: number, bx: number, by: number) => ax === bx && ay === by;
    expect(close(top[5], top[6], p1.x, p1.y) && close(top[7], top[8], p2.x, p2.y)).toBe(true);
    expect(close(via[5], via[6], top[7], top[8])).toBe(true);
    expect(close(bottom[5], bottom[6], via[5], via[6]) && close(bottom[7], bottom[8], p3.x, p3.y)).toBe(true);
    for (let i = 0; i < 3; i++) await page.keyboard.press('Control+z');
    expect(await count()).toBe(n0);
    await page.keyboard.press('t');

    // the selection filter: with "Vias" a click on a track picks nothing, with "Tracks" it picks the track
    const track = await page.evaluate(() => { const d = (window as any).__cpEditor.doc; for (const [k, r] of d.ofType('LINE')) if (r[4] === 1 && Math.hypot(r[7] - r[5], r[8] - r[6]) > 60) return { k, x: (r[5] + r[7]) / 2, y: (r[6] + r[8]) / 2 }; throw new Error('no track'); });
    await page.evaluate((t) => (window as any).__cpEditor.fitBox(t.x - 60, t.y - 60, t.x + 60, t.y + 60), track);
    const picked = () => page.evaluate(() => { const ed = (window as any).__cpEditor.editor; return ed.selection.ids.map((k: string) => ed.doc.get(k)[0]); });
    await page.getByLabel('PCB canvas').focus();
    await page.keyboard.press('Escape'); // the route tool back to the select tool
    await page.locator('button[aria-label="Select (S)"][aria-pressed=true]').waitFor({ timeout: 5000 });
    const n1 = await count();
    await page.getByLabel('Selection filter').selectOption('Vias');
    await clickAt(page, track.x, track.y);
    expect(await picked()).toEqual([]);
    await page.getByLabel('Selection filter').selectOption('Tracks');
    await clickAt(page, track.x, track.y);
    expect(await picked()).toEqual(['LINE']);
    expect(await count()).toBe(n1);
    await page.getByLabel('Selection filter').selectOption('All');

    // wheel over the canvas zooms in about the pointer; middle-drag pans
    const zoom = () => page.evaluate(() => (window as any).__cpEditor.view.viewport.zoom as number);
    const centre = () => page.evaluate(() => { const v = (window as any).__cpEditor.view.viewport; return { x: v.cx as number, y: v.cy as number }; });
    const z0 = await zoom();
    const c = await page.getByLabel('PCB canvas').boundingBox();
    await page.mouse.move(c!.x + c!.width / 2, c!.y + c!.height / 2);
    await page.mouse.wheel(0, -100);
    await page.waitForFunction((z) => (window as any).__cpEditor.view.viewport.zoom > z, z0);
    const before = await centre();
    await page.mouse.down({ button: 'middle' });
    await page.mouse.move(c!.x + c!.width / 2 + 120, c!.y + c!.height / 2 + 40, { steps: 4 });
    await page.mouse.up({ button: 'middle' });
    const after = await centre();
    expect(after.x).toBeLessThan(before.x); // dragging right moves the view left over the board
    expect(after.y).toBeGreaterThan(before.y);
    expect(errors).toEqual([]);
  }, 60_000);

  it('[issue-6] Update from schematic lists the changes first and applies them as one undo step; command palette', async () => {
    const text = () => page.evaluate(() => JSON.stringify((window as any).__cpEditor.doc.toBlocks()));
    const before = await text();
    await page.getByRole('button', { name: 'Update from schematic' }).click();
    const dlg = page.getByTestId('update-from-schematic');
    await dlg.waitFor();
    const n = await dlg.getByRole('list', { name: 'Changes' }).getByRole('listitem').count();
    expect(n).toBeGreaterThan(0);
    expect(await text()).toBe(before); // listing changes nothing
    await dlg.getByRole('button', { name: /^Apply \d+ changes$/ }).click();
    await dlg.waitFor({ state: 'detached' });
    expect(await text()).not.toBe(before);
    await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
    expect(await text()).toBe(before);

    // the command palette runs the same actions: Ctrl+Shift+P, "via", Enter -> the Via tool
    await page.getByLabel('PCB canvas').focus();
    await page.keyboard.press('Control+Shift+P');
    const palette = page.getByRole('dialog', { name: 'Commands' });
    await palette.getByRole('textbox', { name: 'Command' }).fill('via');
    expect(await palette.getByRole('option').first().innerText()).toContain('Via');
    await palette.getByRole('textbox', { name: 'Command' }).press('Enter');
    await palette.waitFor({ state: 'detached' });
    await page.locator('button[aria-label="Via (V)"][aria-pressed=true]').waitFor({ timeout: 5000 });
    await page.keyboard.press('Escape');
    await page.locator('button[aria-label="Select (S)"][aria-pressed=true]').waitFor({ timeout: 5000 });
    expect(errors).toEqual([]);
  }, 60_000);

  it('[issue-6] the layers panel hides a layer, sets the active layer, views from the bottom; footprint editor: generator, Pad tool, pad property, undone', async () => {
    // hide the top layer: the centre of a top-layer SMD pad changes colour; show it again
    const pad = await page.evaluate(() => {
      const ed = (window as any).__cpEditor.editor;
      for (const p of ed.scene.all()) if (p.kind === 'pad' && p.layer === 1) return { x: (p.box.minX + p.box.maxX) / 2, y: (p.box.minY + p.box.maxY) / 2 };
      throw new Error('no top-layer pad');
    });
    await page.evaluate((p) => (window as any).__cpEditor.fitBox(p.x - 40, p.y - 40, p.x + 40, p.y + 40), pad);
    await page.getByRole('checkbox', { name: 'Ratsnest' }).uncheck();
    const pixel = () => page.evaluate((p) => {
      const h = (window as any).__cpEditor;
      const q = h.view.viewport.toScreen(p.x, p.y);
      return Array.from((h.view.pixels(Math.round(q.x), Math.round(q.y), 1, 1) as Uint8ClampedArray).slice(0, 3));
    }, pad);
    const shown = await pixel();
    const layers = page.getByRole('complementary', { name: 'Layers' });
    await layers.getByLabel('Show Top Layer').uncheck();
    const hidden = await pixel();
    expect(hidden).not.toEqual(shown);
    await layers.getByLabel('Show Top Layer').check();
    expect(await pixel()).toEqual(shown);
    await page.getByRole('checkbox', { name: 'Ratsnest' }).check();
    await layers.getByRole('button', { name: 'Bottom Layer', exact: true }).click();
    expect(await page.getByLabel('Active layer').inputValue()).toBe('2');
    await page.getByLabel('PCB canvas').focus();
    await page.keyboard.press('t');
    await page.waitForFunction(() => (document.querySelector('select[aria-label="Active layer"]') as HTMLSelectElement).value === '1');

    // view from the bottom: the canvas is mirrored, the bottom layer becomes active, and a document
    // point still maps onto the same board point under the mouse
    await layers.getByRole('checkbox', { name: 'Bottom view' }).check();
    expect(await page.getByLabel('Active layer').inputValue()).toBe('2');
    expect(await page.getByLabel('PCB canvas').evaluate((c) => (c as HTMLElement).style.transform)).toBe('scaleX(-1)');
    const back = await page.evaluate((p) => { const h = (window as any).__cpEditor; const q = h.toPage(p.x, p.y); return h.view.toBoard(q.x, q.y); }, pad);
    expect(Math.hypot(back.x - pad.x, back.y - pad.y)).toBeLessThan(0.01);
    await layers.getByRole('checkbox', { name: 'Bottom view' }).uncheck();
    expect(await page.getByLabel('Active layer').inputValue()).toBe('1');

    await page.locator('[role=treeitem][data-icon=folder] > .tree-row[title="Footprints"]').click();
    await page.locator('[role=treeitem][data-icon=footprint] > .tree-row').first().click();
    await waitForEditor(page, 'footprints');
    await page.getByTestId('footprint-editor').waitFor();
    expect(await page.evaluate(() => (window as any).__cpEditor.editor.scene.prims.size)).toBeGreaterThan(0);

    // footprint editor: the generator replaces the content in one step; the Pad tool adds a pad
    const pads = () => page.evaluate(() => (window as any).__cpEditor.doc.ofType('PAD').length as number);
    const p0 = await pads();
    await page.getByRole('button', { name: 'Generate footprint…' }).click();
    const dlg = page.getByTestId('generate-footprint');
    await dlg.getByLabel('Package').selectOption('qfn');
    await dlg.getByLabel('Pins').fill('15');
    await dlg.getByRole('button', { name: 'Generate' }).click();
    await dlg.getByText(/pins a multiple of 4/).waitFor(); // refused, nothing changed
    expect(await pads()).toBe(p0);
    await dlg.getByLabel('Pins').fill('16');
    await dlg.getByLabel('Body size (mm)').fill('3');
    await dlg.getByRole('button', { name: 'Generate' }).click();
    await dlg.waitFor({ state: 'detached' });
    expect(await pads()).toBeGreaterThanOrEqual(16);
    const generated = await pads();
    await page.getByLabel('Footprint canvas').focus();
    await page.keyboard.press('p');
    await page.locator('button[aria-label="Pad (P)"][aria-pressed=true]').waitFor({ timeout: 5000 });
    await page.evaluate(() => (window as any).__cpEditor.fitBox(-250, -250, 250, 250));
    await clickAt(page, 200, 200);
    expect(await page.evaluate(() => { const all = (window as any).__cpEditor.doc.ofType('PAD'); return all[all.length - 1][1].slice(6, 8); })).toEqual([200, 200]);
    expect(await pads()).toBe(generated + 1);
    await page.keyboard.press('Escape');
    // select the new pad and widen it in the property panel
    await clickAt(page, 200, 200);
    const width = page.getByRole('region', { name: 'Properties' }).getByLabel(/width \((mil|mm)\)/);
    await width.fill('80mil'); // the footprint's unit is mm (CANVAS); a typed unit wins
    await width.press('Enter');
    expect(await page.evaluate(() => { const all = (window as any).__cpEditor.doc.ofType('PAD'); return all[all.length - 1][1][10][1]; })).toBe(80);
    await page.getByLabel('Footprint canvas').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Control+z');
    expect(await pads()).toBe(p0);
    expect(errors).toEqual([]);
  }, 60_000);
});
