/** The Simulation panel's Analysis dialog in browser tests and the bench: choose a kind and fill its fields (by label). */
import type { Page } from 'playwright-core';

export async function chooseAnalysis(page: Page, kind: 'tran' | 'ac' | 'dc' | 'op' | 'sheet', fields: Record<string, string> = {}): Promise<void> {
  await page.getByTestId('sim-analysis').click();
  const dialog = page.getByTestId('sim-analysis-dialog');
  await dialog.getByLabel('Analysis kind').selectOption(kind);
  for (const [label, value] of Object.entries(fields)) {
    const el = dialog.getByLabel(label, { exact: true });
    if ((await el.evaluate((e) => e.tagName)) === 'SELECT') await el.selectOption(value);
    else await el.fill(value);
  }
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
}
