/**
 * [issue-17] Reimport from the web app (IMP-2): a project imported from a real .epro, its PCB deleted
 * and a sheet edited through the API; 'Reimport…' in the project's actions with the same archive
 * shows the summary (1 added, 1 updated) and the backup taken; after a reload the PCB is back in the
 * tree and the sheet has the archive's content again. Real server, real Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FIXTURES, importFile, launchBrowser, newPage, pageApi, projectUuidOf, signUp, startStack, type Stack } from './lib/harness.ts';

const FILE = `${FIXTURES}/STM32G431-mini.epro`;
const PCB = 'b7538fca9eb647bb99b8d93291ea64aa';
const SHEET = 'c32a7a3a570246e583ee9f3d27ba22e7';

let stack: Stack;
let browser: Browser;
let page: Page;

describe('[issue-17] reimport from the web app', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, stack.url));
    await signUp(page, 'reimportweb');
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('reimports the archive into the open project from the menu; the project is updated after a reload', async () => {
    await importFile(page, FILE);
    await page.getByTestId('import-report').getByRole('button', { name: 'Open' }).click();
    const pcbRow = page.locator('[role=treeitem][data-icon=pcb]');
    await pcbRow.first().waitFor({ timeout: 60_000 });
    const uuid = projectUuidOf(page);
    expect(uuid).not.toBe('');

    // another client (the API) deletes the PCB and edits the sheet
    const sheet = (await pageApi(page, 'POST', `/api/projects/${uuid}/read/sheets`, { ids: [SHEET] }, uuid)).result[0];
    const pcb = (await pageApi(page, 'POST', `/api/projects/${uuid}/read/pcbs`, { ids: [PCB] }, uuid)).result[0];
    expect((await pageApi(page, 'POST', `/api/projects/${uuid}/bulk/sheets`, { data: [{ uuid: SHEET, base_ticket: sheet.ticket, dataStr: 'edited elsewhere' }] }, uuid)).code).toBe(0);
    expect((await pageApi(page, 'POST', `/api/projects/${uuid}/bulk/pcbs`, { data: [{ uuid: PCB, base_ticket: pcb.ticket, deleted: true }] }, uuid)).code).toBe(0);
    await page.reload();
    await page.locator('[role=treeitem][data-icon=sheet]').first().waitFor({ timeout: 60_000 });
    await expect.poll(() => pcbRow.count(), { timeout: 30_000 }).toBe(0);

    // the progress dialog says 'reimport data...' while it runs (seen by an observer: the work may be quick)
    await page.evaluate(() => {
      const w = window as unknown as { reimportSeen?: string };
      new MutationObserver(() => {
        const m = document.querySelector('[data-testid=reimport-dialog] .progress-msg');
        if (m) w.reimportSeen = m.textContent ?? '';
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Reimport…' }).click()]);
    await chooser.setFiles(FILE);
    const report = page.getByTestId('reimport-report');
    await report.waitFor({ timeout: 120_000 });
    const summary = report.getByTestId('reimport-summary');
    await expect.poll(() => summary.innerText()).toMatch(/^1 added, 1 updated, \d+ unchanged, 0 kept/);
    expect(await page.evaluate(() => (window as unknown as { reimportSeen?: string }).reimportSeen)).toBe('reimport data...');
    expect(await report.getByTestId('reimport-backup').innerText()).toContain('Before reimport');
    await report.locator('button.btn.primary', { hasText: 'Close' }).click();

    await page.reload();
    await pcbRow.first().waitFor({ timeout: 60_000 });
    const again = (await pageApi(page, 'POST', `/api/projects/${uuid}/read/sheets`, { ids: [SHEET] }, uuid)).result[0];
    expect(again.dataStr).toBe(sheet.dataStr);
    const backups = (await pageApi(page, 'GET', `/api/projects/${uuid}/backups`, undefined, uuid)).result as Array<{ name: string }>;
    expect(backups.some((b) => b.name.startsWith('Before reimport'))).toBe(true);
  }, 300_000);
});
