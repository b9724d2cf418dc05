/**
 * [issue-11] Big projects never hold the server: Hexapod (3.4 MB of images in its archive files) as a
 * real import. Its blobs live outside the project row that every call reads; it is written in short
 * transactions that let other calls in between and is seen by nobody before it is whole; bytea goes
 * in and out of PGlite through Node's hex codec. Real server (PGlite), real archive.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { eproToProjectData, readEpro } from '@copperplate/format';
import { testServer } from './helpers.ts';
import { Client } from './client.ts';
import { PGLITE_BYTEA } from '../src/db.ts';

const HEXAPOD = readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'epro', 'Hexapod.epro2'));

describe('big projects (issue 11)', () => {
  let s: Awaited<ReturnType<typeof testServer>>;
  let a: Client;
  beforeAll(async () => {
    s = await testServer('pglite');
    a = await new Client(s.url).signup('hexa');
  });
  afterAll(async () => { await s?.stop(); });

  it('[issue-11] a big import is written in short transactions: other calls run between them, and the project is listed only when whole', async () => {
    const importing = a.raw('POST', '/api/projects/import?name=Hexapod.epro2', HEXAPOD, { 'content-type': 'application/octet-stream' });
    let finished = false;
    void importing.finally(() => (finished = true));
    // while the import runs, poll the database: a project row without a member is one being written
    let seenHalf = 0;
    let listedHalf = false;
    while (!finished) {
      const half = await s.ctx.db.query<{ uuid: string }>('select uuid from projects p where not exists (select 1 from project_members m where m.project_uuid = p.uuid)');
      if (half.length) {
        seenHalf++;
        const list = (await a.get<Array<{ projectId: string }>>('/api/projects')).result!;
        // (still without a member after the list was made: it was half-written while listed)
        const still = await s.ctx.db.query('select 1 from project_members where project_uuid = $1', [half[0].uuid]);
        if (!still.length && list.some((p) => p.projectId === half[0].uuid)) listedHalf = true;
      }
      await new Promise((r) => setImmediate(r));
    }
    const j = (await (await importing).json()) as { code: number; result: { uuid: string } };
    expect(j.code).toBe(0);
    expect(seenHalf).toBeGreaterThan(0); // one transaction would never let a reader see it half-written
    expect(listedHalf).toBe(false);
    expect((await a.get<Array<{ projectId: string }>>('/api/projects')).result!.map((p) => p.projectId)).toContain(j.result.uuid);

    // the project row carries no blob; the archive files come back whole in the export
    const row = await s.ctx.db.query('select * from projects where uuid = $1', [j.result.uuid]);
    expect(JSON.stringify(row[0]).length).toBeLessThan(4096);
    const parts = await s.ctx.db.query<{ n: unknown }>('select count(*) as n from project_extras where project_uuid = $1', [j.result.uuid]);
    expect(Number(parts[0].n)).toBeGreaterThan(10);
    const original = eproToProjectData(readEpro(HEXAPOD, { name: 'Hexapod.epro2' })).data;
    const res = await a.raw('GET', `/api/projects/${j.result.uuid}/export`);
    const back = eproToProjectData(readEpro(new Uint8Array(await res.arrayBuffer()))).data;
    expect(Object.keys(back.files).sort()).toEqual(Object.keys(original.files).sort());
    for (const [name, v] of Object.entries(original.files)) expect(Buffer.from(back.files[name] as Uint8Array).equals(Buffer.from(v as Uint8Array)), name).toBe(true);
    expect(back.sheets.map((x) => x.dataStr)).toEqual(original.sheets.map((x) => x.dataStr));
    expect(back.pcbs.map((x) => x.dataStr)).toEqual(original.pcbs.map((x) => x.dataStr));
  }, 300_000);

  it('[issue-11] bytea through PGlite with Node\'s hex codec: the same bytes, several times faster than PGlite\'s own', async () => {
    const time = async (db: PGlite, data: Uint8Array) => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        await db.query('insert into b values ($1, $2)', [i, data]);
        const r = await db.query<{ d: Uint8Array }>('select d from b where k = $1', [i]);
        best = Math.min(best, performance.now() - t);
        expect(Buffer.from(r.rows[0].d).equals(Buffer.from(data))).toBe(true);
        await db.query('delete from b');
      }
      return best;
    };
    const ours = new PGlite(PGLITE_BYTEA);
    const theirs = new PGlite();
    for (const db of [ours, theirs]) await db.query('create table b (k int primary key, d bytea)');
    for (const n of [0, 1, 4095, 4096, 70_000]) {
      const d = randomBytes(n);
      await ours.query('insert into b values ($1, $2)', [n, d]);
      const r = await ours.query<{ d: Uint8Array }>('select d from b where k = $1', [n]);
      expect(Buffer.from(r.rows[0].d).equals(d)).toBe(true);
    }
    await ours.query('delete from b');
    const big = randomBytes(128 << 10);
    const fast = await time(ours, big);
    const slow = await time(theirs, big);
    // PGlite's own codec takes ~10 times as long; twice is a margin a loaded machine keeps
    expect(fast * 2).toBeLessThan(slow);
    await ours.close();
    await theirs.close();
  }, 300_000);
});
