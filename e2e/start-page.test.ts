/**
 * The start page's controls in the browser (issue 17 part 5): the Workspace switch (a team's projects
 * apart from the personal ones, new projects made in the chosen workspace), a building block created
 * from the start page (board1, listed apart) and used inside another project (Insert building block…),
 * and the import of an encrypted .epro asking for its password (IMP-10: asked again after a wrong one).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readEpro, writeEpro } from '@copperplate/format';
import { NAMED_ERRORS } from '@copperplate/model';
import { launchBrowser, newPage, pageApi, projectUuidOf, signUp, startStack, type Stack } from './lib/harness.ts';
import { fixtureFiles, fixtureNames } from './lib/fixtures.ts';

let stack: Stack;
let browser: Browser;
let page: Page;
/** The building block and the project it was inserted into (the ENT-3 test; the link test goes on from there). */
let blockUuid = '';
let mainUuid = '';

const row = (icon: string, name: string) => page.locator(`[role=treeitem][data-icon=${icon}] > .tree-row[title="${name}"]`).first();
const recentNames = () => page.getByRole('region', { name: 'Recent projects' }).locator('tbody tr td:first-child').allInnerTexts();
const home = async () => { await page.goto(stack.url + '/#/'); await page.getByRole('heading', { name: 'Recent projects' }).waitFor(); };
async function create(title: string, block = false): Promise<string> {
  await page.getByLabel('Project name').fill(title);
  if (block) await page.getByLabel('Building block (reuse block)').check();
  await page.getByRole('button', { name: 'Create project' }).click();
  await row('sheet', 'P1').waitFor({ timeout: 60_000 });
  return projectUuidOf(page);
}

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  ({ page } = await newPage(browser, stack.url));
  await signUp(page, 'start');
}, 300_000); // the web build and Chromium's start on a busy machine
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('start page (e2e)', () => {
  it('[issue-17] the Workspace switch lists a team\'s projects apart and creates new projects in the chosen workspace', async () => {
    await create('Own board');
    const team = (await pageApi(page, 'POST', '/api/teams', { name: 'Lab' })).result as { uuid: string };
    await home();
    const ws = page.getByLabel('Workspace');
    await ws.selectOption({ label: 'Team: Lab' });
    await expect.poll(recentNames).toEqual([]);
    const teamProject = await create('Team board');
    const detail = (await pageApi(page, 'GET', `/api/projects/${teamProject}`, undefined, teamProject)).result as { team_uuid: string; scope: number };
    expect([detail.team_uuid, detail.scope]).toEqual([team.uuid, 1]);
    await home();
    // the chosen workspace is kept
    expect(await ws.inputValue()).toBe(team.uuid);
    await expect.poll(recentNames).toEqual(['Team board']);
    await ws.selectOption({ label: 'Personal' });
    await expect.poll(recentNames).toEqual(['Own board']);
  }, 180_000);

  it('[ENT-3] a building block made on the start page (board1, listed apart) is inserted into another project as a board', async () => {
    const block = (blockUuid = await create('Filter block', true));
    await row('board', 'board1').waitFor();
    // the block's sheet gets a text and the block a symbol (as its editor would save them)
    const [sheet] = (await pageApi(page, 'POST', `/api/projects/${block}/documents/get-by-title`, { title: 'P1', docType: 1 }, block)).result as Array<{ uuid: string; dataStr: string; ticket: number }>;
    const text = JSON.stringify(['TEXT', 'blocktext1', 100, 100, 0, 'RC filter', 'st1', 0]);
    expect((await pageApi(page, 'POST', `/api/projects/${block}/documents/update-canvas`, { uuid: sheet.uuid, dataStr: `${sheet.dataStr}\n${text}`, base_ticket: sheet.ticket }, block)).code).toBe(0);
    const symbol = { uuid: 'blocksym0000000000000000000000001', title: 'RFILT', display_title: 'RFILT', docType: 2, source: '', version: '1', dataStr: '["DOCTYPE","SYMBOL","1.1"]\n["HEAD",{"originX":0,"originY":0}]' };
    const put = await pageApi(page, 'POST', `/api/projects/${block}/bulk/symbols`, { data: [symbol] }, block);
    expect(put.result[0].success).toBe(true);

    await home();
    await page.getByLabel('Workspace').selectOption({ label: 'Personal' });
    // UI-4: the block is not a recent project; it is listed under Building blocks
    await page.getByRole('region', { name: 'Building blocks' }).getByRole('button', { name: 'Filter block' }).waitFor();
    await expect.poll(recentNames).not.toContain('Filter block');
    const main = (mainUuid = await create('Main board'));
    await row('board', 'Board1').click({ button: 'right' });
    await page.getByRole('menu').getByRole('menuitem', { name: 'Insert building block…' }).click();
    const dlg = page.getByTestId('building-block-dialog');
    await dlg.getByRole('button', { name: 'Insert Filter block' }).click();
    await row('board', 'Filter block').waitFor({ timeout: 60_000 });
    await page.locator('[data-testid=sync-status][data-status=saved]').waitFor({ timeout: 60_000 });

    // the server holds the new board: its own schematic, sheet and PCB (new ids), the text, the symbol
    const detail = (await pageApi(page, 'GET', `/api/projects/${main}`, undefined, main)).result as { boards: Array<{ name: string; sch: string; pcb: string }> };
    const blockDetail = (await pageApi(page, 'GET', `/api/projects/${block}`, undefined, block)).result as { boards: Array<{ name: string; sch: string; pcb: string }> };
    const inserted = detail.boards.find((b) => b.name === 'Filter block')!;
    expect(detail.boards.map((b) => b.name)).toEqual(['Board1', 'Filter block']);
    expect(inserted.sch).toBeTruthy();
    expect(inserted.pcb).toBeTruthy();
    expect(inserted.sch).not.toBe(blockDetail.boards[0].sch);
    expect(inserted.pcb).not.toBe(blockDetail.boards[0].pcb);
    const sheets = (await pageApi(page, 'GET', `/api/projects/${main}/schematics/${inserted.sch}/documents`, undefined, main)).result as Array<{ uuid: string }>;
    expect(sheets).toHaveLength(1);
    const [copied] = (await pageApi(page, 'POST', `/api/projects/${main}/read/sheets`, { ids: [sheets[0].uuid] }, main)).result as Array<{ dataStr: string }>;
    expect(copied.dataStr).toContain('RC filter');
    const syms = (await pageApi(page, 'POST', `/api/projects/${main}/read/symbols`, { ids: [symbol.uuid] }, main)).result as Array<{ title: string }>;
    expect(syms.map((s) => s.title)).toEqual(['RFILT']);
  }, 180_000);

  it('[issue-17] the inserted board keeps its link to the block (source, version); Update from building block brings the block\'s later changes under the board\'s own ids', async () => {
    expect(blockUuid && mainUuid).toBeTruthy();
    type Detail = { g_ticket: number; boards: Array<{ name: string; sch: string; pcb: string; source?: string; version?: number }> };
    const detail = async (uuid: string) => (await pageApi(page, 'GET', `/api/projects/${uuid}`, undefined, uuid)).result as Detail;
    const before = (await detail(mainUuid)).boards.find((b) => b.name === 'Filter block')!;
    const blockAt = (await detail(blockUuid)).g_ticket;
    expect(before.source).toBe(blockUuid);
    expect(before.version).toBe(blockAt);
    // nothing changed in the block yet: the board is up to date
    await row('board', 'Filter block').click({ button: 'right' });
    await page.getByRole('menu').getByRole('menuitem', { name: 'Update from building block' }).click();
    await page.getByText(`has the building block's latest version (${blockAt})`).waitFor();
    // the block's sheet changes (its owner edits it)
    const [sheet] = (await pageApi(page, 'POST', `/api/projects/${blockUuid}/documents/get-by-title`, { title: 'P1', docType: 1 }, blockUuid)).result as Array<{ uuid: string; dataStr: string; ticket: number }>;
    const text = JSON.stringify(['TEXT', 'blocktext2', 100, 200, 0, 'RC filter rev B', 'st1', 0]);
    expect((await pageApi(page, 'POST', `/api/projects/${blockUuid}/documents/update-canvas`, { uuid: sheet.uuid, dataStr: `${sheet.dataStr}\n${text}`, base_ticket: sheet.ticket }, blockUuid)).code).toBe(0);
    const blockNow = (await detail(blockUuid)).g_ticket;
    expect(blockNow).toBeGreaterThan(blockAt);
    await row('board', 'Filter block').click({ button: 'right' });
    await page.getByRole('menu').getByRole('menuitem', { name: 'Update from building block' }).click();
    await page.getByText(`updated from its building block (version ${blockAt} to ${blockNow})`).waitFor({ timeout: 60_000 });
    await page.locator('[data-testid=sync-status][data-status=saved]').waitFor({ timeout: 60_000 });
    // the server holds the new content in the board's own schematic and sheet; the link moved on
    const after = (await detail(mainUuid)).boards.find((b) => b.name === 'Filter block')!;
    expect(after).toEqual({ ...before, version: blockNow });
    const sheets = (await pageApi(page, 'GET', `/api/projects/${mainUuid}/schematics/${after.sch}/documents`, undefined, mainUuid)).result as Array<{ uuid: string }>;
    expect(sheets).toHaveLength(1);
    const read = async () => ((await pageApi(page, 'POST', `/api/projects/${mainUuid}/read/sheets`, { ids: [sheets[0].uuid] }, mainUuid)).result as Array<{ dataStr: string }>)[0].dataStr;
    await expect.poll(read, { timeout: 60_000 }).toContain('RC filter rev B');
    expect(await read()).toContain('"blocktext1"'); // what the board had from the first copy stays
  }, 180_000);

  it('[IMP-10] an encrypted .epro asks for its password, again after a wrong one, and imports with the right one', async () => {
    await home();
    const file = fixtureFiles().find((f) => f.includes('STM32G431')) ?? fixtureFiles()[0];
    const names = fixtureNames(file);
    const encrypted = writeEpro(readEpro(readFileSync(file)), 'open sesame');
    await page.locator('label.file-btn input[type=file]').first().setInputFiles({ name: 'secret.epro', mimeType: 'application/octet-stream', buffer: Buffer.from(encrypted) });
    const ask = page.getByTestId('import-password');
    await ask.getByText(NAMED_ERRORS.PASSWORD_REQUIRED).waitFor();
    await ask.getByLabel('Archive password').fill('wrong guess');
    await ask.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByTestId('import-password').getByText(NAMED_ERRORS.PASSWORD_WRONG).waitFor({ timeout: 60_000 });
    await page.getByTestId('import-password').getByLabel('Archive password').fill('open sesame');
    await page.getByTestId('import-password').getByRole('button', { name: 'Import', exact: true }).click();
    const report = page.getByTestId('import-report');
    await report.waitFor({ timeout: 120_000 });
    await report.getByRole('button', { name: 'Open' }).click();
    await row('sheet', names.sheets[0]).waitFor({ timeout: 60_000 });
  }, 240_000);
});
