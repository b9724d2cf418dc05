/**
 * [SYNC-5] While the live channel is up the web app's session syncs on the 300 s timer, not the 5 s
 * one; when the channel drops, the 5 s timer is back. The session (engine-session.ts) runs against the
 * real server on loopback, its live channel is a real WebSocket to /api/projects/:uuid/live, and the
 * sync timer runs on a FakeClock; what is counted is the ticket calls the sync makes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { startServer, type RunningServer } from '@copperplate/server';
import { DexieStore } from '@copperplate/store';
import { CookieJar, FakeClock, HttpTransport, SyncEngine } from '@copperplate/sync';
import { openEngineSession, type SessionEnv } from '../src/project/engine-session.ts';
import type { ProjectDetail } from '../src/api/schemas.ts';

const flush = async () => { for (let i = 0; i < 10; i++) await new Promise<void>((r) => setImmediate(r)); };

/** The real transport, counting the sync's ticket calls. */
class CountingTransport extends HttpTransport {
  tickets = 0;
  override getTickets(project: string, gTicket: number) { this.tickets++; return super.getTickets(project, gTicket); }
}

let server: RunningServer;
let dir = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cp-live-sync-'));
  server = await startServer({ port: 0, dataDir: dir, logger: false });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the sync timer and the live channel', () => {
  it('[SYNC-5] 300 s between timed syncs while the live channel is up, 5 s once it is down', async () => {
    const http = new CountingTransport({ baseUrl: server.url, cookies: new CookieJar() });
    expect((await http.signup(`live${Date.now().toString(36)}`, 'live-password-1')).success).toBe(true);
    const created = await http.createProject('Live');
    if (!created.success) throw new Error(created.message);
    const uuid = created.result.uuid;

    let socket: WebSocket | null = null;
    let up = false;
    let changed: (() => void) | null = null;
    const env: SessionEnv = {
      online: () => true,
      onNetChange: () => () => {},
      live: (p, _onTicket, onState) => {
        socket = new WebSocket(server.url.replace('http', 'ws') + `/api/projects/${p}/live`, { headers: { cookie: http.cookies.header() ?? '' } });
        socket.on('open', () => { up = true; onState?.(true); changed?.(); });
        socket.on('close', () => { up = false; onState?.(false); changed?.(); });
        return () => socket?.close();
      },
      detail: async (p) => { const d = await http.getDetail(p); if (!d.success) throw new Error(d.message); return d.result as ProjectDetail; },
    };
    const clock = new FakeClock(1_700_000_000_000, flush);
    const store = await new DexieStore({ name: 'copperplate', indexedDB: new IDBFactory(), IDBKeyRange }).open();
    const engine = new SyncEngine({ store, transport: http, clock });
    const session = await openEngineSession(engine, uuid, false, () => {}, env);
    const state = async (want: boolean) => { while (up !== want) await new Promise<void>((r) => (changed = r)); };
    await state(true);
    await clock.advance(1_000); // the open's own sync
    await flush();

    // channel up: no timed sync for 60 s, then one by 300 s
    let before = http.tickets;
    await clock.advance(60_000);
    expect(http.tickets).toBe(before);
    await clock.advance(245_000);
    expect(http.tickets).toBeGreaterThan(before);

    // channel down: the 5 s timer again
    socket!.terminate();
    await state(false);
    before = http.tickets;
    await clock.advance(12_000);
    expect(http.tickets).toBeGreaterThan(before);
    await session.close();
  }, 120_000);
});
