/**
 * .epro import and export throughput on a ~50 MB project built by replicating the fixture projects
 * (every copy gets fresh uuids, references rewritten, so the copies are independent and consistent).
 *
 * Import = readEpro (unzip with limits) + eproToProjectData (parse every document to records,
 * validate, build ProjectData). Baseline: fflate unzipSync + TextDecoder + JSON.parse of every line.
 * Export = projectDataToEpro + writeEpro (DEFLATE 9). Baseline: fflate deflateSync level 9 of every
 * entry. Both single-threaded, same bytes, same run, alternating; MB = 1e6 bytes of document text
 * (UTF-8). Ratios are taken on CPU time (see `interleaved`); wall-time ratios are printed beside.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, deflateSync, strToU8, strFromU8, zipSync, type Zippable } from 'fflate';
import { Worker } from 'node:worker_threads';
import {
  readEpro,
  writeEpro,
  eproToProjectData,
  projectDataToEpro,
  base64Name,
  fromBase64Name,
  listZip,
  eproFromFiles,
  zipErrorToCatalogue,
  type ImportResult,
  type Precheck,
} from '@copperplate/format';
import { runShard, type ShardResult } from './epro.worker.ts';
import { report } from './lib/report.ts';

interface Times {
  wall: number;
  cpu: number;
}
/**
 * Median wall and CPU times (ms) of a and b, run alternately so that load from elsewhere hits both
 * alike. CPU time (process.cpuUsage: user + system of this process) is what the ratios use: on a
 * machine shared with other work, wall time mostly measures the neighbours.
 */
function interleaved(runs: number, a: () => unknown, b: () => unknown): [Times, Times] {
  const ta: Times[] = [];
  const tb: Times[] = [];
  const once = (f: () => unknown): Times => {
    const c = process.cpuUsage();
    const t = performance.now();
    f();
    const wall = performance.now() - t;
    const d = process.cpuUsage(c);
    return { wall, cpu: (d.user + d.system) / 1000 };
  };
  for (let i = 0; i < runs; i++) {
    ta.push(once(a));
    tb.push(once(b));
  }
  const med = (x: Times[], k: keyof Times) => x.map((v) => v[k]).sort((p, q) => p - q)[Math.floor(x.length / 2)];
  return [
    { wall: med(ta, 'wall'), cpu: med(ta, 'cpu') },
    { wall: med(tb, 'wall'), cpu: med(tb, 'cpu') },
  ];
}

const FIXTURES = '/work/shared/fixtures/epro';
const TARGET_BYTES = Number(process.env.EPRO_BENCH_MB ?? 50) * 1e6;
const RUNS = Number(process.env.EPRO_BENCH_RUNS ?? 3);

const hex = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

type Files = Record<string, Uint8Array>;

/** One copy of a project with every 32-hex uuid it uses replaced by a fresh one. */
function freshCopy(files: Files, copy: number): { files: Files; pj: Record<string, any> } {
  const ids = new Map<string, string>();
  const map = (s: string) => s.replace(/[0-9a-f]{32}/g, (m) => {
    let v = ids.get(m);
    if (!v) ids.set(m, (v = hex()));
    return v;
  });
  const out: Files = {};
  let pj: Record<string, any> = {};
  for (const [k, v] of Object.entries(files)) {
    if (k.endsWith('/')) continue;
    if (k === 'project.json') {
      pj = JSON.parse(map(strFromU8(v)));
      continue;
    }
    let name = k;
    if (k.startsWith('POUR/') || k.startsWith('FONT/')) {
      const [folder, file] = k.split('/');
      const path = fromBase64Name(file.slice(0, file.lastIndexOf('.')))!;
      name = `${folder}/${base64Name(map(path))}${file.slice(file.lastIndexOf('.'))}`;
    } else name = map(k);
    out[name] = strToU8(map(strFromU8(v)));
  }
  pj.boards = Object.fromEntries(Object.entries(pj.boards ?? {}).map(([b, v]) => [`${b}#${copy}`, v]));
  return { files: out, pj };
}

function buildProject(): { epro: Uint8Array; textBytes: number; docs: number } {
  const sources = readdirSync(FIXTURES).filter((f) => f.endsWith('.epro')).map((f) => unzipSync(new Uint8Array(readFileSync(join(FIXTURES, f)))));
  const all: Files = {};
  const pj: Record<string, any> = { schematics: {}, pcbs: {}, panels: {}, symbols: {}, footprints: {}, devices: {}, boards: {}, config: { title: 'bench', cbbProject: false, defaultSheet: '' } };
  let bytes = 0;
  for (let copy = 0; bytes < TARGET_BYTES; copy++) {
    const c = freshCopy(sources[copy % sources.length], copy);
    for (const [k, v] of Object.entries(c.files)) (all[k] = v), (bytes += v.length);
    for (const key of ['schematics', 'pcbs', 'panels', 'symbols', 'footprints', 'devices', 'boards']) Object.assign(pj[key], c.pj[key] ?? {});
  }
  const pjBytes = strToU8(JSON.stringify(pj, null, 2));
  all['project.json'] = pjBytes;
  const z: Zippable = {};
  for (const [k, v] of Object.entries(all)) z[k] = [v, { level: 9 }];
  return { epro: zipSync(z), textBytes: bytes + pjBytes.length, docs: Object.keys(all).length };
}

const { epro, textBytes, docs } = buildProject();
const MB = textBytes / 1e6;
console.log(`project: ${docs} files, ${MB.toFixed(1)} MB of document text, ${(epro.length / 1e6).toFixed(1)} MB as .epro (DEFLATE 9)`);

// ---- import ----
const dec = new TextDecoder();
function rawImport(): number {
  let n = 0;
  for (const [k, v] of Object.entries(unzipSync(epro))) {
    if (k.endsWith('/')) continue;
    const t = dec.decode(v);
    if (k.endsWith('.json')) {
      JSON.parse(t);
      continue;
    }
    for (const line of t.split('\n')) if (line.trim() !== '') (JSON.parse(line), n++);
  }
  return n;
}
function ourImport() {
  const r = eproToProjectData(readEpro(epro, { name: 'bench.epro' }));
  if (!r.ok) throw new Error('bench project did not import cleanly: ' + JSON.stringify(r.failures).slice(0, 500));
  return r;
}
// warm-up (JIT) and a check that both did the work
const rawLines = rawImport();
const data = ourImport().data;
const [rawImportMs, importMs] = interleaved(RUNS, rawImport, ourImport);

// ---- import on two threads: this thread and one worker each unzip + precheck half the entries,
// then eproToProjectData runs here with the prechecked results (no second parse). ----
const workerUrl = new URL('./epro.worker.ts', import.meta.url).href;
// The worker loads TypeScript through tsx, as this process does.
const worker = new Worker(`import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(workerUrl)}); });`, { eval: true });
async function parallelImport(): Promise<ImportResult> {
  let list;
  try {
    list = listZip(epro);
  } catch (e) {
    throw zipErrorToCatalogue(e, 'bench.epro');
  }
  const shards: [string[], string[]] = [[], []];
  const load = [0, 0];
  for (const e of list.filter((x) => !x.name.endsWith('/')).sort((a, b) => b.compressedSize - a.compressedSize)) {
    const i = load[0] <= load[1] ? 0 : 1;
    shards[i].push(e.name);
    load[i] += e.compressedSize + 2000;
  }
  const shared = new Uint8Array(new SharedArrayBuffer(epro.length));
  shared.set(epro);
  const theirs = new Promise<ShardResult>((res) => worker.once('message', res));
  worker.postMessage({ bytes: shared, names: shards[1], share: 0.5 });
  let mine;
  try {
    mine = runShard({ bytes: epro, names: shards[0], share: 0.5 });
  } catch (e) {
    throw zipErrorToCatalogue(e, 'bench.epro');
  }
  const other = await theirs;
  if (!other.ok) throw new Error(other.error);
  const files = new Map<string, string | Uint8Array>();
  const prechecked = new Map<string, Precheck>();
  for (const [name, data, check] of [...mine, ...other.files]) {
    files.set(name, data);
    if (check) prechecked.set(name, check);
  }
  const r = eproToProjectData(eproFromFiles(files, 'bench.epro'), { prechecked });
  if (!r.ok) throw new Error('parallel import reported failures');
  return r;
}
const par = await parallelImport();
if (par.data.sheets.length !== data.sheets.length || par.data.devices.length !== data.devices.length) throw new Error('parallel import differs');
const parWall: number[] = [];
const rawWall2: number[] = [];
for (let i = 0; i < RUNS; i++) {
  let t = performance.now();
  rawImport();
  rawWall2.push(performance.now() - t);
  t = performance.now();
  await parallelImport();
  parWall.push(performance.now() - t);
}
await worker.terminate();
const median = (x: number[]) => x.sort((p, q) => p - q)[Math.floor(x.length / 2)];

// ---- export ----
const archive = projectDataToEpro(data);
const enc = new TextEncoder();
const entryBytes = [...archive.entries.values()].map((v) => (typeof v === 'string' ? enc.encode(v) : v));
entryBytes.push(enc.encode(JSON.stringify(archive.projectJson, null, 2)));
const rawExport = () => {
  let n = 0;
  for (const b of entryBytes) n += deflateSync(b, { level: 9 }).length;
  return n;
};
const ourExport = () => writeEpro(projectDataToEpro(data));
rawExport();
const out = ourExport();
const [rawExportMs, exportMs] = interleaved(RUNS, rawExport, ourExport);

console.log(`(raw import parsed ${rawLines} lines; export wrote ${(out.length / 1e6).toFixed(1)} MB)`);
const mbps = (ms: number) => MB / (ms / 1000);
console.log(
  `wall-clock MB/s (load-sensitive): import ${mbps(importMs.wall).toFixed(1)} vs raw ${mbps(rawImportMs.wall).toFixed(1)}; ` +
    `export ${mbps(exportMs.wall).toFixed(1)} vs raw ${mbps(rawExportMs.wall).toFixed(1)}`,
);
report('epro', [
  { name: 'epro import (readEpro + eproToProjectData), per CPU second', value: mbps(importMs.cpu), unit: 'MB/s' },
  { name: 'raw fflate unzipSync + JSON.parse per line, per CPU second', value: mbps(rawImportMs.cpu), unit: 'MB/s' },
  { name: 'import / raw (CPU time)', value: rawImportMs.cpu / importMs.cpu, unit: 'ratio', goal: '>= 0.70' },
  { name: 'import / raw (wall time)', value: rawImportMs.wall / importMs.wall, unit: 'ratio' },
  { name: 'epro import on 2 threads (main + 1 worker), wall', value: mbps(median(parWall)), unit: 'MB/s' },
  { name: 'raw fflate unzipSync + JSON.parse per line (1 thread), wall', value: mbps(median(rawWall2)), unit: 'MB/s' },
  { name: 'import on 2 threads / raw (wall time)', value: median(rawWall2) / median(parWall), unit: 'ratio', goal: '>= 0.70' },
  { name: 'epro export (projectDataToEpro + writeEpro, DEFLATE 9), per CPU second', value: mbps(exportMs.cpu), unit: 'MB/s' },
  { name: 'raw fflate deflateSync level 9 per entry, per CPU second', value: mbps(rawExportMs.cpu), unit: 'MB/s' },
  { name: 'export / raw (CPU time)', value: rawExportMs.cpu / exportMs.cpu, unit: 'ratio', goal: '>= 0.70' },
  { name: 'export / raw (wall time)', value: rawExportMs.wall / exportMs.wall, unit: 'ratio' },
  { name: 'project size', value: MB, unit: 'MB of document text' },
]);
