/**
 * Table cells copied and pasted in the schematic editor (issue 17 part 5, copyAndPasteTableCell):
 * P1 and P2 each hold a TABLE; a click selects P1's table and its cells show in the side panel;
 * Shift+click selects a block, Ctrl+C copies it (to the user's client cache too); in P2's tab a
 * cell is chosen and Ctrl+V pastes the block there; the server then holds the pasted values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { clickAt, editorSession, recordsOf, serverDataStr, until, waitForEditor, waitSaved, type EditorSession } from './lib/editor.ts';
import { pageApi } from './lib/harness.ts';

let session: EditorSession;
let page: Page;

/** A TABLE `t` at (0, 0) with rows 20 high and columns 100 wide, its cells row by row. */
function table(id: string, values: string[][]): string[] {
  const lines = [JSON.stringify(['TABLE', id, 0, 0, values.map(() => 20), values[0].map(() => 100), values.map(() => 0), values[0].map(() => 0), 0])];
  values.forEach((row, r) => row.forEach((v, c) => lines.push(JSON.stringify(['TABEL_CELL', `${id}c${r}${c}`, id, v, r, c, 1, 1, '', '', '', '', '', 1]))));
  return lines;
}

async function writeTable(title: string, lines: string[]): Promise<string> {
  const p = session.project;
  const [sheet] = (await pageApi(page, 'POST', `/api/projects/${p}/documents/get-by-title`, { title, docType: 1 }, p)).result as Array<{ uuid: string; dataStr: string; ticket: number }>;
  const w = await pageApi(page, 'POST', `/api/projects/${p}/documents/update-canvas`, { uuid: sheet.uuid, dataStr: `${sheet.dataStr.trimEnd()}\n${lines.join('\n')}\n`, base_ticket: sheet.ticket }, p);
  expect(w.code).toBe(0);
  return sheet.uuid;
}

beforeAll(async () => {
  session = await editorSession({ user: 'cells', create: 'Tables' });
  page = session.page;
}, 300_000);
afterAll(async () => {
  await session?.close();
});

describe('table cells (e2e)', () => {
  it('[issue-17] a block of cells copied from a table on P1 is pasted into the table on P2 (another tab); the server keeps it', async () => {
    await page.locator('[role=treeitem][data-icon=schematic] > .tree-row[title="Schematic1"]').first().click({ button: 'right' });
    await page.getByRole('menu').getByRole('menuitem', { name: 'New sheet', exact: true }).click();
    await page.locator('[role=treeitem][data-icon=sheet] > .tree-row[title="P2"]').first().waitFor();
    await waitSaved(page);
    await writeTable('P1', table('ta', [['Rev', 'Date'], ['A', '2026-01-02'], ['B', '2026-03-04']]));
    const p2 = await writeTable('P2', table('tb', [['Rev', 'Date'], ['', ''], ['', '']]));
    await page.reload();
    await page.getByRole('tree').waitFor();

    const open = async (name: string) => {
      await page.locator(`[role=treeitem][data-icon=sheet] > .tree-row[title="${name}"]`).first().click();
      // that sheet's editor (the other sheet's may still be shown a moment after the click)
      await waitForEditor(page, 'sheets', { title: name });
      await session.hook('(h) => h.fitBox(-50, -100, 250, 50)');
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    };
    await open('P1');
    await clickAt(page, 150, -30);
    const grid = page.getByRole('region', { name: 'Table cells' });
    await grid.waitFor({ timeout: 10_000 });
    await grid.locator('td[data-cell="1:0"]').click();
    await grid.locator('td[data-cell="2:1"]').click({ modifiers: ['Shift'] });
    expect(await grid.locator('td[aria-selected=true]').count()).toBe(4);
    await page.keyboard.press('Control+c');
    // the copy is in the user's client cache (what another browser of the user takes)
    const cached = await until(async () => {
      const v = (await pageApi(page, 'GET', '/api/cache/copyAndPasteTableCell')).result as string | null;
      return v && JSON.parse(v);
    }, 10_000, 'the cloud copy');
    expect(cached.rows).toEqual([['A', '2026-01-02'], ['B', '2026-03-04']]);

    await open('P2');
    await clickAt(page, 150, -30);
    const grid2 = page.getByRole('region', { name: 'Table cells' });
    await grid2.locator('td[data-cell="1:0"]').waitFor({ timeout: 10_000 });
    expect(await grid2.locator('td[data-cell="1:0"]').innerText()).toBe('');
    await grid2.locator('td[data-cell="1:0"]').click();
    await page.keyboard.press('Control+v');
    await expect.poll(() => grid2.locator('td[data-cell="2:1"]').innerText(), { timeout: 10_000 }).toBe('2026-03-04');
    // the edit is uploaded (the save starts after a short wait: poll the server)
    const values = async () => recordsOf(await serverDataStr(page, session.project, 'sheets', p2)).filter((r) => r[0] === 'TABEL_CELL').map((r) => r[3]);
    await expect.poll(values, { timeout: 60_000 }).toEqual(['Rev', 'Date', 'A', '2026-01-02', 'B', '2026-03-04']);
    expect(session.errors).toEqual([]);
  });
});
