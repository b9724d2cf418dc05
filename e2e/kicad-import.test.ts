/**
 * The web import takes a KiCad project (issue 15): the project's files picked together travel as one
 * zip, the server converts them in a worker, the report lists what was not carried, and the project
 * opens with its board. Real server, real Chromium, KiCad's own demo files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, signUp, startStack, type Stack } from './lib/harness.ts';
import { kicadReference } from '../packages/convert/test/kicad/reference.ts';

const ref = kicadReference();
let stack: Stack;
let browser: Browser;
let page: Page;

describe.skipIf(!ref.demos)('[issue-15] web import of a KiCad project', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, stack.url));
    await signUp(page, 'kicadweb');
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('imports the files of a KiCad project picked together, shows the report and opens the board', async () => {
    const dir = join(ref.demos!, 'complex_hierarchy');
    const files = readdirSync(dir).filter((n) => /\.kicad_(pro|pcb|sch|sym)$/.test(n)).map((n) => join(dir, n));
    await page.locator('label.file-btn input[type=file]').first().setInputFiles(files);
    const report = page.getByTestId('import-report');
    await report.waitFor({ timeout: 120_000 });
    await expect.poll(() => report.getByTestId('conversion-report').locator('summary').innerText()).toMatch(/^KiCad import: /);
    await report.getByRole('button', { name: 'Open' }).click();
    await page.locator('[role=treeitem][data-icon=board] > .tree-row[title="complex_hierarchy"]').first().waitFor({ timeout: 60_000 });
    await page.locator('[role=treeitem][data-icon=sheet] > .tree-row[title="ampli_ht_vertical"]').first().waitFor();
  }, 240_000);
});
