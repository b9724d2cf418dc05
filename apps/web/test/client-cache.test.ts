/**
 * The client cache calls against the real server: the clipboard of one user shared by two browsers
 * (two sessions), the existence check, and the one-time migration of a browser's old local clipboard
 * into the cloud history, which keeps the last 50 entries (CONST-4).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '@copperplate/server';
import { CookieJar, HttpTransport } from '@copperplate/sync';
import { CACHE_KEYS, MIGRATED_KEY, OLD_CLIPBOARD_KEYS, OLD_HISTORY_KEY, clipboardHistory, exists, latestClip, migrateOldClipboard, pushClip, type CacheCalls, type ClipEntry } from '../src/lib/client-cache.ts';

let server: RunningServer;
let dir = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cp-cache-'));
  server = await startServer({ port: 0, dataDir: dir, logger: false });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

class MapStorage implements Storage {
  private m = new Map<string, string>();
  get length() { return this.m.size; }
  clear() { this.m.clear(); }
  getItem(k: string) { return this.m.get(k) ?? null; }
  key(i: number) { return [...this.m.keys()][i] ?? null; }
  removeItem(k: string) { this.m.delete(k); }
  setItem(k: string, v: string) { this.m.set(k, String(v)); }
}

/** One browser of a user: its own session (cookie jar) through the cache calls. */
async function browser(username: string, password: string, signup: boolean): Promise<CacheCalls> {
  const t = new HttpTransport({ baseUrl: server.url, cookies: new CookieJar() });
  const r = signup ? await t.signup(username, password) : await t.call('POST', '/api/auth/login', { body: { username, password } });
  if (!r.success) throw new Error(r.message);
  return {
    get: async (key) => {
      const a = await t.call<string | null>('GET', `/api/cache/${encodeURIComponent(key)}`);
      if (!a.success) throw new Error(a.message);
      return a.result ?? null;
    },
    set: async (key, value) => {
      const a = await t.call('POST', `/api/cache/${encodeURIComponent(key)}`, { body: { value } });
      if (!a.success) throw new Error(a.message);
    },
  };
}

describe('client cache calls (SPEC §7)', () => {
  it('[issue-17] a copy made in one browser is the newest clipboard entry in another browser of the same user', async () => {
    const name = `clip${Date.now().toString(36)}`;
    const a = await browser(name, 'clipboard-password-1', true);
    const b = await browser(name, 'clipboard-password-1', false);
    expect(await exists(b, CACHE_KEYS.clipboard)).toBe(false);
    await pushClip(a, { kind: 'sch', text: '["WIRE","w1"]', time: 1000 });
    await pushClip(a, { kind: 'pcb', text: '{"anchor":{"x":0,"y":0},"records":[["VIA"]]}', time: 1001 });
    expect(await exists(b, CACHE_KEYS.clipboard)).toBe(true);
    expect((await latestClip(b, 'sch'))?.text).toBe('["WIRE","w1"]');
    expect((await latestClip(b, 'pcb'))?.time).toBe(1001);
  });

  it('[CONST-4] the old local clipboard migrates once into the cloud history, which keeps the last 50 entries', async () => {
    const c = await browser(`mig${Date.now().toString(36)}`, 'clipboard-password-2', true);
    for (let i = 0; i < 30; i++) await pushClip(c, { kind: 'sch', text: `cloud ${i}`, time: 10_000 + i * 2 });
    const storage = new MapStorage();
    const old: ClipEntry[] = Array.from({ length: 40 }, (_, i) => ({ kind: 'pcb', text: `old ${i}`, time: 10_001 + i * 2 }));
    storage.setItem(OLD_HISTORY_KEY, JSON.stringify(old));
    storage.setItem(OLD_CLIPBOARD_KEYS.sch, 'last local copy');
    expect(await migrateOldClipboard(c, storage, 99_999)).toBe(50);
    const h = await clipboardHistory(c);
    expect(h).toHaveLength(50);
    // the newest 50 of 71 (30 cloud, 40 old history, 1 old last copy), oldest first
    expect(h.at(-1)).toEqual({ kind: 'sch', text: 'last local copy', time: 99_999 });
    const all = [...Array.from({ length: 30 }, (_, i) => 10_000 + i * 2), ...old.map((e) => e.time), 99_999].sort((x, y) => x - y);
    expect(h.map((e) => e.time)).toEqual(all.slice(-50));
    expect(storage.getItem(OLD_HISTORY_KEY)).toBeNull();
    expect(storage.getItem(MIGRATED_KEY)).toBe('99999');
    // once only
    expect(await migrateOldClipboard(c, storage, 100_000)).toBeNull();
    // and every new copy keeps the history at 50
    await pushClip(c, { kind: 'pcb', text: 'newest', time: 200_000 });
    expect(await clipboardHistory(c)).toHaveLength(50);
  });
});
