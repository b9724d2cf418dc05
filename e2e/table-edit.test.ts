/**
 * [issue-17] A schematic table made and filled in the browser: Place table from the Place menu
 * (rows x columns asked; Shift+T opens the same question), a click places it; a double-click on the
 * canvas edits a cell, typing on a chosen cell edits it, a row is added from the cell panel and taken
 * back with one Ctrl+Z; the server and the exported .epro hold the table as EasyEDA writes it (with the
 * styles its cells name), and a reload shows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readEpro } from '@copperplate/format';
import { clickAt, editorSession, openInEditor, recordsOf, serverDataStr, type EditorSession } from './lib/editor.ts';

let session: EditorSession;
let page: Page;

beforeAll(async () => {
  session = await editorSession({ user: 'tabled', create: 'Tables made', open: ['sheet', 'P1', 'sheets'] });
  page = session.page;
}, 300_000);
afterAll(async () => {
  await session?.close();
});

const fit = async () => {
  await session.hook('(h) => h.fitBox(-50, -100, 350, 50)');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
};
const localTable = () => session.hook<unknown[][]>(`(h) => h.doc.records().filter((r) => r[0] === 'TABLE' || r[0] === 'TABEL_CELL')`);

describe('schematic tables (e2e)', () => {
  it('[issue-17] Place table, cells typed in, a row added and undone in one step; saved as EasyEDA writes it; a reload shows it', async () => {
    await fit();
    const canvas = page.locator('canvas[aria-label="Schematic canvas"]');
    await canvas.focus();
    // the shortcut asks the size too
    await page.keyboard.press('Shift+T');
    const dialog = page.getByRole('dialog', { name: 'Place table' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByLabel('Place component (P)').selectOption({ label: 'Table… (Shift+T)' });
    await dialog.getByLabel('Rows').fill('2');
    await dialog.getByLabel('Columns').fill('3');
    await dialog.getByRole('button', { name: 'Place' }).click();
    await page.waitForFunction(() => (window as any).__cpEditor.editor.tools.active?.id === 'table');
    await clickAt(page, 0, 0);
    const grid = page.getByRole('region', { name: 'Table cells' });
    await grid.locator('td[data-cell="1:2"]').waitFor({ timeout: 10_000 });
    expect((await localTable()).filter((r) => r[0] === 'TABEL_CELL')).toHaveLength(6);

    // a double-click on the canvas edits the cell under it
    const p = await page.evaluate(() => (window as any).__cpEditor.toPage(50, -10));
    await page.mouse.dblclick(p.x, p.y);
    const input = grid.getByLabel('Cell 1, 1');
    await input.waitFor();
    await input.fill('Rev');
    await input.press('Enter');
    // typing on a chosen cell edits it
    await grid.locator('td[data-cell="0:1"]').click();
    await page.keyboard.type('Date');
    await page.keyboard.press('Enter');
    await expect.poll(() => grid.locator('td[data-cell="0:1"]').innerText()).toBe('Date');
    expect(await grid.locator('td[data-cell="0:0"]').innerText()).toBe('Rev');

    // a row below the chosen cell, then one Ctrl+Z takes it back
    await grid.locator('td[data-cell="1:0"]').click();
    await grid.getByRole('button', { name: '+ Row below' }).click();
    await grid.locator('td[data-cell="2:2"]').waitFor();
    expect((await localTable()).filter((r) => r[0] === 'TABEL_CELL')).toHaveLength(9);
    await page.keyboard.press('Control+z');
    await grid.locator('td[data-cell="2:0"]').waitFor({ state: 'detached' });
    expect(await grid.locator('td[data-cell="0:1"]').innerText()).toBe('Date');

    // the server has it, in EasyEDA's records (TABLE with sizes, one TABEL_CELL per grid position)
    const sheet = await session.hook<string>('(h) => h.id');
    const onServer = async () => {
      const recs = recordsOf(await serverDataStr(page, session.project, 'sheets', sheet));
      const t = recs.find((r) => r[0] === 'TABLE');
      const cells = recs.filter((r) => r[0] === 'TABEL_CELL').map((r) => `${r[4]}:${r[5]}=${r[3]}`).sort();
      return t ? { sizes: [t[4], t[5], t[6], t[7]], cells } : null;
    };
    await expect.poll(onServer, { timeout: 60_000 }).toEqual({ sizes: [[20, 20], [100, 100, 100], [0, 0], [0, 0, 0]], cells: ['0:0=Rev', '0:1=Date', '0:2=', '1:0=', '1:1=', '1:2='] });

    // the exported .epro carries them in the sheet's file, beside the styles the cells name
    const epro = readEpro(new Uint8Array(await (await page.request.get(`${session.url}/api/projects/${session.project}/export`)).body()));
    const sheetText = [...epro.entries].filter(([p]) => p.startsWith('SHEET/')).map(([, v]) => (typeof v === 'string' ? v : new TextDecoder().decode(v))).find((t) => t.includes('"TABLE"'))!;
    const exported = recordsOf(sheetText);
    const cell = exported.find((r) => r[0] === 'TABEL_CELL' && r[3] === 'Rev')!;
    expect(cell).toHaveLength(14);
    for (const i of [8, 9, 10, 11]) expect(exported.find((r) => r[0] === 'LINESTYLE' && r[1] === cell[i])).toBeTruthy();
    expect(exported.find((r) => r[0] === 'FONTSTYLE' && r[1] === cell[12])).toBeTruthy();

    await page.reload();
    await page.getByRole('tree').waitFor();
    await openInEditor(page, 'sheet', 'P1', 'sheets');
    await fit();
    await clickAt(page, 250, -30);
    await expect.poll(() => grid.locator('td[data-cell="0:1"]').innerText(), { timeout: 10_000 }).toBe('Date');
    expect(session.errors).toEqual([]);
  });
});
