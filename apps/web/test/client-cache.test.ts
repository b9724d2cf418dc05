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
import { VIEW_KINDS, type ProjectSession, type ProjectSnapshot, type ViewKind } from '../src/project/types.ts';
import type { Item } from '../src/api/schemas.ts';
import { CACHE_KEYS, MIGRATED_KEY, OLD_CLIPBOARD_KEYS, OLD_HISTORY_KEY, clipboardHistory, exists, latestClip, migrateOldClipboard, pushClip, type CacheCalls, type ClipEntry } from '../src/lib/client-cache.ts';
import { MapStorage } from './lib/map-storage.ts';
import { openDocument, serializeDocument } from '@copperplate/editor';
import { MemoryStore } from '@copperplate/store';
import { copiedCells, copyCells, pasteCells, pullCells, resetCopiedCells, tableCells, LOCAL_CELLS_KEY } from '../src/editors/table-cells.ts';

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

  it('[issue-17] a page copied to the clipboard in one browser is pasted in another browser of the same user (copyAndPaste cache call)', async () => {
    const { clipboardPage, copyPageToClipboard, pastePage, pullClipboardPage, pushPageCopy, setPageSink } = await import('../src/project/paste.ts');
    const name = `page${Date.now().toString(36)}`;
    const a = await browser(name, 'clipboard-password-3', true);
    const b = await browser(name, 'clipboard-password-3', false);
    expect(await exists(b, CACHE_KEYS.copyPaste)).toBe(false);
    // browser A copies a page that names a symbol: the copy goes to the cloud cache
    const source = memorySession('prjA');
    source.snapshot().items.symbols.set('sym1', { uuid: 'sym1', title: 'OPAMP', display_title: 'OPAMP', docType: 2, dataStr: '["DOCTYPE","SYMBOL","1.1"]', ticket: 4 });
    source.snapshot().items.sheets.set('pg1', { uuid: 'pg1', schematic_uuid: 's1', title: 'Amp', display_title: 'Amp', sheet_id: 2, dataStr: '["DOCTYPE","SCH","1.1"]\n["ATTR","e1","c1","Symbol","sym1",0,0,0,0,0,"st",0]', ticket: 4 });
    const sent: Promise<void>[] = [];
    setPageSink((p) => sent.push(pushPageCopy(a, p)));
    copyPageToClipboard(source, 'pg1');
    await Promise.all(sent);
    setPageSink(null);
    const copied = clipboardPage()!;
    expect(await exists(b, CACHE_KEYS.copyPaste)).toBe(true);
    // browser B had an older page copy of its own: the newer cloud copy replaces it; an older one would not
    await pushPageCopy(b, { ...copied, time: copied.time - 10, sheet: { ...copied.sheet, title: 'Older' } });
    expect(await pullClipboardPage(b)).toBe(false);
    await pushPageCopy(b, copied);
    expect(await pullClipboardPage(b)).toBe(false); // same copy: nothing newer
    await pushPageCopy(b, { ...copied, time: copied.time + 1 });
    expect(await pullClipboardPage(b)).toBe(true);
    // and pastes it into its own project: the page and the symbol it names arrive
    const target = memorySession('prjB');
    const id = await pastePage(target, 's1', () => {});
    expect(target.snapshot().items.sheets.get(id)!.title).toBe('Amp');
    expect(target.snapshot().items.symbols.get('sym1')!.title).toBe('OPAMP');
  });
});

/** A sheet with one 3x2 TABLE `t` (values given row by row). */
function tableSheet(values: string[][]): string {
  const lines = ['["DOCTYPE","SCH","1.1"]', '["HEAD",{"originX":0,"originY":0,"version":"2.2.27.1"}]', JSON.stringify(['TABLE', 't', 0, 0, values.map(() => 20), values[0].map(() => 100), values.map(() => 0), values[0].map(() => 0), 0])];
  values.forEach((row, r) => row.forEach((v, c) => lines.push(JSON.stringify(['TABEL_CELL', `c${r}${c}`, 't', v, r, c, 1, 1, '', '', '', '', '', 1]))));
  return lines.join('\n') + '\n';
}

describe('table-cell copy (copyAndPasteTableCell)', () => {
  it('[issue-17] cells copied in one browser are pasted into a table of another sheet in another browser of the same user; the local store keeps the copy', async () => {
    const name = `cells${Date.now().toString(36)}`;
    const a = await browser(name, 'cells-password-1', true);
    const b = await browser(name, 'cells-password-1', false);
    const localA = new MemoryStore();
    const src = openDocument(tableSheet([['Rev', 'Date'], ['A', '2026-01-02'], ['B', '2026-03-04']]));
    // rows 1-2 of both columns (the range may be given from either corner)
    const block = await copyCells(src, 't', { r0: 2, c0: 1, r1: 1, c1: 0 }, { local: async () => localA, cloud: a });
    expect(block.rows).toEqual([['A', '2026-01-02'], ['B', '2026-03-04']]);
    expect(await localA.kvGet('copyAndPasteTableCell', LOCAL_CELLS_KEY)).toEqual(block);
    expect(await exists(b, CACHE_KEYS.tableCell)).toBe(true);
    // browser B: a page of its own, no copy yet; it takes the cloud's copy and pastes it from row 1 column 0
    resetCopiedCells();
    expect(copiedCells()).toBeNull();
    const localB = new MemoryStore();
    expect(await pullCells({ local: async () => localB, cloud: b })).toBe(true);
    expect(await pullCells({ local: async () => localB, cloud: b })).toBe(false); // nothing newer
    const dst = openDocument(tableSheet([['Rev', 'Date'], ['', ''], ['', ''], ['', '']]));
    expect(pasteCells(dst, 't', 1, 0)).toBe(4);
    expect(tableCells(dst, 't').map((c) => c.value)).toEqual(['Rev', 'Date', 'A', '2026-01-02', 'B', '2026-03-04', '', '']);
    expect(serializeDocument(dst)).toContain('["TABEL_CELL","c21","t","2026-03-04",2,1');
    // one undo step takes the paste back
    dst.undo();
    expect(tableCells(dst, 't').map((c) => c.value)).toEqual(['Rev', 'Date', '', '', '', '', '', '']);
    // cells beyond the table are left out
    expect(pasteCells(dst, 't', 3, 1)).toBe(1);
    expect(tableCells(dst, 't').at(-1)!.value).toBe('A');
    // a newer copy in the local store (another tab of browser B) wins over the cloud's
    await localB.kvSet('copyAndPasteTableCell', LOCAL_CELLS_KEY, { rows: [['Z']], time: block.time + 5 });
    expect(await pullCells({ local: async () => localB, cloud: b })).toBe(true);
    expect(copiedCells()!.rows).toEqual([['Z']]);
  });
});

/** A session over plain maps with schematic s1 (what paste.ts asks of a session). */
function memorySession(uuid: string): ProjectSession {
  const items = Object.fromEntries(VIEW_KINDS.map((k) => [k, new Map<string, Item>()])) as ProjectSnapshot['items'];
  items.schematics.set('s1', { uuid: 's1', name: 'Main', display_name: 'Main', sort: [], ticket: 3 });
  return {
    uuid, readOnly: false,
    snapshot: () => ({ detail: { uuid, title: uuid, g_ticket: 3, boards: [] }, items }) as unknown as ProjectSnapshot,
    state: () => ({ status: 'saved' as const, pending: 0 }), conflicts: () => [], subscribe: () => () => {},
    loadItem: async (k: ViewKind, id: string) => items[k].get(id),
    edit: async (k: ViewKind, it: Item) => void items[k].set(String(it.uuid), it),
    remove: async (k: ViewKind, id: string) => void items[k].delete(id),
    resolve: async () => {}, refresh: async () => {}, close: async () => {},
  } as unknown as ProjectSession;
}
