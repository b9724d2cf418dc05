/**
 * [STREAM-1][issue-11] The service-worker download stream opens only for the app's own pages with a
 * one-time token from the server: an address typed or linked from another site, a wrong token, and
 * writes that are not fetches of the app's pages are refused (403); the app's own export still
 * streams (e2e/projects.test.ts covers the download itself). Real server, headless Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, signUp, startStack, type Stack } from './lib/harness.ts';

let stack: Stack;
let browser: Browser;
let page: Page;
let context: BrowserContext;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  ({ page, context } = await newPage(browser, stack.url));
  await signUp(page, 'dl');
  // the download worker controls the app's pages (registered at start, claims its clients)
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 60_000 });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('service-worker download stream (e2e)', () => {
  it('an address opened from elsewhere, with a chosen file name and no token, gets 403 and no download', async () => {
    const other = await context.newPage();
    let downloads = 0;
    other.on('download', () => downloads++);
    // a link from another site (no referrer of ours), in the same browser the worker controls
    const res = await other.goto(`${stack.url}/sw/download/stream/create?uuid=evil&fileName=invoice.exe`, { referer: 'https://evil.example/' });
    expect(res?.status()).toBe(403);
    expect(await other.locator('body').innerText()).toBe('refused');
    // a form of another site posting content into that stream: a navigation, refused
    const write = await other.goto(`${stack.url}/sw/download/stream/write?uuid=evil&token=x`);
    expect(write?.status()).not.toBe(204);
    expect(downloads).toBe(0);
    await other.close();
  }, 60_000);

  it("the app's own page cannot open a stream without the server's token, nor write into one it did not register", async () => {
    const statuses = await page.evaluate(async () => {
      const frameStatus = (src: string) => new Promise<string>((resolve) => {
        const f = document.createElement('iframe');
        f.onload = () => resolve(f.contentDocument?.body?.innerText ?? '');
        f.src = src;
        document.body.appendChild(f);
      });
      // a token the server never issued: the worker refuses to register it
      const registered = await new Promise<boolean>((resolve) => {
        const ch = new MessageChannel();
        ch.port1.onmessage = (e) => resolve((e.data as { ok: boolean }).ok);
        navigator.serviceWorker.controller!.postMessage({ type: 'download', uuid: 'u1', fileName: 'x.bin', token: 'guessed', csrf: '' }, [ch.port2]);
      });
      const create = await frameStatus('/sw/download/stream/create?uuid=u1&token=guessed');
      const write = (await fetch('/sw/download/stream/write?uuid=u1&token=guessed', { method: 'POST', body: 'x' })).status;
      return { registered, create, write };
    });
    expect(statuses).toEqual({ registered: false, create: 'refused', write: 404 });
  }, 60_000);
});
