/**
 * Reimport (IMP-2, issue 17): a real archive read into an existing project. The document edited in
 * the project comes back as the archive has it, a deleted one is added again, one only in the
 * project is kept; the backup 'Before reimport' restores the edited state; a broken archive leaves
 * the project as it was; the work runs PROGRESS_STEPS.REIMPORT phases (CONST-3); viewers are refused.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { CODES, PROGRESS_STEPS } from '@copperplate/model';
import { eproToProjectData, readEpro } from '@copperplate/format';
import { testServer } from './helpers.ts';
import { Client } from './client.ts';
import { live } from './live-client.ts';
import { reimportProject } from '../src/reimport.ts';
import { applyBulk } from '../src/writes.ts';

const FILE = 'STM32G431-mini.epro';
const BYTES = new Uint8Array(readFileSync(`/work/shared/fixtures/epro/${FILE}`));
const SRC = eproToProjectData(readEpro(BYTES, { name: FILE })).data;

type Doc = { uuid: string; dataStr: string; ticket: number };
type Counts = { added: number; updated: number; unchanged: number; kept: number; byKind: Record<string, { added: number; updated: number; unchanged: number; kept: number }> };
type Answer = { counts: Counts; phases: string[]; backup: { id: string; name: string }; adjustments: string[]; report: { ok: boolean }; g_ticket: number };

describe('reimport', () => {
  let s: Awaited<ReturnType<typeof testServer>>;
  let a: Client;
  beforeAll(async () => {
    s = await testServer('pglite');
    a = await new Client(s.url).signup('reimporter');
  });
  afterAll(async () => {
    await s?.stop();
  });

  const read = async (id: string, kind: string, ids: string[]) => {
    const r = await a.post<Doc[]>(`/api/projects/${id}/read/${kind}`, { ids });
    expect(r.code, r.message).toBe(0);
    return r.result!;
  };
  const reimport = (c: Client, id: string, bytes: Uint8Array) => c.call<Answer>('POST', `/api/projects/${id}/reimport?name=${encodeURIComponent(FILE)}`, bytes);

  it('[IMP-2][issue-17] reimport restores edited and deleted documents, keeps the project\'s own, backs up the state before', async () => {
    const imp = await a.call<{ uuid: string }>('POST', `/api/projects/import?name=${encodeURIComponent(FILE)}`, BYTES);
    expect(imp.code, imp.message).toBe(0);
    const id = imp.result!.uuid;
    expect(SRC.sheets.length).toBeGreaterThanOrEqual(1);
    expect(SRC.pcbs.length).toBeGreaterThanOrEqual(1);
    const sheet = SRC.sheets[0] as unknown as Doc;
    const pcb = SRC.pcbs[0] as unknown as Doc;
    const [storedSheet] = await read(id, 'sheets', [sheet.uuid]);
    const [storedPcb] = await read(id, 'pcbs', [pcb.uuid]);

    // the designer edits a sheet, deletes the PCB, adds a sheet of their own
    const w1 = await a.post<Array<{ success: boolean }>>(`/api/projects/${id}/bulk/sheets`, { data: [{ uuid: sheet.uuid, base_ticket: storedSheet.ticket, dataStr: 'edited in the project' }, { uuid: 'own-sheet', base_ticket: 0, title: 'Own', dataStr: 'mine' }] });
    expect(w1.result!.every((r) => r.success)).toBe(true);
    const w2 = await a.post<Array<{ success: boolean }>>(`/api/projects/${id}/bulk/pcbs`, { data: [{ uuid: pcb.uuid, base_ticket: storedPcb.ticket, deleted: true }] });
    expect(w2.result!.every((r) => r.success)).toBe(true);

    // another open client of the project hears of the reimport on the live channel (a server-side edit like any other)
    const other = await live(s.url, id, a);
    await other.next((m) => m.type === 'hello');
    const r = await reimport(a, id, BYTES);
    expect(r.code, r.message).toBe(0);
    const ans = r.result!;
    await other.next((m) => m.type === 'g_ticket' && m.g_ticket === ans.g_ticket);
    other.ws.close();
    expect((await read(id, 'sheets', [sheet.uuid]))[0].dataStr).toBe(storedSheet.dataStr);
    expect((await read(id, 'pcbs', [pcb.uuid]))[0].dataStr).toBe(storedPcb.dataStr);
    expect((await read(id, 'sheets', ['own-sheet']))[0].dataStr).toBe('mine');
    expect(ans.counts.byKind.sheets).toMatchObject({ updated: 1, kept: 1 });
    expect(ans.counts.byKind.pcbs).toMatchObject({ added: 1, updated: 0 });
    expect(ans.counts.updated).toBe(1);
    expect(ans.counts.added).toBe(1);
    expect(ans.counts.kept).toBe(1);
    expect(ans.report.ok).toBe(true);
    const tk = await a.get<{ g_ticket: number }>(`/api/projects/${id}/ticket`);
    expect(tk.result!.g_ticket).toBe(ans.g_ticket);

    // the backup taken first restores the edited state
    expect(ans.backup.name).toMatch(/^Before reimport /);
    const list = await a.get<Array<{ id: string; name: string }>>(`/api/projects/${id}/backups`);
    expect(list.result!.map((b) => b.id)).toContain(ans.backup.id);
    const restored = await a.post<string>(`/api/projects/${id}/backups/${ans.backup.id}/restore`, {});
    expect(restored.code, restored.message).toBe(0);
    const rid = typeof restored.result === 'string' ? restored.result : (restored.result as unknown as { uuid: string }).uuid;
    expect((await read(rid, 'sheets', [sheet.uuid]))[0].dataStr).toBe('edited in the project');
    expect((await read(rid, 'sheets', ['own-sheet']))[0].dataStr).toBe('mine');
    expect(await read(rid, 'pcbs', [pcb.uuid])).toEqual([]);

    // a second reimport of the same archive changes nothing
    const again = await reimport(a, id, BYTES);
    expect(again.code, again.message).toBe(0);
    expect(again.result!.counts).toMatchObject({ added: 0, updated: 0, kept: 1 });
    expect(again.result!.g_ticket).toBe(ans.g_ticket);

    // a broken archive: refused with a catalogue message, the project and its backups as they were
    const before = (await a.get<unknown[]>(`/api/projects/${id}/backups`)).result!.length;
    const broken = BYTES.slice(0, 5000);
    const bad = await reimport(a, id, broken);
    expect(bad.code).not.toBe(0);
    expect(bad.message).toBeTruthy();
    expect((await a.get<{ g_ticket: number }>(`/api/projects/${id}/ticket`)).result!.g_ticket).toBe(ans.g_ticket);
    expect((await a.get<unknown[]>(`/api/projects/${id}/backups`)).result!.length).toBe(before);
  });

  it('[CONST-3] a reimport runs PROGRESS_STEPS.REIMPORT phases, in order', async () => {
    const p = await a.post<{ uuid: string }>('/api/projects', { title: 'Empty target' });
    expect(p.code, p.message).toBe(0);
    const r = await reimport(a, p.result!.uuid, BYTES);
    expect(r.code, r.message).toBe(0);
    expect(r.result!.phases.length).toBe(PROGRESS_STEPS.REIMPORT);
    expect(r.result!.phases[0]).toBe('read archive');
    expect(r.result!.phases.at(-1)).toBe('commit');
    expect(r.result!.counts.added).toBeGreaterThan(0);
  });

  it('[issue-17] a viewer may not reimport; a member with edit rights may', async () => {
    const p = await a.post<{ uuid: string }>('/api/projects', { title: 'Shared target' });
    const id = p.result!.uuid;
    const v = await new Client(s.url).signup('reimport-viewer');
    const m = await new Client(s.url).signup('reimport-member');
    expect((await a.post(`/api/projects/${id}/members`, { username: 'reimport-viewer', role: 'readonly' })).code).toBe(0);
    expect((await a.post(`/api/projects/${id}/members`, { username: 'reimport-member', role: 'member' })).code).toBe(0);
    const refused = await reimport(v, id, BYTES);
    expect(refused.code).toBe(CODES.NO_PERMISSION);
    const ok = await reimport(m, id, BYTES);
    expect(ok.code, ok.message).toBe(0);
  });

  it('[issue-17] overtaken by an edit after each of three backups: refused with 4090001 and nothing written', async () => {
    const imp = await a.call<{ uuid: string }>('POST', `/api/projects/import?name=${encodeURIComponent(FILE)}`, BYTES);
    const id = imp.result!.uuid;
    const me = (await a.get<{ uuid: string; nickname: string }>('/api/user/info')).result!;
    const sheet = SRC.sheets[0] as unknown as Doc;
    const [stored] = await read(id, 'sheets', [sheet.uuid]);
    // the project's own edit, which a reimport that went through would replace with the archive's sheet
    const w = await a.post<Array<{ success: boolean }>>(`/api/projects/${id}/bulk/sheets`, { data: [{ uuid: sheet.uuid, base_ticket: stored.ticket, dataStr: 'edited in the project' }] });
    expect(w.result!.every((r) => r.success)).toBe(true);
    const attempts: number[] = [];
    let err: unknown;
    try {
      await reimportProject(s.ctx, id, { uuid: me.uuid, nickname: me.nickname }, { bytes: BYTES.slice(), name: FILE }, () => {}, async (attempt) => {
        attempts.push(attempt);
        // someone else edits after every backup, before the writes
        const r = await applyBulk(s.ctx, id, me.uuid, 'sheets', [{ uuid: `late-${attempt}`, base_ticket: 0, title: `Late ${attempt}`, dataStr: `late edit ${attempt}` }]);
        expect(r.every((x) => x.success)).toBe(true);
      });
    } catch (e) {
      err = e;
    }
    expect(attempts).toEqual([1, 2, 3]);
    expect((err as { code?: number }).code).toBe(CODES.STALE_TICKET);
    expect((err as Error).message).toBeTruthy();
    // nothing of the archive was written: the project's edit and the three late edits stand
    expect((await read(id, 'sheets', [sheet.uuid]))[0].dataStr).toBe('edited in the project');
    for (const n of [1, 2, 3]) expect((await read(id, 'sheets', [`late-${n}`]))[0].dataStr).toBe(`late edit ${n}`);
    // the three backups taken on the way are there to restore
    const backups = (await a.get<Array<{ name: string }>>(`/api/projects/${id}/backups`)).result!.filter((b) => b.name.startsWith('Before reimport'));
    expect(backups.length).toBe(3);
  });

  it('[issue-17] an edit landing between the backup and the writes: a new backup holds it', async () => {
    const imp = await a.call<{ uuid: string }>('POST', `/api/projects/import?name=${encodeURIComponent(FILE)}`, BYTES);
    const id = imp.result!.uuid;
    const me = (await a.get<{ uuid: string; nickname: string }>('/api/user/info')).result!;
    let edit: Promise<unknown> | undefined;
    const ans = await reimportProject(s.ctx, id, { uuid: me.uuid, nickname: me.nickname }, { bytes: BYTES.slice(), name: FILE }, (p) => {
      // the edit is sent once the first backup is taken, before the reimport's writes
      if (p === 'backup') edit = applyBulk(s.ctx, id, me.uuid, 'sheets', [{ uuid: 'late-sheet', base_ticket: 0, title: 'Late', dataStr: 'late edit' }]);
    });
    await edit;
    const backups = (await a.get<Array<{ id: string; name: string }>>(`/api/projects/${id}/backups`)).result!.filter((b) => b.name.startsWith('Before reimport'));
    expect(backups.length).toBe(2);
    expect(ans.phases.length).toBe(PROGRESS_STEPS.REIMPORT);
    const restored = await a.post<string>(`/api/projects/${id}/backups/${ans.backup.id}/restore`, {});
    const rid = typeof restored.result === 'string' ? restored.result : (restored.result as unknown as { uuid: string }).uuid;
    expect((await read(rid, 'sheets', ['late-sheet']))[0].dataStr).toBe('late edit');
    expect((await read(id, 'sheets', ['late-sheet']))[0].dataStr).toBe('late edit');
  });
});
