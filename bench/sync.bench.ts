/**
 * Sync benchmarks (issue 3), against the real server on loopback with a 1,000-document project:
 * - opening it from the local cache (ms to ready), against opening it from the cloud (same run);
 * - a no-op sync (requests, ms);
 * - uploading one edited sheet (requests, bytes sent), against the project's size.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { startServer } from '@copperplate/server';
import { DexieStore } from '@copperplate/store';
import { CookieJar, FakeClock, HttpTransport, LocalHub, SyncEngine } from '@copperplate/sync';
import { medianMs, report } from './lib/report.ts';

const DOCS = 1000;
const dataDir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'copperplate-bench-'));
const server = await startServer({ port: 0, dataDir, logger: false });
try {
  const http = new HttpTransport({ baseUrl: server.url, cookies: new CookieJar() });
  const su = await http.signup(`bench${Date.now().toString(36)}`, 'bench-password');
  if (!su.success) throw new Error(su.message);
  const pr = await http.createProject('bench 1000 documents');
  if (!pr.success) throw new Error(pr.message);
  const P = pr.result.uuid;
  const sheetText = (i: number, v = 0) => ['["DOCTYPE","SCH","1.1"]', '["HEAD",{"bench":1}]',
    ...Array.from({ length: 40 }, (_, r) => JSON.stringify(['TEXT', `e${r}`, r * 10, i % 100, 0, `sheet ${i} record ${r} v${v}`, null, 0]))].join('\n');
  let projectBytes = 0;
  for (let i = 0; i < DOCS; i += 100) {
    const data = Array.from({ length: 100 }, (_, j) => {
      const n = i + j;
      const dataStr = sheetText(n);
      projectBytes += dataStr.length;
      return { uuid: `bench-sheet-${n}`, schematic_uuid: 'bench-sch', title: `Sheet${n}`, display_title: `Sheet${n}`, sheet_id: n, dataStr, base_ticket: 0 };
    });
    const r = await http.bulk(P, 'sheets', data, `bench-fill-${i}`);
    if (!r.success || !r.result.every((x) => x.success)) throw new Error('fill failed');
  }

  const idb = new IDBFactory();
  const clock = new FakeClock();
  const hub = new LocalHub();
  let tab = 0;
  const engine = async () => {
    const store = await new DexieStore({ name: 'bench', indexedDB: idb, IDBKeyRange }).open();
    return { store, engine: new SyncEngine({ store, transport: http, clock, broadcast: hub.channel(), tabId: `bench-${++tab}` }) };
  };

  // From the cloud (baseline): an empty local cache each time.
  const cloudMs = await medianMs(3, async () => {
    const { store, engine: e } = await engine();
    await store.deleteProject(P);
    await e.openProject(P);
    await e.closeProject(P);
    await store.close();
  });
  // From the local cache (in step with the cloud).
  const localMs = await medianMs(7, async () => {
    const { store, engine: e } = await engine();
    await e.openProject(P);
    await e.closeProject(P);
    await store.close();
  });

  const { store, engine: e } = await engine();
  const s = await e.openProject(P);
  await s.sync(true);
  let noopRequests = 0;
  const noopMs = await medianMs(7, async () => {
    const before = http.requests;
    s.syncer.lastRun = -Infinity;
    const r = await s.sync(true);
    if (r.changed !== 0) throw new Error('no-op sync changed something');
    noopRequests = http.requests - before;
  });

  const item = (await store.getItem(P, 'sheets', 'bench-sheet-500'))!;
  const edited = String(item.data!.dataStr).replace('sheet 500 record 7 v0', 'sheet 500 record 7 v1');
  const req0 = http.requests, bytes0 = http.bytesSent;
  await s.edit('sheets', 'bench-sheet-500', { ...item.data!, dataStr: edited });
  await s.upload();
  const upRequests = http.requests - req0;
  const upBytes = http.bytesSent - bytes0;
  if ((await store.listPending(P)).length) throw new Error('upload did not finish');
  await e.closeProject(P);
  await store.close();

  report('sync', [
    { name: 'open 1000-document project from local cache', value: localMs, unit: 'ms to ready', goal: '< 200' },
    { name: 'open 1000-document project from the cloud (baseline)', value: cloudMs, unit: 'ms to ready' },
    { name: 'local open / cloud open', value: localMs / cloudMs, unit: 'ratio', goal: '< 0.1' },
    { name: 'no-op sync requests', value: noopRequests, unit: 'requests', goal: '1' },
    { name: 'no-op sync', value: noopMs, unit: 'ms', goal: '< 50' },
    { name: 'upload one edited sheet requests', value: upRequests, unit: 'requests', goal: '1' },
    { name: 'upload one edited sheet', value: upBytes, unit: 'bytes sent' },
    { name: 'project size', value: projectBytes, unit: 'bytes' },
    { name: 'upload bytes / project bytes', value: upBytes / projectBytes, unit: 'ratio', goal: '< 0.01 (one sheet of 1000)' },
  ]);
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
