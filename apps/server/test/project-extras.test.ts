/**
 * Project calls of SPEC §7: stick/unstick, star/unstar, fork, versions (add, show, toggle), against a
 * real server on PGlite; a second user's live socket sees a version switch as a g_ticket change.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { CODES } from '@copperplate/model';
import { testServer } from './helpers.ts';
import { Client } from './client.ts';

let s: Awaited<ReturnType<typeof testServer>>;
let a: Client;
let b: Client;
beforeAll(async () => {
  s = await testServer('pglite');
  a = await new Client(s.url).signup('alice');
  b = await new Client(s.url).signup('bob');
}, 120_000);
afterAll(async () => {
  await s?.stop();
});

type Detail = { uuid: string; title: string; g_ticket: number; boards: Array<{ name: string }>; default_sheet: string; forked_from?: string };
type Recent = { projectId: string; projectName: string; stick: boolean; star: boolean };
type Version = { id: string; name: string; current: boolean; g_ticket: number };
const create = async (c: Client, title: string) => (await c.post<Detail>('/api/projects', { title })).result!;
const sheetOf = async (c: Client, pid: string, d: Detail) => {
  const r = await c.post<Array<{ uuid: string; dataStr: string; ticket: number }>>(`/api/projects/${pid}/read/sheets`, { ids: [d.default_sheet] });
  return r.result![0];
};

describe('project calls (SPEC §7)', () => {
  it('stick puts a project first in the caller\'s recent list, unstick puts it back; star marks it; both per user', async () => {
    const p1 = await create(a, 'Stick one');
    await create(a, 'Stick two');
    const first = async (c: Client) => (await c.get<Recent[]>('/api/projects')).result!;
    const before = await first(a);
    expect(before[0].projectName).toBe('Stick two');
    expect((await a.post<{ stick: boolean }>(`/api/projects/${p1.uuid}/stick`)).result).toEqual({ stick: true, star: false });
    const stuck = await first(a);
    expect(stuck[0]).toMatchObject({ projectName: 'Stick one', stick: true });
    expect((await a.post(`/api/projects/${p1.uuid}/star`)).result).toEqual({ stick: true, star: true });
    expect((await first(a))[0].star).toBe(true);
    expect((await a.post(`/api/projects/${p1.uuid}/unstick`)).result).toEqual({ stick: false, star: true });
    expect((await first(a))[0].projectName).toBe('Stick two');
    expect((await a.post(`/api/projects/${p1.uuid}/unstar`)).result).toEqual({ stick: false, star: false });
    // a stranger cannot mark a project they cannot read
    expect((await b.post(`/api/projects/${p1.uuid}/stick`)).code).toBe(CODES.NO_PERMISSION);
  });

  it('fork copies a project the caller can read into one they own, remembering where it came from', async () => {
    const p = await create(a, 'Original');
    expect((await b.post(`/api/projects/${p.uuid}/fork`, {})).code).toBe(CODES.NO_PERMISSION);
    expect((await a.post(`/api/projects/${p.uuid}/members`, { username: 'bob', role: 'readonly' })).code).toBe(0);
    const f = await b.post<Detail & { role: string }>(`/api/projects/${p.uuid}/fork`, {});
    expect(f.code).toBe(0);
    expect(f.result!).toMatchObject({ title: 'Original', forked_from: p.uuid, role: 'owner' });
    expect(f.result!.uuid).not.toBe(p.uuid);
    expect((await sheetOf(b, f.result!.uuid, f.result!)).dataStr).toBe((await sheetOf(a, p.uuid, p)).dataStr);
    // the fork is bob's to write
    const sh = await sheetOf(b, f.result!.uuid, f.result!);
    expect((await b.post(`/api/projects/${f.result!.uuid}/documents/update-canvas`, { uuid: sh.uuid, dataStr: sh.dataStr + '\n', base_ticket: sh.ticket })).code).toBe(0);
  });

  it('versions: add, show, switch back and forth; nothing of either state is lost; a name is unique', async () => {
    const p = await create(a, 'Versioned');
    const v1 = await a.post<Version>(`/api/projects/${p.uuid}/versions`, { name: 'Rev A', description: 'first' });
    expect(v1.result!).toMatchObject({ name: 'Rev A', current: true });
    expect((await a.post(`/api/projects/${p.uuid}/versions`, { name: 'Rev A' })).code).toBe(CODES.BACKUP_NAME_EXISTS);
    // edit after Rev A: the sheet changes and a new PCB appears
    const sh = await sheetOf(a, p.uuid, p);
    const edited = sh.dataStr + '\n["TEXT","e1",0,0,0,"edited",0]';
    expect((await a.post(`/api/projects/${p.uuid}/documents/update-canvas`, { uuid: sh.uuid, dataStr: edited, base_ticket: sh.ticket })).code).toBe(0);
    const np = await a.post<Array<{ success: boolean }>>(`/api/projects/${p.uuid}/bulk/pcbs`, { data: [{ uuid: 'pcbnew0000000000000000000000000a', title: 'PCB2', dataStr: '["DOCTYPE","PCB","1.8"]' }] });
    expect(np.result![0].success).toBe(true);
    const v2 = (await a.post<Version>(`/api/projects/${p.uuid}/versions`, { name: 'Rev B' })).result!;
    expect(v2.current).toBe(true);
    expect((await a.get<Version[]>(`/api/projects/${p.uuid}/versions`)).result!.map((v) => v.current)).toEqual([false, true]);

    // show Rev A: its documents, without the PCB added later
    const shown = await a.get<{ pcbs: Array<{ uuid: string }>; counts: Record<string, number>; boards: unknown[] }>(`/api/projects/${p.uuid}/versions/${v1.result!.id}`);
    expect(shown.result!.pcbs.map((x) => x.uuid)).not.toContain('pcbnew0000000000000000000000000a');
    expect(shown.result!.boards).toEqual(p.boards);
    const item = await a.get<{ dataStr: string }>(`/api/projects/${p.uuid}/versions/${v1.result!.id}/item?kind=sheets&key=${sh.uuid}`);
    expect(item.result!.dataStr).toBe(sh.dataStr);

    // switch to Rev A: the sheet is as it was, the new PCB is gone, g_ticket advanced
    const g0 = (await a.get<Detail>(`/api/projects/${p.uuid}`)).result!.g_ticket;
    const t = await a.post<{ g_ticket: number; changed: number; versions: Version[] }>(`/api/projects/${p.uuid}/versions/${v1.result!.id}/toggle`);
    expect(t.code).toBe(0);
    expect(t.result!.g_ticket).toBe(g0 + 1);
    expect(t.result!.changed).toBe(2);
    expect(t.result!.versions.find((v) => v.current)!.id).toBe(v1.result!.id);
    expect((await sheetOf(a, p.uuid, p)).dataStr).toBe(sh.dataStr);
    expect((await a.post<unknown[]>(`/api/projects/${p.uuid}/read/pcbs`, { ids: ['pcbnew0000000000000000000000000a'] })).result).toEqual([]);
    const changes = (await a.get<{ deleted?: Record<string, Record<string, number>> }>(`/api/projects/${p.uuid}/ticket?g_ticket=${g0}`)).result!;
    expect(Object.keys(changes.deleted?.pcbs ?? {})).toEqual(['pcbnew0000000000000000000000000a']);

    // an edit on Rev A, then back to Rev B: Rev B's state returns, and Rev A kept the edit
    const shA = await sheetOf(a, p.uuid, p);
    const editA = shA.dataStr + '\n["TEXT","e2",0,0,0,"on A",0]';
    expect((await a.post(`/api/projects/${p.uuid}/documents/update-canvas`, { uuid: shA.uuid, dataStr: editA, base_ticket: shA.ticket })).code).toBe(0);
    expect((await a.post(`/api/projects/${p.uuid}/versions/${v2.id}/toggle`)).code).toBe(0);
    expect((await sheetOf(a, p.uuid, p)).dataStr).toBe(edited);
    expect((await a.post<unknown[]>(`/api/projects/${p.uuid}/read/pcbs`, { ids: ['pcbnew0000000000000000000000000a'] })).result!.length).toBe(1);
    expect((await a.post(`/api/projects/${p.uuid}/versions/${v1.result!.id}/toggle`)).code).toBe(0);
    expect((await sheetOf(a, p.uuid, p)).dataStr).toBe(editA);

    // a reader sees versions but cannot add or switch; an unknown version is 1000010
    expect((await a.post(`/api/projects/${p.uuid}/members`, { username: 'bob', role: 'readonly' })).code).toBe(0);
    expect((await b.get<Version[]>(`/api/projects/${p.uuid}/versions`)).result!.map((v) => v.name)).toEqual(['Rev A', 'Rev B']);
    expect((await b.post(`/api/projects/${p.uuid}/versions/${v2.id}/toggle`)).code).toBe(CODES.NO_PERMISSION);
    expect((await a.post(`/api/projects/${p.uuid}/versions/nope/toggle`)).code).toBe(CODES.DOCUMENT_NOT_EXISTS);
  });
});
