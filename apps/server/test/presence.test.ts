/**
 * Presence on the live channel (issue 14 part 4): a connection is announced to the others with its
 * user and nickname, learns who was there before it, relays its document and cursor, and is
 * announced gone (data null) when it closes.
 */
import { describe, it, expect } from 'vitest';
import { BACKENDS, postgresAvailable, testServer } from './helpers.ts';
import { Client } from './client.ts';
import { live } from './live-client.ts';

const PG = await postgresAvailable();

describe.each(BACKENDS)('presence on the live channel on %s', (backend) => {
  const skip = backend === 'postgres' && !PG;
  it.skipIf(skip)('[issue-14] joins, documents, cursors and leaves reach the other clients of the project', async () => {
    const s = await testServer(backend);
    try {
      const a = await new Client(s.url).signup('alice');
      const b = await new Client(s.url).signup('bob');
      const pid = (await a.post<{ uuid: string }>('/api/projects', { title: 'Presence' })).result!.uuid;
      await a.post(`/api/projects/${pid}/members`, { username: 'bob', role: 'readonly' });
      const la = await live(s.url, pid, a);
      const helloA = await la.next((m) => m.type === 'hello');
      expect(typeof helloA.conn).toBe('string');
      la.ws.send(JSON.stringify({ type: 'presence', data: { doc: 'sheet-1' } }));
      await la.next((m) => m.type === 'presence' && m.conn === helloA.conn && (m.data as { doc?: string } | null)?.doc === 'sheet-1');

      // bob joins later: he is told that alice is there, on sheet-1, and alice is told that bob came
      const lb = await live(s.url, pid, b);
      const helloB = await lb.next((m) => m.type === 'hello');
      expect(helloB.conn).not.toBe(helloA.conn);
      const seenA = await lb.next((m) => m.type === 'presence' && m.conn === helloA.conn);
      expect(seenA).toMatchObject({ project_uuid: pid, nickname: 'alice', data: { doc: 'sheet-1' } });
      expect(typeof seenA.user_uuid).toBe('string');
      expect(await la.next((m) => m.type === 'presence' && m.conn === helloB.conn)).toMatchObject({ nickname: 'bob', data: {} });

      // bob moves his cursor on a PCB: alice sees it
      lb.ws.send(JSON.stringify({ type: 'presence', data: { doc: 'pcb-1', x: 120, y: -40 } }));
      expect(await la.next((m) => m.type === 'presence' && m.conn === helloB.conn && (m.data as { doc?: string } | null)?.doc === 'pcb-1')).toMatchObject({ data: { doc: 'pcb-1', x: 120, y: -40 } });
      // not an object: ignored
      lb.ws.send(JSON.stringify({ type: 'presence', data: 'x' }));

      // bob leaves: alice is told (data null)
      lb.ws.close();
      await la.next((m) => m.type === 'presence' && m.conn === helloB.conn && m.data === null);
      expect(la.messages.some((m) => m.type === 'presence' && m.data === 'x')).toBe(false);

      // a stranger's channel is refused and so never appears
      const c = await new Client(s.url).signup('carol');
      await expect(live(s.url, pid, c)).rejects.toThrow();
      la.ws.close();
    } finally {
      await s.stop();
    }
  }, 120_000);
});
