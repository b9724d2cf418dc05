/**
 * [issue-16] The library part editor's session (library-session.ts): edits stay in the page and in a
 * draft until Save version writes each changed document with its base version; a draft on the same
 * version is taken up again by the next page, one on an older version too (with a conflict notice:
 * unsaved work is never dropped); a stale save is a conflict with nothing written; discard; the system library is read-only; a device opens as its
 * symbol and footprint.
 */
import { describe, expect, it } from 'vitest';
import { CODES } from '@copperplate/model';
import { ApiError } from '../src/api/http.ts';
import type { LibDetail } from '../src/library/library-api.ts';
import { LibrarySession, partsOf, type LibraryWrites } from '../src/library/library-session.ts';
import { MapStorage } from './lib/map-storage.ts';

const row = (uuid: string, type: number, extra: Partial<LibDetail> = {}): LibDetail => ({
  uuid, type, owner: 0, lib: 'Personal', title: `part ${uuid}`, value: '', package: '', keywords: '', description: '', datasheet: '', manufacturer_part: '', designator: '',
  symbol_uuid: '', footprint_uuid: '', version: '1', source: '', g_ticket: 1, update_time: 1_700_000_000, fields: { docType: type === 2 ? 2 : 4 }, dataStr: `["DOCTYPE","${type === 2 ? 'SYMBOL' : 'FOOTPRINT'}","1.1"]\n`, ...extra,
});

/** A library that keeps versions as the server does (base_ticket checked). */
function library(): LibraryWrites & { saved: { uuid: string; dataStr: string; base_ticket: number }[]; tickets: Map<string, number> } {
  const tickets = new Map<string, number>();
  const saved: { uuid: string; dataStr: string; base_ticket: number }[] = [];
  return {
    saved, tickets,
    async save(b) {
      const cur = tickets.get(b.uuid) ?? 1;
      if (cur !== b.base_ticket) throw new ApiError(CODES.STALE_TICKET, 'The document version is inconsistent with the cloud version!');
      tickets.set(b.uuid, cur + 1);
      saved.push(b);
      return { ticket: cur + 1, updateTime: 1_700_000_100 };
    },
  };
}

describe('[issue-16] library part editing session', () => {
  it('edits are kept until Save version, which writes them as the next version; a reload finds the draft; discard', async () => {
    const lib = library(), drafts = new MapStorage();
    const sym = row('s1', 2);
    const s = new LibrarySession(sym, partsOf(sym), lib, drafts);
    expect(s.changed()).toBe(false);
    await s.edit('symbols', { ...(await s.loadItem('symbols', 's1'))!, dataStr: sym.dataStr + '["PIN"]\n' });
    expect(s.changed('s1')).toBe(true);
    expect(s.state()).toMatchObject({ status: 'uploading', pending: 1 });
    expect(lib.saved).toEqual([]);
    // another page of this browser (a reload) takes the draft up again
    const again = new LibrarySession(sym, partsOf(sym), lib, drafts);
    expect(again.changed('s1')).toBe(true);
    expect((await again.loadItem('symbols', 's1'))?.dataStr).toContain('["PIN"]');
    const v = await again.saveVersion();
    expect(v.get('s1')).toBe(2);
    expect(lib.saved.map((x) => [x.uuid, x.base_ticket])).toEqual([['s1', 1]]);
    expect(again.changed()).toBe(false);
    expect(drafts.length).toBe(0);
    // the next save is based on version 2
    await again.edit('symbols', { ...(await again.loadItem('symbols', 's1'))!, dataStr: sym.dataStr + '["PIN"]\n["PIN"]\n' });
    await again.saveVersion();
    expect(lib.saved.at(-1)?.base_ticket).toBe(2);
    // discard drops the changes and the draft
    await again.edit('symbols', { ...(await again.loadItem('symbols', 's1'))!, dataStr: 'changed' });
    again.discard();
    expect(again.changed()).toBe(false);
    expect(drafts.length).toBe(0);
    expect((await again.loadItem('symbols', 's1'))?.dataStr).toBe(sym.dataStr + '["PIN"]\n["PIN"]\n');
  });

  it('a save based on a version replaced meanwhile is a conflict and writes nothing; the draft is kept, reopened with a notice and saved as the next version or discarded', async () => {
    const lib = library(), drafts = new MapStorage();
    const fp = row('f1', 4);
    const s = new LibrarySession(fp, partsOf(fp), lib, drafts);
    await s.edit('footprints', { ...(await s.loadItem('footprints', 'f1'))!, dataStr: 'mine' });
    lib.tickets.set('f1', 2); // someone saved version 2
    await expect(s.saveVersion()).rejects.toThrow(/changed in the library since it was opened here/);
    expect(s.state().status).toBe('conflict');
    expect(lib.saved).toEqual([]);
    // a page opened on version 2 (the reload the message asks for) keeps the draft made on version 1:
    // shown as it was, with a conflict notice; Save version makes it version 3
    const fresh = new LibrarySession({ ...fp, g_ticket: 2 }, partsOf({ ...fp, g_ticket: 2 }), lib, drafts);
    expect(fresh.changed()).toBe(true);
    expect((await fresh.loadItem('footprints', 'f1'))?.dataStr).toBe('mine');
    expect(fresh.state().status).toBe('conflict');
    expect(fresh.state().message).toMatch(/were made on an earlier version/);
    expect((await fresh.saveVersion()).get('f1')).toBe(3);
    expect(lib.saved.map((x) => [x.dataStr, x.base_ticket])).toEqual([['mine', 2]]);
    expect([fresh.state().status, fresh.changed(), drafts.length]).toEqual(['saved', false, 0]);
    // Discard of such a draft takes the library's version
    await fresh.edit('footprints', { ...(await fresh.loadItem('footprints', 'f1'))!, dataStr: 'later' });
    const onV4 = { ...fp, g_ticket: 4, dataStr: 'theirs' };
    const other = new LibrarySession(onV4, partsOf(onV4), lib, drafts);
    expect(other.state().status).toBe('conflict');
    other.discard();
    expect([(await other.loadItem('footprints', 'f1'))?.dataStr, other.state().status, drafts.length]).toEqual(['theirs', 'saved', 0]);
  });

  it('a device opens as its symbol and footprint; the system library is read-only', async () => {
    const dev = row('d1', 3, { symbol: row('s2', 2), footprint: row('f2', 4), fields: { attributes: { Symbol: 's2', Footprint: 'f2' } } });
    expect(partsOf(dev).map((p) => [p.kind, p.detail.uuid])).toEqual([['symbols', 's2'], ['footprints', 'f2']]);
    const s = new LibrarySession(dev, partsOf(dev), library(), new MapStorage());
    expect(s.snapshot().items.devices.has('d1')).toBe(true);
    await expect(s.edit('devices', { uuid: 'd1' })).rejects.toThrow(/Only the library part/);
    const sys = row('s3', 2, { owner: 2 });
    const ro = new LibrarySession(sys, partsOf(sys), library(), new MapStorage());
    expect(ro.readOnly).toBe(true);
    await expect(ro.edit('symbols', { uuid: 's3', dataStr: 'x' })).rejects.toThrow(/system library cannot be edited/);
  });
});
