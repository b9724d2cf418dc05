/**
 * Issue 11 (data loss first): an edit committed in the editor and then an immediate page reload
 * must not be lost. The reload comes right after the commit, before the editor's save debounce
 * runs, so only what the page writes while it goes away can carry the edit. Offline, the local
 * database (IndexedDB) is the only place it can survive; online, the server must end up with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, signUp, startStack, type Stack } from './lib/harness.ts';
import { fixtureFiles, fixtureNames } from './lib/fixtures.ts';
import { clickAt, importAndOpen, openInEditor, recordsOf, serverDataStr, until, waitForEditor } from './lib/editor.ts';

let stack: Stack;
let browser: Browser;
let page: Page;
let context: BrowserContext;
let errors: string[];
let project = '';
const file = fixtureFiles().find((f) => f.includes('STM32')) ?? fixtureFiles()[0];
const names = fixtureNames(file);

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  ({ page, context, errors } = await newPage(browser, `${stack.url}/?e2e`));
  await signUp(page, 'reload');
  project = await importAndOpen(page, file);
  await openInEditor(page, 'sheet', names.sheets[0], 'sheets');
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/** A component of the open sheet that a click at its centre selects. */
async function pickComponent(p: Page, skip: string[]): Promise<{ k: string; x: number; y: number }> {
  const pick = await p.evaluate((skip) => {
    const { editor: ed, doc } = (window as any).__cpEditor;
    for (const [k] of doc.ofType('COMPONENT')) {
      if (skip.includes(k)) continue;
      const it = ed.scene.item(k);
      if (!it) continue;
      const x = (it.bbox.minX + it.bbox.maxX) / 2, y = (it.bbox.minY + it.bbox.maxY) / 2;
      if (ed.hit(x, y) === k) return { k, x, y, b: it.bbox };
    }
    throw new Error('no component to click');
  }, skip);
  await p.evaluate((q) => (window as any).__cpEditor.fitBox(q.b.minX - 20, q.b.minY - 20, q.b.maxX + 20, q.b.maxY + 20), pick);
  return pick;
}

const has = (p: Page, k: string) => p.evaluate((k) => !!(window as any).__cpEditor.doc.get(k), k);

/** Selects a component with a click and deletes it with the Delete key (one commit), then reloads at once. */
async function deleteAndReload(p: Page, skip: string[]): Promise<string> {
  const c = await pickComponent(p, skip);
  await clickAt(p, c.x, c.y);
  await p.getByLabel('Schematic canvas').focus();
  await p.keyboard.press('Delete');
  expect(await has(p, c.k)).toBe(false);
  // no wait: the reload starts while the save is still debounced
  await p.reload();
  await waitForEditor(p, 'sheets');
  return c.k;
}

describe('an edit then an immediate reload (issue 11)', () => {
  it('[issue-11] offline: the edit is in the local database after the reload', async () => {
    const id = await page.evaluate(() => (window as any).__cpEditor.id as string);
    await context.setOffline(true);
    const gone = await deleteAndReload(page, []);
    expect(await has(page, gone)).toBe(false);
    await context.setOffline(false);
    // and it reaches the server once online
    await until(async () => !recordsOf(await serverDataStr(page, project, 'sheets', id)).some((r) => r[0] === 'COMPONENT' && r[1] === gone), 60_000, 'the deletion on the server');
  }, 180_000);

  it('[issue-11] online: the edit survives the reload and reaches the server', async () => {
    const id = await page.evaluate(() => (window as any).__cpEditor.id as string);
    const gone: string[] = [];
    for (let i = 0; i < 3; i++) {
      gone.push(await deleteAndReload(page, gone));
      expect(await has(page, gone[i])).toBe(false);
    }
    await until(async () => {
      const recs = recordsOf(await serverDataStr(page, project, 'sheets', id));
      return !recs.some((r) => r[0] === 'COMPONENT' && gone.includes(r[1] as string));
    }, 60_000, 'the deletions on the server');
    await expect.poll(() => page.getByTestId('sync-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('saved');
    expect(errors).toEqual([]);
  }, 180_000);
});
