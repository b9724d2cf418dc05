import { describe, expect, it } from 'vitest';
import { CODE_MESSAGES, UPLOAD_BATCH } from '@copperplate/model';
import { UPLOAD_CHANNELS, UPLOAD_SEQUENCE, uploadChannel, KINDS } from '@copperplate/sync';
import { MemoryStore } from '@copperplate/store';
import { doc, setup, sheet } from './helpers.ts';

const bulks = (calls: { op: string; kind?: string; n?: number }[]) => calls.filter((c) => c.op === 'bulk');

describe('upload loop', () => {
  it('[UP-1][UP-8] order symbols, footprints, devices, sheets, pcbs, panels, attributes, blobs, copper, fonts in their batch sizes', async () => {
    const { server, engine, clock, P } = setup();
    const s = await engine.openProject(P);
    server.down = true;
    const counts = { fonts: 11, copper: 6, blobs: 6, attributes: 21, panels: 4, pcbs: 4, sheets: 11, devices: 21, footprints: 11, symbols: 11 } as const;
    for (const [kind, n] of Object.entries(counts)) {
      for (let i = 0; i < n; i++) {
        const key = `${kind}${i}`;
        await s.edit(kind as never, key, { title: key, dataStr: '' });
      }
    }
    await clock.advance(10);
    server.down = false;
    server.calls = [];
    await clock.advance(1000);
    const b = bulks(server.calls);
    const order = [...new Set(b.map((c) => c.kind))];
    expect(order).toEqual(['symbols', 'footprints', 'devices', 'sheets', 'pcbs', 'panels', 'attributes', 'blobs', 'copper', 'fonts']);
    for (const [kind, n] of Object.entries(counts)) {
      const sizes = b.filter((c) => c.kind === kind).map((c) => c.n);
      const size = UPLOAD_BATCH[kind as keyof typeof UPLOAD_BATCH];
      expect(sizes, kind).toEqual([size, n - size]);
    }
    expect(UPLOAD_SEQUENCE.slice(1)).toEqual(order);
  });

  it('[UP-9] per-type count limits: the desktop client (mode CLIENT) sends up to 100 items of a kind per call, the web build its sizes (symbols 10)', async () => {
    for (const [mode, want] of [['CLIENT-ONLINE', { symbols: [100, 20], sheets: [25] }], ['ONLINE', { symbols: [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10], sheets: [10, 10, 5] }]] as const) {
      const { server, engine, clock, P } = setup({ mode });
      const s = await engine.openProject(P);
      server.down = true;
      for (let i = 0; i < 120; i++) await s.edit('symbols', `y${i}`, { title: `y${i}`, dataStr: '' });
      for (let i = 0; i < 25; i++) await s.edit('sheets', `s${i}`, { title: `s${i}`, dataStr: '' });
      await clock.advance(10);
      server.down = false;
      server.calls = [];
      await clock.advance(1000);
      const b = bulks(server.calls);
      expect(b.filter((c) => c.kind === 'symbols').map((c) => c.n), mode).toEqual([...want.symbols]);
      expect(b.filter((c) => c.kind === 'sheets').map((c) => c.n), mode).toEqual([...want.sheets]);
    }
  });

  it('[UP-2] on failures it retries after 1 s until no failures remain', async () => {
    const { server, engine, clock, store, P } = setup();
    const s = await engine.openProject(P);
    let fails = 2;
    server.script = (op) => (op === 'bulk' && fails-- > 0 ? { success: false, message: 'Network Error!' } : undefined);
    await s.edit('sheets', 'A', sheet('A', doc()));
    await clock.advance(1);
    expect(bulks(server.calls)).toHaveLength(1);
    await clock.advance(998);
    expect(bulks(server.calls)).toHaveLength(1);
    await clock.advance(2);
    expect(bulks(server.calls)).toHaveLength(2);
    await clock.advance(1000);
    expect(bulks(server.calls)).toHaveLength(3);
    expect(await store.listPending(P)).toEqual([]);
    await clock.advance(5000);
    expect(bulks(server.calls)).toHaveLength(3); // stopped: no failures remain
  });

  it('[UP-2] on an exception it waits 1 s and retries', async () => {
    const { server, engine, clock, store, P } = setup();
    const s = await engine.openProject(P);
    let throws = 1;
    const orig = server.bulk.bind(server);
    server.bulk = async (...a) => { if (throws-- > 0) throw new Error('boom'); return orig(...a); };
    await s.edit('sheets', 'A', sheet('A', doc()));
    await clock.advance(999);
    expect(server.get('sheets', 'A')).toBeUndefined();
    await clock.advance(2);
    expect(server.get('sheets', 'A')).toBeDefined();
    expect(await store.listPending(P)).toEqual([]);
  });

  it('[ERR-3][UP-6] 1000002 and 1000008 stop the retry; the flag is reset and an error toast shows', async () => {
    for (const code of [1000002, 1000008]) {
      const { server, engine, clock, events, P } = setup();
      const s = await engine.openProject(P);
      server.script = (op) => (op === 'bulk' ? { success: true, result: [{ success: false, code, message: 'x' }] } : undefined);
      await s.edit('sheets', 'A', sheet('A', doc()));
      await clock.advance(10_000);
      expect(bulks(server.calls)).toHaveLength(1);
      expect(s.uploader.processing).toBe(false);
      expect(events('upload-error')).toEqual([expect.objectContaining({ code, message: CODE_MESSAGES[code as 1000002] })]);
    }
  });

  it('[UP-6] other failures toast the server message when the code is unknown (CALL-8), and keep retrying', async () => {
    const { server, engine, clock, events, P } = setup();
    const s = await engine.openProject(P);
    server.script = (op) => (op === 'bulk' ? { success: true, result: [{ success: false, code: 777, message: 'disk full' }] } : undefined);
    await s.edit('sheets', 'A', sheet('A', doc()));
    await clock.advance(2500);
    expect(bulks(server.calls).length).toBe(3);
    expect(events('upload-error')[0]).toMatchObject({ code: 777, message: 'disk full' });
  });

  it('[UP-3] an item whose ticket changed meanwhile is skipped; the answer never overwrites the newer edit', async () => {
    const { server, engine, clock, store, P } = setup();
    const s = await engine.openProject(P);
    let editDuring = true;
    const orig = server.bulk.bind(server);
    server.bulk = async (...a) => {
      const r = await orig(...a);
      if (editDuring) { editDuring = false; await s.edit('sheets', 'A', sheet('A', doc(['TEXT', 't', 'second']))); }
      return r;
    };
    const seen: string[] = [];
    s.s.events.on('upload', () => void store.getItem(P, 'sheets', 'A').then((i) => seen.push(`${i!.ticket}:${i!.data!.dataStr}`)));
    await s.edit('sheets', 'A', sheet('A', doc(['TEXT', 't', 'first'])));
    await clock.advance(2000);
    // After the answer for "first", the local item was still the pending "second", based on the new ticket.
    expect(seen[0]).toMatch(/^-2:[\s\S]*second/);
    expect(bulks(server.calls)).toHaveLength(2);
    expect(server.get('sheets', 'A')!.data.dataStr).toContain('second');
    expect(await store.listPending(P)).toEqual([]);
  });

  it('[UP-3] an item edited between gathering and sending is skipped in that batch', async () => {
    const { server, engine, clock, store, P } = setup();
    const s = await engine.openProject(P);
    // A definite refusal (not a lost answer) so that the retry starts clean.
    server.script = (op, _k, d) => (op === 'bulk' ? { success: true, result: d!.map(() => ({ success: false, code: 777, message: 'busy' })) } : undefined);
    await s.edit('sheets', 'A', sheet('A', doc()));
    await s.edit('symbols', 'Y', { title: 'Y' });
    await clock.advance(10);
    server.script = null;
    server.calls = [];
    // Symbols go first; while their batch is out, edit sheet A: the listed A (old ticket) is skipped.
    const orig = server.bulk.bind(server);
    let once = true;
    server.bulk = async (...a) => { if (once) { once = false; await s.edit('sheets', 'A', sheet('A', doc(['TEXT', 'later']))); } return orig(...a); };
    await clock.advance(1000);
    expect(bulks(server.calls).map((c) => c.kind)).toEqual(['symbols', 'sheets']);
    expect(server.get('sheets', 'A')!.data.dataStr).toContain('later');
    expect(await store.listPending(P)).toEqual([]);
  });

  it('a write whose answer was lost is settled with the same request id before anything else is sent', async () => {
    const { server, engine, clock, store, P } = setup();
    server.put('sheets', sheet('A', doc(['TEXT', 'a', 'v0'])));
    const s = await engine.openProject(P);
    const ids: string[] = [];
    const orig = server.bulk.bind(server);
    let lose = true;
    server.bulk = async (p, k, d, r) => { ids.push(r); const a = await orig(p, k, d, r); if (lose) { lose = false; return { success: false, message: 'Network Error!' }; } return a; };
    await s.edit('sheets', 'A', sheet('A', doc(['TEXT', 'a', 'one'])));
    await clock.advance(1);
    expect((await store.getItem(P, 'sheets', 'A'))!.sent?.requestId).toBe(ids[0]);
    await s.edit('sheets', 'A', sheet('A', doc(['TEXT', 'a', 'two'])));
    await clock.advance(2000);
    expect(ids[1]).toBe(ids[0]); // asked again under the same id: the server answers the stored result
    expect(server.get('sheets', 'A')!.data.dataStr).toContain('two');
    const it = (await store.getItem(P, 'sheets', 'A'))!;
    expect(it.ticket).toBe(server.get('sheets', 'A')!.ticket);
    expect(it.sent).toBeUndefined();
  });

  it('[UP-4] the processing flag is on while saving', async () => {
    const { engine, clock, events, P } = setup();
    const s = await engine.openProject(P);
    await s.edit('sheets', 'A', sheet('A', doc()));
    await clock.advance(10);
    expect(events('processing').map((e) => e.on)).toEqual([true, false]);
  });

  it('[UP-5] on success other tabs get the new ticket and update time; an upload event fires', async () => {
    const one = setup();
    const s = await one.engine.openProject(one.P);
    const two = setup({ server: one.server, store: one.store, hub: one.hub, clock: one.clock, tabId: 'tab2' });
    await two.engine.openProject(one.P);
    await s.edit('sheets', 'A', sheet('A', doc()));
    await one.clock.advance(10);
    const t = one.server.get('sheets', 'A')!.ticket;
    expect(one.events('upload')).toEqual([{ project: one.P, kind: 'sheets', key: 'A', ticket: t, updateTime: 1, channel: 'sheet' }]);
    expect(two.events('remote-upload')).toEqual([{ project: one.P, kind: 'sheets', key: 'A', ticket: t, updateTime: 1, channel: 'sheet' }]);
  });

  it('[UP-7][MODE-1] offline edits are saved locally and an upload is scheduled; it runs when the mode goes online', async () => {
    const { server, engine, clock, store, P } = setup();
    await engine.openProject(P);
    await engine.closeProject(P);
    const e2 = setup({ server, store, clock, mode: 'DEVPRO-OFFLINE' });
    const s = await e2.engine.openProject(P);
    expect(server.calls.filter((c) => c.op === 'detail')).toHaveLength(1); // offline: no cloud check
    await s.edit('sheets', 'A', sheet('A', doc()));
    await clock.advance(10_000);
    expect(server.get('sheets', 'A')).toBeUndefined();
    expect((await store.listPending(P)).map((i) => i.key)).toEqual(['A']);
    e2.engine.setMode('DEVPRO-ONLINE');
    await clock.advance(10);
    expect(server.get('sheets', 'A')).toBeDefined();
  });

  it('[UP-7] HALF_OFFLINE: with no network a project with a local copy opens locally and uploads when the server is back', async () => {
    const { server, engine, clock, store, P } = setup();
    await engine.openProject(P);
    await engine.closeProject(P);
    server.down = true;
    const e2 = setup({ server, store, clock, mode: 'HALF_OFFLINE' });
    server.calls = [];
    const s = await e2.engine.openProject(P);
    expect(server.calls).toEqual([]); // local first: no cloud check before ready
    await clock.advance(10); // the forced upload of the open has run: the edit's own schedule must send it
    await s.edit('sheets', 'A', sheet('A', doc()));
    await clock.advance(3000);
    expect(server.get('sheets', 'A')).toBeUndefined();
    server.down = false;
    await clock.advance(1000);
    expect(server.get('sheets', 'A')).toBeDefined();
  });

  it('[UP-10] every uploaded kind reaches the other tabs on its upload message channel', async () => {
    const one = setup();
    const s = await one.engine.openProject(one.P);
    const two = setup({ server: one.server, store: one.store, hub: one.hub, clock: one.clock, tabId: 'tab2' });
    await two.engine.openProject(one.P);
    const want: Record<string, string> = {
      sheets: 'sheet', symbols: 'symbol', attributes: 'blockSymbolAttribute', pcbs: 'pcb', panels: 'panel',
      devices: 'device', footprints: 'footprint', copper: 'copperPour', blobs: 'blob', fonts: 'font',
    };
    for (const kind of Object.keys(want)) await s.edit(kind as never, `${kind}1`, { title: kind, dataStr: '' });
    await one.clock.advance(10);
    const got = Object.fromEntries(two.events('remote-upload').map((e) => [e.kind, e.channel]));
    expect(got).toEqual(want);
    expect(new Set(Object.values(got))).toEqual(new Set(UPLOAD_CHANNELS));
    expect(new Set(KINDS.map(uploadChannel))).toEqual(new Set(UPLOAD_CHANNELS));
  });

  it('a deletion uploads with deleted: true and leaves nothing locally', async () => {
    const { server, engine, clock, store, P } = setup();
    server.put('sheets', sheet('A', doc()));
    const s = await engine.openProject(P);
    await s.edit('sheets', 'A', null);
    await clock.advance(10);
    expect(server.get('sheets', 'A')).toBeUndefined();
    expect(await store.getItem(P, 'sheets', 'A')).toBeUndefined();
  });
});

describe('stale writes and the three-way merge (DESIGN §5)', () => {
  it('[UP-2] a stale refusal with no record changed on both sides merges and uploads', async () => {
    const { server, engine, clock, store, events, P } = setup();
    server.put('sheets', sheet('A', doc(['TEXT', 'a', 'v0'], ['TEXT', 'b', 'v0'])));
    const s = await engine.openProject(P);
    server.put('sheets', sheet('A', doc(['TEXT', 'a', 'v0'], ['TEXT', 'b', 'theirs'], ['TEXT', 'c', 'added'])));
    await s.edit('sheets', 'A', sheet('A', doc(['TEXT', 'a', 'mine'], ['TEXT', 'b', 'v0'])));
    await clock.advance(2000);
    const text = server.get('sheets', 'A')!.data.dataStr as string;
    expect(text.split('\n')).toEqual(doc(['TEXT', 'a', 'mine'], ['TEXT', 'b', 'theirs'], ['TEXT', 'c', 'added']).split('\n'));
    expect(await store.listPending(P)).toEqual([]);
    expect(events('warning')).toEqual([]);
  });

  it('a record changed on both sides keeps both versions and raises the Warning data; nothing uploads until the user chooses', async () => {
    const { server, engine, clock, store, events, P } = setup();
    server.put('sheets', sheet('A', doc(['TEXT', 'a', 'v0'])));
    const s = await engine.openProject(P);
    server.modifier = 'bob';
    const theirsTicket = server.put('sheets', sheet('A', doc(['TEXT', 'a', 'theirs'])));
    await s.edit('sheets', 'A', sheet('A', doc(['TEXT', 'a', 'mine'])));
    await clock.advance(5000);
    const it = (await store.getItem(P, 'sheets', 'A'))!;
    expect(it.data!.dataStr).toContain('mine');
    expect(it.held!.theirs!.dataStr).toContain('theirs');
    expect(server.get('sheets', 'A')!.data.dataStr).toContain('theirs');
    const w = events('warning');
    expect(w).toHaveLength(1);
    expect(w[0]).toMatchObject({ reason: 'conflict', items: [{ key: 'A', updated: theirsTicket, modifier: 'bob' }] });
    await s.resolve('upload-local');
    await clock.advance(10);
    expect(server.get('sheets', 'A')!.data.dataStr).toContain('mine');
  });

  it('a write applied whose answer was lost is recognised on the retry (no duplicate, no conflict)', async () => {
    const { server, engine, clock, store, events, P } = setup();
    server.put('sheets', sheet('A', doc(['TEXT', 'a', 'v0'])));
    const s = await engine.openProject(P);
    const orig = server.bulk.bind(server);
    let lose = true;
    server.bulk = async (p, k, d, _r) => { const r = await orig(p, k, d, `${Math.random()}`); if (lose) { lose = false; return { success: false, message: 'Network Error!' }; } return r; };
    await s.edit('sheets', 'A', sheet('A', doc(['TEXT', 'a', 'mine'])));
    await clock.advance(3000);
    expect(await store.listPending(P)).toEqual([]);
    expect((await store.getItem(P, 'sheets', 'A'))!.ticket).toBe(server.get('sheets', 'A')!.ticket);
    expect(events('warning')).toEqual([]);
  });

  it('a killed tab loses nothing: the next open uploads the pending edit (DESIGN §5 write-ahead log)', async () => {
    const store = new MemoryStore();
    const one = setup({ store });
    const s = await one.engine.openProject(one.P);
    one.server.down = true;
    await s.edit('sheets', 'A', sheet('A', doc(['TEXT', 'a', 'saved'])));
    one.engine.dispose();
    one.server.down = false;
    const two = setup({ server: one.server, store, clock: one.clock, tabId: 'tab2' });
    await two.engine.openProject(one.P);
    await two.clock.advance(40_000); // the dead tab's lock lease runs out
    expect(one.server.get('sheets', 'A')!.data.dataStr).toContain('saved');
  });
});
