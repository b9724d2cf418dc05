/** The one contract suite every LocalStore passes (DB-1, ERR-7 and the atomic operations sync relies on). */
import { describe, expect, it } from 'vitest';
import type { LocalItem, LocalStore } from '@copperplate/sync';

const item = (key: string, ticket: number, extra: Partial<LocalItem> = {}): LocalItem => ({
  project: 'P', kind: 'sheets', key, ticket, data: { uuid: key, title: key, dataStr: `["DOCTYPE","SCH","1.1"]` }, baseTicket: Math.max(ticket, 0), base: null, ...extra,
});

export function localStoreContract(name: string, make: () => Promise<LocalStore>): void {
  describe(`LocalStore contract: ${name}`, () => {
    it('[DB-1] keeps the project record and its items, deletes both together', async () => {
      const s = await make();
      await s.putProject({ uuid: 'P', detail: { uuid: 'P', title: 'p', g_ticket: 3 }, g_ticket: 3, snapshot: { sheets: { a: 3 } } });
      await s.putItems([item('a', 3), item('b', -1), { ...item('c', 2), project: 'Q' }]);
      expect((await s.getProject('P'))?.g_ticket).toBe(3);
      expect((await s.listItems('P')).map((i) => i.key).sort()).toEqual(['a', 'b']);
      expect(await s.countItems('P')).toBe(2);
      await s.deleteProject('P');
      expect(await s.getProject('P')).toBeUndefined();
      expect(await s.listItems('P')).toEqual([]);
      expect(await s.countItems('Q')).toBe(1);
    });

    it('[TKT-3] listPending gives exactly the items with ticket 0 or below', async () => {
      const s = await make();
      await s.putItems([item('a', 5), item('b', 0), item('c', -1), item('d', -7), item('e', 1), { ...item('f', -2), kind: 'pcbs' }]);
      expect((await s.listPending('P')).map((i) => i.key).sort()).toEqual(['b', 'c', 'd', 'f']);
      expect((await s.listItems('P', 'pcbs')).map((i) => i.key)).toEqual(['f']);
    });

    it('listStamps gives the kind, key and ticket of every item of the project, as listItems has them', async () => {
      const s = await make();
      if (!s.listStamps) return; // optional: a store without it is read in full
      await s.putItems([item('a', 5), item('b', 0), item('c', -3), { ...item('d', 7), kind: 'pcbs' }, { ...item('e', 2), project: 'Q' }]);
      await s.updateItem('P', 'sheets', 'a', (cur) => ({ ...cur!, ticket: 9 }));
      await s.deleteItems('P', [{ kind: 'sheets', key: 'b' }]);
      const stamps = (await s.listStamps('P')).map((x) => `${x.kind}:${x.key}:${x.ticket}`).sort();
      expect(stamps).toEqual(['pcbs:d:7', 'sheets:a:9', 'sheets:c:-3']);
      expect(stamps).toEqual((await s.listItems('P')).map((i) => `${i.kind}:${i.key}:${i.ticket}`).sort());
    });

    it('updateItem is an atomic read-modify-write: create, change, leave, delete', async () => {
      const s = await make();
      expect(await s.updateItem('P', 'sheets', 'x', (cur) => (cur ? undefined : item('x', -1)))).toMatchObject({ ticket: -1 });
      await s.updateItem('P', 'sheets', 'x', (cur) => ({ ...cur!, ticket: cur!.ticket - 1 }));
      expect((await s.getItem('P', 'sheets', 'x'))?.ticket).toBe(-2);
      expect(await s.updateItem('P', 'sheets', 'x', () => undefined)).toBeUndefined();
      expect((await s.getItem('P', 'sheets', 'x'))?.ticket).toBe(-2);
      await Promise.all(Array.from({ length: 10 }, () => s.updateItem('P', 'sheets', 'x', (cur) => ({ ...cur!, ticket: cur!.ticket - 1 }))));
      expect((await s.getItem('P', 'sheets', 'x'))?.ticket).toBe(-12);
      await s.updateItem('P', 'sheets', 'x', () => null);
      expect(await s.getItem('P', 'sheets', 'x')).toBeUndefined();
    });

    it('stored items are copies: changing a returned object changes nothing stored', async () => {
      const s = await make();
      await s.putItems([item('a', 1)]);
      const a = (await s.getItem('P', 'sheets', 'a'))!;
      (a.data as Record<string, unknown>).title = 'changed';
      expect((await s.getItem('P', 'sheets', 'a'))!.data!.title).toBe('a');
    });

    it('lock records: compare-and-set by updateLock', async () => {
      const s = await make();
      const take = (owner: string) => s.updateLock('L', (cur) => (cur && cur.owner !== owner ? undefined : { lockUuid: 'L', owner, type: 'upload', ticket: (cur?.ticket ?? 0) + 1, expiresAt: 10 }));
      const r = await Promise.all([take('t1'), take('t2')]);
      expect(r.filter(Boolean)).toHaveLength(1);
      expect((await s.getLock('L'))?.ticket).toBe(1);
    });

    it('[DB-1] log store and the key-value stores (copy-and-paste, table cell, basic library list, clipboard)', async () => {
      const s = await make();
      const id = await s.addLog({ type: 'INFO', content: 'x', time: 1, project_uuid: 'P' });
      await s.addLog({ type: 'INFO', content: 'y', time: 2, project_uuid: 'Q' });
      expect((await s.listLogs('P')).map((l) => l.content)).toEqual(['x']);
      await s.deleteLogs([id]);
      expect(await s.listLogs('P')).toEqual([]);
      for (const st of ['copyAndPaste', 'copyAndPasteTableCell', 'basicLibraryList', 'clipBoard'] as const) {
        await s.kvSet(st, 'k', { st, n: [1, 2] });
        expect(await s.kvGet(st, 'k')).toEqual({ st, n: [1, 2] });
      }
      expect(await s.kvGet('clipBoard', 'missing')).toBeUndefined();
    });
  });
}

/**
 * ID-5 (cited by the describe that calls it): a library id is cached per owning project; a store
 * whose key dropped the project would keep one of the two copies.
 */
export function libraryIdPerProject(name: string, make: () => Promise<LocalStore>, reopen: (s: LocalStore) => Promise<LocalStore> = async (s) => s): void {
  it(`${name}: the same symbol id in two projects is two entries`, async () => {
    let s = await make();
    // a building block's symbol inserted into another project keeps its id (apps/web building-block.ts)
    const sym = (project: string, title: string): LocalItem => ({ ...item('S1', 4), project, kind: 'symbols', data: { uuid: 'S1', title } });
    await s.putItems([sym('P', 'in P'), sym('Q', 'in Q')]);
    s = await reopen(s);
    expect((await s.getItem('P', 'symbols', 'S1'))?.data?.title).toBe('in P');
    expect((await s.getItem('Q', 'symbols', 'S1'))?.data?.title).toBe('in Q');
    await s.updateItem('Q', 'symbols', 'S1', (cur) => cur && { ...cur, ticket: -1, data: { ...cur.data!, title: 'edited in Q' } });
    expect((await s.getItem('P', 'symbols', 'S1'))?.data?.title).toBe('in P');
    expect((await s.listPending('P')).map((i) => i.key)).toEqual([]);
    await s.deleteItems('P', [{ kind: 'symbols', key: 'S1' }]);
    expect((await s.getItem('Q', 'symbols', 'S1'))?.data?.title).toBe('edited in Q');
    expect(await s.countItems('Q')).toBe(1);
  });
}
