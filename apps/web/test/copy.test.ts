import { describe, expect, it } from 'vitest';
import { isDocumentId } from '@copperplate/model';
import { copyPage, copySchematic } from '../src/project/copy.ts';
import type { ProjectSession, ProjectSnapshot, ViewKind } from '../src/project/types.ts';
import type { Item } from '../src/api/schemas.ts';

/** A session over plain maps (the engine is tested in packages/sync; here only what copy.ts asks of it). */
function memorySession(): ProjectSession & { edits: [ViewKind, Item][] } {
  const items = Object.fromEntries(['schematics', 'sheets', 'pcbs', 'panels', 'symbols', 'footprints', 'devices'].map((k) => [k, new Map<string, Item>()])) as ProjectSnapshot['items'];
  items.schematics.set('s1', { uuid: 's1', name: 'Main', display_name: 'Main', sort: ['p1'], ticket: 3 });
  items.sheets.set('p1', { uuid: 'p1', schematic_uuid: 's1', title: 'Core', display_title: 'Core', sheet_id: 1, dataStr: '["DOCTYPE","SCH","1.1"]', ticket: 3 });
  const edits: [ViewKind, Item][] = [];
  const s = {
    uuid: 'prj', readOnly: false, edits,
    snapshot: () => ({ detail: { uuid: 'prj', title: 'P', g_ticket: 3, boards: [] }, items }) as ProjectSnapshot,
    state: () => ({ status: 'saved' as const, pending: 0 }), conflicts: () => [], subscribe: () => () => {},
    loadItem: async (k: ViewKind, id: string) => items[k].get(id),
    edit: async (k: ViewKind, it: Item) => void (edits.push([k, it]), items[k].set(String(it.uuid), it)),
    remove: async (k: ViewKind, id: string) => void items[k].delete(id),
    resolve: async () => {}, refresh: async () => {}, close: async () => {},
  };
  return s;
}

describe('copy', () => {
  it('[NAME-2] a page copy gets a new document id, a free name and a place in the schematic order', async () => {
    const s = memorySession();
    const id = await copyPage(s, 'p1');
    expect(isDocumentId(id)).toBe(true);
    const sheet = s.snapshot().items.sheets.get(id)!;
    expect([sheet.title, sheet.display_title, sheet.sheet_id, sheet.dataStr, sheet.ticket]).toEqual(['Core_1', 'Core_1', 2, '["DOCTYPE","SCH","1.1"]', undefined]);
    expect(s.snapshot().items.schematics.get('s1')!.sort).toEqual(['p1', id]);
    expect(await copyPage(s, 'p1').then((x) => s.snapshot().items.sheets.get(x)!.title)).toBe('Core_2');
  });
  it('[ERR-5] copy failures carry the copy messages of SPEC §8', async () => {
    const s = memorySession();
    await expect(copyPage(s, 'nope')).rejects.toThrow(/^Copying failure!The reason is:/);
    await expect(copySchematic(s, 'nope')).rejects.toThrow(/^Copying schematic failure! The reason is:/);
  });
  it('a schematic copy holds copies of all its sheets', async () => {
    const s = memorySession();
    const sch = await copySchematic(s, 's1');
    const copy = s.snapshot().items.schematics.get(sch)!;
    expect(copy.name).toBe('Main_1');
    const sheets = [...s.snapshot().items.sheets.values()].filter((x) => x.schematic_uuid === sch);
    expect(sheets.map((x) => x.title)).toEqual(['Core']);
    expect(copy.sort).toEqual([sheets[0].uuid]);
  });
});

describe('paste', () => {
  it('a page references the devices, symbols and footprints named by its ATTR records', async () => {
    const { referencedIds } = await import('../src/project/paste.ts');
    const text = ['["DOCTYPE","SCH","1.1"]', '["ATTR","e1","e0","Device","d1",0,0,0,0,0,"st",0]', '["ATTR","e2","e0","Symbol","s1",0,0,0,0,0,"st",0]', '["ATTR","e3","e0","Footprint","",0,0,0,0,0,"st",0]', '["ATTR","e4","e9","Device","d1",0,0,0,0,0,"st",0]'].join('\n');
    expect(referencedIds(text)).toEqual([{ kind: 'devices', id: 'd1' }, { kind: 'symbols', id: 's1' }]);
  });
  it('[ERR-5] pasting with an empty clipboard fails with the paste message', async () => {
    const { pastePage } = await import('../src/project/paste.ts');
    await expect(pastePage(memorySession(), 's1', () => {})).rejects.toThrow(/^Failed to paste the specified drawing page into the specified location!/);
  });

  it('[IMP-8] a page with its own nesting (a sheet symbol linking a child sheet, or a block symbol) is refused before anything is written', async () => {
    const { copyPageToClipboard, pastePage } = await import('../src/project/paste.ts');
    const s = memorySession();
    const items = s.snapshot().items;
    items.sheets.set('p2', { uuid: 'p2', schematic_uuid: 's1', title: 'Top', display_title: 'Top', sheet_id: 2, dataStr: ['["DOCTYPE","SCH","1.1"]', '["COMPONENT","c1","blk.1",0,0,0,0,{},0]', '["ATTR","a1","c1","Sheet","Power",0,0,0,0,0,"st",0]'].join('\n'), ticket: 3 });
    copyPageToClipboard(s, 'p2');
    await expect(pastePage(s, 's1', () => {})).rejects.toThrow('The imported data has its own nested relationship!');
    // a block symbol among the page's parts is nesting too
    items.symbols.set('blk', { uuid: 'blk', title: 'Power', docType: 17, dataStr: '["DOCTYPE","SYMBOL","1.1"]', ticket: 3 });
    items.sheets.set('p3', { uuid: 'p3', schematic_uuid: 's1', title: 'Uses block', display_title: 'Uses block', sheet_id: 3, dataStr: ['["DOCTYPE","SCH","1.1"]', '["ATTR","a2","c1","Symbol","blk",0,0,0,0,0,"st",0]'].join('\n'), ticket: 3 });
    copyPageToClipboard(s, 'p3');
    await expect(pastePage(s, 's1', () => {})).rejects.toThrow('The imported data has its own nested relationship!');
    expect(s.edits).toEqual([]);
    // a plain page pastes: the check is what refused the others
    copyPageToClipboard(s, 'p1');
    await pastePage(s, 's1', () => {});
    expect(s.edits.map(([k]) => k)).toEqual(['schematics', 'sheets']);
  });
});
