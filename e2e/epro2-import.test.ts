/**
 * The web import takes an EasyEDA Pro V3 archive (.epro2, issue 10 part 3): the file chooser accepts
 * it, the server converts it, the dialog shows success (no failures) and the conversion report, and
 * the project opens with its boards and sheets. Real server, real Chromium, the real fixture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { FIXTURES, launchBrowser, newPage, signUp, startStack, type Stack } from './lib/harness.ts';
import { readV3Names } from './lib/fixtures.ts';

let stack: Stack;
let browser: Browser;
let page: Page;

describe('[issue-10] web import of an .epro2', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, stack.url));
    await signUp(page, 'epro2web');
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  // Every other .epro2 of the fixtures folder: imported with an empty failure report, its boards and sheets in the tree.
  for (const file of readdirSync(FIXTURES).filter((f) => f.endsWith('.epro2') && f !== 'Hexapod.epro2').sort()) {
    it(`imports ${file} with an empty failure report and opens it with its boards and sheets`, async () => {
      await page.goto(stack.url);
      const names = readV3Names(join(FIXTURES, file));
      await page.locator('label.file-btn input[type=file]').first().setInputFiles(join(FIXTURES, file));
      const report = page.getByTestId('import-report');
      await report.waitFor({ timeout: 120_000 });
      await report.getByRole('status').waitFor();
      expect(await report.getByRole('alert').count()).toBe(0);
      await report.getByRole('button', { name: 'Open' }).click();
      for (const b of names.boards) await page.locator(`[role=treeitem][data-icon=board] > .tree-row[title="${b}"]`).first().waitFor({ timeout: 60_000 });
      for (const s of names.sheets) await page.locator(`[role=treeitem][data-icon=sheet] > .tree-row[title="${s}"]`).first().waitFor();
    }, 300_000);
  }

  it('imports Hexapod.epro2 with an empty failure report, lists what was not carried and opens the project', async () => {
    const input = page.locator('label.file-btn input[type=file]').first();
    expect(await input.getAttribute('accept')).toContain('.epro2');
    await input.setInputFiles('/work/shared/fixtures/epro/Hexapod.epro2');
    const report = page.getByTestId('import-report');
    await report.waitFor({ timeout: 120_000 });
    await report.getByRole('status').waitFor();
    expect(await report.getByRole('alert').count()).toBe(0);
    await expect.poll(() => report.getByTestId('conversion-report').locator('summary').innerText()).toMatch(/^\d+ of \d+ records of the EasyEDA Pro V3 archive carried$/);
    await report.getByRole('button', { name: 'Open' }).click();
    await page.locator('[role=treeitem][data-icon=board] > .tree-row[title="Hexapod_R2"]').first().waitFor({ timeout: 60_000 });
    await page.locator('[role=treeitem][data-icon=sheet] > .tree-row[title="Power"]').first().waitFor();
  }, 300_000);
});
