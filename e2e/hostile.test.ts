/**
 * Hostile names stay text: a project, sheet, board and attribute named like HTML show as those
 * characters and run nothing; the server sends a Content-Security-Policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { importFile, launchBrowser, newPage, signUp, startStack, type Stack } from './lib/harness.ts';
import { fixtureFiles } from './lib/fixtures.ts';

const EVIL = '<img src=x onerror=alert(1)>';
const EVIL2 = '<img src=x onerror="window.__xss=1">';

let stack: Stack;
let browser: Browser;
let page: Page;
let errors: string[];
let dialogs: string[];

/** A fixture whose board, schematic, sheet, project title and one sheet attribute carry hostile names. */
function hostileEpro(): Buffer {
  const file = fixtureFiles().find((f) => f.includes('STM32')) ?? fixtureFiles()[0];
  const z = unzipSync(readFileSync(file));
  const pj = JSON.parse(strFromU8(z['project.json']));
  const [schUuid, sch] = Object.entries(pj.schematics as Record<string, { name: string; sheets: { name: string; id: number }[] }>)[0];
  sch.sheets[0].name = EVIL;
  pj.config.title = EVIL2;
  const boardKey = Object.keys(pj.boards)[0];
  pj.boards = { [EVIL2]: pj.boards[boardKey] };
  z['project.json'] = strToU8(JSON.stringify(pj));
  const sheetPath = `SHEET/${schUuid}/${sch.sheets[0].id}.esch`;
  const lines = strFromU8(z[sheetPath]).split('\n');
  lines.splice(2, 0, JSON.stringify(['ATTR', 'e999999', '', EVIL, EVIL2, 1, 1, 0, 0, 0, null, 0]));
  z[sheetPath] = strToU8(lines.join('\n'));
  return Buffer.from(zipSync(z));
}

async function nothingRan(): Promise<void> {
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(errors).toEqual([]);
}

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  ({ page, errors, dialogs } = await newPage(browser, stack.url));
  await signUp(page, 'evil');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('hostile names (e2e)', () => {
  it('the server sends a Content-Security-Policy with the app', async () => {
    const res = await page.request.get(stack.url + '/');
    const csp = res.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-inline' 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('a project named like HTML shows those characters and runs nothing', async () => {
    await page.getByLabel('Project name').fill(EVIL);
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('tree').waitFor();
    await expect.poll(() => page.getByTestId('project-title').innerText()).toBe(EVIL);
    await page.goto(stack.url + '/#/');
    await page.getByRole('button', { name: EVIL, exact: true }).waitFor();
    await nothingRan();
  }, 60_000);

  it('imported board, sheet and attribute names like HTML stay text, in the tree, tabs, records and drawing', async () => {
    await importFile(page, { name: 'hostile.epro', mimeType: 'application/octet-stream', buffer: hostileEpro() });
    await page.getByTestId('import-report').getByRole('button', { name: 'Open' }).click();
    await page.getByRole('treeitem', { name: EVIL2, exact: true }).first().waitFor();
    const row = page.locator('[role=treeitem][data-icon=sheet] > .tree-row').first();
    const sheet = row.locator('.tlabel');
    expect(await sheet.innerText()).toBe(EVIL);
    await row.click();
    await page.getByTestId('document-view').waitFor();
    expect(await page.getByRole('tab', { selected: true }).innerText()).toContain(EVIL);
    await page.getByRole('button', { name: 'Records' }).click();
    const rec = page.getByRole('table', { name: 'Records' });
    await rec.getByText(EVIL2, { exact: false }).first().waitFor();
    expect(await rec.innerText()).toContain(EVIL);
    await page.getByRole('button', { name: 'Drawing' }).click();
    await page.locator('[data-testid=schematic-editor], [data-testid=drawing]').first().waitFor();
    // rename a sheet to a hostile name through the UI
    await page.getByTestId('document-view').getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('dialog', { name: 'Rename' }).getByLabel('Name').fill(EVIL2);
    await page.getByRole('dialog', { name: 'Rename' }).getByRole('button', { name: 'Rename' }).click();
    await expect.poll(() => sheet.innerText()).toBe(EVIL2);
    await page.reload();
    await page.locator('[role=treeitem][data-icon=sheet] > .tree-row').first().waitFor();
    await nothingRan();
  }, 90_000);
});
