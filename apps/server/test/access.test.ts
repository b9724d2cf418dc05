/**
 * The access matrix: anonymous, wrong password, non-member, read-only member, member, owner, times
 * every route the server publishes in /api/openapi.json (a route missing here fails the test).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import WebSocket from 'ws';
import { CODES } from '@copperplate/model';
import { BACKENDS, postgresAvailable, testServer } from './helpers.ts';
import { Client } from './client.ts';

const PG = await postgresAvailable();
const ACTORS = ['anonymous', 'wrong password', 'non-member', 'read-only member', 'member', 'owner'] as const;
type Actor = (typeof ACTORS)[number];
type Level = 'public' | 'user' | 'read' | 'write' | 'owner';

/** Which actors a level admits. */
function admitted(level: Level, actor: Actor): boolean {
  const rank: Record<Actor, number> = { anonymous: 0, 'wrong password': 0, 'non-member': 1, 'read-only member': 2, member: 3, owner: 4 };
  const need: Record<Level, number> = { public: 0, user: 1, read: 2, write: 3, owner: 4 };
  return rank[actor] >= need[level];
}

/** Every route with the access level the matrix expects, and a body. `fresh`: run on a throwaway project; `trashed`: one its owner deleted first; `ownSession`: on a second session of the actor. */
const MATRIX: Record<string, { level: Level; body?: unknown; fresh?: boolean; ownSession?: boolean; trashed?: boolean; downloadToken?: boolean }> = {
  'POST /api/auth/signup': { level: 'public', body: { username: 'x' } },
  'POST /api/auth/login': { level: 'public', body: { username: 'nobody', password: 'x' } },
  'POST /api/auth/logout': { level: 'user', ownSession: true },
  'GET /api/user/info': { level: 'user' },
  'GET /api/teams': { level: 'user' },
  'POST /api/teams': { level: 'user', body: { name: 'T' } },
  // the team is owned by the project owner; only a team owner may change its members
  'POST /api/teams/{team}/members': { level: 'owner', body: { username: 'nobody', role: 'member' } },
  'GET /api/getOnlineVersion': { level: 'public' },
  // KiCad's stroke font for the web painter (issue 15): any signed-in user
  'GET /api/fonts/kicad': { level: 'user' },
  'POST /api/projects': { level: 'user', body: { title: '' } },
  'GET /api/projects': { level: 'user' },
  'GET /api/projects/{uuid}': { level: 'read' },
  'POST /api/projects/{uuid}/update': { level: 'write', body: {} },
  'POST /api/projects/{uuid}/delete': { level: 'owner', fresh: true },
  'POST /api/projects/{uuid}/create-board': { level: 'write', body: { boards: [] } },
  'POST /api/projects/{uuid}/sheet-order': { level: 'write', body: { schematic_uuid: 'none', uuids: [] } },
  'POST /api/projects/{uuid}/copy': { level: 'read', body: { title: '' } },
  'POST /api/projects/{uuid}/members': { level: 'owner', body: { username: 'nobody', role: 'member' } },
  'POST /api/projects/{uuid}/scope': { level: 'owner', body: { scope: 9 } },
  'GET /api/projects/{uuid}/ticket': { level: 'read' },
  'POST /api/projects/{uuid}/read/{kind}': { level: 'read', body: { ids: [] } },
  'POST /api/projects/{uuid}/bulk/{kind}': { level: 'write', body: { data: [] } },
  'POST /api/projects/{uuid}/components/update-canvas': { level: 'write', body: {} },
  'POST /api/projects/{uuid}/documents/update-canvas': { level: 'write', body: {} },
  'POST /api/projects/{uuid}/schematics/modify': { level: 'write', body: {} },
  'POST /api/projects/{uuid}/schematics/bulk-update-sort': { level: 'write', body: { uuids: [] } },
  'POST /api/projects/{uuid}/copper/delete': { level: 'write', body: { path: 'none' } },
  'POST /api/projects/{uuid}/fonts/delete': { level: 'write', body: { paths: [] } },
  'POST /api/projects/{uuid}/components/delete': { level: 'write', body: { uuid: 'none' } },
  'POST /api/projects/{uuid}/delPcbRelatedData': { level: 'write', body: {} },
  'POST /api/projects/{uuid}/documents/get-by-title': { level: 'read', body: { title: 'none', docType: 1 } },
  'GET /api/projects/{uuid}/schematics/{id}/documents': { level: 'read' },
  'POST /api/projects/{uuid}/schematics/get-list-by-key': { level: 'read', body: { key: '' } },
  'POST /api/projects/{uuid}/schematics/search-by-name': { level: 'read', body: { name: 'none' } },
  'GET /api/projects/{uuid}/attributes/ticket': { level: 'read' },
  'POST /api/projects/{uuid}/copper/get-by-pcb-id': { level: 'read', body: { pcbId: 'none' } },
  'POST /api/projects/{uuid}/fonts/get-by-pcb-id': { level: 'read', body: { pcbId: 'none' } },
  'POST /api/projects/{uuid}/block-symbol/exists': { level: 'read', body: { uuid: 'none' } },
  'POST /api/projects/{uuid}/components/modify': { level: 'write', body: { uuid: 'none', title: 'x' } },
  'POST /api/projects/{uuid}/sheet-symbol/update': { level: 'write', body: { uuid: 'none', dataStr: '' } },
  // the trash (issue 14): only the owner of a deleted project sees, restores or purges it
  'GET /api/trash': { level: 'user' },
  'POST /api/trash/{uuid}/restore': { level: 'owner', fresh: true, trashed: true },
  'POST /api/trash/{uuid}/purge': { level: 'owner', fresh: true, trashed: true },
  'GET /api/projects/{uuid}/panel': { level: 'read' },
  'POST /api/downloads/token': { level: 'user' },
  // checked with a token the actor's own session asked for (a bad token is refused like a forged request)
  'POST /api/downloads/check': { level: 'user', downloadToken: true },
  'POST /api/projects/{uuid}/stick': { level: 'read' },
  'POST /api/projects/{uuid}/unstick': { level: 'read' },
  'POST /api/projects/{uuid}/star': { level: 'read' },
  'POST /api/projects/{uuid}/unstar': { level: 'read' },
  'POST /api/projects/{uuid}/fork': { level: 'read', body: {} },
  'GET /api/projects/{uuid}/versions': { level: 'read' },
  'POST /api/projects/{uuid}/versions': { level: 'write', body: { name: 'V' } },
  'GET /api/projects/{uuid}/versions/{id}': { level: 'read' },
  'GET /api/projects/{uuid}/versions/{id}/item': { level: 'read' },
  'POST /api/projects/{uuid}/versions/{id}/toggle': { level: 'write' },
  'POST /api/projects/{uuid}/backups': { level: 'write', body: { name: '' } },
  'GET /api/projects/{uuid}/backups': { level: 'read' },
  'GET /api/projects/{uuid}/backups/{id}': { level: 'read' },
  'POST /api/projects/{uuid}/backups/{id}/restore': { level: 'read' },
  'POST /api/projects/{uuid}/archive': { level: 'write', body: { name: '' } },
  'GET /api/projects/{uuid}/archives': { level: 'read' },
  'POST /api/logs': { level: 'user', body: { logs: [] } },
  'GET /api/logs': { level: 'user' },
  'GET /api/cache/{key}': { level: 'user' },
  'GET /api/content/{id}': { level: 'user' },
  'GET /api/notifications/unread': { level: 'user' },
  'POST /api/notifications/read': { level: 'user' },
  'GET /api/auth/public-key': { level: 'public' },
  'POST /api/cache/{key}': { level: 'user', body: { value: '1' } },
  'POST /api/projects/import': { level: 'user', body: new Uint8Array([0]) },
  'GET /api/projects/{uuid}/export': { level: 'read' },
  'GET /api/projects/{uuid}/fabrication': { level: 'read' },
  'GET /api/projects/{uuid}/fabrication/preview': { level: 'read' },
  'GET /api/projects/{uuid}/drc': { level: 'read' },
  'POST /analyzer/api/convert/from/{from}/to/{to}': { level: 'user', body: new Uint8Array([0]) },
  'POST /api/projects/import/kicad': { level: 'user', body: new Uint8Array([0]) },
  // IMP-2: reimport into a project: members with edit rights (the body is read after the check)
  'POST /api/projects/{uuid}/reimport': { level: 'write', body: new Uint8Array([0]) },
  'GET /api/projects/{uuid}/live': { level: 'read' },
  'POST /api/spice/netlist': { level: 'user', body: {} },
  'POST /api/spice/simulate': { level: 'user', body: {} },
  'POST /api/projects/{uuid}/simulate': { level: 'read', body: { netlistOnly: true } },
  // the component library (issue 16): any signed-in user; scopes decide what each sees (library.test.ts)
  'POST /api/components/search': { level: 'user', body: { q: 'led' } },
  'GET /api/components/libraries': { level: 'user' },
  'POST /api/components/search-by-ids': { level: 'user', body: { uuids: [] } },
  'POST /api/components/list-by-key': { level: 'user', body: { title: 'none' } },
  'POST /api/components/get-by-pcb-id': { level: 'user', body: { pcbId: 'none' } },
  'GET /api/components/detail': { level: 'user' },
  'POST /api/components/detail': { level: 'user', body: { uuid: 'none' } },
  'POST /api/components/check-updates': { level: 'user', body: { items: [] } },
  'POST /api/components/update-canvas': { level: 'user', body: {} },
  'POST /api/components/modify': { level: 'user', body: { uuid: 'none', title: 'x' } },
  'POST /api/components/delete': { level: 'user', body: { uuid: 'none', g_ticket: 0 } },
  'POST /api/components/batch-import': { level: 'user', body: { data: [] } },
  'POST /api/components/prices': { level: 'user', body: { mpns: [] } },
  'POST /api/components/versions': { level: 'user', body: { uuid: 'none' } },
};

describe.each(BACKENDS)('access matrix on %s', (backend) => {
  const skip = backend === 'postgres' && !PG;
  let s: Awaited<ReturnType<typeof testServer>>;
  let owner: Client;
  let team = '';
  const clients = {} as Record<Actor, Client>;

  const USERS: Partial<Record<Actor, string>> = { owner: 'own', member: 'mem', 'read-only member': 'ro', 'non-member': 'stranger' };
  async function secondSession(actor: Actor): Promise<Client> {
    const c = new Client(s.url);
    if (USERS[actor]) expect((await c.login(USERS[actor]!)).code).toBe(0);
    return c;
  }

  async function project(): Promise<string> {
    const id = (await owner.post<{ uuid: string }>('/api/projects', { title: 'P' + Math.random().toString(36).slice(2) })).result!.uuid;
    expect((await owner.post(`/api/projects/${id}/members`, { username: 'ro', role: 'readonly' })).code).toBe(0);
    expect((await owner.post(`/api/projects/${id}/members`, { username: 'mem', role: 'member' })).code).toBe(0);
    return id;
  }

  beforeAll(async () => {
    if (skip) return;
    s = await testServer(backend);
    owner = await new Client(s.url).signup('own');
    clients.owner = owner;
    clients.member = await new Client(s.url).signup('mem');
    clients['read-only member'] = await new Client(s.url).signup('ro');
    clients['non-member'] = await new Client(s.url).signup('stranger');
    clients.anonymous = new Client(s.url);
    clients['wrong password'] = new Client(s.url);
    expect((await clients['wrong password'].login('own', 'not-the-password')).code).toBe(CODES.LOGIN_FAILED);
    team = (await owner.post<{ uuid: string }>('/api/teams', { name: 'OwnTeam' })).result!.uuid;
  }, 180_000);
  afterAll(async () => {
    await s?.stop();
  });

  it.skipIf(skip)('[PERM-1] [PERM-2] every published route is in the matrix', async () => {
    const doc = (await (await fetch(s.url + '/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const published = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(published.sort()).toEqual(Object.keys(MATRIX).sort());
  });

  it.skipIf(skip)('[PERM-1] [PERM-2] anonymous, wrong password, non-member, read-only member, member, owner x every route', async () => {
    const shared = await project();
    const failures: string[] = [];
    for (const [key, spec] of Object.entries(MATRIX)) {
      const [method, tpl] = key.split(' ');
      for (const actor of ACTORS) {
        const pid = spec.fresh ? await project() : shared;
        if (spec.trashed) expect((await owner.post(`/api/projects/${pid}/delete`)).code).toBe(0);
        const path = tpl.replace('{uuid}', pid).replace('{kind}', 'sheets').replace('{id}', 'none').replace('{key}', 'k').replace('{team}', team).replace('{from}', 'kicad').replace('{to}', 'epro');
        const c = spec.ownSession ? await secondSession(actor) : clients[actor];
        let code: number;
        let status: number;
        if (path.endsWith('/live')) {
          [status, code] = await wsOutcome(s.url, path, c);
        } else {
          const body = spec.downloadToken ? { token: (await c.post<{ token: string }>('/api/downloads/token')).result?.token ?? 'none' } : (spec.body ?? {});
          const r = method === 'GET' ? await c.get(path) : await c.call('POST', path, body);
          code = r.code;
          status = r.status;
        }
        const ok = admitted(spec.level, actor);
        const denied = spec.level !== 'public' && (actor === 'anonymous' || actor === 'wrong password') ? code === 401 && status === 401 : code === CODES.NO_PERMISSION;
        const allowed = code !== 401 && code !== CODES.NO_PERMISSION && code !== CODES.CSRF_INVALID && status !== 401;
        if (ok ? !allowed : !denied) failures.push(`${key} as ${actor}: expected ${ok ? 'allowed' : 'denied'}, got HTTP ${status} code ${code}`);
      }
    }
    expect(failures).toEqual([]);
    // the shared project is intact and the owner still owns it
    expect((await owner.get<{ role: string }>(`/api/projects/${shared}`)).result!.role).toBe('owner');
  }, 300_000); // ~400 requests: minutes on a loaded 2-core machine

  it.skipIf(skip)('a read-only share sees the project but cannot write; removing the share removes access', async () => {
    const pid = await project();
    const ro = clients['read-only member'];
    expect((await ro.get<{ readonly: boolean }>(`/api/projects/${pid}`)).result!.readonly).toBe(true);
    expect((await ro.post(`/api/projects/${pid}/bulk/sheets`, { data: [{ uuid: 'x', dataStr: '' }] })).code).toBe(CODES.NO_PERMISSION);
    expect((await owner.post(`/api/projects/${pid}/members`, { username: 'ro', role: 'none' })).code).toBe(0);
    expect((await ro.get(`/api/projects/${pid}`)).code).toBe(CODES.NO_PERMISSION);
  });
});

/** Opens the live socket as `c`: [HTTP status, code] — 101/0 when it opened. */
function wsOutcome(base: string, path: string, c: Client): Promise<[number, number]> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = {};
    if (c.cookies.size) headers.cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const ws = new WebSocket(base.replace('http', 'ws') + path, { headers });
    ws.on('open', () => {
      ws.close();
      resolve([101, 0]);
    });
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => {
        let code = -1;
        try {
          code = (JSON.parse(body) as { code: number }).code;
        } catch {
          /* not json */
        }
        resolve([res.statusCode ?? 0, code]);
      });
    });
    ws.on('error', () => {});
  });
}
