/**
 * Project versions in the web app (issue 17 part 3): save a version, add a sheet and a text on P1,
 * save another, view the first beside the current state (the new sheet is not in it; on P1 the
 * text is listed as a change and marked on the drawing), switch back to it: the tree loses the
 * sheet, a reload and the server agree, and the state that was left is kept in its version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, pageApi, projectUuidOf, signUp, startStack, type Stack } from './lib/harness.ts';

let stack: Stack;
let browser: Browser;
let page: Page;

const row = (icon: string, name: string) => page.locator(`[role=treeitem][data-icon=${icon}] > .tree-row[title="${name}"]`).first();
const sheetNames = () => page.locator('[role=treeitem][data-icon=sheet] > .tree-row').evaluateAll((els) => els.map((e) => e.getAttribute('title')));
const saved = () => page.locator('[data-testid=sync-status][data-status=saved]').waitFor({ timeout: 60_000 });

async function saveVersion(name: string): Promise<void> {
  await page.getByRole('button', { name: 'Versions…' }).click();
  const dlg = page.getByTestId('versions-dialog');
  await dlg.getByLabel('Version name').fill(name);
  await dlg.getByRole('button', { name: 'Save version' }).click();
  await dlg.getByRole('table', { name: 'Version list' }).getByRole('cell', { name: new RegExp(`^${name}`) }).waitFor();
}

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  ({ page } = await newPage(browser, stack.url));
  await signUp(page, 'versions');
}, 300_000); // the web build and Chromium's start on a busy machine
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('versions (e2e)', () => {
  it('save, view beside the current state, switch back: the tree, a reload and the server agree; nothing is lost', async () => {
    await page.getByLabel('Project name').fill('Versioned board');
    await page.getByRole('button', { name: 'Create project' }).click();
    await row('sheet', 'P1').waitFor();
    await saved();
    await saveVersion('Rev A');
    await page.getByTestId('versions-dialog').getByRole('button', { name: 'Close' }).click();

    await row('schematic', 'Schematic1').click({ button: 'right' });
    await page.getByRole('menu').getByRole('menuitem', { name: 'New sheet', exact: true }).click();
    await row('sheet', 'P2').waitFor();
    await saved();
    // someone writes a text on P1 (through the API, as another client would)
    const project = projectUuidOf(page);
    const sheets = (await pageApi(page, 'POST', `/api/projects/${project}/documents/get-by-title`, { title: 'P1', docType: 1 }, project)).result as Array<{ uuid: string; dataStr: string; ticket: number }>;
    const p1 = sheets[0];
    const text = JSON.stringify(['TEXT', 'vtext1', 100, 100, 0, 'written for the compare', 'st1', 0]);
    const w = await pageApi(page, 'POST', `/api/projects/${project}/documents/update-canvas`, { uuid: p1.uuid, dataStr: `${p1.dataStr}\n${text}`, base_ticket: p1.ticket }, project);
    expect(w.code).toBe(0);
    await saveVersion('Rev B');

    // Rev A beside the current state on P1: the text is the one change, listed and marked on the current drawing
    {
      const dlg = page.getByTestId('versions-dialog');
      await dlg.getByRole('row', { name: /Rev A/ }).getByRole('button', { name: 'View' }).click();
      const docSelect = dlg.getByLabel('Document');
      await docSelect.selectOption((await docSelect.locator('option', { hasText: 'Sheet: P1' }).getAttribute('value'))!);
      await expect.poll(() => dlg.getByTestId('diff-summary').innerText(), { timeout: 30_000 }).toMatch(/From Current state to Rev A: 0 added, 1 removed, 0 changed/);
      const changes = dlg.getByRole('table', { name: 'Record changes' });
      expect(await changes.locator('tbody tr').count()).toBe(1);
      expect(await changes.locator('tbody tr').first().getAttribute('data-change')).toBe('removed');
      await changes.getByRole('cell', { name: 'TEXT written for the compare' }).waitFor();
      expect(await dlg.locator('[data-testid=version-drawing][data-version=current]').getAttribute('data-marked')).toBe('1');
      // the current drawing carries the mark on that record
      const src = decodeURIComponent((await dlg.locator('[data-testid=version-drawing][data-version=current] img').getAttribute('src'))!);
      expect(src).toContain('[data-id="vtext1"]');
      expect(src).toContain('data-id="vtext1"');
    }

    // Rev A beside the current state: P2 is drawn on the left and missing on the right
    const dlg = page.getByTestId('versions-dialog');
    await dlg.getByRole('row', { name: /Rev A/ }).getByRole('button', { name: 'View' }).click();
    const docSelect = dlg.getByLabel('Document');
    const p2 = await docSelect.locator('option', { hasText: 'Sheet: P2' }).getAttribute('value');
    await docSelect.selectOption(p2!);
    await dlg.locator('[data-testid=version-drawing][data-version=current] img').waitFor();
    await dlg.locator('[data-testid=version-drawing]:not([data-version=current])').getByText('Not in this version.').waitFor();

    // switch to Rev A (after a question): P2 leaves the tree
    await dlg.getByRole('row', { name: /Rev A/ }).getByRole('button', { name: 'Switch to' }).click();
    await dlg.getByRole('alertdialog', { name: 'Switch version' }).getByRole('button', { name: 'Switch' }).click();
    await dlg.getByRole('row', { name: /Rev A/ }).getByText('current').waitFor();
    await dlg.getByRole('button', { name: 'Close' }).click();
    await expect.poll(sheetNames, { timeout: 60_000 }).toEqual(['P1']);

    const uuid = projectUuidOf(page);
    await page.reload();
    await row('sheet', 'P1').waitFor();
    await expect.poll(sheetNames, { timeout: 60_000 }).toEqual(['P1']);
    const versions = (await (await page.request.get(`${stack.url}/api/projects/${uuid}/versions`)).json()) as { result: Array<{ id: string; name: string; current: boolean }> };
    expect(versions.result.map((v) => [v.name, v.current])).toEqual([['Rev A', true], ['Rev B', false]]);
    // the state that was left (with P2) is kept in Rev B
    const revB = versions.result.find((v) => v.name === 'Rev B')!;
    const shown = (await (await page.request.get(`${stack.url}/api/projects/${uuid}/versions/${revB.id}`)).json()) as { result: { sheets: Array<{ title: string }> } };
    expect(shown.result.sheets.map((s) => s.title).sort()).toEqual(['P1', 'P2']);
  }, 180_000);

  it('pin keeps a project at the top of the start page, star marks it; both survive a reload', async () => {
    await page.goto(stack.url + '/#/');
    await page.getByLabel('Project name').fill('Second board');
    await page.getByRole('button', { name: 'Create project' }).click();
    await row('sheet', 'P1').waitFor();
    await page.goto(stack.url + '/#/');
    const recent = page.getByRole('region', { name: 'Recent projects' });
    const names = () => recent.locator('tbody tr td:first-child').allInnerTexts();
    await expect.poll(names).toEqual(['Second board', 'Versioned board']);
    await recent.getByRole('button', { name: 'Pin Versioned board' }).click();
    await expect.poll(names).toEqual(['Versioned board', 'Second board']);
    await recent.getByRole('button', { name: 'Star Second board' }).click();
    await recent.getByRole('button', { name: 'Unstar Second board' }).waitFor();
    await page.reload();
    await expect.poll(names).toEqual(['Versioned board', 'Second board']);
    expect(await recent.getByRole('button', { name: 'Unpin Versioned board' }).getAttribute('aria-pressed')).toBe('true');
    await recent.getByRole('button', { name: 'Unpin Versioned board' }).click();
    await expect.poll(names).toEqual(['Second board', 'Versioned board']);
  }, 120_000);
});
