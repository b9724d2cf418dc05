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
});
