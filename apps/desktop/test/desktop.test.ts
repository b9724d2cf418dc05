/**
 * [issue-17] The desktop client build (part 6, Must-show): `copperplate desktop` is started as a
 * process against a real cloud server on loopback; a project is opened through it and kept as local
 * files (the host's FileStore), saved as a local .epro (save-as-local), edited while the cloud is
 * stopped (the edit is in the local files with a negative ticket and survives a restart of the
 * desktop host), and uploaded when the cloud is back on the same address. The page's own code runs
 * the session: HttpLocalStore (/CommonDB), HostNet (the cloud's state), wireDesktop (mode follows it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '@copperplate/server';
import { CookieJar, HttpTransport, SyncEngine, type Clock, type ProjectMeta } from '@copperplate/sync';
import { readEpro } from '@copperplate/format';
import { desktopParts, wireDesktop, type DesktopParts } from '@copperplate/web/desktop/engine-parts';
import { HttpLocalStore } from '@copperplate/web/desktop/common-db';
import { DesktopClient } from '@copperplate/web/desktop/client';

const bin = join(import.meta.dirname, '../../../bin/copperplate.mjs');
const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms) as unknown as number,
  clearTimeout: (id) => clearTimeout(id as unknown as NodeJS.Timeout),
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
};
/** Polls `cond` until it holds (the machine may be loaded: generous budget). */
async function until(what: string, cond: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts `copperplate desktop` and resolves with its URL once it prints it. */
function startDesktop(data: string, server: string): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, [bin, 'desktop', '--port', '0', '--data', data, '--server', server, '--no-open', '--probe', '200'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((ok, ko) => {
    let out = '';
    let err = '';
    proc.stdout!.on('data', (c) => {
      out += String(c);
      const m = /Copperplate desktop on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) ok({ proc, url: m[1] });
    });
    proc.stderr!.on('data', (c) => (err += String(c)));
    proc.on('exit', (code) => ko(new Error(`desktop exited ${code}: ${out}\n${err}`)));
  });
}
async function stopDesktop(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null) return;
  const gone = new Promise((r) => p.once('exit', r));
  p.kill('SIGTERM');
  await gone;
}

let cloudDir = '';
let dataDir = '';
let cloud: RunningServer | null = null;
let desk: { proc: ChildProcess; url: string } | null = null;
let parts: DesktopParts | null = null;
beforeAll(async () => {
  cloudDir = mkdtempSync(join(tmpdir(), 'cp-desk-cloud-'));
  dataDir = mkdtempSync(join(tmpdir(), 'cp-desk-data-'));
  cloud = await startServer({ port: 0, dataDir: cloudDir, logger: false });
  desk = await startDesktop(dataDir, cloud.url);
}, 180_000);
afterAll(async () => {
  parts?.net.stop();
  if (desk) await stopDesktop(desk.proc);
  await cloud?.close();
  rmSync(cloudDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('copperplate desktop (issue 17 part 6)', () => {
  it('[issue-17] saves a project as local files, edits it offline, uploads it when the cloud is back', async () => {
    const jar = new CookieJar();
    const viaHost = new HttpTransport({ baseUrl: () => desk!.url, cookies: jar });
    expect((await viaHost.signup(`desk${Date.now().toString(36)}`, 'desktop-password-1')).success).toBe(true);
    const created = await viaHost.createProject('Desk project');
    if (!created.success) throw new Error(created.message);
    const uuid = created.result.uuid;

    // the page's engine in mode CLIENT: local database = the host's files, mode follows the cloud
    const mode = 'CLIENT-HALF_OFFLINE';
    parts = await desktopParts(realClock, () => null, async () => ({ success: true }), () => undefined, desk!.url);
    expect(parts.net.online()).toBe(true);
    let engine = new SyncEngine({ store: parts.store, transport: viaHost, clock: realClock, mode });
    wireDesktop(engine, parts, mode);
    let session = await engine.openProject(uuid);
    const store = parts.store;
    const sheets = await store.listItems(uuid, 'sheets');
    expect(sheets).toHaveLength(1);
    const sheetId = sheets[0].key;

    // kept as local files: the project and its sheet are files in the data folder
    const projectDir = join(dataDir, 'store', 'projects', uuid);
    expect((JSON.parse(readFileSync(join(projectDir, 'project.json'), 'utf8')) as ProjectMeta).detail.title).toBe('Desk project');
    const sheetFile = join(projectDir, 'items', 'sheets', `${sheetId}.json`);
    expect(JSON.parse(readFileSync(sheetFile, 'utf8')).ticket).toBeGreaterThan(0);

    // save-as-local: the .epro written from the local files holds the sheet
    const client = new DesktopClient(desk!.url);
    const saved = await client.saveAsLocal(uuid);
    expect(saved.path.startsWith(join(dataDir, 'files'))).toBe(true);
    const archive = readEpro(new Uint8Array(readFileSync(saved.path)));
    expect([...archive.entries.keys()].some((k) => k.startsWith('SHEET/'))).toBe(true);

    // the cloud goes away: the host's network check sees it, the engine goes OFFLINE
    const port = cloud!.port;
    await cloud!.close();
    cloud = null;
    await until('the host sees the cloud gone', () => !parts!.net.online());
    expect((await client.status()).cloud).toBe('offline');

    // an offline edit: saved in the local files with a negative ticket (TKT-2), nothing uploaded
    const before = (await session.get('sheets', sheetId)) as Record<string, unknown>;
    const edited = String(before.dataStr) + '\n["TEXT","e-offline",0,0,0,"edited offline",null,0]';
    await session.edit('sheets', sheetId, { ...before, dataStr: edited });
    const onDisk = JSON.parse(readFileSync(sheetFile, 'utf8'));
    expect(onDisk.ticket).toBeLessThan(0);
    expect(onDisk.data.dataStr).toBe(edited);

    // the desktop host restarts (still offline): the edit is read back from the local files
    await engine.closeProject(uuid);
    parts.net.stop();
    await stopDesktop(desk!.proc);
    desk = await startDesktop(dataDir, `http://127.0.0.1:${port}`);
    parts = await desktopParts(realClock, () => null, async () => ({ success: true }), () => undefined, desk.url);
    expect(parts.net.online()).toBe(false);
    engine = new SyncEngine({ store: parts.store, transport: viaHost, clock: realClock, mode });
    wireDesktop(engine, parts, mode);
    session = await engine.openProject(uuid);
    expect(((await session.get('sheets', sheetId)) as Record<string, unknown>).dataStr).toBe(edited);
    expect((await parts.store.listPending(uuid)).map((i) => i.key)).toEqual([sheetId]);

    // the cloud comes back on its address: the queued edit uploads by itself
    cloud = await startServer({ port, dataDir: cloudDir, logger: false });
    await until('the host sees the cloud back', () => parts!.net.online());
    await until('the edit uploaded', async () => (await parts!.store.listPending(uuid)).length === 0, 120_000);
    const direct = new HttpTransport({ baseUrl: cloud.url, cookies: jar });
    const read = await direct.read(uuid, 'sheets', [sheetId]);
    if (!read.success) throw new Error(read.message);
    expect(read.result[0].dataStr).toBe(edited);
    expect(JSON.parse(readFileSync(sheetFile, 'utf8')).ticket).toBeGreaterThan(0);
    await engine.closeProject(uuid);
  }, 300_000);

  it('[issue-17] the local host answers its own page only, and sends the app in mode CLIENT', async () => {
    const res = await fetch(`${desk!.url}/`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?mode=CLIENT-HALF_OFFLINE');
    // a local call without the client header (what a page of another site could send) is refused
    const bare = await fetch(`${desk!.url}/CommonDB/project/getAllArrData`, { method: 'POST', body: '{}' });
    expect(bare.status).toBe(403);
    // and one from another origin
    const cross = await fetch(`${desk!.url}/CommonDB/project/getAllArrData`, { method: 'POST', body: '{}', headers: { origin: 'http://evil.example', 'x-copperplate-client': '1' } });
    expect(cross.status).toBe(403);
    expect(await new HttpLocalStore(desk!.url).open()).toBeInstanceOf(HttpLocalStore);
  });
});
