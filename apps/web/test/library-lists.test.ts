/**
 * The browser side of the basic library lists (issue 16) against the real server: a list is read
 * through the client cache call and kept in the local database's basicLibraryList store (DB-1); the
 * next read shows the local copy first, then the cloud's when it changed; offline the local copy
 * alone; a local write that fails is retried (ERR-7).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, migrate, startServer, type RunningServer } from '@copperplate/server';
import { writeLibrary } from '@copperplate/server/library/build';
import { CookieJar, HttpTransport } from '@copperplate/sync';
import { MemoryStore } from '@copperplate/store';
import type { LibraryList } from '@copperplate/model';
import { cloudLibraryList, localLibraryList, watchLibraryList, type ListSources } from '../src/library/library-lists.ts';

let server: RunningServer;
let dir = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cp-liblists-'));
  const db = await openDatabase({ dataDir: dir });
  await migrate(db);
  await writeLibrary(db, { symbolLibs: [], footprintLibs: [] });
  await db.close();
  server = await startServer({ port: 0, dataDir: dir, logger: false });
}, 300_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function browser(username: string) {
  const t = new HttpTransport({ baseUrl: server.url, cookies: new CookieJar() });
  const r = await t.signup(username, 'library-lists-pw');
  if (!r.success) throw new Error(r.message);
  let offline = false;
  const store = new MemoryStore();
  const src: ListSources = {
    local: async () => store,
    cloud: {
      get: async (key) => {
        if (offline) throw new Error('Network Error!');
        const a = await t.call<string | null>('GET', `/api/cache/${encodeURIComponent(key)}`);
        if (!a.success) throw new Error(a.message);
        return a.result ?? null;
      },
    },
    sleep: async () => {},
  };
  const saveSymbol = async (title: string) => {
    const a = await t.call<{ uuid: string }>('POST', '/api/components/update-canvas', { body: { docType: 2, title, dataStr: '["DOCTYPE","SYMBOL","1.1"]\n' } });
    if (!a.success) throw new Error(a.message);
    return a.result!.uuid;
  };
  return { src, store, saveSymbol, setOffline: (v: boolean) => { offline = v; } };
}

/** What watchLibraryList hands over, until it has nothing more to say. */
async function watched(kind: 'system' | 'user' | 'userPanel', src: ListSources): Promise<{ got: { from: string; list: LibraryList }[]; error?: string }> {
  const got: { from: string; list: LibraryList }[] = [];
  let error: string | undefined;
  await watchLibraryList(kind, (list, from) => got.push({ from, list }), (e) => { error = e.message; }, src).done;
  return { got, error };
}

describe('[issue-16] basic library lists in the browser', () => {
  it('read through the client cache call and kept locally; then the local copy first and the changed cloud list after it; offline the local copy', async () => {
    const b = await browser(`lists${Date.now().toString(36)}`);
    const first = await watched('user', b.src);
    expect(first.got.map((g) => g.from)).toEqual(['cloud']);
    expect(first.got[0].list).toMatchObject({ kind: 'user', items: [] });
    expect(await localLibraryList('user', b.src)).toEqual(first.got[0].list);

    const uuid = await b.saveSymbol('ListedSymbol');
    const second = await watched('user', b.src);
    expect(second.got.map((g) => g.from)).toEqual(['local', 'cloud']);
    expect(second.got[1].list.kind === 'user' && second.got[1].list.items.map((i) => [i.uuid, i.title])).toEqual([[uuid, 'ListedSymbol']]);
    expect((await localLibraryList('user', b.src))?.stamp).toBe(second.got[1].list.stamp);

    // unchanged: the local copy only (the cloud's answer is the same list)
    expect((await watched('user', b.src)).got.map((g) => g.from)).toEqual(['local']);

    b.setOffline(true);
    const off = await watched('user', b.src);
    expect(off.got.map((g) => g.from)).toEqual(['local']);
    expect(off.error).toBeUndefined();
    const none = await watched('userPanel', b.src); // never read online: nothing to show
    expect(none.got).toEqual([]);
    expect(none.error).toMatch(/Network Error/);
  });

  it('the system list: every library of the system library with its counts, kept locally', async () => {
    const b = await browser(`sys${Date.now().toString(36)}`);
    const l = await cloudLibraryList('system', b.src);
    expect(l.kind === 'system' && l.libs.find((x) => x.lib === 'Basic')?.devices).toBeGreaterThan(100);
    expect(await b.store.kvGet('basicLibraryList', 'system')).toEqual(l);
  });

  it('a local write that fails is retried (cache writes: 5 retries, ERR-7)', async () => {
    const b = await browser(`retry${Date.now().toString(36)}`);
    let failures = 3;
    const set = b.store.kvSet.bind(b.store);
    b.store.kvSet = async (...args) => {
      if (failures-- > 0) throw new Error('QuotaExceededError');
      return set(...args);
    };
    await cloudLibraryList('user', b.src);
    expect(failures).toBe(-1);
    expect(await localLibraryList('user', b.src)).toMatchObject({ kind: 'user' });
  });
});
