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
import { startServer, type RunningServer } from '@copperplate/server';
import { FakeClock } from '@copperplate/sync';
import { addPanel, addPcb, addSchematic, addSheet, deletePcb, deleteSchematic, deleteSheet, moveSheet, placeLoose, placeSchematic, placeSheet, sheetOrder } from '../src/project/structure.ts';
import { buildTree, loosePanels, loosePcbs, looseSchematics } from '../src/project/tree.ts';
import type { ProjectSession } from '../src/project/types.ts';
import { browser as openBrowser, flush, saved, until } from './lib/browser.ts';

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

const browser = (user: string, signup: boolean, clock: FakeClock) => openBrowser(server.url, user, 'structure-password-1', signup, clock);

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

  it('[issue-14] schematics on no board are reordered by drag and drop (their tree position, as bulk-update-sort writes it); a second browser and the server see the same order', async () => {
    const clock = new FakeClock(1_700_000_000_000, flush);
    const a = await browser('struct-sch', true, clock);
    const created = await a.http.createProject('Schematic order');
    if (!created.success) throw new Error(created.message);
    const uuid = created.result.uuid;
    const s = await a.open(uuid);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(await addSchematic(s));
      await until(() => looseSchematics(s.snapshot()).length === i + 1);
    }
    const [x, y, z] = ids;
    const order = (ses: ProjectSession) => looseSchematics(ses.snapshot()).map((it) => String(it.uuid));
    // new schematics are named in order (Schematic1_1, _2, _3): unpositioned ones sort by name
    expect(order(s)).toEqual([x, y, z]);
    await placeSchematic(s, z, x);
    await until(() => order(s)[0] === z);
    expect(order(s)).toEqual([z, x, y]);
    // the tree shows the same order, and only these nodes carry the schematic order group
    const treeSch = buildTree(s.snapshot()).filter((n) => n.order?.group === 'schematics').map((n) => n.order!.id);
    expect(treeSch).toEqual([z, x, y]);
    await placeSchematic(s, z, null);
    await until(() => order(s)[2] === z);
    expect(order(s)).toEqual([x, y, z]);
    await placeSchematic(s, y, x);
    await until(() => order(s)[0] === y);
    await saved(clock, s);
    const server = await a.http.read(uuid, 'schematics', ids);
    if (!server.success) throw new Error(server.message);
    const pos = new Map(server.result.map((r) => [String(r.uuid), Number(r.position)]));
    expect([y, x, z].map((id) => pos.get(id))).toEqual([0, 1, 2]);
    const b = await browser('struct-sch', false, clock);
    const t = await b.open(uuid);
    await saved(clock, t);
    expect(order(t)).toEqual([y, x, z]);
    await s.close();
    await t.close();
  });

  it('[issue-14] PCBs on no board and panels are reordered like schematics (drag and drop, Move up/down: their stored position); a second browser and the server see the same order', async () => {
    const clock = new FakeClock(1_700_000_000_000, flush);
    const a = await browser('struct-pcb', true, clock);
    const created = await a.http.createProject('PCB order');
    if (!created.success) throw new Error(created.message);
    const uuid = created.result.uuid;
    const s = await a.open(uuid);
    const pcbs: string[] = [];
    for (let i = 0; i < 3; i++) {
      pcbs.push(await addPcb(s));
      await until(() => loosePcbs(s.snapshot()).length === i + 1);
    }
    const panels: string[] = [];
    for (let i = 0; i < 3; i++) {
      panels.push(await addPanel(s));
      await until(() => loosePanels(s.snapshot()).length === i + 1);
    }
    const ids = (list: ReadonlyArray<Record<string, unknown>>) => list.map((it) => String(it.uuid));
    const pcbOrder = (ses: ProjectSession) => ids(loosePcbs(ses.snapshot()));
    const panelOrder = (ses: ProjectSession) => ids(loosePanels(ses.snapshot()));
    // new ones are named in order (PCB1_1, _2, _3; Panel1, Panel1_1, _2): unpositioned ones sort by name
    expect(pcbOrder(s)).toEqual(pcbs);
    expect(panelOrder(s)).toEqual(panels);
    const [p, q, r] = pcbs;
    const [x, y, z] = panels;
    // a drop of r before p; then Move down on p (the menu places the next one, q, before it)
    await placeLoose(s, 'pcbs', r, p);
    await until(() => pcbOrder(s)[0] === r);
    expect(pcbOrder(s)).toEqual([r, p, q]);
    await placeLoose(s, 'pcbs', q, p);
    await until(() => pcbOrder(s)[1] === q);
    expect(pcbOrder(s)).toEqual([r, q, p]);
    await placeLoose(s, 'panels', x, null);
    await until(() => panelOrder(s)[2] === x);
    expect(panelOrder(s)).toEqual([y, z, x]);
    // the tree shows these orders, and its nodes carry the order groups drag and drop uses
    const tree = buildTree(s.snapshot());
    expect(tree.filter((n) => n.order?.group === 'pcbs').map((n) => n.order!.id)).toEqual([r, q, p]);
    expect(tree.find((n) => n.key === 'group:panels')!.children!.map((n) => n.order?.group === 'panels' && n.order.id)).toEqual([y, z, x]);
    // the board's own PCB is not in the list
    expect(pcbOrder(s)).not.toContain(s.snapshot().detail.boards[0].pcb);
    await saved(clock, s);
    const server = await a.http.read(uuid, 'pcbs', pcbs);
    if (!server.success) throw new Error(server.message);
    const pos = new Map(server.result.map((it) => [String(it.uuid), Number(it.position)]));
    expect([r, q, p].map((id) => pos.get(id))).toEqual([0, 1, 2]);
    // a write of the order keeps the PCB's content
    expect(server.result.every((it) => typeof it.dataStr === 'string' && it.dataStr.includes('DOCTYPE'))).toBe(true);
    const b = await browser('struct-pcb', false, clock);
    const t = await b.open(uuid);
    await saved(clock, t);
    expect(pcbOrder(t)).toEqual([r, q, p]);
    expect(panelOrder(t)).toEqual([y, z, x]);
    await s.close();
    await t.close();
  });
});
