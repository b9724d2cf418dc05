/**
 * [issue-11] A server that is stopping does not wait for ever behind an upload it refused: a client that
 * announced a 300 MB body, got its 413 and goes on holding the connection open (sending slowly, or not
 * at all) used to keep `close()` from resolving (found by the reimport CLI test, which hit its 60 s
 * timeout). Connections still open after a grace period are closed.
 */
import { describe, it, expect } from 'vitest';
import { request } from 'node:http';
import { testServer } from './helpers.ts';

describe('stopping the server', () => {
  it('close() resolves while a refused upload still holds its connection open', async () => {
    const s = await testServer('pglite');
    const u = new URL('/api/projects/import', s.url);
    const req = request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': String(300 * 1024 * 1024) } });
    req.on('error', () => {}); // the server closes the connection in the end
    const status = new Promise<number>((resolve) => req.on('response', (res) => { res.resume(); resolve(res.statusCode ?? 0); }));
    req.write(Buffer.alloc(64 * 1024)); // the upload has begun and is never finished
    expect(await status).toBeGreaterThanOrEqual(400);
    const closed = req.socket ? new Promise<void>((resolve) => req.socket!.once('close', () => resolve())) : Promise.resolve();
    await s.stop(); // before the fix this never resolved
    await closed;
    req.destroy();
  }, 60_000);
});
