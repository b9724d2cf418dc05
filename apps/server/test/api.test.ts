/** The HTTP API of docs/API.md against a real server on loopback, on PGlite and on PostgreSQL. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { CODES, NAMED_ERRORS, formatMessage, messageForCode } from '@copperplate/model';
import { strToU8, zipSync } from 'fflate';
import { eproToProjectData, readEpro } from '@copperplate/format';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { BACKENDS, postgresAvailable, testServer } from './helpers.ts';
import { Client } from './client.ts';

const PG = await postgresAvailable();
const FIXTURE = '/work/shared/fixtures/epro/STM32G431-mini.epro';

describe.each(BACKENDS)('API on %s', (backend) => {
  const skip = backend === 'postgres' && !PG;
  let s: Awaited<ReturnType<typeof testServer>>;
  let a: Client;
  let pid = '';
  beforeAll(async () => {
    if (skip) return;
    s = await testServer(backend);
    a = await new Client(s.url).signup('alice');
    pid = (await a.post<{ uuid: string }>('/api/projects', { title: 'First', empty: true })).result!.uuid;
  });
  afterAll(async () => {
    await s?.stop();
  });

  it.skipIf(skip)('[PERM-2] no session: HTTP 401 with the catalogue message', async () => {
    const r = await new Client(s.url).get('/api/user/info');
    expect(r.status).toBe(401);
    expect(r).toMatchObject({ code: 401, message: 'Not logged in yet, please log in and try again' });
    expect((await new Client(s.url).get('/api/getOnlineVersion')).code).toBe(0);
  });

  it.skipIf(skip)('accounts: sign up, log in, log out, duplicate name, wrong password', async () => {
    const b = await new Client(s.url).signup('bob');
    expect((await b.get<{ username: string }>('/api/user/info')).result!.username).toBe('bob');
    expect((await new Client(s.url).post('/api/auth/signup', { username: 'bob', password: 'whatever' })).code).toBe(CODES.USERNAME_TAKEN);
    expect((await new Client(s.url).login('bob', 'nope')).code).toBe(CODES.LOGIN_FAILED);
    expect((await b.post('/api/auth/logout')).code).toBe(0);
    expect((await b.get('/api/user/info')).status).toBe(401);
    const c = new Client(s.url);
    expect((await c.login('bob')).code).toBe(0);
    expect((await c.get('/api/user/info')).code).toBe(0);
  });

  it.skipIf(skip)('login attempts are limited per account', async () => {
    await new Client(s.url).signup('carol');
    const c = new Client(s.url);
    for (let i = 0; i < 10; i++) expect((await c.login('carol', 'wrong' + i)).code).toBe(CODES.LOGIN_FAILED);
    const r = await c.login('carol');
    expect(r.code).toBe(CODES.TOO_MANY_ATTEMPTS);
    expect(r.message).toBe(messageForCode(CODES.TOO_MANY_ATTEMPTS));
  });

  it.skipIf(skip)('[CALL-2] writes need the CSRF token of the cookie in X-CSRF-Token', async () => {
    const r = await a.post(`/api/projects/${pid}/update`, { title: 'x' }, {}, { csrf: false });
    expect(r.status).toBe(403);
    expect(r.code).toBe(CODES.CSRF_INVALID);
    const r2 = await a.post(`/api/projects/${pid}/update`, { title: 'x' }, { 'x-csrf-token': 'forged' }, { csrf: false });
    expect(r2.code).toBe(CODES.CSRF_INVALID);
  });

  it.skipIf(skip)('[CALL-1] a project path header that does not match is refused', async () => {
    expect((await a.call('GET', `/api/projects/${pid}`, undefined, { 'x-project-path': 'other' })).code).toBe(CODES.NO_PERMISSION);
    expect((await a.call('GET', `/api/projects/${pid}`, undefined, { 'x-project-path': pid })).code).toBe(0);
  });

  it.skipIf(skip)('projects: create, 2002 on a taken name, 2003 on a long name, list, detail, update, boards', async () => {
    expect((await a.post('/api/projects', { title: 'First', empty: true })).code).toBe(CODES.PROJECT_NAME_EXISTS);
    const long = await a.post('/api/projects', { title: 'é'.repeat(65) });
    expect(long.code).toBe(CODES.NAME_LENGTH);
    expect(long.message).toBe('The project name length must be 1~128 bytes!');
    expect((await a.post('/api/projects', { title: 'a/b' })).code).toBe(CODES.ILLEGAL_NAME);
    const list = await a.get<Array<{ projectId: string; projectName: string }>>('/api/projects');
    expect(list.result!.map((p) => p.projectName)).toContain('First');
    const d0 = (await a.get<{ g_ticket: number }>(`/api/projects/${pid}`)).result!;
    const up = await a.post<{ title: string; default_sheet: string; g_ticket: number }>(`/api/projects/${pid}/update`, { title: 'Renamed', default_sheet: 'sh1' });
    expect(up.result).toMatchObject({ title: 'Renamed', default_sheet: 'sh1' });
    expect(up.result!.g_ticket).toBeGreaterThan(d0.g_ticket);
    const b = await a.post<{ boards: unknown[] }>(`/api/projects/${pid}/create-board`, { boards: [{ name: 'Board1', sch: 'sc1', pcb: 'pcb1' }] });
    expect(b.result!.boards).toEqual([{ name: 'Board1', sch: 'sc1', pcb: 'pcb1' }]);
    expect((await a.post(`/api/projects/${pid}/create-board`, { boards: [{ name: 'Board1', sch: '', pcb: '' }] })).code).toBe(CODES.LIBRARY_DUPLICATE_NAME);
  });

  it.skipIf(skip)('[TKT-1] bulk write: compare-and-set per item, stale refused with 4090001, g_ticket advances per applied item', async () => {
    const p = (await a.post<{ uuid: string; g_ticket: number }>('/api/projects', { title: 'Tickets', empty: true })).result!;
    const w1 = await a.post<Array<{ success: boolean; result: { ticket: number } }>>(`/api/projects/${p.uuid}/bulk/sheets`, {
      data: [
        { uuid: 's1', schematic_uuid: 'sc', title: 'S1', display_title: 'S1', dataStr: 'one' },
        { uuid: 's2', schematic_uuid: 'sc', title: 'S2', display_title: 'S2', dataStr: 'two' },
      ],
    });
    expect(w1.result!.map((r) => r.result.ticket)).toEqual([p.g_ticket + 1, p.g_ticket + 2]);
    const t1 = w1.result![0].result.ticket;
    const stale = await a.post<Array<{ success: boolean; code: number; message: string; result: { ticket: number } }>>(`/api/projects/${p.uuid}/bulk/sheets`, { data: [{ uuid: 's1', base_ticket: t1 - 1, dataStr: 'late' }, { uuid: 's2', base_ticket: t1 + 1, dataStr: 'two-b' }] });
    expect(stale.result![0]).toMatchObject({ success: false, code: CODES.STALE_TICKET, message: NAMED_ERRORS.DIFF_TICKET, result: { ticket: t1 } });
    expect(stale.result![1]).toMatchObject({ success: true, result: { ticket: t1 + 2 } });
    const read = await a.post<Array<{ uuid: string; dataStr: string; ticket: number; title: string }>>(`/api/projects/${p.uuid}/read/sheets`, { ids: ['s1', 's2', 'missing'] });
    expect(read.result!.map((r) => [r.uuid, r.dataStr, r.ticket, r.title])).toEqual([['s1', 'one', t1, 'S1'], ['s2', 'two-b', t1 + 2, 'S2']]);
    // a new item with base_ticket on something that does not exist is stale, not created
    const ghost = await a.post<Array<{ code: number }>>(`/api/projects/${p.uuid}/bulk/sheets`, { data: [{ uuid: 's9', base_ticket: 5, dataStr: 'x' }] });
    expect(ghost.result![0].code).toBe(CODES.STALE_TICKET);
  });

  it.skipIf(skip)('[CONST-4] ticket snapshot in format version 1.0: full (-1) and incremental with deleted; block symbols in their own map', async () => {
    const p = (await a.post<{ uuid: string }>('/api/projects', { title: 'Snap', empty: true })).result!.uuid;
    const w = await a.post<Array<{ result: { ticket: number } }>>(`/api/projects/${p}/bulk/symbols`, { data: [{ uuid: 'sy1', title: 'R', display_title: 'R', docType: 2, dataStr: 'a' }, { uuid: 'bs1', title: 'B', display_title: 'B', docType: 17, dataStr: 'b' }] });
    const t = w.result![1].result.ticket;
    const full = await a.get<Record<string, unknown>>(`/api/projects/${p}/ticket?g_ticket=-1`);
    expect(full.result).toMatchObject({ version: '1.0', g_ticket: t, symbols: { sy1: t - 1 }, block_symbol: { bs1: t } });
    for (const m of ['schematics', 'schs', 'pcbs', 'panels', 'symbols', 'block_symbol', 'footprints', 'devices', 'coppers', 'textpath', 'blobs', 'block_symbol_attrs_groups']) expect(full.result).toHaveProperty(m);
    const del = await a.post<Array<{ success: boolean; result: { ticket: number } }>>(`/api/projects/${p}/bulk/symbols`, { data: [{ uuid: 'sy1', base_ticket: t - 1, deleted: true }] });
    expect(del.result![0].success).toBe(true);
    const inc = await a.get<Record<string, unknown>>(`/api/projects/${p}/ticket?g_ticket=${t}`);
    expect(inc.result).toMatchObject({ version: '1.0', g_ticket: t + 1, symbols: {}, deleted: { symbols: { sy1: t + 1 } } });
    const full2 = await a.get<{ symbols: Record<string, number> }>(`/api/projects/${p}/ticket?g_ticket=-1`);
    expect(full2.result!.symbols).toEqual({});
    expect((await a.post<unknown[]>(`/api/projects/${p}/read/symbols`, { ids: ['sy1'] })).result).toEqual([]);
  });

  it.skipIf(skip)('[ENT-4] updateTime is in whole seconds: the write answers it and the item carries it', async () => {
    const p = (await a.post<{ uuid: string }>('/api/projects', { title: 'Seconds', empty: true })).result!.uuid;
    const before = Math.floor(Date.now() / 1000);
    const w = await a.post<Array<{ success: boolean; result: { updateTime: number } }>>(`/api/projects/${p}/bulk/symbols`, { data: [{ uuid: 'sec1', title: 'S', display_title: 'S', docType: 2, dataStr: 'x' }] });
    const t = w.result![0].result.updateTime;
    expect(Number.isInteger(t)).toBe(true);
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    const [item] = (await a.post<Array<{ updateTime: number }>>(`/api/projects/${p}/read/symbols`, { ids: ['sec1'] })).result!;
    expect(item.updateTime).toBe(t);
  });

  it.skipIf(skip)('[VAL-9] [CALL-5] limits: 15 MB document (10034), names 1-128 bytes (2003), 100 items, 30/200 ids', async () => {
    const p = (await a.post<{ uuid: string }>('/api/projects', { title: 'Limits', empty: true })).result!.uuid;
    const big = 'x'.repeat(15 * 1024 * 1024 + 1);
    const r = await a.post<Array<{ code: number; message: string }>>(`/api/projects/${p}/bulk/pcbs`, { data: [{ uuid: 'p1', title: 'PCB1', display_title: 'PCB1', dataStr: big }, { uuid: 'p2', title: 'x'.repeat(129), dataStr: '' }] }, {}, { gzip: true });
    expect(r.result![0]).toMatchObject({ code: 10034, message: messageForCode(10034, { documentName: 'PCB1' }) });
    expect(r.result![1].code).toBe(CODES.NAME_LENGTH);
    expect((await a.post(`/api/projects/${p}/bulk/pcbs`, { data: Array.from({ length: 101 }, (_, i) => ({ uuid: 'p' + i })) })).code).toBe(CODES.BAD_REQUEST);
    expect((await a.post(`/api/projects/${p}/read/sheets`, { ids: Array.from({ length: 31 }, (_, i) => 'x' + i) })).code).toBe(CODES.BAD_REQUEST);
    expect((await a.post(`/api/projects/${p}/read/devices`, { ids: Array.from({ length: 200 }, (_, i) => 'x' + i) })).code).toBe(0);
    expect((await a.post(`/api/projects/${p}/read/nonsense`, { ids: [] })).code).toBe(CODES.NOT_FOUND);
    const huge = await a.post('/api/logs', { logs: [{ type: 'INFO', content: 'y'.repeat(3 * 1024 * 1024), time: 1 }] });
    expect(huge.status).toBe(413);
    expect(huge.code).toBe(CODES.BODY_TOO_LARGE);
  });

  it.skipIf(skip)('[CALL-3] gzipped bodies are accepted', async () => {
    const p = (await a.post<{ uuid: string }>('/api/projects', { title: 'Gzip', empty: true })).result!.uuid;
    const text = 'y'.repeat(20_000);
    const r = await a.post<Array<{ success: boolean }>>(`/api/projects/${p}/bulk/copper`, { data: [{ path: 'pcb_0', dataStr: text }] }, {}, { gzip: true });
    expect(r.result![0].success).toBe(true);
    const back = await a.post<Array<{ dataStr: string }>>(`/api/projects/${p}/read/copper`, { ids: ['pcb_0'] });
    expect(back.result![0].dataStr).toBe(text);
    if (s.storage.databaseUrl) {
      // stored compressed: gzip bytes, much smaller than the text
      const c = new pg.Client({ connectionString: s.storage.databaseUrl });
      await c.connect();
      const row = (await c.query('select data from items where project_uuid = $1 and key = $2', [p, 'pcb_0'])).rows[0] as { data: Buffer };
      await c.end();
      expect([row.data[0], row.data[1]]).toEqual([0x1f, 0x8b]);
      expect(row.data.length).toBeLessThan(text.length / 10);
    }
    // a gzip bomb counts against the cap after inflation
    const bomb = gzipSync(Buffer.concat([Buffer.from('{"logs":[{"type":"INFO","time":1,"content":"'), Buffer.alloc(20 * 1024 * 1024, 0x61), Buffer.from('"}]}')]));
    expect(bomb.length).toBeLessThan(100_000);
    const res = await a.raw('POST', '/api/logs', bomb, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    expect(res.status).toBe(413);
  });

  it.skipIf(skip)('idempotent retry: the same X-Request-Id gets the same answer and applies once', async () => {
    const p = (await a.post<{ uuid: string }>('/api/projects', { title: 'Idem', empty: true })).result!.uuid;
    const body = { data: [{ uuid: 'd1', title: 'D', display_title: 'D' }] };
    const h = { 'x-request-id': 'req-123' };
    const r1 = await a.post(`/api/projects/${p}/bulk/devices`, body, h);
    const r2 = await a.post(`/api/projects/${p}/bulk/devices`, body, h);
    expect(r2.result).toEqual(r1.result);
    const snap = await a.get<{ g_ticket: number; devices: Record<string, number> }>(`/api/projects/${p}/ticket?g_ticket=-1`);
    expect(snap.result!.g_ticket).toBe(1);
    const r3 = await a.post<Array<{ code: number }>>(`/api/projects/${p}/bulk/devices`, body, { 'x-request-id': 'req-124' });
    expect(r3.result![0].code).toBe(CODES.STALE_TICKET);
  });

  it.skipIf(skip)('update-canvas, schematic modify and sort, sheet order, deletes', async () => {
    const p = (await a.post<{ uuid: string }>('/api/projects', { title: 'Canvas', empty: true })).result!.uuid;
    await a.post(`/api/projects/${p}/bulk/schematics`, { data: [{ uuid: 'sc1', name: 'S', display_name: 'S', sort: [] }, { uuid: 'sc2', name: 'T', display_name: 'T', sort: [] }] });
    await a.post(`/api/projects/${p}/bulk/sheets`, { data: [{ uuid: 'sh1', schematic_uuid: 'sc1', title: '1', display_title: '1', dataStr: 'a' }] });
    await a.post(`/api/projects/${p}/bulk/footprints`, { data: [{ uuid: 'fp1', title: 'F', display_title: 'F', docType: 4, dataStr: 'f' }] });
    await a.post(`/api/projects/${p}/bulk/copper`, { data: [{ path: 'pcb_0', dataStr: 'c' }] });
    await a.post(`/api/projects/${p}/bulk/fonts`, { data: [{ path: 'pcb_1', dataStr: 'f' }] });
    const c = await a.post<{ project_uuid: string; ticket: number }>(`/api/projects/${p}/documents/update-canvas`, { uuid: 'sh1', dataStr: 'b' });
    expect(c.result).toMatchObject({ project_uuid: p });
    expect((await a.post(`/api/projects/${p}/documents/update-canvas`, { uuid: 'none', dataStr: 'b' })).code).toBe(CODES.DOCUMENT_NOT_EXISTS);
    const cc = await a.post<{ ticket: number }>(`/api/projects/${p}/components/update-canvas`, { uuid: 'fp1', dataStr: 'f2', docType: 4 });
    expect(cc.result!.ticket).toBeGreaterThan(c.result!.ticket);
    expect((await a.post<Array<{ dataStr: string }>>(`/api/projects/${p}/read/footprints`, { ids: ['fp1'] })).result![0].dataStr).toBe('f2');
    expect((await a.post(`/api/projects/${p}/schematics/modify`, { uuid: 'sc1', name: 'Main' })).code).toBe(0);
    expect((await a.post(`/api/projects/${p}/schematics/bulk-update-sort`, { uuids: ['sc2', 'sc1'], position: 0 })).code).toBe(0);
    expect((await a.post(`/api/projects/${p}/sheet-order`, { schematic_uuid: 'sc1', uuids: ['sh1'] })).code).toBe(0);
    const sc = await a.post<Array<{ uuid: string; name: string; position: number; sort: string[] }>>(`/api/projects/${p}/read/schematics`, { ids: ['sc1', 'sc2'] });
    expect(sc.result!.map((x) => [x.uuid, x.name, x.position, x.sort])).toEqual([['sc1', 'Main', 1, ['sh1']], ['sc2', 'T', 0, []]]);
    await a.post(`/api/projects/${p}/copper/delete`, { path: 'pcb_0' });
    await a.post(`/api/projects/${p}/fonts/delete`, { paths: ['pcb_1'] });
    await a.post(`/api/projects/${p}/delPcbRelatedData`, { component_uuids: ['fp1'] });
    const snap = await a.get<Record<string, Record<string, number>>>(`/api/projects/${p}/ticket?g_ticket=-1`);
    expect([snap.result!.coppers, snap.result!.textpath, snap.result!.footprints]).toEqual([{}, {}, {}]);
  });

  it.skipIf(skip)('[CONST-2] [PERM-4] backups: 3002 on a duplicate name, at most 10 kept, detail with the owner, members and creator, restore as a new project', async () => {
    const p = (await a.post<{ uuid: string }>('/api/projects', { title: 'Backed', empty: true })).result!.uuid;
    await a.post(`/api/projects/${p}/bulk/sheets`, { data: [{ uuid: 'sh1', schematic_uuid: 'sc1', title: '1', display_title: '1', dataStr: 'content' }] });
    expect((await a.post(`/api/projects/${p}/backups`, { name: 'b0', description: 'first' })).code).toBe(0);
    const dup = await a.post(`/api/projects/${p}/backups`, { name: 'b0' });
    expect(dup).toMatchObject({ code: 3002, message: 'Backup Name already exists' });
    for (let i = 1; i <= 11; i++) expect((await a.post(`/api/projects/${p}/backups`, { name: 'b' + i, auto: true })).code).toBe(0);
    const list = await a.get<Array<{ id: string; name: string }>>(`/api/projects/${p}/backups`);
    expect(list.result!.length).toBe(10);
    expect(list.result![0].name).toBe('b11');
    const det = await a.get<{ meta: { owner: { nickname: string }; members: unknown[]; creator: { nickname: string } }; counts: Record<string, number> }>(`/api/projects/${p}/backups/${list.result![0].id}`);
    expect(det.result!.meta.owner.nickname).toBe('alice');
    expect(det.result!.meta.members).toContainEqual(expect.objectContaining({ nickname: 'alice', role: 'owner' }));
    expect(det.result!.meta.creator.nickname).toBe('alice');
    expect(det.result!.counts).toEqual({ sheets: 1 });
    const restored = await a.post<{ uuid: string; title: string }>(`/api/projects/${p}/backups/${list.result![0].id}/restore`);
    expect(restored.result!.uuid).not.toBe(p);
    const rd = await a.post<Array<{ dataStr: string }>>(`/api/projects/${restored.result!.uuid}/read/sheets`, { ids: ['sh1'] });
    expect(rd.result![0].dataStr).toBe('content');
    expect((await a.post(`/api/projects/${p}/archive`, { name: 'arch' })).code).toBe(0);
  });

  it.skipIf(skip)('[PERM-3] logs: each user reads only their own; client cache by key', async () => {
    const b = await new Client(s.url).signup('logger2');
    await a.post('/api/logs', { logs: [{ type: 'INFO', content: 'from alice', time: 1, project_uuid: pid }] });
    await b.post('/api/logs', { logs: [{ type: 'WARN', content: 'from bob', time: 2 }] });
    const la = await a.get<Array<{ content: string }>>('/api/logs');
    expect(la.result!.map((l) => l.content)).toContain('from alice');
    expect(la.result!.map((l) => l.content)).not.toContain('from bob');
    expect((await a.post('/api/cache/clipBoard', { value: '{"x":1}' })).code).toBe(0);
    expect((await a.get('/api/cache/clipBoard')).result).toBe('{"x":1}');
    expect((await b.get('/api/cache/clipBoard')).result).toBe(null);
  });

  it.skipIf(skip)('teams and organisations: a team-scoped project is visible to team members', async () => {
    const b = await new Client(s.url).signup('teammate');
    const org = await a.post<{ uuid: string }>('/api/teams', { name: 'Org', kind: 'organisation' });
    const team = await a.post<{ uuid: string }>('/api/teams', { name: 'Team', kind: 'team', parent_uuid: org.result!.uuid });
    const p = (await a.post<{ uuid: string }>('/api/projects', { title: 'TeamProj', empty: true, team_uuid: team.result!.uuid })).result!.uuid;
    expect((await b.get(`/api/projects/${p}`)).code).toBe(CODES.NO_PERMISSION);
    expect((await a.post(`/api/teams/${team.result!.uuid}/members`, { username: 'teammate', role: 'member' })).code).toBe(0);
    expect((await b.get<{ role: string }>(`/api/projects/${p}`)).result!.role).toBe('member');
    const teams = await b.get<Array<{ name: string; role: string }>>('/api/teams');
    expect(teams.result!.map((t) => [t.name, t.role])).toEqual([['Team', 'member']]);
    // public scope: any logged-in user may read
    await a.post(`/api/projects/${pid}/scope`, { scope: 3 });
    const r = await b.get<{ readonly: boolean }>(`/api/projects/${pid}`);
    expect(r.result!.readonly).toBe(true);
    await a.post(`/api/projects/${pid}/scope`, { scope: 0 });
    expect((await b.get(`/api/projects/${pid}`)).code).toBe(CODES.NO_PERMISSION);
  });

  it.skipIf(skip)('import .epro (atomic: a refused archive leaves nothing) and export', async () => {
    const before = (await a.get<unknown[]>('/api/projects')).result!.length;
    const junk = await a.call('POST', '/api/projects/import?name=junk.epro', new Uint8Array([1, 2, 3, 4]));
    expect(junk.code).not.toBe(0);
    expect(junk.message).toBe(formatMessage(NAMED_ERRORS.UNZIP_FAILED, { title: 'junk.epro' }));
    const noBoards = zipSync({ 'project.json': strToU8(JSON.stringify({ schematics: {}, config: { title: 'x' } })), 'SYMBOL/abc.esym': strToU8('["DOCTYPE","SYMBOL","1.1"]') });
    const nb = await a.call('POST', '/api/projects/import?name=nb.epro', noBoards);
    expect(nb.message).toBe(NAMED_ERRORS.BOARDS_MISSING);
    expect((await a.get<unknown[]>('/api/projects')).result!.length).toBe(before);
    const imp = await a.call<{ uuid: string; report: { ok: boolean } }>('POST', '/api/projects/import?name=mini.epro', new Uint8Array(readFileSync(FIXTURE)));
    expect(imp.code).toBe(0);
    expect(imp.result!.report.ok).toBe(true);
    const ex = await a.raw('GET', `/api/projects/${imp.result!.uuid}/export`);
    expect(ex.headers.get('content-type')).toBe('application/zip');
    expect((await ex.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
  }, 120_000); // imports and exports run in worker threads: a thread start each under load

  it.skipIf(skip)('a project built through the API exports as an .epro that imports back with the same documents; copy and delete', async () => {
    const p = (await a.post<{ uuid: string }>('/api/projects', { title: 'Built', empty: true })).result!.uuid;
    const sheet = '["DOCTYPE","SCH","1.1"]\n["HEAD",{"originX":0,"originY":0}]\n["WIRE","e1",[[0,0,100,0]],"st1",0]';
    const pcb = '["DOCTYPE","PCB","1.8"]\n["HEAD",{}]\n["LINE","e1",0,"",1,0,0,100,0,10,0]';
    const sc = 'a'.repeat(32);
    const sh = 'b'.repeat(32);
    const pc = 'c'.repeat(32);
    await a.post(`/api/projects/${p}/bulk/schematics`, { data: [{ uuid: sc, name: 'Main', display_name: 'Main', sort: [sh] }] });
    await a.post(`/api/projects/${p}/bulk/sheets`, { data: [{ uuid: sh, schematic_uuid: sc, title: 'Sheet1', display_title: 'Sheet1', sheet_id: 1, dataStr: sheet }] });
    await a.post(`/api/projects/${p}/bulk/pcbs`, { data: [{ uuid: pc, title: 'PCB1', display_title: 'PCB1', parent_uuid: '', dataStr: pcb }] });
    await a.post(`/api/projects/${p}/update`, { boards: [{ name: 'Board1', sch: sc, pcb: pc }], default_sheet: sh });
    const ex = await a.raw('GET', `/api/projects/${p}/export`);
    const back = eproToProjectData(readEpro(new Uint8Array(await ex.arrayBuffer())));
    expect(back.ok).toBe(true);
    expect(back.data.sheets.map((x) => [x.uuid, x.dataStr])).toEqual([[sh, sheet]]);
    expect(back.data.pcbs.map((x) => [x.uuid, x.dataStr])).toEqual([[pc, pcb]]);
    expect(back.data.boards).toEqual([{ name: 'Board1', sch: sc, pcb: pc }]);
    // copy: the caller owns an independent copy with the same documents
    const copy = await a.post<{ uuid: string; title: string; role: string }>(`/api/projects/${p}/copy`, { title: 'Built copy' });
    expect(copy.result).toMatchObject({ title: 'Built copy', role: 'owner' });
    const rd = await a.post<Array<{ dataStr: string }>>(`/api/projects/${copy.result!.uuid}/read/sheets`, { ids: [sh] });
    expect(rd.result![0].dataStr).toBe(sheet);
    // delete: gone for everyone, the copy stays
    expect((await a.post(`/api/projects/${p}/delete`)).code).toBe(0);
    expect((await a.get(`/api/projects/${p}`)).code).toBe(CODES.NO_PERMISSION);
    expect((await a.get(`/api/projects/${copy.result!.uuid}`)).code).toBe(0);
  });

  it.skipIf(skip)('OpenAPI document, CSP on every response, 404 envelope', async () => {
    const r = await a.raw('GET', '/api/openapi.json');
    expect(r.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(r.headers.get('content-security-policy')).not.toContain("script-src 'self' 'unsafe-inline'");
    const doc = (await r.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/projects/{uuid}/bulk/{kind}');
    expect(doc.paths['/api/projects/{uuid}/bulk/{kind}'].post).toBeTruthy();
    const nf = await a.raw('GET', '/api/nothing-here');
    expect(nf.status).toBe(404);
    expect(nf.headers.get('content-security-policy')).toBeTruthy();
  });
});
