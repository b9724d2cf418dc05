/**
 * The basic library lists (issue 16, SPEC §3 key-value caches: system, user, user panel) through the
 * client cache call, on PGlite and PostgreSQL: GET /api/cache/basicLibraryList:<kind> answers the
 * list the server keeps (the system library's libraries with counts; the caller's own, team and
 * owned public items; their panel parts), each caller their own, with a stamp that changes with the
 * list; writing those keys is refused; other keys stay the caller's own cache.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { LIB_TYPE } from '@copperplate/library';
import { CODES, LibraryListSchema, libraryListKey, type LibraryList, type LibraryListKind } from '@copperplate/model';
import { BACKENDS, postgresAvailable, storage } from './helpers.ts';
import { Client } from './client.ts';
import { openDatabase, startServer, migrate, type RunningServer } from '../src/index.ts';
import { writeLibrary } from '../src/library/build.ts';

const PG = await postgresAvailable();
const SYM = '["DOCTYPE","SYMBOL","1.1"]\n["HEAD",{"originX":0,"originY":0}]\n';

describe.each(BACKENDS)('basic library lists on %s', (backend) => {
  const skip = backend === 'postgres' && !PG;
  let st: Awaited<ReturnType<typeof storage>>;
  let s: RunningServer;
  let a: Client, b: Client;
  beforeAll(async () => {
    if (skip) return;
    st = await storage(backend);
    const db = await openDatabase(st);
    await migrate(db);
    await writeLibrary(db, { symbolLibs: [], footprintLibs: [] }); // the generated parts
    await db.close();
    s = await startServer({ port: 0, ...st });
    a = await new Client(s.url).signup('lister');
    b = await new Client(s.url).signup('other');
  }, 300_000);
  afterAll(async () => { await s?.close(); await st?.cleanup(); });

  const list = async (c: Client, kind: LibraryListKind): Promise<LibraryList> => {
    const r = await c.get<string | null>(`/api/cache/${encodeURIComponent(libraryListKey(kind))}`);
    expect(r.code, r.message).toBe(0);
    return LibraryListSchema.parse(JSON.parse(r.result!));
  };
  const put = async (c: Client, body: Record<string, unknown>) => (await c.post<{ uuid: string; ticket: number }>('/api/components/update-canvas', body)).result!;

  it.skipIf(skip)('[issue-16] system: the libraries of the system library with their symbols, devices and footprints, as a search counts them', async () => {
    const sys = await list(a, 'system');
    if (sys.kind !== 'system') throw new Error('kind');
    const basic = sys.libs.find((l) => l.lib === 'Basic')!;
    expect(basic.devices).toBeGreaterThan(100);
    const count = async (type: number) => {
      let n = 0;
      for (let page = 1; ; page++) {
        const r = (await a.post<{ items: unknown[]; hasMore: boolean }>('/api/components/search', { q: '', type, lib: 'Basic', owner: [2], page, pageSize: 200 })).result!;
        n += r.items.length;
        if (!r.hasMore) return n;
      }
    };
    expect([basic.symbols, basic.devices, basic.footprints]).toEqual([await count(LIB_TYPE.SYMBOL), await count(LIB_TYPE.DEVICE), await count(LIB_TYPE.FOOTPRINT)]);
    expect(await list(b, 'system')).toEqual(sys); // the same for everyone
  });

  it.skipIf(skip)("[issue-16] user and userPanel: the caller's own, their teams' and their public items, newest first; the stamp follows every change", async () => {
    expect((await list(a, 'user')) as { items: unknown[] }).toMatchObject({ kind: 'user', items: [] });
    const team = (await a.post<{ uuid: string }>('/api/teams', { name: 'ListTeam' })).result!.uuid;
    const own = await put(a, { docType: 2, title: 'OwnSymbol', dataStr: SYM });
    const shared = await put(a, { docType: 2, title: 'TeamSymbol', dataStr: SYM, owner: 1, team_uuid: team });
    const pub = await put(a, { docType: 2, title: 'PublicSymbol', dataStr: SYM, owner: 3 });
    const panel = await put(a, { docType: 26, title: 'KnobPart', dataStr: '["DOCTYPE","PANEL_LIB","1.0"]\n' });
    await put(b, { docType: 2, title: 'BertSymbol', dataStr: SYM });
    const user = await list(a, 'user');
    if (user.kind !== 'user') throw new Error('kind');
    expect(new Set(user.items.map((i) => i.title))).toEqual(new Set(['OwnSymbol', 'TeamSymbol', 'PublicSymbol']));
    expect(user.items.find((i) => i.uuid === shared.uuid)).toMatchObject({ owner: 1, team_uuid: team, lib: 'Team', type: LIB_TYPE.SYMBOL });
    expect(user.items.find((i) => i.uuid === own.uuid)).toMatchObject({ owner: 0, team_uuid: '', lib: 'Personal' });
    expect(user.items.find((i) => i.uuid === pub.uuid)).toMatchObject({ owner: 3 });
    for (let i = 1; i < user.items.length; i++) expect(user.items[i - 1].update_time).toBeGreaterThanOrEqual(user.items[i].update_time);
    const pl = await list(a, 'userPanel');
    expect(pl).toMatchObject({ kind: 'userPanel', items: [{ uuid: panel.uuid, title: 'KnobPart', type: 26 }] });
    // each caller their own
    const theirs = await list(b, 'user');
    expect(theirs.kind === 'user' && theirs.items.map((i) => i.title)).toEqual(['BertSymbol']);
    expect((await list(b, 'userPanel')) as { items: unknown[] }).toMatchObject({ items: [] });
    // the stamp changes with a rename, a new version and a delete; not without a change
    const stamps = [user.stamp];
    expect((await list(a, 'user')).stamp).toBe(user.stamp);
    await a.post('/api/components/modify', { uuid: own.uuid, title: 'OwnSymbolRenamed' });
    stamps.push((await list(a, 'user')).stamp);
    await put(a, { uuid: own.uuid, docType: 2, dataStr: SYM + '["PIN"]\n' });
    stamps.push((await list(a, 'user')).stamp);
    const del = await a.post('/api/components/delete', { uuid: pub.uuid, g_ticket: 1 });
    expect(del.code, del.message).toBe(0);
    const after = await list(a, 'user');
    stamps.push(after.stamp);
    expect(new Set(stamps).size).toBe(4);
    expect(after.kind === 'user' && after.items.map((i) => i.title).sort()).toEqual(['OwnSymbolRenamed', 'TeamSymbol']);
  });

  it.skipIf(skip)('[issue-16] the list keys are the server\'s: writing them is refused; other keys stay the caller\'s own cache', async () => {
    const w = await a.post(`/api/cache/${encodeURIComponent(libraryListKey('user'))}`, { value: '{"kind":"user","stamp":"x","items":[]}' });
    expect(w.code).toBe(CODES.BAD_REQUEST);
    expect((await list(a, 'user')).stamp).not.toBe('x');
    expect((await a.post('/api/cache/copyAndPaste', { value: '"mine"' })).code).toBe(0);
    expect((await a.get<string | null>('/api/cache/copyAndPaste')).result).toBe('"mine"');
    expect((await b.get<string | null>('/api/cache/copyAndPaste')).result).toBeNull();
  });
});
