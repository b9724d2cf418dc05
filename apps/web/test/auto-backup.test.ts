/**
 * [OPEN-5][CLOSE-1][CONST-2] Automatic backups of the web app's sync engine against the real server
 * on loopback: opening a project starts a backup at once (the multipart backups call with auto YES
 * and limit 10), the timer makes the next ones, the server keeps at most 10 automatic backups,
 * closing the project stops the timer, and an automatic backup restores as a new project with the
 * same records. Real HTTP, real dexie code (over fake-indexeddb), real server; time is a FakeClock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { MAX_BACKUP_LEVEL } from '@copperplate/model';
import { startServer, type RunningServer } from '@copperplate/server';
import { DexieStore } from '@copperplate/store';
import { AutoBackup, CookieJar, FakeClock, HttpTransport, KIND_INFO, KINDS, SyncEngine } from '@copperplate/sync';

const flush = async () => { for (let i = 0; i < 10; i++) await new Promise<void>((r) => setImmediate(r)); };
const INTERVAL = 60_000;

let server: RunningServer;
let dir = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cp-autobackup-'));
  server = await startServer({ port: 0, dataDir: dir, logger: false });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface BackupRow { id: string; name: string; auto: boolean; g_ticket: number }

describe('automatic backups (SPEC §4 step 5, §7)', () => {
  it('a backup on open, more on the timer, at most 10 kept, none after close; one restores with the same records', async () => {
    const http = new HttpTransport({ baseUrl: server.url, cookies: new CookieJar() });
    expect((await http.signup(`auto${Date.now().toString(36)}`, 'backup-password-1')).success).toBe(true);
    const created = await http.createProject('Backed up');
    if (!created.success) throw new Error(created.message);
    const uuid = created.result.uuid;

    const clock = new FakeClock(1_700_000_000_000, flush);
    const done: boolean[] = [];
    let waiter: (() => void) | null = null;
    const backup = new AutoBackup({
      clock, intervalMs: INTERVAL, send: (p, f, signal) => http.backup(p, f, signal),
      onDone: (_p, ok) => { done.push(ok); waiter?.(); },
    });
    const backups = async () => { const r = await http.call<BackupRow[]>('GET', `/api/projects/${uuid}/backups`, { project: uuid }); if (!r.success) throw new Error(r.message); return r.result; };
    /** Waits until `n` backups have ended (their HTTP calls are real). */
    const ended = async (n: number) => { while (done.length < n) await new Promise<void>((r) => (waiter = r)); };

    const store = await new DexieStore({ name: 'copperplate', indexedDB: new IDBFactory(), IDBKeyRange }).open();
    const engine = new SyncEngine({ store, transport: http, clock, backup });
    await engine.openProject(uuid);
    // OPEN-5: the first backup starts with the open, before any timer fires
    await ended(1);
    expect(done).toEqual([true]);
    let list = await backups();
    expect(list).toHaveLength(1);
    expect(list[0].auto).toBe(true);

    // the timer: one more backup per interval; the server keeps the newest MAX_BACKUP_LEVEL
    for (let i = 2; i <= MAX_BACKUP_LEVEL + 2; i++) {
      await clock.advance(INTERVAL);
      await ended(i);
    }
    expect(done.every(Boolean)).toBe(true);
    list = await backups();
    expect(list).toHaveLength(MAX_BACKUP_LEVEL);
    expect(list.every((b) => b.auto)).toBe(true);
    expect(list[0].name).toContain(`#${MAX_BACKUP_LEVEL + 2}`);

    // CLOSE-1: closing aborts the backup: no timer is left, no backup is made afterwards
    await engine.closeProject(uuid);
    expect(backup.active).toEqual([]);
    const before = done.length;
    await clock.advance(INTERVAL * 3);
    expect(done.length).toBe(before);
    expect((await backups()).map((b) => b.id)).toEqual(list.map((b) => b.id));

    // The records of every kind as the newest automatic backup took them (nothing was written since).
    const records = async (p: string) => {
      const t = await http.getTickets(p, -1);
      if (!t.success) throw new Error(t.message);
      const out: Record<string, [string, string][]> = {};
      for (const kind of KINDS) {
        const ids: string[] = [];
        for (const map of KIND_INFO[kind].maps) ids.push(...Object.keys(((t.result as Record<string, unknown>)[map] ?? {}) as Record<string, number>));
        if (!ids.length) { out[kind] = []; continue; }
        const r = await http.read(p, kind, ids);
        if (!r.success) throw new Error(r.message);
        out[kind] = r.result.map((x): [string, string] => [String(x[KIND_INFO[kind].key]), String(x.dataStr ?? '')]).sort();
      }
      return out;
    };
    const backedUp = await records(uuid);
    // The project moves on after the backup: the restored copy must be the backup's state, not this one.
    const [sheetKey, sheetText] = backedUp.sheets[0];
    const cur = await http.read(uuid, 'sheets', [sheetKey]);
    if (!cur.success) throw new Error(cur.message);
    const edit = await http.bulk(uuid, 'sheets', [{ ...cur.result[0], dataStr: sheetText + '\n["TEXT","after-backup",0,0,0,"st1","written after the backup",0]', base_ticket: Number(cur.result[0].ticket) }], `after-backup-${Date.now()}`);
    expect(edit.success && edit.result[0].success).toBe(true);
    expect((await records(uuid)).sheets).not.toEqual(backedUp.sheets);

    // restore the newest automatic backup as a new project: the same records as when it was taken
    const restored = await http.call<{ uuid: string }>('POST', `/api/projects/${uuid}/backups/${list[0].id}/restore`, { project: uuid, body: {} });
    if (!restored.success) throw new Error(restored.message);
    const copy = restored.result.uuid;
    expect(copy).not.toBe(uuid);
    const copied = await records(copy);
    let compared = 0;
    for (const kind of KINDS) {
      expect(copied[kind], kind).toEqual(backedUp[kind]);
      compared += backedUp[kind].length;
    }
    expect(compared).toBeGreaterThan(0); // the create call's Board1: a schematic, its sheet, a PCB
  }, 120_000);

  it('closing during a backup call aborts the call and schedules nothing', async () => {
    const clock = new FakeClock(0, flush);
    let signal: AbortSignal | undefined;
    const backup = new AutoBackup({ clock, intervalMs: INTERVAL, send: (_p, _f, s) => { signal = s; return new Promise((_r, reject) => s.addEventListener('abort', () => reject(new Error('aborted')))); } });
    backup.start('p1');
    await flush();
    expect(signal?.aborted).toBe(false);
    backup.abort('p1');
    expect(signal?.aborted).toBe(true);
    await flush();
    expect(clock.pending).toBe(0);
    expect(backup.active).toEqual([]);
  });
});
