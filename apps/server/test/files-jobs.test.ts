/**
 * [issue-11] Imports, exports, fabrication outputs and DRC run in worker threads with a cap per user: a user's job beyond
 * `filesJobsPerUser` (queued or running) is refused with 4290002 before its work starts, other users
 * are not refused, and the server keeps answering while an import runs. Real server on loopback
 * (PGlite), real archives.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CODES } from '@copperplate/model';
import { testServer } from './helpers.ts';
import { Client } from './client.ts';
import { JobSlots } from '../src/workers/files.ts';
import { ApiError } from '../src/http.ts';

const FIXTURE = readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'epro', 'STM32G431-mini.epro'));

describe('import and export jobs', () => {
  let s: Awaited<ReturnType<typeof testServer>>;
  let a: Client;
  let b: Client;
  beforeAll(async () => {
    s = await testServer('pglite');
    a = await new Client(s.url).signup('alice');
    b = await new Client(s.url).signup('bob');
  });
  afterAll(async () => {
    await s?.stop();
  });
  const importAs = (c: Client) =>  c.raw('POST', '/api/projects/import?name=mini.epro', FIXTURE, { 'content-type': 'application/octet-stream' });

  it('a third job of one user is refused with a catalogue error while two run; another user and the network check go on', async () => {
    const alice = (await a.get<{ uuid: string }>('/api/user/info')).result!.uuid;
    const own = (await a.post<{ uuid: string }>('/api/projects', { title: 'Mine' })).result!.uuid;
    // two of alice's jobs hold their slots until released
    const release: Array<() => void> = [];
    const held = [0, 1].map(() => s.ctx.filesJobs.run(alice, s.ctx.limits.filesJobsPerUser, () => new Promise<void>((r) => release.push(r))));
    expect(s.ctx.filesJobs.count(alice)).toBe(2);

    const refused = await importAs(a);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: CODES.TOO_MANY_REQUESTS, message: 'Too many requests, please try again later' });
    const exportRefused = await a.call('GET', `/api/projects/${own}/export`);
    expect([exportRefused.status, exportRefused.code]).toEqual([429, CODES.TOO_MANY_REQUESTS]);
    // fabrication outputs (and their preview) and DRC run in the same workers under the same cap
    for (const path of ['fabrication?kind=bom', 'fabrication/preview', 'drc']) {
      const r = await a.call('GET', `/api/projects/${own}/${path}`);
      expect([path, r.status, r.code]).toEqual([path, 429, CODES.TOO_MANY_REQUESTS]);
    }

    // bob imports (his job runs in a worker thread) while the network check is answered
    const bobImport = importAs(b);
    const online = await fetch(s.url + '/api/getOnlineVersion');
    expect(online.status).toBe(200);
    const done = (await (await bobImport).json()) as { code: number; result: { uuid: string } };
    expect(done.code).toBe(0);
    const exported = await b.raw('GET', `/api/projects/${done.result.uuid}/export`);
    expect(exported.status).toBe(200);
    expect(new Uint8Array(await exported.arrayBuffer()).subarray(0, 2)).toEqual(new Uint8Array([0x50, 0x4b])); // a zip

    for (const r of release) r();
    await Promise.all(held);
    expect(s.ctx.filesJobs.count(alice)).toBe(0);
    const again = (await (await importAs(a)).json()) as { code: number };
    expect(again.code).toBe(0);
  }, 180_000); // two imports and an export in worker threads, on a busy machine

  it('jobs wait for a free thread in the order they came; a failed job frees its slot', async () => {
    const slots = new JobSlots(1);
    const order: string[] = [];
    const gates: Record<string, () => void> = {};
    const job = (name: string) => () => new Promise<void>((r) => { order.push(name); gates[name] = r; });
    const first = slots.run('u1', 2, job('a'));
    const second = slots.run('u2', 2, job('b'));
    const third = slots.run('u1', 2, job('c'));
    await expect(slots.run('u1', 2, job('d'))).rejects.toBeInstanceOf(ApiError);
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['a']);
    gates.a();
    await first;
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['a', 'b']);
    gates.b();
    await second;
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['a', 'b', 'c']);
    gates.c();
    await third;
    await expect(slots.run('u1', 2, async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(slots.count('u1')).toBe(0);
  });
});
