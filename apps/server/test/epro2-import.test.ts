/**
 * POST /api/projects/import with EasyEDA Pro V3 archives (.epro2, issue 10 part 3): the archive is
 * recognised by its content, converted to our records and stored like an .epro; the answer carries
 * the conversion report (record kinds not carried, with counts) beside the failure report.
 * Real server on loopback, PGlite and PostgreSQL, the real fixture bytes.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { unzipSync, zipSync } from 'fflate';
import { eproToProjectData, readEpro, type ConversionReport } from '@copperplate/format';
import { BACKENDS, postgresAvailable, testServer } from './helpers.ts';
import { Client } from './client.ts';

const FIX = '/work/shared/fixtures/epro';
const PG = await postgresAvailable();
type Answer = { uuid: string; report: { ok: boolean; failures: Record<string, unknown[]>; conversion?: ConversionReport; conversionText?: string } };

describe.each(BACKENDS)('.epro2 import on %s', (backend) => {
  const skip = backend === 'postgres' && !PG;
  let s: Awaited<ReturnType<typeof testServer>>;
  let a: Client;
  beforeAll(async () => {
    if (skip) return;
    s = await testServer(backend);
    a = await new Client(s.url).signup('vera');
  });
  afterAll(async () => {
    await s?.stop();
  });

  it.skipIf(skip)('[issue-10] Hexapod.epro2 imports with an empty failure report; sheets, PCBs and documents stored as converted', async () => {
    const bytes = new Uint8Array(readFileSync(`${FIX}/Hexapod.epro2`));
    const imp = await a.call<Answer>('POST', '/api/projects/import?name=Hexapod.epro2', bytes);
    expect(imp.code, imp.message).toBe(0);
    const { uuid, report } = imp.result!;
    expect(report.ok).toBe(true);
    expect(Object.values(report.failures).flat()).toEqual([]);
    const c = report.conversion!;
    expect(c.source).toBe('epro2');
    expect(c.carried + c.notCarried.reduce((n, x) => n + x.count, 0)).toBe(c.total);
    expect(report.conversionText).toContain('Not carried:');

    const detail = (await a.get<{ title: string }>(`/api/projects/${uuid}`)).result!;
    expect(detail.title).toBe('Hexapod');
    const snap = (await a.get<Record<string, Record<string, number>>>(`/api/projects/${uuid}/ticket?g_ticket=-1`)).result!;
    expect(Object.keys(snap.pcbs)).toHaveLength(2);
    // The stored sheets are the converted documents, byte for byte.
    const local = eproToProjectData(readEpro(bytes)).data;
    const ids = local.sheets.map((x) => x.uuid);
    const sheets = (await a.post<Array<{ uuid: string; dataStr: string }>>(`/api/projects/${uuid}/read/sheets`, { ids })).result!;
    expect(sheets).toHaveLength(16);
    for (const sh of sheets) expect(sh.dataStr).toBe(local.sheets.find((x) => x.uuid === sh.uuid)!.dataStr);
  }, 120_000); // the import runs in a worker thread; generous for a busy machine

  it.skipIf(skip)('[issue-10] V3 content under an .epro name is sniffed, not refused; it exports as a V2 .epro', async () => {
    const files = unzipSync(new Uint8Array(readFileSync(`${FIX}/ESP32-MPU6050.epro2`)));
    const imp = await a.call<Answer>('POST', '/api/projects/import?name=renamed.epro', zipSync(files));
    expect(imp.code, imp.message).toBe(0);
    expect(imp.result!.report.conversion?.source).toBe('epro2');
    expect(imp.result!.report.ok).toBe(true);
    expect(Object.values(imp.result!.report.failures).flat()).toEqual([]);
    const ex = await a.raw('GET', `/api/projects/${imp.result!.uuid}/export`);
    expect(ex.status).toBe(200);
    const back = unzipSync(new Uint8Array(await ex.arrayBuffer()));
    expect(back['project.json']).toBeDefined();
    expect(Object.keys(back).filter((k) => k.startsWith('PCB/') && k.endsWith('.epcb'))).toHaveLength(1);
    expect(Object.keys(back).filter((k) => k.startsWith('SHEET/') && k.endsWith('.esch'))).toHaveLength(1);
  }, 120_000); // the import runs in a worker thread; generous for a busy machine
});
