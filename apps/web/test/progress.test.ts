/**
 * [CONST-3] [UI-2] Progress totals where their work runs: a download ('DownLoad zip') reports the 5
 * steps of STREAM-1 in order, its chunks within the write step; a paste import ('paste data...')
 * reports IMP-1's 15 phases and the forced sync after it, 16 steps, the last once sync has resumed.
 */
import { describe, expect, it } from 'vitest';
import { PROGRESS_STEPS } from '@copperplate/model';
import { streamDownload, type DownloadStreamIo } from '../src/lib/download.ts';
import { copyPageToClipboard, pastePage } from '../src/project/paste.ts';
import { IMPORT_PHASES } from '../src/lib/progress.ts';
import type { ProjectSession, ProjectSnapshot, ViewKind } from '../src/project/types.ts';
import type { Item } from '../src/api/schemas.ts';

describe('progress steps', () => {
  it('[CONST-3] [STREAM-1] [ID-2] [UI-2] a download (its stream id generated: X-LC-ID-) reports its 5 steps in order, the written chunks inside the fourth', async () => {
    const calls: string[] = [];
    const shares: number[] = [];
    const uuids: string[] = [];
    const queries: string[] = [];
    const log = (what: string): void => void calls.push(`${what}@${shares.length}`);
    const io: DownloadStreamIo = {
      token: async () => {
        log('token');
        return 't0k';
      },
      register: async (uuid, name, token) => {
        uuids.push(uuid);
        log(`register ${name} ${token}`);
        return true;
      },
      create: async (q) => {
        queries.push(q);
        log('create');
      },
      write: async (_q, chunk) => log(`write ${chunk.length}`),
      close: async () => log('close'),
    };
    const bytes = new Uint8Array(256 * 1024 + 10); // two chunks
    await streamDownload(bytes, 'ProPrj_2026-01-01.epro', io, (s) => shares.push(s));
    expect(PROGRESS_STEPS.DOWNLOAD).toBe(5);
    // [ID-2] the stream's id is generated here: X-LC-ID- and random alphanumerics, the one the create query names
    expect(uuids[0]).toMatch(/^X-LC-ID-[A-Za-z0-9]{32}$/);
    expect(queries[0]).toBe(`?uuid=${uuids[0]}&token=t0k`);
    // each call happens before the step it completes is reported
    expect(calls).toEqual(['token@0', 'register ProPrj_2026-01-01.epro t0k@1', 'create@2', `write ${256 * 1024}@3`, 'write 10@4', 'close@6']);
    const r = (x: number) => Math.round(x * 1e6) / 1e6;
    expect(shares.map(r)).toEqual([1 / 5, 2 / 5, 3 / 5, r((3 + (256 * 1024) / bytes.length) / 5), 4 / 5, 4 / 5, 1].map(r));
    // a refused stream stops at its second step
    const refused: number[] = [];
    await expect(streamDownload(bytes, 'x.epro', { ...io, register: async () => false }, (s) => refused.push(s))).rejects.toThrow(/could not be started/);
    expect(refused).toEqual([1 / 5]);
  });

  it('[CONST-3] [SYNC-9] a paste import reports IMP-1\'s 15 phases then the forced sync: 16 steps, in order', async () => {
    const items = Object.fromEntries(['schematics', 'sheets', 'pcbs', 'panels', 'symbols', 'footprints', 'devices'].map((k) => [k, new Map<string, Item>()])) as ProjectSnapshot['items'];
    const page = ['["DOCTYPE","SCH","1.1"]', '["ATTR","e1","e0","Device","d1",0,0,0,0,0,"st",0]'].join('\n');
    items.schematics.set('s1', { uuid: 's1', name: 'Main', display_name: 'Main', sort: ['p1'], ticket: 3 });
    items.sheets.set('p1', { uuid: 'p1', schematic_uuid: 's1', title: 'Core', display_title: 'Core', sheet_id: 1, dataStr: page, ticket: 3 });
    items.devices.set('d1', { uuid: 'd1', title: 'R', display_title: 'R', attributes: { Symbol: 'y1', Footprint: 'f1' }, ticket: 3 });
    items.symbols.set('y1', { uuid: 'y1', title: 'R', display_title: 'R', dataStr: '["DOCTYPE","SYMBOL","1.1"]', ticket: 3 });
    items.footprints.set('f1', { uuid: 'f1', title: 'R0603', display_title: 'R0603', dataStr: '["DOCTYPE","FOOTPRINT","1.1"]', ticket: 3 });
    const source = session(items);
    copyPageToClipboard(source, 'p1');
    // the target project has the schematic but none of the page's library items
    const target = session(Object.fromEntries(Object.entries(items).map(([k, m]) => [k, new Map(k === 'schematics' ? m : [])])) as ProjectSnapshot['items']);
    const events: string[] = [];
    target.onEvent = (e) => events.push(e);
    await pastePage(target, 's1', (s) => events.push(`step ${Math.round(s * PROGRESS_STEPS.PASTE_IMPORT)}`));
    expect(PROGRESS_STEPS.PASTE_IMPORT).toBe(IMPORT_PHASES.length + 1);
    const steps = Array.from({ length: 16 }, (_, i) => `step ${i + 1}`);
    expect(events.filter((e) => e.startsWith('step'))).toEqual(steps);
    // the schematic is written in step 1, the sheet in step 2, the symbol in 3, the footprint in 6, the device in 7; the last step follows the resumed sync
    expect(events.filter((e) => !e.startsWith('step suspend'))).toEqual([
      'suspend', 'edit schematics', 'step 1', 'edit sheets', 'step 2', 'edit symbols', 'step 3', 'step 4', 'step 5', 'edit footprints', 'step 6', 'edit devices', 'step 7',
      'resume', ...steps.slice(7),
    ]);
  });
});

/** A session over plain maps that logs its edits and the suspension of sync. */
function session(items: ProjectSnapshot['items']): ProjectSession & { onEvent: (e: string) => void } {
  const s = {
    uuid: 'prj', readOnly: false, onEvent: (_e: string) => {},
    snapshot: () => ({ detail: { uuid: 'prj', title: 'P', g_ticket: 3, boards: [] }, items }) as ProjectSnapshot,
    state: () => ({ status: 'saved' as const, pending: 0 }), conflicts: () => [], subscribe: () => () => {},
    loadItem: async (k: ViewKind, id: string) => items[k].get(id),
    edit: async (k: ViewKind, it: Item) => void (s.onEvent(`edit ${k}`), items[k].set(String(it.uuid), it)),
    remove: async (k: ViewKind, id: string) => void items[k].delete(id),
    resolve: async () => {}, refresh: async () => {}, close: async () => {},
    suspendSync: () => {
      s.onEvent('suspend');
      return async () => s.onEvent('resume');
    },
  };
  return s;
}
