/**
 * The setup of the library browser tests: a server whose component library holds the generated basic
 * parts (built in seconds; the KiCad libraries go the same code path, tested on the server and in the
 * bench), Chromium, and a signed-up user's page (`?e2e`: the editors' test hook).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { migrate, openDatabase, startServer, type RunningServer } from '@copperplate/server';
import { writeLibrary } from '@copperplate/server/library/build';
import { ROOT, ensureWebBuilt, launchBrowser, newPage, signUp } from './harness.ts';

export interface LibraryStack { server: RunningServer; dataDir: string; browser: Browser; context: BrowserContext; page: Page; errors: string[]; close(): Promise<void> }

/** `beforeServer` runs on the data folder before the server starts (a supplier file...). */
export async function libraryStack(prefix: string, beforeServer?: (dataDir: string) => void): Promise<LibraryStack> {
  await ensureWebBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), `cp-e2e-${prefix}-`));
  const db = await openDatabase({ dataDir });
  await migrate(db);
  await writeLibrary(db, { symbolLibs: [], footprintLibs: [] });
  await db.close();
  beforeServer?.(dataDir);
  const server = await startServer({ port: 0, dataDir, logger: false, webDir: join(ROOT, 'apps', 'web', 'dist') });
  const browser = await launchBrowser();
  const { context, page, errors } = await newPage(browser, `${server.url}/?e2e`);
  await signUp(page, prefix);
  return {
    server, dataDir, browser, context, page, errors,
    async close() {
      await browser.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
