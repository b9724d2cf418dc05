/**
 * Helpers of the editor browser tests: open a fixture document in the editor (the app at `/?e2e`,
 * which publishes window.__cpEditor), read the document as the server stores it, wait for a
 * condition.
 */
import type { Page } from 'playwright-core';
import { importFile, projectUuidOf } from './lib/harness.ts';

/** Imports a fixture and opens the project (the page must be signed in). Returns the project uuid. */
export async function importAndOpen(page: Page, file: string): Promise<string> {
  await importFile(page, file);
  await page.getByTestId('import-report').getByRole('button', { name: 'Open' }).click();
  await page.getByRole('tree').waitFor();
  await page.waitForFunction(() => /#\/project\/[^/?#]+/.test(location.hash));
  return projectUuidOf(page);
}

/** Clicks a document row of the tree (icon: sheet, pcb, ...) and waits until its editor is mounted. */
export async function openInEditor(page: Page, icon: string, name: string, kind: string): Promise<void> {
  await page.locator(`[role=treeitem][data-icon=${icon}] > .tree-row[title="${name}"]`).first().click();
  await waitForEditor(page, kind);
}

export async function waitForEditor(page: Page, kind: string): Promise<void> {
  await page.waitForFunction((k) => (window as any).__cpEditor?.kind === k && (window as any).__cpEditor.view, kind, { timeout: 30_000 });
  // one frame for the fit after the first layout
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** The dataStr of one document as the server has it, read over the HTTP API with the page's session. */
export async function serverDataStr(page: Page, project: string, kind: string, id: string): Promise<string> {
  return page.evaluate(
    async ([p, k, i]) => {
      const csrf = /(?:^|; )cp_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const r = await fetch(`/api/projects/${p}/read/${k}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf), 'x-project-path': p }, body: JSON.stringify({ ids: [i] }) });
      const j = await r.json();
      return String(j.result?.[0]?.dataStr ?? '');
    },
    [project, kind, id] as const,
  );
}

/** The record lines of a document text, parsed (lines that are not JSON arrays are skipped). */
export function recordsOf(text: string): unknown[][] {
  const out: unknown[][] = [];
  for (const line of text.split('\n')) {
    try {
      const r = JSON.parse(line);
      if (Array.isArray(r)) out.push(r);
    } catch {
      /* not a record line */
    }
  }
  return out;
}

/** Polls `fn` until it returns a truthy value (or throws after `ms`). */
export async function until<T>(fn: () => Promise<T | null | undefined | false>, ms = 20_000, what = 'condition'): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Moves the real mouse to a document point of the open editor and clicks there. */
export async function clickAt(page: Page, x: number, y: number): Promise<void> {
  const p = await page.evaluate(([a, b]) => (window as any).__cpEditor.toPage(a, b), [x, y] as const);
  await page.mouse.move(p.x - 3, p.y - 3);
  await page.mouse.move(p.x, p.y);
  await page.mouse.click(p.x, p.y);
}
