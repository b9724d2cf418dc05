/**
 * Fabrication outputs through the API (issue 12): real server on loopback (PGlite and PostgreSQL),
 * a fixture project imported, its PCB's Gerber zip made in a worker thread while the server keeps
 * answering; the zip is named as EasyEDA names it and its top copper reads back.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { unzipSync, strFromU8 } from 'fflate';
import { BACKENDS, postgresAvailable, testServer } from './helpers.ts';
import { Client } from './client.ts';
import { staleEpro } from '../../../packages/convert/test/fab/stale-archive.ts';

const PG = await postgresAvailable();
const FIX = new URL('../../../../shared/fixtures/epro/', import.meta.url);

describe.each(BACKENDS)('fabrication outputs on %s', (backend) => {
  const skip = backend === 'postgres' && !PG;
  let s: Awaited<ReturnType<typeof testServer>>;
  let a: Client;
  let uuid = '';
  beforeAll(async () => {
    if (skip) return;
    s = await testServer(backend);
    a = await new Client(s.url).signup('fabber');
    const imp = await a.call<{ uuid: string }>('POST', '/api/projects/import?name=TriWave-2.1.epro', new Uint8Array(readFileSync(new URL('TriWave-2.1.epro', FIX))));
    expect(imp.code, imp.message).toBe(0);
    uuid = imp.result!.uuid;
  });
  afterAll(async () => {
    await s?.stop();
  });

  it.skipIf(skip)('[issue-12] the fabrication zip of a PCB, made in a worker while the server answers', async () => {
    let made = false;
    const job = a.raw('GET', `/api/projects/${uuid}/fabrication?pcb=PCB1&kind=fab`).then((r) => { made = true; return r; });
    const other = await a.call('GET', '/api/projects');
    expect(other.code).toBe(0);
    expect(made).toBe(false);
    const res = await job;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/zip');
    expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toMatch(/Gerber_PCB1_\d{4}-\d\d-\d\d\.zip/);
    expect(JSON.parse(decodeURIComponent(res.headers.get('x-copperplate-problems') ?? '[]'))).toEqual([]);
    const z = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(strFromU8(z['Gerber_TopLayer.GTL'])).toContain('%TF.FileFunction,Copper,L1,Top*%');
    expect(Object.keys(z)).toContain('Drill_PTH_Through.DRL');
  });

  it.skipIf(skip)('[issue-12] one kind: the BOM as CSV; an unknown PCB is refused', async () => {
    const res = await a.raw('GET', `/api/projects/${uuid}/fabrication?kind=bom`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('"No.","Quantity","Comment","Designator"');
    const bad = await a.raw('GET', `/api/projects/${uuid}/fabrication?pcb=nope`);
    expect(bad.headers.get('content-type')).toContain('application/json');
    const body = await bad.json() as { code: number; message: string };
    expect(body.code).toBe(1000010);
    expect(body.message).toContain('nope');
  });

  it.skipIf(skip)('[issue-12] preview: chosen layers drawn back to SVG by gerber-to-svg', async () => {
    const r = await a.get<{ board: string; problems: string[]; layers: Array<{ name: string; svg: string }> }>(`/api/projects/${uuid}/fabrication/preview?layers=1,11`);
    expect(r.code, r.message).toBe(0);
    expect(r.result!.board).toBe('PCB1');
    expect(r.result!.layers.map((l) => l.name)).toEqual(['Gerber_TopLayer.GTL', 'Gerber_BoardOutlineLayer.GKO']);
    expect(r.result!.layers[0].svg).toMatch(/^<svg[^>]+viewBox="/);
  });

  it.skipIf(skip)('[issue-12] stale pour fills: copper outputs refused (409, FAB_STALE_FILLS, the catalogue message); the BOM still exports', async () => {
    const imp = await a.call<{ uuid: string }>('POST', '/api/projects/import?name=stale.epro', staleEpro());
    expect(imp.code, imp.message).toBe(0);
    const res = await a.raw('GET', `/api/projects/${imp.result!.uuid}/fabrication?kind=gerber`);
    expect(res.status).toBe(409);
    const body = await res.json() as { code: number; message: string; result?: { reason?: string } };
    expect(body.result?.reason).toBe('FAB_STALE_FILLS');
    expect(body.message).toMatch(/changed since they were filled: their stored fills are stale/);
    const bom = await a.raw('GET', `/api/projects/${imp.result!.uuid}/fabrication?kind=bom`);
    expect(bom.status).toBe(200);
  });

  it.skipIf(skip)('[issue-12] the dialog\'s refill path: ?refill=1 refills the stale pours, then previews and writes the zip', async () => {
    const imp = await a.call<{ uuid: string }>('POST', '/api/projects/import?name=stale2.epro', staleEpro());
    expect(imp.code, imp.message).toBe(0);
    const id = imp.result!.uuid;
    const refused = await a.raw('GET', `/api/projects/${id}/fabrication/preview?layers=1,2`);
    expect(refused.status).toBe(409);
    const pre = await a.get<{ board: string; problems: string[]; layers: Array<{ name: string; svg: string }> }>(`/api/projects/${id}/fabrication/preview?layers=1,2&refill=1`);
    expect(pre.code, pre.message).toBe(0);
    expect(pre.result!.layers.map((l) => l.name)).toEqual(['Gerber_TopLayer.GTL', 'Gerber_BottomLayer.GBL']);
    expect(pre.result!.layers[0].svg).toMatch(/^<svg[^>]+viewBox="/);
    const res = await a.raw('GET', `/api/projects/${id}/fabrication?kind=fab&refill=1`);
    expect(res.status).toBe(200);
    const z = unzipSync(new Uint8Array(await res.arrayBuffer()));
    // The refilled copper holds pour regions (G36) around the moved vias.
    expect(strFromU8(z['Gerber_TopLayer.GTL'])).toMatch(/G36\*/);
    expect(Object.keys(z)).not.toContain('PROBLEMS.txt');
  }, 300_000); // two refills in a worker thread on a loaded machine
});
