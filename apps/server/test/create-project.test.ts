/** Issue 14 part 1: a new project starts with a board holding a schematic (sheet 1) and a PCB, made by the create call. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { eproToProjectData, readEpro } from '@copperplate/format';
import { BACKENDS, postgresAvailable, testServer } from './helpers.ts';
import { Client } from './client.ts';

const PG = await postgresAvailable();

describe.each(BACKENDS)('create a project on %s', (backend) => {
  const skip = backend === 'postgres' && !PG;
  let s: Awaited<ReturnType<typeof testServer>>;
  let a: Client;
  beforeAll(async () => {
    if (skip) return;
    s = await testServer(backend);
    a = await new Client(s.url).signup('carol');
  });
  afterAll(async () => { await s?.stop(); });

  it.skipIf(skip)('[issue-14] the create call makes Board1 = Schematic1 (sheet P1) + PCB1, readable and exportable', async () => {
    const p = (await a.post<{ uuid: string; boards: Array<{ name: string; sch: string; pcb: string }>; default_sheet: string; g_ticket: number }>('/api/projects', { title: 'Fresh' })).result!;
    expect(p.boards).toHaveLength(1);
    const [b] = p.boards;
    expect(b.name).toBe('Board1');
    expect(b.sch).toMatch(/^[0-9a-zA-Z]{32}$/);
    expect(b.pcb).toMatch(/^[0-9a-zA-Z]{32}$/);
    expect(p.default_sheet).toMatch(/^[0-9a-zA-Z]{32}$/);
    const snap = (await a.get<{ schematics: Record<string, number>; schs: Record<string, number>; pcbs: Record<string, number> }>(`/api/projects/${p.uuid}/ticket?g_ticket=-1`)).result!;
    expect(Object.keys(snap.schematics)).toEqual([b.sch]);
    expect(Object.keys(snap.pcbs)).toEqual([b.pcb]);
    expect(Object.keys(snap.schs)).toEqual([p.default_sheet]);
    // the documents are real documents of their kind, and the project exports as an .epro that imports back
    const res = await a.raw('GET', `/api/projects/${p.uuid}/export`);
    const back = eproToProjectData(readEpro(new Uint8Array(await res.arrayBuffer())));
    expect(back.ok).toBe(true);
    expect(back.data.boards).toEqual([{ name: 'Board1', sch: b.sch, pcb: b.pcb }]);
    expect(back.data.sheets.map((x) => [x.uuid, x.title, x.schematic_uuid])).toEqual([[p.default_sheet, 'P1', b.sch]]);
    expect(back.data.sheets[0].dataStr).toMatch(/^\["DOCTYPE","SCH","1\.1"\]\n\["HEAD"/);
    expect(back.data.pcbs.map((x) => x.title)).toEqual(['PCB1']);
    expect(back.data.pcbs[0].dataStr).toMatch(/^\["DOCTYPE","PCB","1\.8"\]\n\["HEAD"/);
    expect(back.data.pcbs[0].dataStr).toContain('["LAYER",11,"OUTLINE"');
  });

  it.skipIf(skip)('[ENT-3] [issue-14] a building-block project created through the API names its board board1; `empty` creates no board', async () => {
    const cbb = (await a.post<{ boards: Array<{ name: string }> }>('/api/projects', { title: 'Block', cbb_project: true })).result!;
    expect(cbb.boards.map((x) => x.name)).toEqual(['board1']);
    const empty = (await a.post<{ uuid: string; boards: unknown[]; g_ticket: number }>('/api/projects', { title: 'Bare', empty: true })).result!;
    expect(empty.boards).toEqual([]);
    expect(empty.g_ticket).toBe(0);
  });
});
