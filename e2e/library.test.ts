/**
 * [issue-16] The library panel in Chromium (the Must-show): in a new project's schematic,
 * search "LED" as you type (the licence and attribution shown, symbol and footprint previews side by
 * side), pick the 0603 LED with the keyboard and place it with a click, drag a 0805 resistor onto the
 * canvas; the devices, their symbols and footprints come into the project and upload; wire the two
 * parts, annotate, ERC clean; reload: the sheet holds both; Update from schematic puts both library
 * footprints on the PCB with their nets, uploaded (reload: there); the PCB editor's panel places a
 * footprint as a component, uploaded with the PCB.
 * The server's library holds the generated basic parts (built here in seconds; the KiCad libraries
 * are the same code path and are tested on the server and in the bench).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { projectUuidOf } from './lib/harness.ts';
import { libraryStack, type LibraryStack } from './lib/library.ts';
import { PadNet, PcbAttr, PcbComponent } from '@copperplate/format/records';
import { clickAt, recordsOf, serverDataStr, until, waitForEditor } from './lib/editor.ts';

let stack: LibraryStack;
let server: LibraryStack['server'];
let page: Page;
let errors: string[];
const ed = <T,>(fn: string): Promise<T> => page.evaluate((f) => new Function('h', `return (${f})(h)`)((window as any).__cpEditor), fn) as Promise<T>;

beforeAll(async () => {
  // the supplier adapter of this server: a local price file (no network)
  stack = await libraryStack('lib', (dataDir) => {
    writeFileSync(join(dataDir, 'prices.json'), JSON.stringify({ supplier: 'Test Parts (file)', parts: [{ mpn: 'LED', sku: 'TP-LED', stock: 1200, currency: 'EUR', breaks: [{ qty: 1, unitPrice: 0.05 }, { qty: 100, unitPrice: 0.02 }] }] }));
    process.env.COPPERPLATE_SUPPLIER_FILE = join(dataDir, 'prices.json');
  });
  ({ server, page, errors } = stack);
}, 180_000);
afterAll(async () => { await stack?.close(); });

/** The board's components (designator, footprint uuid) and the nets on their pads, read through the record modules. */
function boardParts(recs: unknown[][]): { parts: { designator: string; footprint: string }[]; nets: string[] } {
  const attr = (id: string, key: string) => String(PcbAttr.get(recs.find((r) => PcbAttr.is(r) && PcbAttr.get(r, 'parentId') === id && PcbAttr.get(r, 'key') === key) ?? [], 'value') ?? '');
  const parts = recs.filter((r) => PcbComponent.is(r)).map((r) => String(PcbComponent.get(r, 'id'))).map((id) => ({ designator: attr(id, 'Designator'), footprint: attr(id, 'Footprint') }));
  const nets = [...new Set(recs.filter((r) => PadNet.is(r)).map((r) => String(PadNet.get(r, 'net') ?? '')).filter(Boolean))];
  return { parts, nets };
}

const components = async (project: string, sheet: string) => recordsOf(await serverDataStr(page, project, 'sheets', sheet)).filter((r) => r[0] === 'COMPONENT').length;

describe('library panel (e2e)', () => {
  it('[issue-16] search "LED", place a 0603 LED (keyboard + click) and drag a resistor into a new project, wire them, ERC clean, Update PCB: both footprints there; reload: all uploaded', async () => {
    await page.getByLabel('Project name').fill('Library parts');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.locator('[role=treeitem][data-icon=sheet] > .tree-row[title="P1"]').first().click();
    await waitForEditor(page, 'sheets');
    const project = projectUuidOf(page);
    const sheet = await ed<string>('(h) => h.id');
    const before = await ed<number>("(h) => h.doc.ofType('COMPONENT').length");

    await page.getByRole('button', { name: 'Library', exact: true }).click();
    const panel = page.getByTestId('library-panel');
    await expect.poll(() => panel.getByTestId('library-licence').textContent(), { timeout: 30_000 }).toMatch(/CC-BY-SA 4\.0/);
    const q = panel.getByLabel('Search the component library');
    await q.fill('LED');
    const results = panel.getByRole('listbox', { name: 'Library results' });
    await results.getByRole('option', { name: /LED_0603_1608Metric/ }).first().waitFor({ timeout: 30_000 });
    // narrowed as typed; the previews of the first result (symbol and footprint) side by side
    await q.fill('LED 0603');
    await expect.poll(async () => (await results.getByRole('option').first().textContent()) ?? '', { timeout: 30_000 }).toMatch(/^LED_0603_1608Metric/);
    const detail = panel.getByTestId('library-detail');
    await detail.getByRole('img', { name: 'Symbol of LED_0603_1608Metric' }).waitFor({ timeout: 30_000 });
    await detail.getByRole('img', { name: 'Footprint of LED_0603_1608Metric' }).waitFor({ timeout: 30_000 });
    // keyboard: Enter places the active result (imported, then on the place tool), a click puts it
    await q.press('Enter');
    await until(() => ed<boolean>("(h) => h.editor.tools.active?.id === 'place'"), 30_000, 'place tool armed with the LED');
    const at = await page.evaluate(() => (window as any).__cpEditor.toPage(100, 100));
    await page.mouse.click(at.x, at.y);
    await until(async () => (await ed<number>("(h) => h.doc.ofType('COMPONENT').length")) === before + 1, 20_000, 'LED placed');
    await page.keyboard.press('Escape');

    // a resistor dragged from the results (the panel stays open) onto the canvas lands where it is dropped
    await panel.getByLabel('Search the component library').fill('R 0805');
    const res = panel.getByRole('listbox', { name: 'Library results' }).getByRole('option', { name: /^R_0805_2012Metric/ }).first();
    await res.waitFor({ timeout: 30_000 });
    const drop = await page.evaluate(() => (window as any).__cpEditor.toPage(300, 100));
    const box = (await page.getByLabel('Schematic canvas').boundingBox())!;
    await res.dragTo(page.getByLabel('Schematic canvas'), { targetPosition: { x: drop.x - box.x, y: drop.y - box.y } });
    await until(async () => (await ed<number>("(h) => h.doc.ofType('COMPONENT').length")) === before + 2, 30_000, 'resistor dropped');

    // the devices with their symbols and footprints are in the project and uploaded, the sheet too
    await page.locator('[data-testid=sync-status][data-status=saved]').waitFor({ timeout: 60_000 });
    const snap = await page.evaluate(async (p) => (await (await fetch(`/api/projects/${p}/ticket?g_ticket=-1`)).json()).result, project) as { devices: Record<string, number>; symbols: Record<string, number>; footprints: Record<string, number> };
    expect(Object.keys(snap.devices).length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(snap.footprints).length).toBeGreaterThanOrEqual(2);
    await until(async () => (await components(project, sheet)) === before + 2, 60_000, 'sheet uploaded with both parts');
    const text = await serverDataStr(page, project, 'sheets', sheet);
    for (const d of Object.keys(snap.devices)) expect(text).toContain(d);
    // LIB-1's data: each part keeps the library's update time as its version; the library says none is stale
    const devs = await page.evaluate(async ([p, ids]) => {
      const csrf = decodeURIComponent(/(?:^|; )cp_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const post = async (u: string, b: unknown) => (await (await fetch(u, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, 'x-project-path': p }, body: JSON.stringify(b) })).json()).result;
      const read = (await post(`/api/projects/${p}/read/devices`, { ids })) as { uuid: string; version: string }[];
      return { read, stale: await post('/api/components/check-updates', { items: read.map((d) => ({ uuid: d.uuid, version: d.version })) }) };
    }, [project, Object.keys(snap.devices)] as const);
    expect(devs.read.map((d) => d.version)).toEqual([expect.stringMatching(/^\d{10}$/), expect.stringMatching(/^\d{10}$/)]);
    expect(devs.stale).toEqual([]);

    // wire the LED and the resistor into a loop (each pin to one of the other part's), annotate: ERC clean
    await page.getByRole('button', { name: 'Close the library' }).click();
    await panel.waitFor({ state: 'detached' });
    const led = await ed<string>("(h) => h.doc.ofType('COMPONENT')[h.doc.ofType('COMPONENT').length - 2][0]");
    const res2 = await ed<string>("(h) => h.doc.ofType('COMPONENT')[h.doc.ofType('COMPONENT').length - 1][0]");
    const pins = await ed<Array<{ component: string; x: number; y: number }>>('(h) => h.pins()');
    const of = (k: string) => pins.filter((p) => p.component === k).sort((p, q) => p.y - q.y || p.x - q.x);
    const [la, lb] = of(led), [ra, rb] = of(res2);
    expect([la, lb, ra, rb].every(Boolean)).toBe(true);
    const ys = pins.filter((p) => p.component === led || p.component === res2).map((p) => p.y);
    const top = Math.floor(Math.min(...ys) / 10) * 10 - 40, bottom = Math.ceil(Math.max(...ys) / 10) * 10 + 40;
    const xs = pins.filter((p) => p.component === led || p.component === res2).map((p) => p.x);
    await ed(`(h) => h.fitBox(${Math.min(...xs) - 80}, ${top - 60}, ${Math.max(...xs) + 80}, ${bottom + 60})`);
    const wire = async (pts: Array<[number, number]>) => {
      await page.getByLabel('Schematic canvas').focus();
      await page.keyboard.press('w');
      for (const [x, y] of pts) await clickAt(page, x, y);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
    };
    // each wire leaves its pins vertically to a free row above (below) both parts, then across
    await wire([[la.x, la.y], [la.x, top], [ra.x, top], [ra.x, ra.y]]);
    await wire([[lb.x, lb.y], [lb.x, bottom], [rb.x, bottom], [rb.x, rb.y]]);
    await until(async () => (await ed<number>("(h) => h.doc.ofType('WIRE').length")) >= 2, 20_000, 'two wires');
    await page.getByRole('button', { name: 'Annotate' }).click();
    const dlg = page.getByRole('dialog', { name: 'Annotate designators' });
    await dlg.getByRole('button', { name: 'Annotate' }).click();
    await dlg.waitFor({ state: 'detached' });
    const des = await ed<string[]>(`(h) => ['${led}', '${res2}'].map((k) => h.editor.attributeValue(k, 'Designator'))`);
    expect(des[0]).toMatch(/^D\d+$/);
    expect(des[1]).toMatch(/^R\d+$/);
    const erc = page.getByRole('region', { name: 'ERC' });
    await erc.getByRole('button', { name: 'Check' }).click();
    await erc.getByText('No problems found').waitFor({ timeout: 30_000 }).catch(async (e) => {
      throw new Error(`${e.message}: ${await ed<string>('(h) => JSON.stringify(h.editor.erc().map((m) => [m.rule, m.message, m.sheet]))')} pins ${JSON.stringify([la, lb, ra, rb])} top ${top} bottom ${bottom} wires ${await ed<string>("(h) => JSON.stringify(h.doc.ofType('WIRE'))")}`);
    });
    await page.locator('[data-testid=sync-status][data-status=saved]').waitFor({ timeout: 60_000 });
    await until(async () => (await serverDataStr(page, project, 'sheets', sheet)).includes(`"${des[1]}"`), 60_000, 'sheet uploaded with the wires and designators');

    await page.reload();
    await page.locator('[role=treeitem][data-icon=sheet] > .tree-row[title="P1"]').first().click();
    await waitForEditor(page, 'sheets');
    expect(await ed<number>("(h) => h.doc.ofType('COMPONENT').length")).toBe(before + 2);
    expect(await ed<number>("(h) => h.doc.ofType('WIRE').length")).toBeGreaterThanOrEqual(2);

    // Update Schematic to PCB: both parts come onto the board with their library footprints and their nets
    await page.locator('[role=treeitem][data-icon=pcb] > .tree-row[title="PCB1"]').first().click();
    await waitForEditor(page, 'pcbs');
    const pcb = await ed<string>('(h) => h.id');
    await page.getByRole('button', { name: 'Update from schematic' }).click();
    const upd = page.getByTestId('update-from-schematic');
    await upd.getByRole('button', { name: /^Apply \d+ changes$/ }).click();
    await upd.waitFor({ state: 'detached' });
    const fps = (await page.evaluate(async (p) => (await (await fetch(`/api/projects/${p}/ticket?g_ticket=-1`)).json()).result.footprints, project)) as Record<string, number>;
    const onBoard = await until(async () => {
      const b = boardParts(await ed<unknown[][]>('(h) => h.doc.records()'));
      return b.parts.length >= 2 ? b : null;
    }, 30_000, 'both footprints on the board');
    expect(onBoard.parts.map((c) => c.designator).sort()).toEqual([...des].sort());
    for (const c of onBoard.parts) expect(Object.keys(fps)).toContain(c.footprint);
    expect(new Set(onBoard.parts.map((c) => c.footprint)).size).toBe(2);
    expect(onBoard.nets).toHaveLength(2); // the loop's two nets reached the pads
    await page.locator('[data-testid=sync-status][data-status=saved]').waitFor({ timeout: 60_000 });
    await until(async () => { const t = await serverDataStr(page, project, 'pcbs', pcb); return onBoard.parts.every((c) => t.includes(`"${c.footprint}"`) && t.includes(`"${c.designator}"`)); }, 60_000, 'PCB uploaded with both footprints');
    await page.reload();
    await page.locator('[role=treeitem][data-icon=pcb] > .tree-row[title="PCB1"]').first().click();
    await waitForEditor(page, 'pcbs');
    expect(await ed<number>("(h) => h.doc.ofType('COMPONENT').length")).toBe(2);

    // the PCB editor's library panel places the LED's footprint as a component at the view centre
    const placed = await ed<number>("(h) => h.doc.ofType('COMPONENT').length");
    await page.getByRole('button', { name: 'Library', exact: true }).click();
    const pq = page.getByTestId('library-panel').getByLabel('Search the component library');
    await pq.fill('LED 0603');
    await expect.poll(async () => (await page.getByTestId('library-panel').getByRole('listbox', { name: 'Library results' }).getByRole('option').first().textContent()) ?? '', { timeout: 30_000 }).toMatch(/^LED_0603_1608Metric/);
    await pq.press('Enter');
    await until(async () => (await ed<number>("(h) => h.doc.ofType('COMPONENT').length")) === placed + 1, 30_000, 'footprint placed on the PCB');
    await page.locator('[data-testid=sync-status][data-status=saved]').waitFor({ timeout: 60_000 });
    await until(async () => (await recordsOf(await serverDataStr(page, project, 'pcbs', pcb)).filter((r) => r[0] === 'COMPONENT').length) === placed + 1, 60_000, 'PCB uploaded with the third footprint');
    expect(errors).toEqual([]);
  }, 300_000);

  it('[issue-16] save a project device to my library, find it under My library, place it, save it again (a new version), rename, recently used, price and stock from the supplier file, delete', async () => {
    const project = projectUuidOf(page);
    const api = <T,>(path: string, body: unknown) => page.evaluate(async ([u, b]) => {
      const csrf = decodeURIComponent(/(?:^|; )cp_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      return (await (await fetch(u as string, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify(b) })).json()).result;
    }, [path, body] as const) as Promise<T>;
    const mine = async (q: string) => (await api<{ items: { uuid: string; title: string; owner: number; type: number; g_ticket: number; update_time: number; symbol_uuid: string; footprint_uuid: string }[] }>('/api/components/search', { q, owner: [0] })).items;
    const saveFromTree = async (label: string) => {
      const devices = page.locator('li[role=treeitem][aria-label="Devices"]');
      if ((await devices.getAttribute('aria-expanded')) === 'false') await devices.locator('> .tree-row').click();
      await page.locator(`li[data-icon=device][aria-label="${label}"] > .tree-row`).first().click({ button: 'right' });
      await page.getByRole('menu').getByRole('menuitem', { name: 'Save to library…' }).click();
      const dlg = page.getByTestId('save-to-library');
      await expect.poll(() => dlg.getByLabel('Library scope').inputValue()).toBe('0');
      await dlg.getByRole('button', { name: 'Save', exact: true }).click();
      await dlg.waitFor({ state: 'detached', timeout: 30_000 });
    };

    // the LED device came from the system library: saved as a personal copy (device, symbol, footprint)
    await saveFromTree('LED_0603_1608Metric');
    const saved = await until(async () => { const m = await mine('LED_0603_1608Metric'); return m.length >= 2 ? m : null; }, 30_000, 'personal copies');
    expect(saved.map((i) => i.type).sort()).toEqual([3, 4]); // the device and its footprint by that name
    const dev = saved.find((i) => i.type === 3)!;
    const parts = await api<{ uuid: string; owner: number; type: number }[]>('/api/components/search-by-ids', { uuids: [dev.symbol_uuid, dev.footprint_uuid] });
    expect(parts.map((p) => [p.type, p.owner]).sort()).toEqual([[2, 0], [4, 0]]); // its symbol and footprint are personal copies too
    expect(dev.owner).toBe(0);

    // the library panel: My library lists it (and only it); renamed there; placed on the sheet: the project holds the personal device
    await page.locator('[role=treeitem][data-icon=sheet] > .tree-row[title="P1"]').first().click();
    await waitForEditor(page, 'sheets');
    await page.getByRole('button', { name: 'Library', exact: true }).click();
    const panel = page.getByTestId('library-panel');
    await panel.getByLabel('Scope').selectOption('0');
    await panel.getByLabel('Kind').selectOption('3');
    const q = panel.getByLabel('Search the component library');
    await q.fill('LED 0603');
    const results = panel.getByRole('listbox', { name: 'Library results' });
    await expect.poll(async () => (await results.getByRole('option').allTextContents()).join('|'), { timeout: 30_000 }).toMatch(/^LED_0603_1608Metric[^|]*Personal[^|]*$/);
    await results.getByRole('option').first().click();
    const own = panel.getByTestId('library-own-item');
    await own.getByRole('button', { name: 'Rename' }).click();
    await own.getByLabel('New name').fill('MyLED');
    await own.getByRole('button', { name: 'Save name' }).click();
    await q.fill('MyLED');
    await results.getByRole('option', { name: /^MyLED/ }).first().waitFor({ timeout: 30_000 });
    // the price and stock of the part (value LED) from the supplier file
    await panel.getByTestId('library-price').filter({ hasText: 'Test Parts (file) TP-LED: 1,200 in stock · 1+ 0.0500 EUR · 100+ 0.0200 EUR' }).waitFor({ timeout: 30_000 });
    await q.press('Enter');
    await until(() => ed<boolean>("(h) => h.editor.tools.active?.id === 'place'"), 30_000, 'place tool armed with MyLED');
    const at = await page.evaluate(() => (window as any).__cpEditor.toPage(100, 300));
    await page.mouse.click(at.x, at.y);
    await page.keyboard.press('Escape');
    const ticket = async () => (await (await page.request.get(`${server.url}/api/projects/${project}/ticket?g_ticket=-1`)).json()).result as { devices: Record<string, number> };
    await until(async () => dev.uuid in (await ticket()).devices, 60_000, 'the personal device in the project');

    // saved again from the project: the same library item, a new version (g_ticket up)
    await panel.getByRole('button', { name: 'Close the library' }).click();
    await saveFromTree('MyLED');
    await until(async () => { const m = (await mine('MyLED')).filter((i) => i.type === 3); return m.length === 1 && m[0].uuid === dev.uuid && m[0].g_ticket > dev.g_ticket + 1; }, 30_000, 'a new version of the same item');

    // recently used: an empty query shows the last placed part first
    await page.getByRole('button', { name: 'Library', exact: true }).click();
    await expect.poll(async () => (await panel.getByText('Recently used').count()), { timeout: 30_000 }).toBe(1);
    expect((await results.getByRole('option').first().textContent()) ?? '').toMatch(/^MyLED/);
    // a part the supplier file does not list, and delete: gone from My library
    await panel.getByLabel('Search the component library').fill('R 0805');
    await results.getByRole('option', { name: /^R_0805_2012Metric/ }).first().click();
    await panel.getByTestId('library-price').filter({ hasText: 'Test Parts (file) has no offer for R' }).waitFor({ timeout: 30_000 });
    await panel.getByLabel('Scope').selectOption('0');
    await panel.getByLabel('Search the component library').fill('MyLED');
    await results.getByRole('option', { name: /^MyLED/ }).first().click();
    await own.getByRole('button', { name: 'Delete' }).click();
    await own.getByRole('button', { name: 'Confirm delete' }).click();
    await until(async () => (await mine('MyLED')).length === 0, 30_000, 'deleted from my library');
    await expect.poll(async () => results.getByRole('option', { name: /^MyLED/ }).count(), { timeout: 30_000 }).toBe(0);
    expect(errors).toEqual([]);
  }, 300_000);
});
