/**
 * Org and team mode on the live channel (SPEC §7, issue 17 part 5): when a project moves into a team
 * or an organisation, or back to personal, every live client of the project hears the workspace it
 * is in now (teamMode, orgMode for an organisation).
 */
import { describe, it, expect } from 'vitest';
import { BACKENDS, postgresAvailable, testServer } from './helpers.ts';
import { Client } from './client.ts';
import { live } from './live-client.ts';

const PG = await postgresAvailable();

describe.each(BACKENDS)('org and team mode on the live channel on %s', (backend) => {
  const skip = backend === 'postgres' && !PG;
  it.skipIf(skip)('[issue-17] moving a project into a team, an organisation and back is announced to its live clients', async () => {
    const s = await testServer(backend);
    try {
      const a = await new Client(s.url).signup('alice');
      const b = await new Client(s.url).signup('bob');
      const pid = (await a.post<{ uuid: string }>('/api/projects', { title: 'Moved' })).result!.uuid;
      await a.post(`/api/projects/${pid}/members`, { username: 'bob', role: 'member' });
      const team = (await a.post<{ uuid: string }>('/api/teams', { name: 'Lab' })).result!.uuid;
      const org = (await a.post<{ uuid: string }>('/api/teams', { name: 'Acme', kind: 'organisation' })).result!.uuid;
      const la = await live(s.url, pid, a);
      const lb = await live(s.url, pid, b);
      await la.next((m) => m.type === 'hello');
      await lb.next((m) => m.type === 'hello');

      expect((await a.post(`/api/projects/${pid}/scope`, { scope: 1, team_uuid: team })).code).toBe(0);
      for (const l of [la, lb]) expect(await l.next((m) => m.type === 'teamMode')).toMatchObject({ project_uuid: pid, data: { scope: 1, team_uuid: team, team_name: 'Lab' } });

      expect((await a.post(`/api/projects/${pid}/scope`, { scope: 1, team_uuid: org })).code).toBe(0);
      expect(await la.next((m) => m.type === 'orgMode')).toMatchObject({ project_uuid: pid, data: { scope: 1, team_uuid: org, team_name: 'Acme' } });

      expect((await a.post(`/api/projects/${pid}/scope`, { scope: 0 })).code).toBe(0);
      expect(await la.next((m) => m.type === 'teamMode' && (m.data as { scope: number }).scope === 0)).toMatchObject({ data: { scope: 0, team_uuid: null, team_name: null } });
      // a client cannot send these itself: only the server tells the workspace
      lb.ws.send(JSON.stringify({ type: 'orgMode', data: { scope: 3 } }));
      // a checkIn sent after it is relayed in order: once it is here, the forged message would have been too
      lb.ws.send(JSON.stringify({ type: 'checkIn', data: { sheet: 'after-forged' } }));
      await la.next((m) => m.type === 'checkIn' && (m.data as { sheet?: string }).sheet === 'after-forged');
      expect(la.messages.filter((m) => m.type === 'orgMode')).toHaveLength(1);
      la.ws.close();
      lb.ws.close();
    } finally {
      await s.stop();
    }
  }, 120_000);
});
