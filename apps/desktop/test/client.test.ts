/**
 * The local application interface of the desktop build (SPEC §7) against a real cloud server through
 * a desktop host: the file dialog and saveFile (EXP-2 checks), exportFileClient (refused in the web
 * build), the client's uploadFile (a local .epro becomes a cloud project), the client online backup,
 * and the log uploader sending the user's own entries only (PERM-3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NAMED_ERRORS } from '@copperplate/model';
import { startServer, type RunningServer } from '@copperplate/server';
import { CookieJar, FakeClock, HttpTransport, SyncEngine } from '@copperplate/sync';
import { startDesktopHost, type DesktopHost } from '@copperplate/desktop';
import { HttpLocalStore } from '@copperplate/web/desktop/common-db';
import { DesktopClient, exportFileClient } from '@copperplate/web/desktop/client';
import { LogUploader } from '@copperplate/web/desktop/log-uploader';

let cloudDir = '';
let dataDir = '';
let cloud: RunningServer;
let host: DesktopHost;
let http: HttpTransport;
let userUuid = '';
let project = '';
beforeAll(async () => {
  cloudDir = mkdtempSync(join(tmpdir(), 'cp-deskc-cloud-'));
  dataDir = mkdtempSync(join(tmpdir(), 'cp-deskc-data-'));
  cloud = await startServer({ port: 0, dataDir: cloudDir, logger: false });
  host = await startDesktopHost({ port: 0, dataDir, cloud: cloud.url, probeMs: 200 });
  http = new HttpTransport({ baseUrl: host.url, cookies: new CookieJar() });
  const s = await http.signup(`deskc${Date.now().toString(36)}`, 'desktop-password-2');
  if (!s.success) throw new Error(s.message);
  userUuid = String((s.result.user as { uuid: string }).uuid);
  const p = await http.createProject('Client calls');
  if (!p.success) throw new Error(p.message);
  project = p.result.uuid;
}, 180_000);
afterAll(async () => {
  await host?.close();
  await cloud?.close();
  rmSync(cloudDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the local application interface (SPEC §7)', () => {
  it('[EXP-2] exportFileClient: refused in the web build; in the desktop build the dialog proposes a path and saveFile writes it', async () => {
    const client = new DesktopClient(host.url);
    const bytes = new TextEncoder().encode('["DOCTYPE","SCH","1.1"]');
    await expect(exportFileClient('ONLINE', client, 'x', bytes, [{ name: 'Sheet', extensions: ['esch'] }])).rejects.toThrow(NAMED_ERRORS.ILLEGAL_EXPORT_CLIENT);
    const path = await exportFileClient('CLIENT-ONLINE', client, 'My: sheet', bytes, [{ name: 'Sheet', extensions: ['esch'] }]);
    expect(path).toBe(join(dataDir, 'files', 'My_ sheet.esch'));
    expect(readFileSync(path!, 'utf8')).toBe('["DOCTYPE","SCH","1.1"]');
    await expect(client.saveFile(join(dataDir, 'files', 'x.exe'), bytes)).rejects.toThrow(NAMED_ERRORS.FORMAT_NOT_SUPPORTED);
    await expect(client.saveFile('', bytes)).rejects.toThrow(NAMED_ERRORS.PROJECT_PATH_EMPTY);
  });

  it('[issue-17] uploadFile makes a cloud project of a local .epro; the online backup sends the local copy', async () => {
    const store = await new HttpLocalStore(host.url).open();
    const engine = new SyncEngine({ store, transport: http, clock: new FakeClock(Date.now()), mode: 'CLIENT-ONLINE' });
    await engine.openProject(project);
    // the page's fetch sends its cookies with every same-origin call; here the jar's are added
    const withCookies: typeof fetch = (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie: http.cookies.header() ?? '' } });
    const client = new DesktopClient(host.url, withCookies);
    const saved = await client.saveAsLocal(project, join(dataDir, 'files', 'copy.epro'));
    expect(existsSync(saved.path)).toBe(true);
    const up = await client.uploadFile(saved.path, 'Uploaded copy');
    const detail = await http.getDetail(up.uuid);
    if (!detail.success) throw new Error(detail.message);
    const tickets = await http.getTickets(up.uuid, -1);
    if (!tickets.success) throw new Error(tickets.message);
    expect(Object.keys((tickets.result.schs as Record<string, number>) ?? {})).toHaveLength(1);
    await client.onlineBackup(project, 'From the desktop');
    const list = await http.call<Array<{ name: string; auto: boolean }>>('GET', `/api/projects/${project}/backups`, { project });
    if (!list.success) throw new Error(list.message);
    expect(list.result.some((b) => b.name === 'From the desktop' && !b.auto)).toBe(true);
    await engine.closeProject(project);
  });

  it('[PERM-3] the log uploader sends the current user\'s own entries only; the others stay in the local log', async () => {
    const store = await new HttpLocalStore(host.url).open();
    store.logOwner = () => userUuid;
    await store.addLog({ type: 'INFO', content: 'mine 1', time: 1, project_uuid: project });
    await store.addLog({ type: 'WARN', content: 'mine 2', time: 2, project_uuid: project });
    await store.addLog({ type: 'INFO', content: 'not mine', time: 3, project_uuid: project, owner: 'another-user-of-this-machine' });
    const clock = new FakeClock(Date.now());
    const errors: string[] = [];
    const logs = new LogUploader({ store, clock, owner: () => userUuid, onError: (m) => errors.push(m), send: async (l) => http.call('POST', '/api/logs', { body: { logs: l } }) });
    expect(await logs.uploadOnce(project)).toBe(2);
    expect(errors).toEqual([]);
    const onCloud = await http.call<Array<{ content: string }>>('GET', '/api/logs');
    if (!onCloud.success) throw new Error(onCloud.message);
    expect(onCloud.result.map((l) => l.content).sort()).toEqual(['mine 1', 'mine 2']);
    expect((await store.listLogs(project)).map((l) => l.content)).toEqual(['not mine']);
  });
});
