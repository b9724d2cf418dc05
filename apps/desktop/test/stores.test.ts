/**
 * The desktop build's local database passes the LocalStore contract twice: the host's FileStore
 * itself, and the page's HttpLocalStore through the host's /CommonDB paths (compare-and-set for the
 * read-modify-write calls). A FileStore read back from its folder holds what was written.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStore, startDesktopHost, type DesktopHost } from '@copperplate/desktop';
import { HttpLocalStore } from '@copperplate/web/desktop/common-db';
import { libraryIdPerProject, localStoreContract } from '../../../packages/store/test/contract.ts';

const dirs: string[] = [];
const hosts: DesktopHost[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'cp-desk-store-'));
  dirs.push(d);
  return d;
};
afterAll(async () => {
  for (const h of hosts) await h.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

localStoreContract('desktop files (FileStore)', async () => new FileStore(tmp()));
localStoreContract('desktop page over /CommonDB (HttpLocalStore)', async () => {
  // no cloud: the host's network check fails quietly; only the local database is used
  const h = await startDesktopHost({ port: 0, dataDir: tmp(), cloud: 'http://127.0.0.1:9', probeMs: 60_000 });
  hosts.push(h);
  return new HttpLocalStore(h.url).open();
});

describe('[ID-5] the desktop client\'s local cache keeps a library id per owning project', () => {
  libraryIdPerProject('FileStore (key: kind, then id and project joined by the separator)', async () => new FileStore(tmp()));
  const dirOf = new WeakMap<object, string>();
  libraryIdPerProject('FileStore read back from its folder', async () => {
    const d = tmp();
    const s = new FileStore(d);
    dirOf.set(s, d);
    return s;
  }, async (s) => new FileStore(dirOf.get(s)!));
});

describe('FileStore', () => {
  it('[DB-1] a store read back from its folder holds the projects, items with odd keys, locks, logs and caches', async () => {
    const d = tmp();
    const a = new FileStore(d);
    await a.putProject({ uuid: 'P', detail: { uuid: 'P', title: 'p', g_ticket: 2 }, g_ticket: 2, snapshot: {} });
    await a.putItems([{ project: 'P', kind: 'copper', key: 'pcb1_0/../x', ticket: -1, data: { path: 'pcb1_0/../x', dataStr: 'POUR' }, baseTicket: 0, base: null }]);
    await a.updateLock('L', () => ({ lockUuid: 'L', owner: 'o', type: 't', ticket: 1, expiresAt: 5 }));
    await a.addLog({ type: 'INFO', content: 'c', time: 1, project_uuid: 'P', owner: 'u' });
    await a.kvSet('clipBoard', 'k', { v: 1 });
    const b = new FileStore(d);
    expect((await b.getProject('P'))?.g_ticket).toBe(2);
    expect((await b.listPending('P')).map((i) => i.key)).toEqual(['pcb1_0/../x']);
    expect((await b.getLock('L'))?.ticket).toBe(1);
    expect((await b.listLogs('P')).map((l) => l.owner)).toEqual(['u']);
    expect(await b.kvGet('clipBoard', 'k')).toEqual({ v: 1 });
    expect(() => b.projectDir('../etc')).toThrow();
  });
});
