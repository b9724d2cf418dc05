/**
 * A project imported into the web app for a browser bench: signed up, the .epro imported and opened
 * once (the project is then in the browser's cache), that page closed; pages opened later in the
 * returned context start without the tabs a page keeps in localStorage (else a PCB's tab, restored on
 * load, would open before the bench's click), so they open the project's first sheet.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { importFile, newPage, signUp } from '../../e2e/lib/harness.ts';

export async function importedProject(browser: Browser, stackUrl: string, user: string, file: { name: string; buffer: Buffer }): Promise<{ context: BrowserContext; url: string }> {
  const { context, page } = await newPage(browser, `${stackUrl}/?e2e`);
  await signUp(page, user);
  await importFile(page, { name: file.name, mimeType: 'application/octet-stream', buffer: file.buffer });
  await page.getByTestId('import-report').getByRole('button', { name: 'Open' }).click();
  await page.getByRole('tree').waitFor();
  const url = page.url();
  await page.close();
  await context.addInitScript(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('copperplate:tabs:')) localStorage.removeItem(k);
  });
  return { context, url };
}
