/**
 * Browser tests of sync through the real UI: two browser contexts on one project (one sees the
 * other's change; the Warning dialog when both change the same document offline), and an offline
 * edit that survives a reload and reaches the server when the browser is back online.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { importFile, launchBrowser, logIn, newPage, projectUuidOf, signUp, startStack, type Stack } from './lib/harness.ts';
import { fixtureFiles, fixtureNames } from './lib/fixtures.ts';

let stack: Stack;
let browser: Browser;
let a: { context: BrowserContext; page: Page; errors: string[] };
let b: { context: BrowserContext; page: Page; errors: string[] };
let uuid = '';
const file = fixtureFiles().find((f) => f.includes('STM32')) ?? fixtureFiles()[0];
const names = fixtureNames(file);

const sheetRow = (page: Page, name: string) => page.locator(`[role=treeitem][data-icon=sheet] > .tree-row[title="${name}"]`).first();
const status = (page: Page) => page.getByTestId('sync-status');

async function renameOpenDoc(page: Page, to: string): Promise<void> {
  await page.getByTestId('document-view').getByRole('button', { name: 'Rename' }).click();
  const dlg = page.getByRole('dialog', { name: 'Rename' });
  await dlg.getByLabel('Name').fill(to);
  await dlg.getByRole('button', { name: 'Rename' }).click();
  await dlg.waitFor({ state: 'detached' });
}

/** The sheet's title as the server has it, read with this page's session. */
async function serverSheetTitle(page: Page, project: string, sheetUuid: string): Promise<string> {
  return page.evaluate(
    async ([p, id]) => {
      const csrf = /(?:^|; )cp_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const r = await fetch(`/api/projects/${p}/read/sheets`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf), 'x-project-path': p }, body: JSON.stringify({ ids: [id] }) });
      const j = await r.json();
      return String(j.result?.[0]?.display_title ?? j.result?.[0]?.title ?? '');
    },
    [project, sheetUuid] as const,
  );
}

let sheetUuid = '';
beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  a = await newPage(browser, stack.url);
  const user = await signUp(a.page, 'sync');
  await importFile(a.page, file);
  await a.page.getByTestId('import-report').getByRole('button', { name: 'Open' }).click();
  await sheetRow(a.page, names.sheets[0]).waitFor();
  uuid = projectUuidOf(a.page);
  await sheetRow(a.page, names.sheets[0]).click();
  await a.page.getByTestId('document-view').waitFor();
  sheetUuid = (await a.page.evaluate(() => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('copperplate:tabs:'))!)!).active)).split(':')[1];
  b = await newPage(browser, stack.url);
  await logIn(b.page, user);
  await b.page.goto(`${stack.url}/#/project/${uuid}`);
  await sheetRow(b.page, names.sheets[0]).click();
  await b.page.getByTestId('document-view').waitFor();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('sync in the browser (e2e)', () => {
  it('[UP-5][SYNC-7] two contexts on one project: one sees the other\'s change', async () => {
    await renameOpenDoc(a.page, 'Renamed by A');
    await expect.poll(() => status(a.page).getAttribute('data-status'), { timeout: 15_000 }).toBe('saved');
    await sheetRow(b.page, 'Renamed by A').waitFor({ timeout: 20_000 });
    expect(await serverSheetTitle(b.page, uuid, sheetUuid)).toBe('Renamed by A');
  }, 60_000);

  it('[UI-1] both change the same document offline: the Warning dialog appears', async () => {
    await a.context.setOffline(true);
    await b.context.setOffline(true);
    await renameOpenDoc(a.page, 'Offline A');
    await renameOpenDoc(b.page, 'Offline B');
    await expect.poll(() => status(a.page).getAttribute('data-status')).toBe('offline');
    await a.context.setOffline(false);
    await expect.poll(() => serverSheetTitle(a.page, uuid, sheetUuid), { timeout: 20_000 }).toBe('Offline A');
    await b.context.setOffline(false);
    const dlg = b.page.getByTestId('warning-dialog');
    await dlg.waitFor({ timeout: 30_000 });
    expect(await dlg.getByRole('heading').innerText()).toBe('Warning');
    expect(await dlg.evaluate((el) => (el as HTMLElement).style.width)).toBe('600px');
    expect(await dlg.getByRole('button', { name: 'Close' }).count()).toBe(0);
    for (const h of ['Update content', 'Before-uploading version', 'Updated version', 'Modifier']) await dlg.getByRole('columnheader', { name: h }).waitFor();
    expect(await dlg.innerText()).toContain('Offline B');
    await b.page.keyboard.press('Escape');
    expect(await dlg.isVisible()).toBe(true);
    await dlg.getByRole('button', { name: 'Upload Local to Cloud' }).click();
    await dlg.waitFor({ state: 'detached' });
    await expect.poll(() => serverSheetTitle(b.page, uuid, sheetUuid), { timeout: 20_000 }).toBe('Offline B');
    await sheetRow(a.page, 'Offline B').waitFor({ timeout: 20_000 });
    // again, and this time B takes the cloud's version
    await a.context.setOffline(true);
    await b.context.setOffline(true);
    await renameOpenDoc(a.page, 'Second A');
    await renameOpenDoc(b.page, 'Second B');
    await a.context.setOffline(false);
    await expect.poll(() => serverSheetTitle(a.page, uuid, sheetUuid), { timeout: 20_000 }).toBe('Second A');
    await b.context.setOffline(false);
    await dlg.waitFor({ timeout: 30_000 });
    await dlg.getByRole('button', { name: 'Reload from Cloud' }).click();
    await dlg.waitFor({ state: 'detached' });
    await sheetRow(b.page, 'Second A').waitFor({ timeout: 20_000 });
    expect(await serverSheetTitle(b.page, uuid, sheetUuid)).toBe('Second A');
  }, 120_000);

  it('[UP-7] offline edit, reload, back online: the edit reaches the server', async () => {
    await a.context.setOffline(true);
    await renameOpenDoc(a.page, 'Edited offline');
    await a.page.reload();
    await sheetRow(a.page, 'Edited offline').waitFor({ timeout: 20_000 });
    expect(await status(a.page).getAttribute('data-status')).toBe('offline');
    expect(await serverSheetTitle(b.page, uuid, sheetUuid)).toBe('Second A');
    await a.context.setOffline(false);
    await expect.poll(() => serverSheetTitle(b.page, uuid, sheetUuid), { timeout: 30_000 }).toBe('Edited offline');
    await expect.poll(() => status(a.page).getAttribute('data-status'), { timeout: 15_000 }).toBe('saved');
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  }, 90_000);
});
