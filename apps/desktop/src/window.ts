/**
 * The app window: Chromium started with `--app=URL` (a window without tabs or address bar) and its
 * own profile folder in the data folder (so its cookies, the login, stay with the desktop's data).
 * `CHROMIUM` names the browser to run; otherwise the usual Debian and Chrome names are tried.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe'];

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.CHROMIUM) return env.CHROMIUM;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/** The arguments of the app window (exported for the test of the command). */
export function appWindowArgs(url: string, dataDir: string): string[] {
  return [`--app=${url}`, `--user-data-dir=${join(dataDir, 'chromium')}`, '--no-first-run', '--no-default-browser-check', '--window-size=1400,900'];
}

export function openAppWindow(url: string, dataDir: string, browser = findChromium()): ChildProcess | null {
  if (!browser) return null;
  const child = spawn(browser, appWindowArgs(url, dataDir), { stdio: 'ignore', detached: false });
  child.on('error', () => undefined);
  return child;
}
