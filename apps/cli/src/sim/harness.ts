/** A real server on loopback with a temporary database, plus one logged-in HTTP client per simulated browser. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '@copperplate/server';
import { CookieJar, HttpTransport } from '@copperplate/sync';
import type { SimServer } from './run.ts';

export interface SimWorld {
  server: SimServer;
  http: HttpTransport[];
  close(): Promise<void>;
}

export async function createSimWorld(clients: number): Promise<SimWorld> {
  // A memory-backed folder when the system has one: the simulation measures sync, not the disk.
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const dataDir = mkdtempSync(join(base, 'copperplate-sim-'));
  let running: RunningServer | null = await startServer({ port: 0, dataDir, logger: false });
  let url = running.url;
  const server: SimServer = {
    url: () => url,
    async stop() { await running?.close(); running = null; },
    async start() {
      // Same port when it is free again, so clients keep their address; else a new one.
      try { running = await startServer({ port: Number(new URL(url).port), dataDir, logger: false }); }
      catch { running = await startServer({ port: 0, dataDir, logger: false }); }
      url = running.url;
    },
  };
  const http: HttpTransport[] = [];
  const username = `sim${Date.now().toString(36)}`;
  const password = 'sim-password-1';
  for (let i = 0; i < clients; i++) {
    const t = new HttpTransport({ baseUrl: () => url, cookies: new CookieJar() });
    const r = i === 0 ? await t.signup(username, password) : await t.login(username, password);
    if (!r.success) throw new Error(`simulation login failed: ${r.message}`);
    http.push(t);
  }
  return {
    server, http,
    async close() {
      await running?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
