/**
 * Refreshes docs/screenshots/*.png through the real app (run by scripts/screenshots.mjs):
 * start page, an open project's tree with a drawing, an import report, the Warning dialog.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { ROOT, importFile, launchBrowser, logIn, newPage, projectUuidOf, signUp, startStack } from './harness.ts';
import { fixtureFiles, fixtureNames, readProjectJson } from './fixtures.ts';

const out = join(ROOT, 'docs', 'screenshots');
mkdirSync(out, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(out, name) });

/** A fixture with damaged parts, so that the import report has a grouped failure list. */
function damaged(file: string): Buffer {
  const z = unzipSync(readFileSync(file));
  const sym = Object.keys(z).filter((p) => p.startsWith('SYMBOL/') && p.endsWith('.esym'));
  const fp = Object.keys(z).filter((p) => p.startsWith('FOOTPRINT/') && p.endsWith('.efoo'));
  for (const p of sym.slice(0, 2)) z[p] = strToU8('not a symbol');
  for (const p of fp.slice(0, 1)) z[p] = strToU8('["DOCTYPE","SCH","1.1"]');
  return Buffer.from(zipSync(z));
}

const stack = await startStack();
const browser = await launchBrowser();
try {
  const files = fixtureFiles();
  const a = await newPage(browser, stack.url);
  const user = await signUp(a.page, 'designer');
  for (const f of files) {
    await importFile(a.page, f);
    await a.page.getByTestId('import-report').getByRole('button', { name: 'Cancel' }).click();
  }
  await a.page.getByRole('button', { name: 'Create project' }).waitFor();
  await a.page.getByLabel('Project name').fill('Power supply rev B');
  await a.page.getByRole('button', { name: 'Create project' }).click();
  await a.page.getByRole('tree').waitFor();
  await a.page.goto(`${stack.url}/#/`);
  await a.page.getByRole('table').waitFor();
  await shot(a.page, 'start-page.png');

  // the import report (with failures, grouped)
  await importFile(a.page, { name: 'Damaged-example.epro', mimeType: 'application/octet-stream', buffer: damaged(files[0]) });
  await shot(a.page, 'import-report.png');
  await a.page.getByTestId('import-report').getByRole('button', { name: 'Cancel', exact: true }).click();

  // an open project: tree, tabs, a drawing
  const file = files.find((f) => f.includes('STM32')) ?? files[0];
  const names = fixtureNames(file);
  await a.page.locator('.recent tbody button', { hasText: String(readProjectJson(readFileSync(file)).config?.title ?? '') }).first().click();
  const sheet = a.page.locator(`[role=treeitem][data-icon=sheet] > .tree-row[title="${names.sheets[0]}"]`).first();
  await a.page.locator(`[role=treeitem][data-icon=pcb] > .tree-row[title="${names.pcbs[0]}"]`).first().click();
  await sheet.click();
  await a.page.getByTestId('document-view').waitFor();
  await a.page.waitForTimeout(500);
  await shot(a.page, 'project-tree.png');
  const uuid = projectUuidOf(a.page);

  // the Warning dialog: the same sheet renamed in two browsers while offline
  const b = await newPage(browser, stack.url);
  await logIn(b.page, user);
  await b.page.goto(`${stack.url}/#/project/${uuid}`);
  await b.page.locator(`[role=treeitem][data-icon=sheet] > .tree-row[title="${names.sheets[0]}"]`).first().click();
  await b.page.getByTestId('document-view').waitFor();
  const rename = async (p: Page, to: string) => {
    await p.getByTestId('document-view').getByRole('button', { name: 'Rename' }).click();
    await p.getByRole('dialog', { name: 'Rename' }).getByLabel('Name').fill(to);
    await p.getByRole('dialog', { name: 'Rename' }).getByRole('button', { name: 'Rename' }).click();
  };
  await a.context.setOffline(true);
  await b.context.setOffline(true);
  await rename(a.page, 'Power input');
  await rename(b.page, 'Power stage');
  await a.context.setOffline(false);
  await a.page.waitForFunction(() => document.querySelector('[data-testid=sync-status]')?.getAttribute('data-status') === 'saved');
  await b.context.setOffline(false);
  await b.page.getByTestId('warning-dialog').waitFor({ timeout: 30_000 });
  await shot(b.page, 'warning-dialog.png');
  console.log(`screenshots written to ${out}`);
} finally {
  await browser.close();
  await stack.close();
}
