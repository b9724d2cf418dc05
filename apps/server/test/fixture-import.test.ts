/**
 * Every real .epro fixture through the HTTP import route (issue 10): an empty failure report, the
 * stored PCB is the whole .epcb (footprint blocks before the PCB block included, byte for byte), and
 * the export gives back project.json exactly as read and every document's records. On PGlite and
 * on PostgreSQL (jsonb reorders object keys: project.json must still come back in its own order).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { mainBlock, parseDocuments, readEpro } from '@copperplate/format';
import { BACKENDS, postgresAvailable, testServer } from './helpers.ts';
import { Client } from './client.ts';

const PG = await postgresAvailable();
const DIR = '/work/shared/fixtures/epro';
const FIXTURES = readdirSync(DIR).filter((f) => f.endsWith('.epro')).sort();

type Report = { ok: boolean; failures: Record<string, unknown[]>; text: string; warnings: Record<string, unknown[]> };

/** Records of a document as a multiset (canonical JSON of each record -> count). */
function records(text: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const b of parseDocuments(text)) for (const r of b.records) m.set(JSON.stringify(r), (m.get(JSON.stringify(r)) ?? 0) + 1);
  return m;
}
const textOf = (v: string | Uint8Array) => (typeof v === 'string' ? v : new TextDecoder().decode(v));

describe.each(BACKENDS)('fixture import through HTTP on %s', (backend) => {
  const skip = backend === 'postgres' && !PG;
  let s: Awaited<ReturnType<typeof testServer>>;
  let a: Client;
  beforeAll(async () => {
    if (skip) return;
    s = await testServer(backend);
    a = await new Client(s.url).signup('importer');
  });
  afterAll(async () => {
    await s?.stop();
  });

  for (const f of FIXTURES) {
    it.skipIf(skip)(`[IMP-2][ARC-2][issue-10] ${f}: empty failure report, PCBs stored whole, exported as read`, async () => {
      const bytes = new Uint8Array(readFileSync(join(DIR, f)));
      const src = readEpro(bytes, { name: f });
      const imp = await a.call<{ uuid: string; report: Report }>('POST', `/api/projects/import?name=${encodeURIComponent(f)}`, bytes);
      expect(imp.code, imp.message).toBe(0);
      const report = imp.result!.report;
      expect(report.text).toBe('Import project successfully!');
      expect(Object.values(report.failures).flat()).toEqual([]);
      expect(report.ok).toBe(true);
      const id = imp.result!.uuid;

      // each PCB is stored as the whole file; its document is the PCB block wherever it stands
      const pcbs = Object.keys((src.projectJson.pcbs ?? {}) as object);
      const rd = await a.post<Array<{ uuid: string; dataStr: string }>>(`/api/projects/${id}/read/pcbs`, { ids: pcbs });
      expect(rd.code).toBe(0);
      for (const p of rd.result!) {
        const file = textOf(src.entries.get(`PCB/${p.uuid}.epcb`)!);
        expect(p.dataStr).toBe(file);
        expect(mainBlock(parseDocuments(p.dataStr), 'PCB')).toBeDefined();
      }

      const ex = await a.raw('GET', `/api/projects/${id}/export`);
      expect(ex.status).toBe(200);
      const back = readEpro(new Uint8Array(await ex.arrayBuffer()));
      expect(JSON.stringify(back.projectJson)).toBe(JSON.stringify(src.projectJson));
      const docs = (m: Map<string, string | Uint8Array>) => [...m.keys()].filter((k) => !k.endsWith('.json')).sort();
      expect(docs(back.entries)).toEqual(docs(src.entries));
      for (const k of docs(src.entries)) expect(records(textOf(back.entries.get(k)!)), k).toEqual(records(textOf(src.entries.get(k)!)));
    }, 120_000);
  }
});
