/**
 * The KiCad converter call (SPEC §7 /analyzer/api/convert/from/kicad/to/epro) and the KiCad project
 * import (issue 15): real server on loopback, PGlite and PostgreSQL, KiCad's own demo files. The
 * conversion runs in a worker thread: the server answers other requests while it works.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zipSync } from 'fflate';
import { eproToProjectData, readEpro } from '@copperplate/format';
import { BACKENDS, postgresAvailable, testServer } from './helpers.ts';
import { Client } from './client.ts';
import { kicadReference } from '../../../packages/convert/test/kicad/reference.ts';

const ref = kicadReference();
const PG = await postgresAvailable();

function folderZip(dir: string): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const walk = (d: string) => { for (const n of readdirSync(d)) { const p = join(d, n); if (statSync(p).isDirectory()) walk(p); else files[relative(dir, p)] = new Uint8Array(readFileSync(p)); } };
  walk(dir);
  return zipSync(files);
}

describe.each(BACKENDS)('KiCad conversion on %s', (backend) => {
  const skip = backend === 'postgres' && !PG || !ref.demos;
  let s: Awaited<ReturnType<typeof testServer>>;
  let a: Client;
  beforeAll(async () => {
    if (skip) return;
    s = await testServer(backend);
    a = await new Client(s.url).signup('kiki');
  });
  afterAll(async () => {
    await s?.stop();
  });

  it.skipIf(skip)('[issue-15] converts video.kicad_pcb to .epro bytes in a worker while the server keeps answering', async () => {
    const bytes = new Uint8Array(readFileSync(join(ref.demos!, 'video/video.kicad_pcb')));
    let converted = false;
    const conversion = a.raw('POST', '/analyzer/api/convert/from/kicad/to/epro?name=video.kicad_pcb', bytes).then((r) => { converted = true; return r; });
    const other = await a.call('GET', '/api/projects');
    expect(other.code).toBe(0);
    expect(converted).toBe(false); // answered while the conversion was still running
    const res = await conversion;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/zip');
    expect(decodeURIComponent(res.headers.get('x-copperplate-report') ?? '')).toMatch(/carried/);
    const back = eproToProjectData(readEpro(new Uint8Array(await res.arrayBuffer()), { name: 'video.epro' }));
    expect(back.ok).toBe(true);
    expect(back.data.pcbs.map((p) => p.title)).toEqual(['video']);
  }, 120_000); // seconds of conversion in a worker thread; generous for a busy machine (a timed-out job keeps its per-user slot until it ends)

  it.skipIf(skip)('[issue-15] imports a zip of a KiCad project folder as a new project with its report', async () => {
    const imp = await a.call<{ uuid: string; report: { text: string; entries: unknown[] } }>('POST', '/api/projects/import/kicad?name=complex_hierarchy.zip', folderZip(join(ref.demos!, 'complex_hierarchy')));
    expect(imp.code, imp.message).toBe(0);
    expect(typeof imp.result!.report.text).toBe('string');
    const detail = (await a.get<{ title: string; boards: unknown[] }>(`/api/projects/${imp.result!.uuid}`)).result!;
    expect(detail.title).toBe('complex_hierarchy');
    const snap = (await a.get<Record<string, Record<string, number>>>(`/api/projects/${imp.result!.uuid}/ticket?g_ticket=-1`)).result!;
    expect(Object.keys(snap.pcbs)).toHaveLength(1);
    expect(Object.keys(snap.schs ?? snap.sheets ?? {}).length).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it.skipIf(skip)('[issue-15] refuses endlessly nested input with the catalogue message, and an unknown conversion', async () => {
    const deep = new TextEncoder().encode('(kicad_pcb ' + '('.repeat(1_000_000));
    const r = await a.call('POST', '/analyzer/api/convert/from/kicad/to/epro?name=deep.kicad_pcb', deep);
    expect(r.message).toBe('The KiCad file deep.kicad_pcb nests deeper than 100 levels at line 1; refused');
    const bad = await a.call('POST', '/analyzer/api/convert/from/altium/to/epro?name=x.kicad_pcb', new TextEncoder().encode('(kicad_pcb)'));
    expect(bad.message).toContain('not supported');
  }, 120_000);
});
