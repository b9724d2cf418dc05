/**
 * Helpers of the editor browser tests: the shared setup (`editorSession`: a server, Chromium on
 * `/?e2e`, which publishes window.__cpEditor, a signed-up user, a fixture imported or a new project
 * created, a document opened), the editor hook, reading the document as the server stores it,
 * waiting for a condition, clicking at document coordinates.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { migrate, openDatabase, startServer } from '@copperplate/server';
import { writeLibrary } from '@copperplate/server/library/build';
import { ROOT, ensureWebBuilt, importFile, launchBrowser, newPage, projectUuidOf, signUp } from './harness.ts';

export interface EditorSession {
  url: string;
  browser: Browser;
  page: Page;
  /** Uncaught page errors (a test ends with `expect(errors).toEqual([])`). */
  errors: string[];
  /** The uuid of the project imported or created. */
  project: string;
  /** Runs `(h, arg) => ...` (source text) in the page with the editor hook `window.__cpEditor`. */
  hook<T>(fn: string, arg?: unknown): Promise<T>;
  close(): Promise<void>;
}

export interface SessionOptions {
  /** Prefix of the signed-up user's name. */
  user: string;
  /** A fixture .epro to import and open; without it, `create` names a new empty project. */
  fixture?: string;
  create?: string;
  /** Builds the server's component library first (the generated basic parts: resistors, LEDs...). */
  library?: boolean;
  /** Opens this document of the tree in its editor: [tree icon, row name, editor kind]. */
  open?: [string, string, string];
}

/**
 * One browser test's stack: a real server on loopback (temporary data folder, the built web app;
 * with `library`, the generated basic parts in its library), headless Chromium at `/?e2e`, a new
 * user, then a fixture imported or a new project created through the start page, and a document
 * opened in its editor.
 */
export async function editorSession(o: SessionOptions): Promise<EditorSession> {
  await ensureWebBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'cp-e2e-'));
  if (o.library) {
    const db = await openDatabase({ dataDir });
    await migrate(db);
    await writeLibrary(db, { symbolLibs: [], footprintLibs: [] });
    await db.close();
  }
  const server = await startServer({ port: 0, dataDir, logger: false, webDir: join(ROOT, 'apps', 'web', 'dist') });
  const browser = await launchBrowser();
  const { page, errors } = await newPage(browser, `${server.url}/?e2e`);
  await signUp(page, o.user);
  let project = '';
  if (o.fixture) project = await importAndOpen(page, o.fixture);
  else if (o.create) project = await createAndOpen(page, o.create);
  if (o.open) await openInEditor(page, ...o.open);
  return {
    url: server.url,
    browser,
    page,
    errors,
    project,
    // the editor hook is unset for a moment while one editor gives way to another (a tab opened):
    // wait for one to be there, then run the function in the same turn
    hook: <T>(fn: string, arg?: unknown) => page.waitForFunction(() => (window as any).__cpEditor, undefined, { timeout: 30_000 }).then(() => page.evaluate(`(${fn})(window.__cpEditor, ${JSON.stringify(arg ?? null)})`)) as Promise<T>,
    async close() {
      await browser.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates a project from the start page (the create call gives it Board1 = Schematic1/P1 + PCB1) and opens it. */
export async function createAndOpen(page: Page, title: string): Promise<string> {
  await page.getByLabel('Project name').fill(title);
  await page.getByRole('button', { name: 'Create project' }).click();
  await page.getByRole('tree').waitFor();
  await page.waitForFunction(() => /#\/project\/[^/?#]+/.test(location.hash));
  return projectUuidOf(page);
}

/** Waits until the sync status reads Saved (every edit of the tab uploaded). */
export async function waitSaved(page: Page, ms = 60_000): Promise<void> {
  await page.locator('[data-testid=sync-status][data-status=saved]').waitFor({ timeout: ms });
}

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

/**
 * Waits for the editor of `kind` to be shown (and stay: the same one over three frames). `not`: the id
 * of a document of that kind already open, when the test opened another one (a new sheet opens in a
 * tab once its item is saved, a moment after the old sheet's editor was still shown, and a wait for
 * the kind alone would be met by the old one). `title`: the document shown is the one of that name.
 */
export async function waitForEditor(page: Page, kind: string, o: { not?: string | null; title?: string } = {}): Promise<void> {
  // the editor of that kind (and that document), the same one over three frames; the frames also let
  // the fit after the first layout land
  await page.waitForFunction(
    ([k, not, title]) => {
      const w = window as any;
      const h = w.__cpEditor;
      if (h?.kind !== k || !h.view || (not && h.id === not)) return false;
      if (title && document.querySelector('[data-testid=document-view]')?.getAttribute('aria-label') !== `Document ${title}`) return false;
      if (w.__cpEditorSeen?.hook !== h) w.__cpEditorSeen = { hook: h, frames: 0 };
      return ++w.__cpEditorSeen.frames >= 3;
    },
    [kind, o.not ?? null, o.title ?? null] as const,
    { timeout: 30_000, polling: 'raf' },
  );
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

/** The share of the PCB view's middle (half its width and height) brighter than the dark background: the board is drawn there. */
export function litShare(session: EditorSession): Promise<number> {
  return session.hook<number>(`(h) => {
    const v = h.view, w = v.viewport.width, hh = v.viewport.height;
    const d = v.pixels(Math.round(w / 4), Math.round(hh / 4), Math.round(w / 2), Math.round(hh / 2));
    let n = 0; for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] > 3 * 0x30) n++;
    return n / (d.length / 4);
  }`);
}

/**
 * What the editor's view shows of a gesture moved by the compositor (view/gesture-stack.ts): frames
 * drawn, frames shown by moving the drawn one, whether one is shown now, and the CSS transforms of
 * the two drawn canvases (the WebGL one and the live layers').
 */
export function gestureState(page: Page): Promise<{ frames: number; moved: number; now: boolean; gl: string; live: string }> {
  return page.evaluate(() => {
    const v = (window as any).__cpEditor.view;
    const gl = document.querySelector('canvas[data-painter=webgl]') as HTMLCanvasElement, live = document.querySelector('canvas[data-layer=live]') as HTMLCanvasElement;
    return { frames: v.frames as number, moved: v.composed.frames as number, now: v.composed.now as boolean, gl: gl.style.transform, live: live.style.transform };
  });
}
