/**
 * Export > Fabrication files… (issue 12): a fixture project imported, the dialog opened from the top
 * bar, a layer left out, the Gerbers generated and drawn back by the server's independent reader
 * (gerber-to-svg), then the download; a board whose stored pour fills are stale: refused, refilled
 * on request ("Refill copper pours and generate"), previewed and downloaded. Real server, real Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { staleEpro } from '../packages/convert/test/fab/stale-archive.ts';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, signUp, startStack, type Stack } from './lib/harness.ts';

let stack: Stack;
let browser: Browser;
let page: Page;

describe('[issue-12] web fabrication export', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, stack.url));
    await signUp(page, 'fabweb');
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('chooses layers, previews the generated Gerbers and downloads the zip', async () => {
    const file = fileURLToPath(new URL('../../shared/fixtures/epro/TriWave-2.1.epro', import.meta.url));
    await page.locator('label.file-btn input[type=file]').first().setInputFiles(file);
    const report = page.getByTestId('import-report');
    await report.waitFor({ timeout: 120_000 });
    await report.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('button', { name: 'Fabrication files…' }).click();
    const dialog = page.getByTestId('fab-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Bottom silkscreen').uncheck();
    await dialog.getByTestId('fab-generate').click();
    const preview = dialog.getByTestId('fab-preview');
    await preview.waitFor({ timeout: 120_000 });
    const names = await preview.locator('figcaption').allInnerTexts();
    expect(names).toContain('Gerber_TopLayer.GTL');
    expect(names).toContain('Gerber_BoardOutlineLayer.GKO');
    expect(names).not.toContain('Gerber_BottomSilkscreenLayer.GBO');
    expect(await preview.locator('img').first().getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await dialog.getByTestId('fab-download').click();
    await dialog.waitFor({ state: 'detached', timeout: 120_000 });
    expect(await page.evaluate(() => document.body.dataset.lastDownload)).toMatch(/^(blob|stream)$/);
  }, 300_000);

  it('a board whose pour fills are stale: the dialog says so, refills on request, previews and downloads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cp-fab-e2e-'));
    const file = join(dir, 'stale-fills.epro');
    writeFileSync(file, staleEpro());
    await page.goto(stack.url);
    await page.locator('label.file-btn input[type=file]').first().setInputFiles(file);
    const report = page.getByTestId('import-report');
    await report.waitFor({ timeout: 120_000 });
    await report.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('button', { name: 'Fabrication files…' }).click();
    const dialog = page.getByTestId('fab-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('fab-generate').click();
    const stale = dialog.getByTestId('fab-stale');
    await stale.waitFor({ timeout: 120_000 });
    expect(await stale.innerText()).toMatch(/stale/);
    expect(await dialog.getByTestId('fab-preview').count()).toBe(0);
    await dialog.getByTestId('fab-refill').click();
    const preview = dialog.getByTestId('fab-preview');
    await preview.waitFor({ timeout: 180_000 });
    expect(await preview.locator('figcaption').allInnerTexts()).toContain('Gerber_TopLayer.GTL');
    await page.evaluate(() => { delete document.body.dataset.lastDownload; });
    await dialog.getByTestId('fab-download').click();
    await dialog.waitFor({ state: 'detached', timeout: 180_000 });
    expect(await page.evaluate(() => document.body.dataset.lastDownload)).toMatch(/^(blob|stream)$/);
    rmSync(dir, { recursive: true, force: true });
  }, 420_000);
});
