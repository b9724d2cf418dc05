/**
 * Browser-test harness: builds apps/web once (when its sources changed), starts a real server on
 * loopback with a temporary data dir serving apps/web/dist, and launches Debian's Chromium headless
 * through playwright-core.
 */
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startServer } from '@copperplate/server';

export const ROOT = join(import.meta.dirname, '..', '..');
const WEB = join(ROOT, 'apps', 'web');
export const FIXTURES = '/work/shared/fixtures/epro';

function newestMtime(dir: string): number {
  let t = 0;
  if (!existsSync(dir)) return 0;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'test') continue;
    const p = join(dir, name);
    const s = statSync(p);
    t = Math.max(t, s.isDirectory() ? newestMtime(p) : s.mtimeMs);
  }
  return t;
}

/** Builds apps/web/dist when any input is newer than the last build (one build across test files). */
export async function ensureWebBuilt(): Promise<void> {
  const stamp = join(WEB, 'dist', '.built');
  const inputs = Math.max(
    newestMtime(join(WEB, 'src')),
    newestMtime(join(WEB, 'public')),
    statSync(join(WEB, 'index.html')).mtimeMs,
    statSync(join(WEB, 'vite.config.ts')).mtimeMs,
    ...['model', 'format', 'board', 'sync', 'store', 'editor', 'convert', 'spice'].map((p) => newestMtime(join(ROOT, 'packages', p, 'src'))),
  );
  const lock = join(tmpdir(), 'copperplate-web-build.lock');
  for (let i = 0; ; i++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (i > 600) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    const built = existsSync(stamp) ? Number(readFileSync(stamp, 'utf8')) : 0;
    if (built >= inputs && existsSync(join(WEB, 'dist', 'index.html'))) return;
    const { build } = await import('vite');
    // a production bundle (vitest sets NODE_ENV=test, which would bundle React's development build)
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ configFile: join(WEB, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
    } finally {
      process.env.NODE_ENV = env;
    }
    writeFileSync(stamp, String(inputs));
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface Stack {
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

export async function startStack(): Promise<Stack> {
  await ensureWebBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'cp-e2e-'));
  const server = await startServer({ port: 0, dataDir, logger: false, webDir: join(WEB, 'dist') });
  return {
    url: server.url,
    dataDir,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

/** Headless Chromium with a fresh profile (playwright-core makes a new temporary user-data-dir per launch). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

export async function newPage(browser: Browser, url: string): Promise<{ context: BrowserContext; page: Page; errors: string[]; dialogs: string[] }> {
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  const dialogs: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(url);
  return { context, page, errors, dialogs };
}

let userSeq = 0;
/** Signs up a fresh user through the form (labelled fields, "Sign up" button). */
export async function signUp(page: Page, prefix = 'user'): Promise<string> {
  const username = `${prefix}${Date.now().toString(36)}${userSeq++}`;
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('heading', { name: 'Recent projects' }).waitFor();
  return username;
}

export async function logIn(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Recent projects' }).waitFor();
}

/** Imports an archive through the Import file input and waits for the report dialog. */
export async function importFile(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await page.locator('label.file-btn input[type=file]').first().setInputFiles(file);
  await page.getByTestId('import-report').waitFor({ timeout: 60_000 });
}

/** The uuid of the project open in the page (from the address). */
export function projectUuidOf(page: Page): string {
  return /#\/project\/([^/?#]+)/.exec(page.url())?.[1] ?? '';
}

/** A call of docs/API.md from the page (its session cookie, the CSRF token, the project path header); the parsed answer. */
export async function pageApi(page: Page, method: 'GET' | 'POST', path: string, body?: unknown, project = ''): Promise<any> {
  return page.evaluate(async ([method, path, body, project]) => {
    const csrf = /(?:^|; )cp_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
    const headers: Record<string, string> = { 'x-csrf-token': decodeURIComponent(csrf), ...(project ? { 'x-project-path': project as string } : {}) };
    if (method === 'POST') headers['content-type'] = 'application/json';
    const r = await fetch(path as string, { method: method as string, headers, ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}) });
    return r.json();
  }, [method, path, body, project] as const);
}
