/**
 * [issue-17] Teams and organisations in the web app: a project created in a team (the start page's
 * workspace) is listed in that team's workspace and not in the personal one, against the real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '@copperplate/server';
import { CookieJar, HttpTransport } from '@copperplate/sync';
import { RecentEntrySchema, type RecentEntry } from '../src/api/schemas.ts';
import { inWorkspace } from '../src/lib/workspace.ts';

let server: RunningServer;
let dir = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cp-ws-'));
  server = await startServer({ port: 0, dataDir: dir, logger: false });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('workspaces (teams and organisations)', () => {
  it('[issue-17] team projects are listed in their team, personal ones in the personal workspace', async () => {
    const http = new HttpTransport({ baseUrl: server.url, cookies: new CookieJar() });
    expect((await http.signup(`ws${Date.now().toString(36)}`, 'workspace-password-1')).success).toBe(true);
    const org = await http.call<{ uuid: string }>('POST', '/api/teams', { body: { name: 'Acme', kind: 'organisation' } });
    if (!org.success) throw new Error(org.message);
    const team = await http.call<{ uuid: string }>('POST', '/api/teams', { body: { name: 'Hardware', parent_uuid: org.result.uuid } });
    if (!team.success) throw new Error(team.message);
    const mine = await http.call<{ uuid: string }>('POST', '/api/projects', { body: { title: 'Mine' } });
    const theirs = await http.call<{ uuid: string }>('POST', '/api/projects', { body: { title: 'Team board', team_uuid: team.result.uuid } });
    if (!mine.success || !theirs.success) throw new Error('create failed');
    const r = await http.call<unknown[]>('GET', '/api/projects');
    if (!r.success) throw new Error(r.message);
    const list: RecentEntry[] = r.result.map((e) => RecentEntrySchema.parse(e));
    expect(list.filter((e) => inWorkspace(e, team.result.uuid)).map((e) => e.projectName)).toEqual(['Team board']);
    expect(list.filter((e) => inWorkspace(e, null)).map((e) => e.projectName)).toEqual(['Mine']);
    expect(list.filter((e) => inWorkspace(e, org.result.uuid))).toEqual([]);
  });
});
