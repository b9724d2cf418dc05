/**
 * [issue-16] The library panel in Chromium: in a new project's schematic, search "LED" as you type
 * (the licence and attribution shown, symbol and footprint previews side by side), pick the 0603 LED
 * with the keyboard and place it with a click, drag a 0805 resistor onto the canvas; the devices, their
 * symbols and footprints come into the project and upload, and after a reload the sheet holds both;
 * in the PCB editor the same panel places the LED footprint as a component, uploaded with the PCB.
 * The server's library holds the generated basic parts (built here in seconds; the KiCad libraries
 * are the same code path and are tested on the server and in the bench).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { migrate, openDatabase, startServer, type RunningServer } from '@copperplate/server';
import { writeLibrary } from '@copperplate/server/library/build';
import { ROOT, ensureWebBuilt, launchBrowser, newPage, projectUuidOf, signUp } from './lib/harness.ts';
import { recordsOf, serverDataStr, until, waitForEditor } from './lib/editor.ts';

let server: RunningServer;
let dataDir = '';
let browser: Browser;
let page: Page;
let errors: string[];
const ed = <T,>(fn: string): Promise<T> => page.evaluate((f) => new Function('h', `return (${f})(h)`)((window as any).__cpEditor), fn) as Promise<T>;

beforeAll(async () => {
  await ensureWebBuilt();
  dataDir = mkdtempSync(join(tmpdir(), 'cp-e2e-lib-'));
  const db = await openDatabase({ dataDir });
  await migrate(db);
  await writeLibrary(db, { symbolLibs: [], footprintLibs: [] });
  await db.close();
  server = await startServer({ port: 0, dataDir, logger: false, webDir: join(ROOT, 'apps', 'web', 'dist') });
  browser = await launchBrowser();
  ({ page, errors } = await newPage(browser, `${server.url}/?e2e`));
  await signUp(page, 'lib');
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const components = async (project: string, sheet: string) => recordsOf(await serverDataStr(page, project, 'sheets', sheet)).filter((r) => r[0] === 'COMPONENT').length;

describe('library panel (e2e)', () => {
  it('[issue-16] search "LED", place a 0603 LED (keyboard + click) and drag a resistor into a new project, place the LED footprint on the PCB; all uploaded', async () => {
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

    await page.reload();
    await page.locator('[role=treeitem][data-icon=sheet] > .tree-row[title="P1"]').first().click();
    await waitForEditor(page, 'sheets');
    expect(await ed<number>("(h) => h.doc.ofType('COMPONENT').length")).toBe(before + 2);

    // the PCB editor's library panel places the LED's footprint as a component at the view centre
    await page.locator('[role=treeitem][data-icon=pcb] > .tree-row[title="PCB1"]').first().click();
    await waitForEditor(page, 'pcbs');
    const pcb = await ed<string>('(h) => h.id');
    const onBoard = await ed<number>("(h) => h.doc.ofType('COMPONENT').length");
    await page.getByRole('button', { name: 'Library', exact: true }).click();
    const pq = page.getByTestId('library-panel').getByLabel('Search the component library');
    await pq.fill('LED 0603');
    await expect.poll(async () => (await page.getByTestId('library-panel').getByRole('listbox', { name: 'Library results' }).getByRole('option').first().textContent()) ?? '', { timeout: 30_000 }).toMatch(/^LED_0603_1608Metric/);
    await pq.press('Enter');
    await until(async () => (await ed<number>("(h) => h.doc.ofType('COMPONENT').length")) === onBoard + 1, 30_000, 'footprint placed on the PCB');
    await page.locator('[data-testid=sync-status][data-status=saved]').waitFor({ timeout: 60_000 });
    const fpUuid = (await page.evaluate(async (p) => (await (await fetch(`/api/projects/${p}/ticket?g_ticket=-1`)).json()).result.footprints, project)) as Record<string, number>;
    await until(async () => { const t = await serverDataStr(page, project, 'pcbs', pcb); return Object.keys(fpUuid).some((f) => t.includes(f)); }, 60_000, 'PCB uploaded with the footprint');
    expect(errors).toEqual([]);
  }, 300_000);
});
