/**
 * [issue-14] Design from an empty project: a project created in the app opens with Board1 holding
 * Schematic1 (sheet P1) and PCB1; the tree adds a sheet (it opens), reorders and deletes it (after a
 * question), adds a board; after a reload, what the tree shows is what the server holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, projectUuidOf, signUp, startStack, type Stack } from './lib/harness.ts';

let stack: Stack;
let browser: Browser;
let page: Page;

const row = (icon: string, name: string) => page.locator(`[role=treeitem][data-icon=${icon}] > .tree-row[title="${name}"]`).first();
const sheetNames = () => page.locator('[role=treeitem][data-icon=sheet] > .tree-row').evaluateAll((els) => els.map((e) => e.getAttribute('title')));
async function menu(icon: string, name: string, item: string): Promise<void> {
  await row(icon, name).click({ button: 'right' });
  await page.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click();
}

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  ({ page } = await newPage(browser, stack.url));
  await signUp(page, 'fresh');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('project structure (e2e)', () => {
  it('[issue-14] a new project has Board1 = Schematic1 (P1) + PCB1; sheets and boards are added, reordered and deleted from the tree', async () => {
    await page.getByLabel('Project name').fill('From scratch');
    await page.getByRole('button', { name: 'Create project' }).click();
    await row('board', 'Board1').waitFor();
    await row('schematic', 'Schematic1').waitFor();
    await row('sheet', 'P1').waitFor();
    await row('pcb', 'PCB1').waitFor();

    await menu('schematic', 'Schematic1', 'New sheet');
    await row('sheet', 'P2').waitFor();
    await page.getByRole('tab', { name: /P2/ }).waitFor();
    await menu('sheet', 'P2', 'Move up');
    await expect.poll(sheetNames).toEqual(['P2', 'P1']);
    await menu('sheet', 'P1', 'Delete sheet');
    const ask = page.getByRole('dialog', { name: 'Delete sheet' });
    await ask.getByText('Delete the sheet "P1"?').waitFor();
    await ask.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(sheetNames).toEqual(['P2']);

    await menu('board', 'Board1', 'New board');
    await row('board', 'Board1_1').waitFor();
    await page.locator('[data-testid=sync-status][data-status=saved]').waitFor();

    // after a reload the tree comes from the local cache and the server alike: the same structure
    const uuid = projectUuidOf(page);
    await page.reload();
    await row('board', 'Board1_1').waitFor();
    // Board1's schematic holds P2 alone; the new board's schematic its own P1
    await expect.poll(sheetNames).toEqual(['P2', 'P1']);
    const detail = await page.request.get(`${stack.url}/api/projects/${uuid}`);
    const boards = ((await detail.json()) as { result: { boards: Array<{ name: string }> } }).result.boards.map((b) => b.name);
    expect(boards).toEqual(['Board1', 'Board1_1']);
  }, 90_000);

  it('[issue-14] rename from the tree (F2 and menu), drag a sheet to reorder; rename, delete (to the trash), restore and purge projects from the start page', async () => {
    // F2 on a sheet row renames it; the board is renamed from its menu
    await menu('schematic', 'Schematic1', 'New sheet');
    // Schematic1 already had P2: the new one is P3 (wait for it: P2's row was there before the click)
    await row('sheet', 'P3').waitFor();
    await expect.poll(async () => (await sheetNames()).filter((n) => n && !['P1', 'P2'].includes(n))).toEqual(['P3']);
    await row('sheet', 'P3').focus();
    await page.keyboard.press('F2');
    const ask = page.getByRole('dialog', { name: 'Rename' });
    await ask.getByLabel('Name').fill('Power');
    await ask.getByRole('button', { name: 'Rename' }).click();
    await row('sheet', 'Power').waitFor();
    await menu('board', 'Board1_1', 'Rename');
    const askBoard = page.getByRole('dialog', { name: 'Rename board' });
    await askBoard.getByLabel('Name').fill('Main');
    await askBoard.getByRole('button', { name: 'Rename' }).click();
    await row('board', 'Main').waitFor();
    // drag Power before P2 (same schematic)
    expect((await sheetNames()).slice(0, 2)).toEqual(['P2', 'Power']);
    await row('sheet', 'Power').dragTo(row('sheet', 'P2'));
    await expect.poll(async () => (await sheetNames()).slice(0, 2)).toEqual(['Power', 'P2']);
    // drag the board Main before Board1: the project's board list follows
    const uuid = projectUuidOf(page);
    const boardNames = async () => ((await (await page.request.get(`${stack.url}/api/projects/${uuid}`)).json()) as { result: { boards: Array<{ name: string }> } }).result.boards.map((b) => b.name);
    await row('board', 'Main').dragTo(row('board', 'Board1'));
    await expect.poll(boardNames).toEqual(['Main', 'Board1']);
    await page.locator('[data-testid=sync-status][data-status=saved]').waitFor();
    await page.reload();
    await row('board', 'Main').waitFor();
    // Main (its own P1) now comes first in the tree, then Board1 with the dragged order
    await expect.poll(async () => (await sheetNames()).slice(0, 3)).toEqual(['P1', 'Power', 'P2']);

    // the start page: rename, delete (asks; to the trash), restore, delete again and purge
    await page.goto(`${stack.url}/`);
    const recent = page.getByRole('region', { name: 'Recent projects' });
    await recent.getByRole('button', { name: 'Rename From scratch' }).click();
    const rn = page.getByRole('dialog', { name: 'Rename project' });
    await rn.getByLabel('Name').fill('Bench PSU');
    await rn.getByRole('button', { name: 'Rename' }).click();
    await recent.getByRole('button', { name: 'Bench PSU', exact: true }).waitFor();
    await recent.getByRole('button', { name: 'Delete Bench PSU' }).click();
    const del = page.getByRole('dialog', { name: 'Delete project' });
    await del.getByText('It can be restored for 30 days').waitFor();
    await del.getByRole('button', { name: 'Delete' }).click();
    const trash = page.getByRole('region', { name: 'Trash' });
    await trash.getByRole('cell', { name: 'Bench PSU', exact: true }).waitFor();
    await recent.getByRole('button', { name: 'Bench PSU', exact: true }).waitFor({ state: 'detached' });
    await trash.getByRole('button', { name: 'Restore Bench PSU' }).click();
    await recent.getByRole('button', { name: 'Bench PSU', exact: true }).waitFor();
    await trash.waitFor({ state: 'detached' });
    const detail = await page.request.get(`${stack.url}/api/projects/${uuid}`);
    expect(((await detail.json()) as { result: { title: string } }).result.title).toBe('Bench PSU');
    await recent.getByRole('button', { name: 'Delete Bench PSU' }).click();
    await page.getByRole('dialog', { name: 'Delete project' }).getByRole('button', { name: 'Delete' }).click();
    await trash.getByRole('button', { name: 'Delete Bench PSU for good' }).click();
    await trash.waitFor({ state: 'detached' });
    const gone = await page.request.get(`${stack.url}/api/trash`);
    expect(((await gone.json()) as { result: unknown[] }).result).toEqual([]);
  }, 90_000);

  it('[issue-14] PCBs on no board and panels are reordered by drag and drop and Move up/down; the order survives a reload', async () => {
    await page.goto(`${stack.url}/`);
    await page.getByLabel('Project name').fill('Loose order');
    await page.getByRole('button', { name: 'Create project' }).click();
    await row('board', 'Board1').waitFor({ timeout: 60_000 });
    const titles = (icon: string) => page.locator(`[role=treeitem][data-icon=${icon}] > .tree-row`).evaluateAll((els) => els.map((e) => e.getAttribute('title')));
    const loosePcbs = async () => (await titles('pcb')).filter((t) => t !== 'PCB1');
    await menu('board', 'Board1', 'New PCB');
    await row('pcb', 'PCB1_1').waitFor();
    await menu('board', 'Board1', 'New PCB');
    await row('pcb', 'PCB1_2').waitFor();
    await menu('folder', 'Panels', 'New panel');
    await row('panel', 'Panel1').waitFor();
    await menu('folder', 'Panels', 'New panel');
    await row('panel', 'Panel1_1').waitFor();
    expect(await loosePcbs()).toEqual(['PCB1_1', 'PCB1_2']);
    expect(await titles('panel')).toEqual(['Panel1', 'Panel1_1']);
    // drag PCB1_2 before PCB1_1; Move up on Panel1_1
    await row('pcb', 'PCB1_2').dragTo(row('pcb', 'PCB1_1'));
    await expect.poll(loosePcbs).toEqual(['PCB1_2', 'PCB1_1']);
    await menu('panel', 'Panel1_1', 'Move up');
    await expect.poll(() => titles('panel')).toEqual(['Panel1_1', 'Panel1']);
    await page.locator('[data-testid=sync-status][data-status=saved]').waitFor({ timeout: 60_000 });
    await page.reload();
    await row('board', 'Board1').waitFor();
    await expect.poll(loosePcbs).toEqual(['PCB1_2', 'PCB1_1']);
    await expect.poll(() => titles('panel')).toEqual(['Panel1_1', 'Panel1']);
  }, 120_000);
});
