/**
 * The lookup calls of SPEC §7 against a real server on PGlite, on a real imported project
 * (STM32G431-mini: one schematic, one sheet, one PCB with its pour fill and font file).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { CODES } from '@copperplate/model';
import { testServer } from './helpers.ts';
import { Client } from './client.ts';

const FIXTURE = '/work/shared/fixtures/epro/STM32G431-mini.epro';
const PCB = 'b7538fca9eb647bb99b8d93291ea64aa';
const SCH = 'ced23b6aad5f4bdaab3778c18fdc91bf';
const SHEET = 'c32a7a3a570246e583ee9f3d27ba22e7';

let s: Awaited<ReturnType<typeof testServer>>;
let a: Client;
let pid = '';
beforeAll(async () => {
  s = await testServer('pglite');
  a = await new Client(s.url).signup('alice');
  const r = await a.call<{ uuid: string }>('POST', '/api/projects/import?name=STM32G431-mini.epro', new Uint8Array(readFileSync(FIXTURE)));
  expect(r.code).toBe(0);
  pid = r.result!.uuid;
}, 120_000);
afterAll(async () => {
  await s?.stop();
});

type Item = Record<string, unknown> & { uuid?: string; path?: string; dataStr?: string; title?: string; ticket: number };

describe('lookup calls (SPEC §7 reads)', () => {
  it('document get-by-title finds the sheet and the PCB by title, case-insensitively, with content; a non-document docType is refused', async () => {
    const pcbTitle = ((await a.post<Item[]>(`/api/projects/${pid}/read/pcbs`, { ids: [PCB] })).result![0].title) as string;
    const byTitle = await a.post<Item[]>(`/api/projects/${pid}/documents/get-by-title`, { title: pcbTitle.toUpperCase(), docType: 3 });
    expect(byTitle.result!.map((d) => d.uuid)).toEqual([PCB]);
    expect(byTitle.result![0].dataStr).toContain('DOCTYPE');
    const sheet = await a.post<Item[]>(`/api/projects/${pid}/documents/get-by-title`, { title: 'P1', docType: 1 });
    expect(sheet.result!.map((d) => d.uuid)).toEqual([SHEET]);
    expect((await a.post<Item[]>(`/api/projects/${pid}/documents/get-by-title`, { title: 'P1', docType: 3 })).result).toEqual([]);
    expect((await a.post(`/api/projects/${pid}/documents/get-by-title`, { title: 'P1', docType: 4 })).code).toBe(CODES.BAD_REQUEST);
  });

  it('documents by schematic id list its sheets in order; an unknown schematic is 1000010', async () => {
    const docs = await a.get<Item[]>(`/api/projects/${pid}/schematics/${SCH}/documents`);
    expect(docs.result!.map((d) => d.uuid)).toEqual([SHEET]);
    expect(docs.result![0].dataStr).toBeUndefined();
    expect((await a.get(`/api/projects/${pid}/schematics/nope/documents`)).code).toBe(CODES.DOCUMENT_NOT_EXISTS);
  });

  it('schematic get-list-by-key matches a part of the name or uuid; search-by-name matches the whole name only', async () => {
    const byKey = await a.post<Array<Item & { sheets: Item[] }>>(`/api/projects/${pid}/schematics/get-list-by-key`, { key: 'g431' });
    expect(byKey.result!.map((x) => x.uuid)).toEqual([SCH]);
    expect(byKey.result![0].sheets.map((x) => x.uuid)).toEqual([SHEET]);
    expect((await a.post<Item[]>(`/api/projects/${pid}/schematics/get-list-by-key`, { key: SCH.slice(4, 12) })).result!.length).toBe(1);
    // LIKE wildcards in the key are literal
    expect((await a.post<Item[]>(`/api/projects/${pid}/schematics/get-list-by-key`, { key: '%' })).result).toEqual([]);
    const name = byKey.result![0].name as string;
    expect((await a.post<Item[]>(`/api/projects/${pid}/schematics/search-by-name`, { name })).result!.map((x) => x.uuid)).toEqual([SCH]);
    expect((await a.post<Item[]>(`/api/projects/${pid}/schematics/search-by-name`, { name: 'g431' })).result).toEqual([]);
  });

  it('copper and font get-by-pcb-id answer that PCB\'s pour fill and font files with content, nothing for another id', async () => {
    const coppers = await a.post<Item[]>(`/api/projects/${pid}/copper/get-by-pcb-id`, { pcbId: PCB });
    expect(coppers.result!.length).toBe(1);
    expect(coppers.result![0].path!.startsWith(PCB + '_')).toBe(true);
    expect(coppers.result![0].dataStr!.length).toBeGreaterThan(0);
    const fonts = await a.post<Item[]>(`/api/projects/${pid}/fonts/get-by-pcb-id`, { pcbId: PCB });
    expect(fonts.result!.length).toBe(1);
    expect((await a.post<Item[]>(`/api/projects/${pid}/copper/get-by-pcb-id`, { pcbId: PCB.slice(0, 10) })).result).toEqual([]);
  });

  it('block-symbol existence, update sheet symbol, attribute ticket by hash, component modify', async () => {
    const blk = 'blk00000000000000000000000000001';
    expect((await a.post<{ exists: boolean }>(`/api/projects/${pid}/block-symbol/exists`, { uuid: blk })).result!.exists).toBe(false);
    expect((await a.post(`/api/projects/${pid}/sheet-symbol/update`, { uuid: blk, dataStr: 'x' })).code).toBe(CODES.DOCUMENT_NOT_EXISTS);
    const w = await a.post<Array<{ success: boolean }>>(`/api/projects/${pid}/bulk/symbols`, { data: [{ uuid: blk, title: 'Block1', docType: 17, source: blk, dataStr: '["DOCTYPE","SYMBOL","1.1"]' }] });
    expect(w.result![0].success).toBe(true);
    const ex = await a.post<{ exists: boolean; ticket: number }>(`/api/projects/${pid}/block-symbol/exists`, { uuid: blk });
    expect(ex.result!.exists).toBe(true);
    const up = await a.post<{ ticket: number }>(`/api/projects/${pid}/sheet-symbol/update`, { uuid: blk, dataStr: '["DOCTYPE","SYMBOL","1.1"]\n["HEAD",{}]', base_ticket: ex.result!.ticket });
    expect(up.code).toBe(0);
    expect(up.result!.ticket).toBeGreaterThan(ex.result!.ticket);
    // a stale base ticket is refused (compare-and-set)
    expect((await a.post(`/api/projects/${pid}/sheet-symbol/update`, { uuid: blk, dataStr: 'y', base_ticket: ex.result!.ticket })).code).toBe(4090001);
    expect(((await a.post<Item[]>(`/api/projects/${pid}/read/symbols`, { ids: [blk] })).result![0].dataStr)).toContain('HEAD');

    const attr = await a.post<Array<{ success: boolean }>>(`/api/projects/${pid}/bulk/attributes`, { data: [{ path: `${blk}/a1`, hash: 'h-123', attr: { Name: 'X' } }, { path: `${blk}/a2`, hash: 'h-123', attr: { Name: 'X' } }] });
    expect(attr.result!.every((r) => r.success)).toBe(true);
    const t = await a.get<{ paths: string[]; tickets: Record<string, number> }>(`/api/projects/${pid}/attributes/ticket?hash=h-123`);
    expect(t.result!.paths).toEqual([`${blk}/a1`, `${blk}/a2`]);
    expect(Object.values(t.result!.tickets).every((n) => n > 0)).toBe(true);

    const fp = ((await a.get<{ footprints: Record<string, number> }>(`/api/projects/${pid}/ticket?g_ticket=-1`)).result as unknown as { footprints: Record<string, number> }).footprints;
    const fpId = Object.keys(fp)[0];
    const m = await a.post(`/api/projects/${pid}/components/modify`, { uuid: fpId, title: 'Renamed footprint' });
    expect(m.code).toBe(0);
    expect((await a.post<Item[]>(`/api/projects/${pid}/read/footprints`, { ids: [fpId] })).result![0].title).toBe('Renamed footprint');
    expect((await a.post(`/api/projects/${pid}/components/modify`, { uuid: fpId, title: 'x'.repeat(200) })).code).toBe(CODES.NAME_LENGTH);
    expect((await a.post(`/api/projects/${pid}/components/modify`, { uuid: 'nope', title: 'y' })).code).toBe(CODES.DOCUMENT_NOT_EXISTS);
  });
});
