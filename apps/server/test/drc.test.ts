/**
 * Design rule check through the API (issue 13): real server on loopback (PGlite and PostgreSQL), a
 * fixture project imported, its PCB checked in a worker thread while the server keeps answering.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { BACKENDS, postgresAvailable, testServer } from './helpers.ts';
import { Client } from './client.ts';

const PG = await postgresAvailable();
const FIX = new URL('../../../../shared/fixtures/epro/', import.meta.url);

interface Drc { board: string; violations: Array<{ rule: string; severity: string }>; errors: number; warnings: number; pours: Array<{ id: string; status: string }> }

describe.each(BACKENDS)('design rule check on %s', (backend) => {
  const skip = backend === 'postgres' && !PG;
  let s: Awaited<ReturnType<typeof testServer>>;
  let a: Client;
  let uuid = '';
  beforeAll(async () => {
    if (skip) return;
    s = await testServer(backend);
    a = await new Client(s.url).signup('checker');
    const imp = await a.call<{ uuid: string }>('POST', '/api/projects/import?name=STM32G431-mini.epro', new Uint8Array(readFileSync(new URL('STM32G431-mini.epro', FIX))));
    expect(imp.code, imp.message).toBe(0);
    uuid = imp.result!.uuid;
  });
  afterAll(async () => {
    await s?.stop();
  });

  it.skipIf(skip)('[issue-13] the DRC of a PCB, run in a worker while the server answers: no errors as EasyEDA left it, fills shown as EasyEDA\'s', async () => {
    let made = false;
    const job = a.get<Drc>(`/api/projects/${uuid}/drc`).then((r) => { made = true; return r; });
    const other = await a.call('GET', '/api/projects');
    expect(other.code).toBe(0);
    expect(made).toBe(false);
    const res = await job;
    expect(res.code, res.message).toBe(0);
    const r = res.result!;
    expect(r.errors).toBe(0);
    expect(r.violations.filter((v) => v.severity === 'error')).toEqual([]);
    expect(r.pours.length).toBeGreaterThan(0);
    expect(r.pours.every((p) => p.status === 'unknown')).toBe(true);
  });

  it.skipIf(skip)('[issue-13] an unknown PCB is refused with its name', async () => {
    const bad = await a.call(`GET`, `/api/projects/${uuid}/drc?pcb=nope`);
    expect(bad.code).toBe(1000010);
    expect(bad.message).toContain('nope');
  });
});
