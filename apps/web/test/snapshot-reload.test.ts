/**
 * The project session's snapshot (engine-session.ts) after the first read takes from the local store
 * only the items whose ticket moved (and the pending ones): an item synced at an unchanged ticket is
 * the same object, not read again (a big PCB's text and merge base were read from IndexedDB at every
 * reload). Real server on loopback, dexie over fake-indexeddb, two pages of one user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '@copperplate/server';
import { FakeClock } from '@copperplate/sync';
import type { ViewKind } from '../src/project/types.ts';
import { browser, flush, saved, until } from './lib/browser.ts';

let server: RunningServer;
let dir = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cp-reload-'));
  server = await startServer({ port: 0, dataDir: dir, logger: false });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('snapshot reloads', () => {
  it('an edit here and one from another page: those items are new in the snapshot, the others the same objects, never all read again', async () => {
    const clock = new FakeClock(1_700_000_000_000, flush);
    const user = `reload${Date.now().toString(36)}`;
    const a = await browser(server.url, user, 'reload-password-1', true, clock);
    const created = await a.http.createProject('Reload');
    if (!created.success) throw new Error(created.message);
    const uuid = created.result.uuid;
    const s = await a.open(uuid);
    await saved(clock, s);
    let fullReads = 0;
    const listItems = a.store.listItems.bind(a.store);
    a.store.listItems = (project, kind) => { if (!kind) fullReads++; return listItems(project, kind); };

    const all = () => Object.entries(s.snapshot().items).flatMap(([k, m]) => [...m].map(([id, it]) => ({ kind: k as ViewKind, id, it })));
    const before = all();
    const sheet = before.find((x) => x.kind === 'sheets')!;
    const pcb = before.find((x) => x.kind === 'pcbs')!;
    expect(sheet && pcb).toBeTruthy();
    expect(before.length).toBeGreaterThan(2);

    // an edit in this page: uploaded, then the snapshot shows it
    await s.edit('sheets', { ...sheet.it, title: 'Renamed here' });
    await saved(clock, s);
    await until(() => s.snapshot().items.sheets.get(sheet.id)?.title === 'Renamed here' && s.state().status === 'saved');
    for (const x of all()) if (x.id !== sheet.id) expect(x.it, `${x.kind}/${x.id}`).toBe(before.find((y) => y.id === x.id && y.kind === x.kind)!.it);

    // an edit from another page of the same user: synced into this one's store at a new ticket
    const b = await browser(server.url, user, 'reload-password-1', false, clock);
    const sb = await b.open(uuid);
    await saved(clock, sb);
    const text = `${String(pcb.it.dataStr ?? '').trimEnd()}\n${JSON.stringify(['HEAD', { from: 'b' }])}`;
    await sb.edit('pcbs', { ...sb.snapshot().items.pcbs.get(pcb.id)!, dataStr: text });
    await saved(clock, sb);
    const mid = all();
    await s.refresh();
    await until(() => s.snapshot().items.pcbs.get(pcb.id)?.dataStr === text);
    for (const x of all()) if (x.id !== pcb.id) expect(x.it, `${x.kind}/${x.id}`).toBe(mid.find((y) => y.id === x.id && y.kind === x.kind)!.it);
    expect(fullReads).toBe(0);
    await sb.close();
    await s.close();
  }, 120_000);
});
