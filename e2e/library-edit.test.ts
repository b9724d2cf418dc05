/**
 * [issue-16] Editing a part of one's own library there, without a project, in Chromium: the start
 * page's "Your library" lists the parts (the user basic library list); Edit opens the symbol in the
 * symbol editor; a pin added stays as a draft across a reload; Save version writes it back as version
 * 2 (on the server; a reload shows it); a save based on a version someone replaced meanwhile is
 * refused and writes nothing; version 1 opened from the earlier versions and saved as version 4; from a project's library panel, Edit on a device opens a new tab with
 * its symbol and footprint, and a pad added to the footprint is saved as the footprint's next version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { pageApi } from './lib/harness.ts';
import { libraryStack, type LibraryStack } from './lib/library.ts';
import { clickAt, recordsOf, until, waitForEditor } from './lib/editor.ts';

let stack: LibraryStack;
let server: LibraryStack['server'];
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  stack = await libraryStack('libedit');
  ({ server, context, page, errors } = stack);
}, 180_000);
afterAll(async () => { await stack?.close(); });

/** Records of a type in the open editor; -1 while no editor is mounted (a version being loaded into a new one). */
const count = (p: Page, type: string) => p.evaluate((t) => ((window as any).__cpEditor?.doc.ofType(t).length ?? -1) as number, type);
/** A grid point near the top left of the visible area of the open editor. */
const spot = (p: Page, grid: number) => p.evaluate((g) => { const v = (window as any).__cpEditor.view.viewport.visible(); return { x: Math.round((v.minX + (v.maxX - v.minX) * 0.15) / g) * g, y: Math.round((v.minY + (v.maxY - v.minY) * 0.15) / g) * g }; }, grid);
const detail = async (uuid: string) => (await pageApi(page, 'GET', `/api/components/detail?uuid=${uuid}`)).result as { g_ticket: number; dataStr: string };
const typed = (text: string, type: string) => recordsOf(text).filter((r) => r[0] === type).length;

describe('library part editor (e2e)', () => {
  let sym = '', fp = '', dev = '';
  it('[issue-16] Your library lists my parts; Edit opens the symbol without a project; a pin kept as a draft over a reload; Save version writes version 2; a stale save is refused', async () => {
    // my library: copies of the system R symbol and 0603 footprint, and a device binding them
    const sys = async (q: string, type: number) => {
      const r = await pageApi(page, 'POST', '/api/components/search', { q, type, lib: 'Basic', pageSize: 50 });
      return (await detail(r.result.items.find((i: { title: string }) => i.title === q).uuid)).dataStr;
    };
    const save = async (body: Record<string, unknown>) => { const r = await pageApi(page, 'POST', '/api/components/update-canvas', body); expect(r.code, r.message).toBe(0); return r.result.uuid as string; };
    sym = await save({ docType: 2, title: 'MyR', dataStr: await sys('R', 2) });
    fp = await save({ docType: 4, title: 'MyR_0603', dataStr: await sys('R_0603_1608Metric', 4) });
    dev = await save({ docType: 3, title: 'MyResistor', attributes: { Symbol: sym, Footprint: fp, Designator: 'R?', Name: '10k' } });

    await page.getByRole('link', { name: 'Your library' }).click();
    const table = page.getByRole('table', { name: 'Your library parts' });
    await table.getByRole('link', { name: 'Edit MyR', exact: true }).click();
    await waitForEditor(page, 'symbols');
    const head = page.getByTestId('library-edit');
    await expect.poll(() => head.getByTestId('library-version').textContent()).toBe('Version 1');
    const pins0 = await count(page, 'PIN');
    expect(pins0).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Pin', exact: true }).click();
    const at = await spot(page, 5);
    await clickAt(page, at.x, at.y);
    expect(await count(page, 'PIN')).toBe(pins0 + 1);
    await expect.poll(() => head.getByTestId('library-edit-state').textContent()).toBe('Unsaved changes');
    expect((await detail(sym)).g_ticket).toBe(1); // nothing written yet

    // a reload takes the draft up again
    await page.reload();
    await waitForEditor(page, 'symbols');
    expect(await count(page, 'PIN')).toBe(pins0 + 1);
    await expect.poll(() => page.getByTestId('library-edit-state').textContent()).toBe('Unsaved changes');

    await page.getByRole('button', { name: 'Save version' }).click();
    await expect.poll(() => page.getByTestId('library-edit-state').textContent()).toBe('Saved in the library');
    expect(await page.getByTestId('library-version').textContent()).toBe('Version 2');
    const v2 = await detail(sym);
    expect(v2.g_ticket).toBe(2);
    expect(typed(v2.dataStr, 'PIN')).toBe(pins0 + 1);
    await page.reload();
    await waitForEditor(page, 'symbols');
    expect(await count(page, 'PIN')).toBe(pins0 + 1);
    await expect.poll(() => page.getByTestId('library-version').textContent()).toBe('Version 2');
    expect(await page.getByTestId('library-edit-state').textContent()).toBe('Saved in the library');

    // someone saves version 3 meanwhile: this page's save (based on 2) is refused, nothing written
    const other = await pageApi(page, 'POST', '/api/components/update-canvas', { uuid: sym, docType: 2, dataStr: v2.dataStr + '\n', base_ticket: 2 });
    expect(other.code, other.message).toBe(0);
    await page.getByRole('button', { name: 'Pin', exact: true }).click();
    await clickAt(page, at.x + 20, at.y);
    await page.getByRole('button', { name: 'Save version' }).click();
    await expect.poll(() => page.getByTestId('library-edit-state').textContent()).toMatch(/changed in the library since it was opened here/);
    const v3 = await detail(sym);
    expect(v3.g_ticket).toBe(3);
    expect(typed(v3.dataStr, 'PIN')).toBe(pins0 + 1);
    await page.getByRole('button', { name: 'Discard' }).click();
    await waitForEditor(page, 'symbols');
    expect(await count(page, 'PIN')).toBe(pins0 + 1);

    // an earlier version opened again and saved as the next one (after a reload onto version 3)
    await page.reload();
    await waitForEditor(page, 'symbols');
    await expect.poll(() => page.getByTestId('library-version').textContent()).toBe('Version 3');
    const earlier = page.getByLabel('Earlier versions');
    await expect.poll(async () => (await earlier.locator('option').allTextContents()).map((t) => t.split(' ·')[0])).toEqual(['Earlier versions…', 'Version 2', 'Version 1']);
    await earlier.selectOption({ label: (await earlier.locator('option').allTextContents()).find((t) => t.startsWith('Version 1 '))! });
    await until(async () => (await count(page, 'PIN')) === pins0, 10_000, 'version 1 in the editor');
    await page.getByRole('button', { name: 'Save version' }).click();
    await expect.poll(() => page.getByTestId('library-version').textContent()).toBe('Version 4');
    const v4 = await detail(sym);
    expect(v4.g_ticket).toBe(4);
    expect(typed(v4.dataStr, 'PIN')).toBe(pins0);
  }, 180_000);

  it('[issue-16] from the library panel of a project, Edit on my device opens its symbol and footprint in a new tab; a pad is saved as the footprint\'s next version', async () => {
    await page.goto(`${server.url}/?e2e#/`);
    await page.getByLabel('Project name').fill('Uses my library');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.locator('[role=treeitem][data-icon=sheet] > .tree-row[title="P1"]').first().click();
    await waitForEditor(page, 'sheets');
    await page.getByRole('button', { name: 'Library', exact: true }).click();
    const panel = page.getByTestId('library-panel');
    await panel.getByLabel('Scope').selectOption('0');
    await panel.getByLabel('Search the component library').fill('MyResistor');
    await panel.getByRole('option', { name: /MyResistor/ }).first().click();
    const opened = context.waitForEvent('page');
    await panel.getByTestId('library-own-item').getByRole('button', { name: 'Edit' }).click();
    const tab = await opened;
    tab.on('pageerror', (e) => errors.push(String(e)));
    await tab.waitForLoadState();
    expect(tab.url()).toContain(`#/library/${dev}`);
    await waitForEditor(tab, 'symbols');
    const docs = tab.getByRole('tablist', { name: 'Documents of the device' });
    await docs.getByRole('tab', { name: 'Footprint' }).click();
    await waitForEditor(tab, 'footprints');
    const pads0 = await count(tab, 'PAD');
    expect(pads0).toBe(2);
    await tab.getByRole('button', { name: /^Pad/ }).first().click();
    const at = await spot(tab, 10);
    await clickAt(tab, at.x, at.y);
    await until(async () => (await count(tab, 'PAD')) === pads0 + 1, 10_000, 'the new pad');
    await expect.poll(() => docs.getByRole('tab', { name: 'Footprint •' }).count()).toBe(1);
    await tab.getByRole('button', { name: 'Save version' }).click();
    await expect.poll(() => tab.getByTestId('library-edit-state').textContent()).toBe('Saved in the library');
    const f = await detail(fp);
    expect(f.g_ticket).toBe(2);
    expect(typed(f.dataStr, 'PAD')).toBe(pads0 + 1);
    expect((await detail(sym)).g_ticket).toBe(4); // the symbol was not changed here
    await tab.close();
    expect(errors).toEqual([]);
  }, 180_000);
});
