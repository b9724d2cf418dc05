/**
 * Issue 11 (data loss): an edit handed over while the page goes away. The store write of a page that
 * unloads never commits; the synchronous edit journal carries the edit to the next open.
 */
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '@copperplate/store';
import { FakeClock, LocalHub, MemoryJournal, SyncEngine, type LocalStore } from '@copperplate/sync';
import { FakeServer } from './fake-server.ts';
import { doc, macroFlush, sheet } from './helpers.ts';

/** The page's view of the store: once `dead`, writes never finish (the page unloaded mid-transaction). */
function dyingStore(inner: LocalStore): LocalStore & { dead: boolean } {
  const st = Object.create(inner) as LocalStore & { dead: boolean };
  st.dead = false;
  st.updateItem = (...a) => (st.dead ? new Promise(() => {}) : inner.updateItem(...a));
  return st;
}

function page(server: FakeServer, store: LocalStore, journal: MemoryJournal | undefined, clock: FakeClock, hub: LocalHub) {
  return new SyncEngine({ store, transport: server, clock, broadcast: hub.channel(), journal, tabId: `tab-${Math.random()}` });
}

async function scenario(journal: MemoryJournal | undefined) {
  const server = new FakeServer();
  server.put('sheets', sheet('A', doc(['WIRE', 'w1', [[0, 0, 10, 0]]])));
  const disk = new MemoryStore();
  const clock = new FakeClock(undefined, macroFlush);
  const hub = new LocalHub();
  const first = dyingStore(disk);
  const e1 = page(server, first, journal, clock, hub);
  const s1 = await e1.openProject(server.uuid);
  await clock.advance(1000);
  const edited = doc(['WIRE', 'w1', [[0, 0, 10, 0]]], ['WIRE', 'w2', [[0, 0, 0, 10]]]);
  // page hide: the editor hands its text over, then the page goes away before the write commits
  s1.stash('sheets', 'A', { dataStr: edited });
  first.dead = true;
  void s1.edit('sheets', 'A', { ...(await s1.get('sheets', 'A')), dataStr: edited });
  await macroFlush();
  e1.dispose();
  // reload: a new page over the same local database and journal
  const e2 = page(server, disk, journal, clock, hub);
  const s2 = await e2.openProject(server.uuid);
  await clock.advance(3000);
  return { server, disk, s2, edited, P: server.uuid };
}

describe('edit journal (issue 11)', () => {
  it('[issue-11] an edit whose store write never committed is replayed at the next open and uploaded', async () => {
    const { server, s2, edited } = await scenario(new MemoryJournal());
    expect((await s2.get('sheets', 'A'))?.dataStr).toBe(edited);
    expect(server.get('sheets', 'A')?.data.dataStr).toBe(edited);
  });

  it('[issue-11] without the journal the same edit is lost (what the journal prevents)', async () => {
    const { server, s2, edited } = await scenario(undefined);
    expect((await s2.get('sheets', 'A'))?.dataStr).not.toBe(edited);
    expect(server.get('sheets', 'A')?.data.dataStr).not.toBe(edited);
  });

  it('[issue-11] an entry whose write did commit is cleared, not applied again over a later edit', async () => {
    const server = new FakeServer();
    server.put('sheets', sheet('A', doc()));
    const store = new MemoryStore();
    const clock = new FakeClock(undefined, macroFlush);
    const journal = new MemoryJournal();
    const e1 = page(server, store, journal, clock, new LocalHub());
    const s1 = await e1.openProject(server.uuid);
    await s1.edit('sheets', 'A', sheet('A', doc(['WIRE', 'w1', [[0, 0, 1, 0]]])));
    expect(journal.list(server.uuid)).toEqual([]);
    // a stash older than the stored edit (its edit reached the store later) is not replayed
    journal.put(server.uuid, 'sheets', 'A', { dataStr: 'old' }, false, clock.now() - 1);
    await clock.advance(3000);
    e1.dispose();
    const s2 = await page(server, store, journal, clock, new LocalHub()).openProject(server.uuid);
    expect((await s2.get('sheets', 'A'))?.dataStr).toBe(doc(['WIRE', 'w1', [[0, 0, 1, 0]]]));
    expect(journal.list(server.uuid)).toEqual([]);
  });

  it('[issue-11] a patch merges into the whole item already journalled; a deletion replays as a deletion', async () => {
    const j = new MemoryJournal();
    j.put('P', 'sheets', 'A', { uuid: 'A', title: 'T', dataStr: 'x' }, true, 1);
    j.put('P', 'sheets', 'A', { dataStr: 'y' }, false, 2);
    expect(j.list('P')).toMatchObject([{ full: true, data: { uuid: 'A', title: 'T', dataStr: 'y' }, at: 2 }]);
    const id = j.put('P', 'sheets', 'B', null, true, 3)!;
    j.drop('P', 'sheets', 'B', 'other');
    expect(j.list('P')).toHaveLength(2);
    j.drop('P', 'sheets', 'B', id);
    expect(j.list('P')).toHaveLength(1);
  });
});
