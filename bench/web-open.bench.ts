/**
 * web-open: time from clicking a fixture project on the start page to its tree and first document
 * (the default sheet in the schematic editor's canvas, or the painter's image) visible, in Chromium against a real server on loopback.
 * - cold: a fresh browser context (empty IndexedDB, the project comes from the cloud);
 * - warm: the same context again (the project opens from the local cache after the version check).
 * Baseline measured in the same run: clicking "Start" until the recent-projects table is visible.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { report } from './lib/report.ts';
import { importFile, launchBrowser, logIn, newPage, signUp, startStack } from '../e2e/lib/harness.ts';
import { fixtureFiles, readProjectJson } from '../e2e/lib/fixtures.ts';

const RUNS = 5;
const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

async function openOnce(page: Page, title: string): Promise<number> {
  const link = page.getByRole('button', { name: title, exact: true }).first();
  await link.waitFor();
  const t0 = performance.now();
  await link.click();
  await page.getByRole('tree').waitFor();
  // the sheet in the schematic editor's canvas (or, without an editor, the painter's image), then a frame
  await page.waitForFunction(() => {
    const c = document.querySelector<HTMLCanvasElement>('[data-testid=schematic-editor] canvas');
    if (c) return c.width > 0 && c.height > 0;
    const img = document.querySelector<HTMLImageElement>('[data-testid=drawing] img');
    return !!img && img.complete && img.naturalWidth > 0;
  });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return performance.now() - t0;
}

async function toStart(page: Page): Promise<number> {
  const t0 = performance.now();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.getByRole('table').waitFor();
  return performance.now() - t0;
}

const stack = await startStack();
let browser: Browser | undefined;
try {
  browser = await launchBrowser();
  const first = await newPage(browser, stack.url);
  const user = await signUp(first.page, 'bench');
  const file = fixtureFiles().find((f) => f.includes('STM32')) ?? fixtureFiles()[0];
  await importFile(first.page, file);
  await first.page.getByTestId('import-report').getByRole('button', { name: 'Cancel' }).click();
  await first.context.close();
  const pjTitle = String(readProjectJson(readFileSync(file)).config?.title ?? '');

  const cold: number[] = [];
  const warm: number[] = [];
  const base: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { context, page } = await newPage(browser, stack.url);
    await logIn(page, user);
    const name = await page.locator('.recent tbody button').first().innerText();
    cold.push(await openOnce(page, name || pjTitle));
    base.push(await toStart(page));
    warm.push(await openOnce(page, name || pjTitle));
    await context.close();
  }
  const c = median(cold), w = median(warm), b = median(base);
  report('web-open', [
    { name: 'web-open cold (fresh cache) click -> tree + first sheet shown', value: c, unit: 'ms', goal: '< 3000' },
    { name: 'web-open warm (local cache) click -> tree + first sheet shown', value: w, unit: 'ms', goal: '< 1500' },
    { name: 'web-open baseline: back to start page', value: b, unit: 'ms' },
    { name: 'web-open warm / cold', value: w / c, unit: 'ratio', goal: '< 1' },
    { name: 'web-open cold / baseline', value: c / b, unit: 'ratio' },
  ]);
} finally {
  await browser?.close();
  await stack.close();
}
