/**
 * POST /api/projects/import with library archives (SPEC §3 ARC-3, IMP-9): a zip holding device.json,
 * symbol.json, footprint.json (or panel-lib.json) instead of project.json becomes a project titled
 * after the file name; a zip with none of the known json files is refused and leaves nothing.
 * Real server on loopback, PGlite, real zips (fflate).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { NAMED_ERRORS } from '@copperplate/model';
import { readEpro } from '@copperplate/format';
import { testServer } from './helpers.ts';
import { Client } from './client.ts';

const FIXTURE = '/work/shared/fixtures/epro/STM32G431-mini.epro';
type Obj = Record<string, unknown>;

/** A library archive of the fixture's symbols, footprints and devices (with their SYMBOL/ and FOOTPRINT/ documents). */
function libraryArchive(): { zip: Uint8Array; symbols: Obj; footprints: Obj; devices: Obj; docs: Map<string, string> } {
  const a = readEpro(new Uint8Array(readFileSync(FIXTURE)));
  const symbols = a.projectJson.symbols as Obj;
  const footprints = a.projectJson.footprints as Obj;
  const devices = a.projectJson.devices as Obj;
  const files: Record<string, Uint8Array> = {
    'device.json': strToU8(JSON.stringify({ devices })),
    'symbol.json': strToU8(JSON.stringify({ symbols })),
    'footprint.json': strToU8(JSON.stringify(footprints)),
  };
  const docs = new Map<string, string>();
  for (const [path, data] of a.entries) {
    if (!/^(SYMBOL\/[^/]+\.esym|FOOTPRINT\/[^/]+\.efoo)$/.test(path)) continue;
    const text = typeof data === 'string' ? data : new TextDecoder().decode(data);
    files[path] = strToU8(text);
    docs.set(path, text);
  }
  return { zip: zipSync(files), symbols, footprints, devices, docs };
}

describe('library archive import (PGlite)', () => {
  let s: Awaited<ReturnType<typeof testServer>>;
  let a: Client;
  beforeAll(async () => {
    s = await testServer('pglite');
    a = await new Client(s.url).signup('libby');
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('[ARC-3] a library archive (device.json, symbol.json, footprint.json) becomes a project titled after the file, its items readable through the API', async () => {
    const lib = libraryArchive();
    expect(Object.keys(lib.symbols).length).toBeGreaterThan(2);
    expect(Object.keys(lib.footprints).length).toBeGreaterThan(2);
    expect(Object.keys(lib.devices).length).toBeGreaterThan(2);

    const imp = await a.call<{ uuid: string; report: { ok: boolean; text: string } }>('POST', '/api/projects/import?name=parts-lib.zip', lib.zip);
    expect(imp.code, imp.message).toBe(0);
    expect(imp.result!.report.ok).toBe(true);
    const id = imp.result!.uuid;

    const detail = (await a.get<{ title: string; boards: unknown[] }>(`/api/projects/${id}`)).result!;
    expect(detail.title).toBe('parts-lib');
    expect(detail.boards).toEqual([]);

    // Every symbol, footprint and device of the archive is listed in the snapshot (block symbols in their own map).
    const snap = (await a.get<Record<string, Record<string, number>>>(`/api/projects/${id}/ticket?g_ticket=-1`)).result!;
    expect(Object.keys({ ...snap.symbols, ...snap.block_symbol }).sort()).toEqual(Object.keys(lib.symbols).sort());
    expect(Object.keys(snap.footprints).sort()).toEqual(Object.keys(lib.footprints).sort());
    expect(Object.keys(snap.devices).sort()).toEqual(Object.keys(lib.devices).sort());
    expect(Object.keys(snap.schs)).toEqual([]);
    expect(Object.keys(snap.pcbs)).toEqual([]);

    // Their fields and documents as the archive held them.
    const syms = (await a.post<Array<{ uuid: string; display_title: string; dataStr: string }>>(`/api/projects/${id}/read/symbols`, { ids: Object.keys(lib.symbols) })).result!;
    expect(syms.length).toBe(Object.keys(lib.symbols).length);
    for (const sym of syms) {
      expect(sym.display_title).toBe((lib.symbols[sym.uuid] as Obj).title);
      expect(sym.dataStr).toBe(lib.docs.get(`SYMBOL/${sym.uuid}.esym`));
    }
    const fps = (await a.post<Array<{ uuid: string; display_title: string; dataStr: string }>>(`/api/projects/${id}/read/footprints`, { ids: Object.keys(lib.footprints) })).result!;
    expect(fps.length).toBe(Object.keys(lib.footprints).length);
    for (const fp of fps) {
      expect(fp.display_title).toBe((lib.footprints[fp.uuid] as Obj).title);
      expect(fp.dataStr).toBe(lib.docs.get(`FOOTPRINT/${fp.uuid}.efoo`));
    }
    const devs = (await a.post<Array<{ uuid: string; display_title: string; attributes: unknown }>>(`/api/projects/${id}/read/devices`, { ids: Object.keys(lib.devices) })).result!;
    expect(devs.length).toBe(Object.keys(lib.devices).length);
    for (const d of devs) {
      const src = lib.devices[d.uuid] as Obj;
      expect(d.display_title).toBe(src.title);
      expect(d.attributes).toEqual(src.attributes);
    }

    // It exports as a library archive again (the library json files, no project.json).
    const ex = await a.raw('GET', `/api/projects/${id}/export`);
    expect(ex.status).toBe(200);
    const back = unzipSync(new Uint8Array(await ex.arrayBuffer()));
    expect(back['project.json']).toBeUndefined();
    expect(JSON.parse(new TextDecoder().decode(back['device.json']))).toEqual({ devices: lib.devices });
    expect(Object.keys(JSON.parse(new TextDecoder().decode(back['footprint.json']))).sort()).toEqual(Object.keys(lib.footprints).sort());
  });

  it('[ARC-3] a second import of the same file name gets a free title', async () => {
    const imp = await a.call<{ uuid: string }>('POST', '/api/projects/import?name=parts-lib.zip', libraryArchive().zip);
    expect(imp.code, imp.message).toBe(0);
    const detail = (await a.get<{ title: string }>(`/api/projects/${imp.result!.uuid}`)).result!;
    expect(detail.title).toBe('parts-lib_1');
  });

  it('[IMP-9] a zip with only unknown json files is refused with the catalogue message and leaves no project', async () => {
    const before = (await a.get<unknown[]>('/api/projects')).result!.length;
    const z = zipSync({ 'library.json': strToU8('{"symbols":{}}'), 'SYMBOL/x.esym': strToU8('["DOCTYPE","SYMBOL","1.1"]') });
    const r = await a.call('POST', '/api/projects/import?name=unknown.zip', z);
    expect(r.code).not.toBe(0);
    expect(r.message).toBe(NAMED_ERRORS.IMPORT_FORMAT_INCORRECT);
    const after = (await a.get<Array<{ projectName: string }>>('/api/projects')).result!;
    expect(after.length).toBe(before);
    expect(after.map((p) => p.projectName)).not.toContain('unknown');
  });

  it('[IMP-9][ARC-3] a library json that is not a JSON object is refused and leaves no project', async () => {
    const before = (await a.get<unknown[]>('/api/projects')).result!.length;
    const r = await a.call('POST', '/api/projects/import?name=broken.zip', zipSync({ 'symbol.json': strToU8('[1,2') }));
    expect(r.code).not.toBe(0);
    expect(r.message).toBe(NAMED_ERRORS.ZIP_NOT_CONFORMING);
    expect((await a.get<unknown[]>('/api/projects')).result!.length).toBe(before);
  });
});
