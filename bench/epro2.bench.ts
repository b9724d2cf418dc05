/**
 * EasyEDA Pro V3 (.epro2) import throughput on the largest .epro2 fixture.
 *
 * Import = readEpro (unzip with limits, sniff V3, read the .epru stream, convert every document to
 * V2 records and text) + eproToProjectData (parse and validate every converted document, build
 * ProjectData), as the CLI, the server and the web app run it. Baseline on the same bytes: fflate
 * unzipSync + TextDecoder + per .epru line the head and body JSON.parse (the least any reader must
 * do). Single thread, alternating runs, medians; ratios on CPU time (the machine is shared), wall
 * time beside. MB = 1e6 bytes of uncompressed archive content (the .epru text dominates).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { eproToProjectData, readEpro } from '@copperplate/format';
import { report } from './lib/report.ts';

const FIX = join(import.meta.dirname, '..', '..', 'shared', 'fixtures', 'epro');
const name = readdirSync(FIX)
  .filter((f) => f.endsWith('.epro2'))
  .sort((a, b) => statSync(join(FIX, b)).size - statSync(join(FIX, a)).size)[0];
const bytes = new Uint8Array(readFileSync(join(FIX, name)));
const files = unzipSync(bytes);
const MB = Object.values(files).reduce((n, f) => n + f.length, 0) / 1e6;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

interface Times {
  wall: number;
  cpu: number;
}
function once(f: () => unknown): Times {
  const c = process.cpuUsage();
  const t = performance.now();
  f();
  const wall = performance.now() - t;
  const d = process.cpuUsage(c);
  return { wall, cpu: (d.user + d.system) / 1000 };
}
const med = (x: Times[], k: keyof Times) => x.map((v) => v[k]).sort((p, q) => p - q)[Math.floor(x.length / 2)];

const dec = new TextDecoder();
let rawLines = 0;
function rawImport(): void {
  const z = unzipSync(bytes);
  rawLines = 0;
  for (const [k, v] of Object.entries(z)) {
    if (!k.endsWith('.epru')) continue;
    const text = dec.decode(v);
    for (const line of text.split('\n')) {
      const sep = line.indexOf('}||');
      if (sep < 0) continue;
      JSON.parse(line.slice(0, sep + 1));
      const body = line.slice(sep + 3).replace(/\|$/, '');
      if (body) JSON.parse(body);
      rawLines++;
    }
  }
}
let last: ReturnType<typeof eproToProjectData> | undefined;
const ourImport = () => {
  last = eproToProjectData(readEpro(bytes, { name }));
};

rawImport();
ourImport();
const ours: Times[] = [];
const raw: Times[] = [];
for (let i = 0; i < RUNS; i++) {
  raw.push(once(rawImport));
  ours.push(once(ourImport));
}
const c = last!.conversion!;
console.log(`${name}: ${(bytes.length / 1e6).toFixed(2)} MB as .epro2, ${MB.toFixed(2)} MB uncompressed, ${rawLines} record lines; ` +
  `import ok=${last!.ok}, ${c.carried}/${c.total} records carried`);
const mbps = (ms: number) => MB / (ms / 1000);
report('epro2', [
  { name: 'epro2 import (readEpro + V3 conversion + eproToProjectData), per CPU second', value: mbps(med(ours, 'cpu')), unit: 'MB/s' },
  { name: 'raw fflate unzipSync + JSON.parse of each .epru head and body, per CPU second', value: mbps(med(raw, 'cpu')), unit: 'MB/s' },
  { name: 'epro2 import / raw (CPU time)', value: med(raw, 'cpu') / med(ours, 'cpu'), unit: 'ratio', goal: '>= 0.25' },
  { name: 'epro2 import, wall', value: mbps(med(ours, 'wall')), unit: 'MB/s' },
  { name: 'epro2 import / raw (wall time)', value: med(raw, 'wall') / med(ours, 'wall'), unit: 'ratio' },
  { name: 'archive size', value: MB, unit: 'MB uncompressed' },
]);
