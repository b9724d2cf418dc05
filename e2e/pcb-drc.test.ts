/**
 * Issue 13 in Chromium: the PCB editor's DRC panel and pour fills, run in a Web Worker. Open the STM32
 * fixture board; its pours show EasyEDA's own fills; a track moved onto another net's pad is found by
 * "Check" (listed, marked on the canvas, click zooms to it, waiving hides its marker); "Refill all"
 * fills every pour in the worker, the fills are saved to the pour file on the server stamped fresh;
 * an edit within a pour's reach then marks its fill stale in the panel and on the canvas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fixtureFiles, fixtureNames } from './lib/fixtures.ts';
import { recordsOf, serverDataStr, until, editorSession, type EditorSession } from './lib/editor.ts';

let session: EditorSession;
let page: Page;
let errors: string[];
let project = '';
const file = fixtureFiles().find((f) => f.includes('STM32')) ?? fixtureFiles()[0];
const names = fixtureNames(file);

beforeAll(async () => {
  session = await editorSession({ user: 'drc', fixture: file, open: ['pcb', names.pcbs[0], 'pcbs'] });
  ({ page, errors, project } = session);
}, 180_000);
afterAll(async () => {
  await session?.close();
});

const statuses = (p: Page) => p.$$eval('[data-testid="drc-pours"] [data-pour]', (els) => els.map((e) => e.getAttribute('data-status')));

/** Set fields of one record of the open document (one undo step), as an editing tool would. */
function editRecord(p: Page, key: string, fields: Record<number, unknown>): Promise<void> {
  return p.evaluate(({ key, fields }) => {
    const doc = (window as any).__cpEditor.doc;
    const next = [...doc.get(key)];
    for (const [i, v] of Object.entries(fields)) next[Number(i)] = v;
    doc.commit('Edit', (tx: { set(k: string, r: unknown[]): void }) => tx.set(key, next));
  }, { key, fields });
}

describe('PCB editor DRC panel (issue 13)', () => {
  it('[issue-13] check finds a seeded short, lists it, marks it, zooms to it, waives it', async () => {
    // EasyEDA's stored fills carry no stamp of ours: shown as EasyEDA fills
    const st = await until(async () => { const s = await statuses(page); return s.length ? s : null; }, 60_000, 'pour states');
    expect(st.every((s) => s === 'unknown')).toBe(true);
    // the seeded fault of packages/board/test/drc.test.ts: track e724's far end onto the PC6 pad
    await editRecord(page, 'e724', { 5: 2505, 6: -2030 });
    await page.getByRole('region', { name: 'DRC' }).getByRole('button', { name: 'Check' }).click();
    await page.waitForSelector('[data-testid="drc-summary"]', { timeout: 120_000 });
    const short = page.locator('[data-testid="drc-list"] button[data-rule="short"]', { hasText: 'PC6' }).first();
    await short.waitFor({ timeout: 30_000 });
    const markers0 = await page.locator('.cp-drc-overlay .cp-drc-dot').count();
    expect(markers0).toBeGreaterThan(0);
    const zoom0 = await page.evaluate(() => (window as any).__cpEditor.view.viewport.zoom as number);
    await short.click();
    await until(async () => (await page.evaluate(() => (window as any).__cpEditor.view.viewport.zoom as number)) > zoom0 * 1.5 || null, 20_000, 'zoom to the violation');
    await page.locator('.cp-drc-overlay .cp-drc-dot.cp-focused[data-rule="short"]').waitFor({ timeout: 20_000 });
    // waive it: its marker goes, the summary counts it waived, and it stays waived after the next check
    const row = page.locator('[data-testid="drc-list"] li', { has: page.locator('button[data-rule="short"]', { hasText: 'PC6' }) }).first();
    await row.locator('input[type="checkbox"]').check();
    await until(async () => ((await page.textContent('[data-testid="drc-summary"]')) ?? '').includes('waived') || null, 20_000, 'waived count');
    expect(await page.locator('.cp-drc-overlay .cp-drc-dot[data-rule="short"].cp-focused').count()).toBe(0);
    await page.getByRole('region', { name: 'DRC' }).getByRole('button', { name: 'Check' }).click();
    await until(async () => ((await page.textContent('[data-testid="drc-summary"]')) ?? '').includes('waived') || null, 120_000, 'waived after a new check');
    expect(errors).toEqual([]);
  }, 300_000);

  it('[issue-13] refill in the worker saves stamped fills to the server; an edit in a pour marks it stale', async () => {
    const id = await page.evaluate(() => (window as any).__cpEditor.id as string);
    await page.getByRole('region', { name: 'DRC' }).getByRole('button', { name: /Refill/ }).click();
    await until(async () => { const s = await statuses(page); return s.length && s.every((x) => x === 'fresh') ? s : null; }, 180_000, 'every fill fresh');
    // the pour file on the server holds our POURED records with their stamps
    await until(async () => {
      const recs = recordsOf(await serverDataStr(page, project, 'copper', `${id}_0`)).filter((r) => r[0] === 'POURED');
      return recs.length && recs.every((r) => String(r[1]).includes('_cp')) ? recs : null;
    }, 60_000, 'stamped fills on the server');
    // move the track back (it lies inside the board's pours' reach): their fills go stale
    await editRecord(page, 'e724', { 5: 2480, 6: -2000 });
    await until(async () => ((await statuses(page)).includes('stale') ? true : null), 60_000, 'a stale fill');
    await page.locator('.cp-drc-overlay .cp-drc-stale').first().waitFor({ timeout: 20_000 }).catch(async () => {
      // the label sits at the pour's corner: bring the whole board into view
      await page.evaluate(() => (window as any).__cpEditor.view.fit());
      await page.locator('.cp-drc-overlay .cp-drc-stale').first().waitFor({ timeout: 20_000 });
    });
    expect(errors).toEqual([]);
  }, 300_000);
});
