/**
 * [issue-14] The project's structure from the tree (structure.ts) through the web app's real project
 * session (engine-session.ts over dexie on fake-indexeddb) against the real server on loopback: add,
 * reorder and delete sheets; add and delete a schematic and a PCB. What the page shows as saved is
 * what a second browser finds on the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { startServer, type RunningServer } from '@copperplate/server';
import { DexieStore } from '@copperplate/store';
import { CookieJar, FakeClock, HttpTransport, SyncEngine } from '@copperplate/sync';
import { openEngineSession, type SessionEnv } from '../src/project/engine-session.ts';
import { addPcb, addSchematic, addSheet, deletePcb, deleteSchematic, deleteSheet, moveSheet, placeSheet, sheetOrder } from '../src/project/structure.ts';
import type { ProjectSession } from '../src/project/types.ts';
import type { ProjectDetail } from '../src/api/schemas.ts';

let server: RunningServer;
let dir = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cp-structure-'));
  server = await startServer({ port: 0, dataDir: dir, logger: false });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function browser(user: string, signup: boolean, clock: FakeClock) {
  const http = new HttpTransport({ baseUrl: server.url, cookies: new CookieJar() });
  const r = signup ? await http.signup(user, 'structure-password-1') : await http.login(user, 'structure-password-1');
  if (!r.success) throw new Error(r.message);
  const store = await new DexieStore({ name: 'copperplate', indexedDB: new IDBFactory(), IDBKeyRange }).open();
  const engine = new SyncEngine({ store, transport: http, clock });
  const env: SessionEnv = {
    online: () => true,
    onNetChange: () => () => {},
    live: () => () => {},
    detail: async (uuid) => {
      const d = await http.getDetail(uuid);
      if (!d.success) throw new Error(d.message);
      return d.result as ProjectDetail;
    },
  };
  return { http, open: (uuid: string) => openEngineSession(engine, uuid, false, () => {}, env) };
}

/** Lets IndexedDB (fake-indexeddb schedules with setImmediate) and HTTP answers run between clock steps. */
const flush = async () => { for (let i = 0; i < 10; i++) await new Promise<void>((r) => setImmediate(r)); };

/** The session's snapshot follows its local store asynchronously: let it catch up with `cond` (bounded). */
async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !cond(); i++) await new Promise<void>((r) => setImmediate(r));
  expect(cond()).toBe(true);
}

async function saved(clock: FakeClock, s: ProjectSession): Promise<void> {
  for (let i = 0; i < 400 && s.state().status !== 'saved'; i++) await clock.advance(250);
  expect(s.state().status).toBe('saved');
}

describe('project structure from the tree', () => {
  it('[issue-14] add, reorder (menu and drag and drop) and delete sheets; add and delete a schematic and a PCB; a second browser sees the same', async () => {
    const clock = new FakeClock(1_700_000_000_000, flush);
    const a = await browser('struct', true, clock);
    const created = await a.http.createProject('Structure');
    if (!created.success) throw new Error(created.message);
    const uuid = created.result.uuid;
    const board = (created.result.boards as Array<{ sch: string }>)[0];
    const s = await a.open(uuid);
    const sch = String(board.sch);
    const p1 = sheetOrder(s, sch)[0];
    expect(s.snapshot().items.sheets.get(p1)?.title).toBe('P1');

    const p2 = await addSheet(s, sch);
    await until(() => sheetOrder(s, sch).length === 2);
    const p3 = await addSheet(s, sch);
    await until(() => sheetOrder(s, sch).length === 3);
    expect([p2, p3].map((id) => s.snapshot().items.sheets.get(id)?.title)).toEqual(['P2', 'P3']);
    expect(String(s.snapshot().items.sheets.get(p2)?.dataStr)).toMatch(/^\["DOCTYPE","SCH","1\.1"\]/);
    await moveSheet(s, p3, -1);
    await until(() => sheetOrder(s, sch)[1] === p3);
    expect(sheetOrder(s, sch)).toEqual([p1, p3, p2]);
    await moveSheet(s, p1, -1); // already first: nothing moves
    expect(sheetOrder(s, sch)).toEqual([p1, p3, p2]);
    // drag and drop: P2 dropped before P1, then P1 dropped at the end; a drop on itself changes nothing
    await placeSheet(s, p2, p1);
    await until(() => sheetOrder(s, sch)[0] === p2);
    expect(sheetOrder(s, sch)).toEqual([p2, p1, p3]);
    await placeSheet(s, p1, null);
    await until(() => sheetOrder(s, sch)[2] === p1);
    expect(sheetOrder(s, sch)).toEqual([p2, p3, p1]);
    await placeSheet(s, p3, p3);
    await placeSheet(s, p1, p1);
    expect(sheetOrder(s, sch)).toEqual([p2, p3, p1]);
    await placeSheet(s, p1, p2);
    await until(() => sheetOrder(s, sch).join() === [p1, p2, p3].join());
    await moveSheet(s, p3, -1);
    await until(() => sheetOrder(s, sch).join() === [p1, p3, p2].join());
    await deleteSheet(s, p2);
    await until(() => sheetOrder(s, sch).length === 2);
    expect(sheetOrder(s, sch)).toEqual([p1, p3]);

    const loose = await addSchematic(s);
    const pcb = await addPcb(s);
    await until(() => s.snapshot().items.schematics.has(loose) && s.snapshot().items.pcbs.has(pcb));
    expect(s.snapshot().items.schematics.get(loose)?.name).toBe('Schematic1_1');
    expect(s.snapshot().items.pcbs.get(pcb)?.title).toBe('PCB1_1');
    await saved(clock, s);

    // a second browser opens the project: the same order, the same documents
    const b = await browser('struct', false, clock);
    const t = await b.open(uuid);
    await saved(clock, t);
    expect(sheetOrder(t, sch)).toEqual([p1, p3]);
    expect(t.snapshot().items.sheets.has(p2)).toBe(false);
    expect(t.snapshot().items.schematics.has(loose)).toBe(true);
    expect(String(t.snapshot().items.pcbs.get(pcb)?.dataStr)).toContain('["LAYER",11,"OUTLINE"');

    // deletes reach the server too; the last sheet of a schematic stays
    await deleteSchematic(s, loose);
    await deletePcb(s, pcb);
    await deleteSheet(s, p1);
    await until(() => sheetOrder(s, sch).length === 1);
    await expect(deleteSheet(s, p3)).rejects.toThrow('A schematic keeps at least one sheet');
    await saved(clock, s);
    for (const [kind, id] of [['schematics', loose], ['pcbs', pcb], ['sheets', p1]] as const) {
      const r = await b.http.read(uuid, kind, [id]);
      expect(r.success && r.result.length).toBe(0);
    }
    expect((await b.http.read(uuid, 'sheets', [p3])).success).toBe(true);
    expect(sheetOrder(s, sch)).toEqual([p3]);
    await s.close();
    await t.close();
  });
});
